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
package struct JSONReader: Sendable {
    /// The document's bytes.
    package let bytes: [UInt8]
    /// Limits and the duplicate key policy.
    package let options: JSONReaderOptions
    /// The offset just past the last complete value read: the whole document
    /// after a successful read, the last delivered element after a failed one.
    package private(set) var offset = 0

    /// Whether a byte is JSON white space: space, tab, line feed or carriage return.
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Creates a reader over a document's bytes.
    package init(bytes: [UInt8], options: JSONReaderOptions = .init()) {
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
    package static func parse(
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
    package static func parse(
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
    package mutating func readDocument(
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
    package static func readDocument(
        in buffer: UnsafeBufferPointer<UInt8>, options: JSONReaderOptions, offset: inout Int,
        forEachElement body: (_ index: Int, _ element: JSONValue, _ end: Int) throws -> Void
    ) throws -> JSONValue? {
        var single: JSONValue?
        _ = try walkDocument(in: buffer, options: options, offset: &offset) { scanner, index, expected in
            try scanner.readValue(depth: index == nil ? 0 : 1, expected: expected)
        } deliver: { value, index, end in
            if let index { try body(index, value, end) } else { single = value }
        }
        return single
    }

    /// The first syntax error in a document, or in the rest of its top-level
    /// array from just past an element, found without building or mapping
    /// anything; `nil` when there is none.
    ///
    /// - Parameters:
    ///   - buffer: The document, or the rest of its array.
    ///   - options: Limits; duplicate keys are not looked for.
    ///   - index: The index of the next element when `buffer` is the rest of
    ///     an array, starting just past an element; `nil` for a whole document.
    package static func firstError(
        in buffer: UnsafeBufferPointer<UInt8>, options: JSONReaderOptions, continuingAt index: Int?
    ) -> JSONSyntaxError? {
        var offset = 0
        do {
            _ = try walkDocument(in: buffer, options: options, offset: &offset, resume: index.map { (0, $0) }) {
                scanner, index, _ in
                try scanner.skipValue(depth: index == nil ? 0 : 1)
            } deliver: { _, _, _ in }
        } catch {
            return error as? JSONSyntaxError
        }
        return nil
    }

    /// Walks a document: its byte order mark, the brackets and commas of a
    /// top-level array and what follows the value, handing each element, or
    /// the one value that is not an array, to `read` and then what it read
    /// to `deliver`.
    ///
    /// - Parameters:
    ///   - buffer: The document, in UTF-8.
    ///   - options: Limits and the duplicate key policy.
    ///   - offset: Set to how far the reading got: past the last element
    ///     read, before it is delivered.
    ///   - read: Reads one value from the scanner's position, whitespace
    ///     before it allowed, leaving the scanner just past it; called with the
    ///     element's index, `nil` for a document that is not an array, and
    ///     what to report when no value is there.
    ///   - deliver: Called with what `read` gave, the index, and the offset
    ///     past the value; for a document that is not an array, only once
    ///     nothing but whitespace is found to follow it, with the offset past
    ///     that whitespace.
    ///   - partial: Whether `buffer` is only the start of the document, cut
    ///     after an element of its top-level array: the walk then stops
    ///     where the buffer ends after an element, as the rest is yet to come.
    ///   - resume: Where to go on in a top-level array whose elements before
    ///     have been read another way: the offset just past an element, and
    ///     the index of the next.
    /// - Returns: Whether the document was an array or one value.
    static func walkDocument<Read>(
        in buffer: UnsafeBufferPointer<UInt8>, options: JSONReaderOptions, offset: inout Int,
        resume: (after: Int, index: Int)? = nil, partial: Bool = false,
        read: (inout JSONScanner, _ index: Int?, _ expected: JSONSyntaxError.Expected) throws -> Read,
        deliver: (Read, _ index: Int?, _ end: Int) throws -> Void
    ) throws -> DocumentShape {
        var scanner = JSONScanner(bytes: buffer, options: options)
        if let resume {
            scanner.position = resume.after
            return try walkElements(&scanner, from: resume.index, partial: partial, offset: &offset, read: read, deliver: deliver)
        }
        try scanner.readDocumentStart()
        guard scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: "[") else {
            let value = try read(&scanner, nil, .value)
            offset = scanner.position
            try scanner.readDocumentEnd()
            try deliver(value, nil, scanner.position)
            return .single
        }
        try scanner.checkDepth(1)
        scanner.position += 1
        scanner.skipWhitespace()
        if scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: "]") {
            scanner.position += 1
            offset = scanner.position
            try scanner.readDocumentEnd()
            return .array
        }
        let first = try read(&scanner, 0, .valueOrArrayEnd)
        offset = scanner.position
        try deliver(first, 0, offset)
        return try walkElements(&scanner, from: 1, partial: partial, offset: &offset, read: read, deliver: deliver)
    }

    /// The rest of `walkDocument` from just past an element of a top-level
    /// array: the elements from `index` on, the closing bracket, and what
    /// follows; or, for a `partial` buffer, the elements up to its end.
    private static func walkElements<Read>(
        _ scanner: inout JSONScanner, from index: Int, partial: Bool, offset: inout Int,
        read: (inout JSONScanner, _ index: Int?, _ expected: JSONSyntaxError.Expected) throws -> Read,
        deliver: (Read, _ index: Int?, _ end: Int) throws -> Void
    ) throws -> DocumentShape {
        var index = index
        while true {
            scanner.skipWhitespace()
            let buffer = scanner.bytes
            if partial, scanner.position == buffer.count { return .array }
            guard scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: ",") else {
                guard scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: "]") else {
                    throw try scanner.unexpected(.arraySeparator)
                }
                scanner.position += 1
                offset = scanner.position
                try scanner.readDocumentEnd()
                return .array
            }
            scanner.position += 1
            let value = try read(&scanner, index, .value)
            offset = scanner.position
            try deliver(value, index, offset)
            index += 1
        }
    }
}
