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
    /// It reads 64 bytes at a time as bits (see `block(in:at:findsLineBreaks:)`),
    /// the input's last bytes copied out with zeros after them: its cost is
    /// a few instructions for each block, each bracket and each backslash,
    /// whatever the nesting.
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
        while index < end {
            let block: Block
            if index + Self.blockWidth <= end {
                block = Self.block(in: UnsafeRawBufferPointer(bytes), at: index, findsLineBreaks: stopsAtLineBreaks)
            } else {
                // The last bytes, followed by zeros, which are none of the bytes a block marks.
                block = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.blockWidth) { padded in
                    let tail = bytes[index..<end]
                    _ = padded.initialize(fromContentsOf: tail)
                    padded[tail.count...].initialize(repeating: 0)
                    return Self.block(in: UnsafeRawBufferPointer(padded), at: 0, findsLineBreaks: stopsAtLineBreaks)
                }
            }
            switch skim(block, at: index, &state) {
            case .closed(let close):
                position = close
                return true
            case .stopped:
                return false
            case .goesOn:
                index += Self.blockWidth
            }
        }
        return false
    }

    /// Where a skim stands between blocks.
    private struct SkimState {
        /// How many brackets are open.
        var depth = 0
        /// Whether the block before ended inside a string.
        var isInString = false
        /// Whether it ended on a backslash that escapes the next block's first byte.
        var isEscaped = false
    }

    /// What a block of a skim found.
    private enum SkimOutcome {
        /// The container ends just before this offset.
        case closed(Int)
        /// It goes on past the block.
        case goesOn
        /// A line break, when the scanner stops at them.
        case stopped
    }

    /// A block of a skim, starting at `index`: its escaped bytes are those
    /// after each backslash not itself escaped, its strings are found from
    /// the other quotes, each bit of `inString` the parity of those quotes
    /// up to that byte, and its brackets outside them are counted in order,
    /// up to its first line break, if any.
    @inline(__always)
    private func skim(_ block: Block, at index: Int, _ state: inout SkimState) -> SkimOutcome {
        var quotes = block.quotes
        if block.backslashes != 0 || state.isEscaped {
            var escaped: UInt64 = state.isEscaped ? 1 : 0
            var backslashes = block.backslashes & ~escaped
            state.isEscaped = false
            while backslashes != 0 {
                let at = UInt64(backslashes.trailingZeroBitCount)
                guard at < 63 else {
                    state.isEscaped = true
                    break
                }
                escaped |= 2 << at
                // The byte it escapes is no backslash that escapes.
                backslashes &= ~(3 << at)
            }
            quotes &= ~escaped
        }
        var inString = quotes
        inString ^= inString << 1
        inString ^= inString << 2
        inString ^= inString << 4
        inString ^= inString << 8
        inString ^= inString << 16
        inString ^= inString << 32
        if state.isInString { inString = ~inString }
        var brackets = block.brackets & ~inString
        let lineBreak = block.lineBreaks.trailingZeroBitCount
        if lineBreak < Self.blockWidth { brackets &= (1 << UInt64(lineBreak)) &- 1 }
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
        guard lineBreak == Self.blockWidth else { return .stopped }
        state.isInString = inString >> 63 != 0
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
