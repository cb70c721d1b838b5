// MARK: - Locating

extension JSONScanner {
    /// Finds where the value at a path starts, from the value at `position`:
    /// the offset of its first byte, or `nil` when the path leads nowhere.
    ///
    /// A key that repeats leads to its last value, as reading with
    /// `lastWins` keeps it. The bytes are expected to be valid JSON, already
    /// read; a syntax error ends the search with `nil`.
    ///
    /// - Parameter path: The steps from the value at `position`.
    mutating func locate(_ path: some Collection<JSONPath.Component>) -> Int? {
        var depth = 0
        for step in path {
            skipWhitespace()
            guard position < bytes.count else { return nil }
            switch (step, bytes[position]) {
            case (.key(let key), UInt8(ascii: "{")):
                guard let start = try? memberStart(of: key, depth: depth) else { return nil }
                position = start
            case (.index(let index), UInt8(ascii: "[")):
                guard let start = try? elementStart(at: index, depth: depth) else { return nil }
                position = start
            default:
                return nil
            }
            depth += 1
        }
        skipWhitespace()
        return position
    }

    /// Where the last member with `key` starts its value, in the object at
    /// `position`; `nil` when it has none.
    private mutating func memberStart(of key: String, depth: Int) throws(JSONSyntaxError) -> Int? {
        position += 1
        skipWhitespace()
        guard position < bytes.count, bytes[position] != UInt8(ascii: "}") else { return nil }
        var found: Int?
        while true {
            skipWhitespace()
            let name = try readString()
            skipWhitespace()
            position += 1
            skipWhitespace()
            if ExactKey.equal(name, key) { found = position }
            try skipValue(depth: depth + 1)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return found }
            position += 1
        }
    }

    /// Where the element at `index` starts, in the array at `position`;
    /// `nil` when the array is shorter.
    private mutating func elementStart(at index: Int, depth: Int) throws(JSONSyntaxError) -> Int? {
        position += 1
        skipWhitespace()
        guard index >= 0, position < bytes.count, bytes[position] != UInt8(ascii: "]") else { return nil }
        for _ in 0..<index {
            try skipValue(depth: depth + 1)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return nil }
            position += 1
        }
        skipWhitespace()
        return position
    }
}

extension JSONReader {
    /// Where the value at a path starts in a JSON text: the offset of its
    /// first byte from the text's start, or `nil` when the path leads nowhere.
    ///
    /// - Parameters:
    ///   - path: The steps from the text's value.
    ///   - bytes: One JSON value, already found valid.
    package static func offset(of path: some Collection<JSONPath.Component>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var scanner = JSONScanner(bytes: bytes, options: JSONReaderOptions())
        return scanner.locate(path)
    }
}
