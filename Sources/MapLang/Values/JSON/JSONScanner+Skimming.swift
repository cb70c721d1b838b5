// MARK: - Skimming

extension JSONScanner {
    /// Moves past the array or object at `position` by its brackets and
    /// its strings' quotes alone, checking nothing else: not the tokens
    /// between them, not the strings' characters, not that brackets match
    /// in kind, nor how deep they nest.
    ///
    /// Only for a value that is read and checked in full later, by the
    /// reading that decides whether anything is written (see
    /// `DirectModelEntry.skimmedSlots`). On well-formed JSON it stops
    /// exactly where `skipValue` would: a value's brackets balance only at
    /// its end, and its strings are found by their quotes and escapes.
    /// It reads 64 bytes at a time as bits (see `block(at:other:)`), and
    /// byte by byte only a block with an escape or a line break in it, or
    /// the last few bytes of the input: its cost is a few instructions for
    /// each block and each bracket, whatever the nesting.
    ///
    /// When the scanner stops at line breaks, so does the skim: a line
    /// break is never inside a string, and outside one it ends the line
    /// before the value does, so the line is not one the direct path takes.
    ///
    /// - Returns: `false` when the input (or the line) ends before the brackets balance.
    mutating func skimContainer() -> Bool {
        let end = bytes.count
        var state = SkimState()
        var index = position
        // A byte that stops the skim wherever it is: a line break, or else the backslash again.
        let lineBreak = stopsAtLineBreaks ? UInt8(ascii: "\n") : UInt8(ascii: "\\")
        while true {
            let outcome: SkimOutcome
            if index + Self.blockWidth > end {
                outcome = skimBytes(index..<end, &state)
                if case .goesOn = outcome { return false }
            } else {
                let block = block(at: index, other: lineBreak)
                // An escape or a line break is rare: such a block goes byte by byte.
                outcome =
                    block.specials != 0 || state.isEscaped
                    ? skimBytes(index..<index + Self.blockWidth, &state) : skim(block, at: index, &state)
            }
            switch outcome {
            case .closed(let close):
                position = close
                return true
            case .stopped:
                return false
            case .goesOn:
                index += Self.blockWidth
            }
        }
    }

    /// Where a skim stands at the end of a stretch of input.
    private struct SkimState {
        /// How many brackets are open.
        var depth = 0
        /// Whether the stretch ended inside a string.
        var isInString = false
        /// Whether it ended on a backslash that escapes the next byte.
        var isEscaped = false
    }

    /// What a stretch of a skim found.
    private enum SkimOutcome {
        /// The container ends just before this offset.
        case closed(Int)
        /// It goes on past the stretch.
        case goesOn
        /// A line break, when the scanner stops at them.
        case stopped
    }

    /// A block of a skim with no backslash nor line break in it, and none
    /// just before it: its strings are found from its quotes alone, each
    /// bit of `inString` the parity of the quotes up to that byte, and its
    /// brackets outside them are counted in order.
    @inline(__always)
    private func skim(_ block: Block, at index: Int, _ state: inout SkimState) -> SkimOutcome {
        var inString = block.quotes
        inString ^= inString << 1
        inString ^= inString << 2
        inString ^= inString << 4
        inString ^= inString << 8
        inString ^= inString << 16
        inString ^= inString << 32
        if state.isInString { inString = ~inString }
        var brackets = block.brackets & ~inString
        while brackets != 0 {
            let at = index + brackets.trailingZeroBitCount
            if bytes[at] | 0x20 == UInt8(ascii: "{") {
                state.depth += 1
            } else {
                state.depth -= 1
                if state.depth == 0 { return .closed(at + 1) }
            }
            brackets &= brackets - 1
        }
        state.isInString = inString >> 63 != 0
        return .goesOn
    }

    /// A stretch of a skim, byte by byte.
    private func skimBytes(_ stretch: Range<Int>, _ state: inout SkimState) -> SkimOutcome {
        for index in stretch {
            let byte = bytes[index]
            // Nor may an escape jump a line break.
            if byte == UInt8(ascii: "\n") && stopsAtLineBreaks { return .stopped }
            if state.isEscaped {
                state.isEscaped = false
            } else if state.isInString {
                if byte == UInt8(ascii: "\\") {
                    state.isEscaped = true
                } else if byte == UInt8(ascii: "\"") {
                    state.isInString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""):
                    state.isInString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    state.depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    state.depth -= 1
                    if state.depth == 0 { return .closed(index + 1) }
                default:
                    break
                }
            }
        }
        return .goesOn
    }

    /// Moves past the value at `position` as `skimContainer` does, whatever
    /// it is: a string by its quotes, an array or an object by its
    /// brackets, and any other value up to the `,`, `}`, `]` or white
    /// space after it, checking nothing else.
    ///
    /// Only for a value that is read and checked in full later: a member
    /// a field writes whole (see `DirectModelEntry.skimmedSlots`), or any
    /// value inside one (see `DirectRun.follow`). On well-formed JSON it
    /// stops exactly where `skipValue` would.
    ///
    /// - Returns: `false` when the input ends before the value is seen to
    ///   end (a scalar with nothing after it included), or the line does
    ///   inside a string or a container; a scalar before a line break
    ///   stops at it, which the caller finds where a `,` or `}` should be.
    mutating func skimValue() -> Bool {
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return skimContainer()
        case UInt8(ascii: "\""):
            guard let close = skimString(from: position + 1) else { return false }
            position = close + 1
            return true
        default:
            var index = position
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                    position = index
                    return true
                default:
                    index += 1
                }
            }
            return false
        }
    }

    /// The offset of the closing quote of the string whose text starts at
    /// `start`, found by its quotes and escapes alone, sixteen bytes at a
    /// time; `nil` when the input ends first, or the line does when the
    /// scanner stops at line breaks.
    @inline(__always)
    private func skimString(from start: Int) -> Int? {
        let end = bytes.count
        // A third byte that stops a string's run: a line break, or else the quote again.
        let lineBreak = stopsAtLineBreaks ? UInt8(ascii: "\n") : UInt8(ascii: "\"")
        var index = start
        while true {
            if index + Self.laneWidth <= end {
                let offset = firstQuoteOrBackslash(at: index, or: lineBreak)
                index += offset
                guard offset < Self.laneWidth else { continue }
            }
            guard index < end else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return index }
            // Past the quote, the line break is the real one.
            if byte == lineBreak { return nil }
            if byte == UInt8(ascii: "\\") {
                // Nor may an escape jump a line break.
                if stopsAtLineBreaks, index + 1 < end, bytes[index + 1] == UInt8(ascii: "\n") { return nil }
                index += 2
            } else {
                index += 1
            }
        }
    }

}
