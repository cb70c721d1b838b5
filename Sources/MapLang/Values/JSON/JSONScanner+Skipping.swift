// MARK: - Skipping

extension JSONScanner {
    /// Checks one value, with whitespace before it, as `readValue` would,
    /// and moves past it without building anything.
    ///
    /// It accepts exactly what `readValue` accepts under the same options,
    /// except that duplicate keys are not looked for: callers that skip must
    /// not be reading under `DuplicateKeyPolicy.reject`. Its errors are
    /// `readValue`'s kind of error but not always its exact words: a caller
    /// that reports them reads the value again with `readValue`.
    ///
    /// - Parameter depth: How many containers already enclose the value.
    @inline(__always)
    mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        // Most members are a string or a number: those are skipped here, at
        // no cost for the loop that tracks open containers.
        skipWhitespace()
        switch position < bytes.count ? bytes[position] : 0 {
        case UInt8(ascii: "\""):
            _ = try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try scanNumber()
        default:
            try skipNestedValue(depth: depth)
        }
    }

    /// `skipValue` for any value, containers included.
    private mutating func skipNestedValue(depth: Int) throws(JSONSyntaxError) {
        var open = OpenContainers()
        // Whether the value may instead be the `]` of an empty array, for errors.
        var mayEndArray = false
        nextValue: while true {
            skipWhitespace()
            guard position < bytes.count else {
                throw error(.unexpectedEnd(expected: mayEndArray ? .valueOrArrayEnd : .value), at: position)
            }
            switch bytes[position] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = bytes[position] == UInt8(ascii: "{")
                try checkDepth(depth + open.count + 1)
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                } else {
                    open.push(isObject: isObject)
                    if isObject { try skipKey(isFirst: true) }
                    mayEndArray = !isObject
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                _ = try skipString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                _ = try scanNumber()
            case UInt8(ascii: "t"):
                try readLiteral("true")
            case UInt8(ascii: "f"):
                try readLiteral("false")
            case UInt8(ascii: "n"):
                try readLiteral("null")
            default:
                throw try unexpected(mayEndArray ? .valueOrArrayEnd : .value)
            }
            // A finished value: close every container it finishes.
            while let isObject = open.innermost {
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    if isObject { try skipKey(isFirst: false) }
                    mayEndArray = false
                    continue nextValue
                }
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard position < bytes.count, bytes[position] == close else {
                    throw try unexpected(isObject ? .objectSeparator : .arraySeparator)
                }
                position += 1
                open.pop()
            }
            return
        }
    }

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
    /// Its cost is one look at each byte, whatever the nesting.
    ///
    /// When the scanner stops at line breaks, so does the skim: a line
    /// break is never inside a string, and outside one it ends the line
    /// before the value does, so the line is not one the direct path takes.
    ///
    /// - Returns: `false` when the input (or the line) ends before the brackets balance.
    mutating func skimContainer() -> Bool {
        let end = bytes.count
        var index = position
        var open = 0
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard let close = skimString(from: index + 1) else { return false }
                index = close
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                open -= 1
                if open == 0 {
                    position = index + 1
                    return true
                }
            case UInt8(ascii: "\n") where stopsAtLineBreaks:
                return false
            default:
                break
            }
            index += 1
        }
        return false
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

    /// `member = ws string ws ":"`, skipped up to the member's value.
    ///
    /// - Parameter isFirst: Whether this is an object's first member, which
    ///   decides what an error says was expected.
    /// - Returns: The offsets of the key's text between its quotes, and
    ///   whether it has escapes.
    @discardableResult @inline(__always)
    mutating func skipKey(isFirst: Bool) throws(JSONSyntaxError) -> (text: Range<Int>, hasEscapes: Bool) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw try unexpected(isFirst ? .keyOrObjectEnd : .key)
        }
        let start = position + 1
        let hasEscapes = try skipString().hasEscapes
        let text = start..<position - 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw try unexpected(.colon) }
        position += 1
        return (text, hasEscapes)
    }
}

/// Which of the arrays and objects open while skipping are objects,
/// innermost last: a word of bits for the usual nesting, an array beyond it.
struct OpenContainers {
    /// One bit for each of the first 64 open containers, set for an object.
    private var bits: UInt64 = 0
    /// The containers past the first 64, `true` for an object; `nil`
    /// until there are any, so that the usual nesting allocates nothing.
    private var deeper: [Bool]? = nil
    /// How many containers are open.
    private(set) var count = 0

    /// Opens a container.
    mutating func push(isObject: Bool) {
        if count < 64 {
            if isObject { bits |= 1 << UInt64(count) } else { bits &= ~(1 << UInt64(count)) }
        } else {
            if deeper == nil { deeper = [] }
            deeper?.append(isObject)
        }
        count += 1
    }

    /// Closes the innermost container.
    mutating func pop() {
        count -= 1
        if count >= 64 { deeper?.removeLast() }
    }

    /// Whether the innermost open container is an object; `nil` when none is open.
    var innermost: Bool? {
        guard count > 0 else { return nil }
        return count <= 64 ? bits & (1 << UInt64(count - 1)) != 0 : deeper?[count - 65] ?? false
    }
}

extension JSONScanner {
    /// Forgets any value left half read and goes back to `position`, to read
    /// again from there.
    mutating func restart(at position: Int) {
        elements.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        self.position = position
    }
}
