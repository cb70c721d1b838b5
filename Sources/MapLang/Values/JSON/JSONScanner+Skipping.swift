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
