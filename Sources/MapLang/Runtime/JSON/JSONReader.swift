/// Reads JSON documents (RFC 8259) from UTF-8 bytes.
///
/// The reader is strict: it accepts exactly the RFC's grammar, checks that
/// the input is well-formed UTF-8 inside and outside strings, and rejects
/// lone surrogate escapes rather than replace them. It allows one UTF-8 byte
/// order mark at the very start and rejects UTF-16 and UTF-32 input. Numbers
/// keep their literal text, however large; object keys keep input order.
///
/// ```swift
/// let value = try JSONReader.parse(Array(#"{"a": [1, 2]}"#.utf8))
/// ```
public struct JSONReader: Sendable {
    /// The document's bytes.
    public let bytes: [UInt8]
    /// Limits and the duplicate key policy.
    public let options: JSONReaderOptions
    /// The offset just past the last complete value read: the whole document
    /// after a successful read, the last delivered element after a failed one.
    public private(set) var offset = 0

    /// Whether a byte is JSON white space: space, tab, line feed or carriage return.
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Creates a reader over a document's bytes.
    public init(bytes: [UInt8], options: JSONReaderOptions = .init()) {
        self.bytes = bytes
        self.options = options
    }

    // MARK: - Whole documents

    /// Parses one whole document; whitespace may surround its value, nothing else.
    ///
    /// - Parameters:
    ///   - bytes: The document, in UTF-8.
    ///   - options: Limits and the duplicate key policy.
    /// - Returns: The document's value.
    /// - Throws: `JSONSyntaxError` for input that is not one JSON document.
    public static func parse(
        _ bytes: [UInt8], options: JSONReaderOptions = .init()
    ) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var scanner = JSONScanner(bytes: buffer, options: options)
            return try scanner.readDocument()
        }
    }

    /// Parses one whole document held in part of a larger buffer, such as one line of NDJSON.
    ///
    /// The error's `offset`, `line` and `column` count from the slice's first
    /// byte; `bytes.startIndex + error.offset` is the index in the whole buffer.
    ///
    /// - Parameters:
    ///   - bytes: The document, in UTF-8.
    ///   - options: Limits and the duplicate key policy.
    /// - Returns: The document's value.
    /// - Throws: `JSONSyntaxError` for input that is not one JSON document.
    public static func parse(
        _ bytes: ArraySlice<UInt8>, options: JSONReaderOptions = .init()
    ) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var scanner = JSONScanner(bytes: buffer, options: options)
            return try scanner.readDocument()
        }
    }

    // MARK: - Element by element

    /// Reads the document, handing over a top-level array one element at a time.
    ///
    /// When the document's value is an array, each element is passed to
    /// `body` as soon as it is complete and then let go, so the whole array is
    /// never held at once; the method then returns `nil`. Any other value is
    /// returned whole. Elements delivered before a syntax error stay delivered.
    ///
    /// - Parameter body: Called with each element's 0-based index and value, in order.
    /// - Returns: The document's value, or `nil` when it was an array.
    /// - Throws: `JSONSyntaxError` for input that is not one JSON document,
    ///   or whatever `body` throws, unchanged.
    public mutating func readDocument(
        forEachElement body: (_ index: Int, _ element: JSONValue) throws -> Void
    ) throws -> JSONValue? {
        let options = options
        var offset = 0
        defer { self.offset = offset }
        return try bytes.withUnsafeBufferPointer { buffer in
            try Self.readDocument(in: buffer, options: options, offset: &offset) { index, element, _ in
                try body(index, element)
            }
        }
    }

    /// Reads a document held in memory the caller owns, such as a mapped
    /// file, as `readDocument(forEachElement:)` does, also telling `body` the
    /// offset just past each element, so the caller can let go of the bytes
    /// before it.
    ///
    /// - Parameters:
    ///   - buffer: The document, in UTF-8.
    ///   - options: Limits and the duplicate key policy.
    ///   - offset: Set to how far the reading got.
    ///   - body: Called with each element's index, value and end offset.
    public static func readDocument(
        in buffer: UnsafeBufferPointer<UInt8>, options: JSONReaderOptions, offset: inout Int,
        forEachElement body: (_ index: Int, _ element: JSONValue, _ end: Int) throws -> Void
    ) throws -> JSONValue? {
        var scanner = JSONScanner(bytes: buffer, options: options)
        try scanner.readDocumentStart()
        guard scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: "[") else {
            let value = try scanner.readValue(depth: 0, expected: .value)
            offset = scanner.position
            try scanner.readDocumentEnd()
            return value
        }
        try scanner.checkDepth(1)
        scanner.position += 1
        var expected = JSONSyntaxError.Expected.valueOrArrayEnd
        var index = 0
        scanner.skipWhitespace()
        if scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: "]") {
            scanner.position += 1
            offset = scanner.position
            try scanner.readDocumentEnd()
            return nil
        }
        while true {
            let element = try scanner.readValue(depth: 1, expected: expected)
            offset = scanner.position
            try body(index, element, scanner.position)
            index += 1
            scanner.skipWhitespace()
            if scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: ",") {
                scanner.position += 1
                expected = .value
                continue
            }
            guard scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: "]") else {
                throw try scanner.unexpected(.arraySeparator)
            }
            scanner.position += 1
            offset = scanner.position
            try scanner.readDocumentEnd()
            return nil
        }
    }
}
