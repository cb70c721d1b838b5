/// A JSON document read a chunk at a time from a stream, held only from the
/// first element not yet mapped, so a top-level array of any length is
/// mapped in bounded memory, as a mapped file is.
///
/// Each chunk is outlined as it arrives: strings, brackets and the commas of
/// the top-level array, without parsing. `cut` is then the last such comma:
/// the bytes before it hold whole elements, which the caller maps with
/// `JSONReader.walkDocument(partial: true)` and lets go with `drop(before:)`.
/// `settled` tells how far a syntax error found in what is held is not
/// merely for want of the bytes still to come.
package struct StreamedDocument: Sendable {
    /// The input from the first byte not yet let go.
    package private(set) var buffer: [UInt8] = []
    /// Where `buffer`'s first byte lies in the input.
    package private(set) var start = InputPosition()
    /// The last bytes let go, up to `contextSize` of them, to show around an
    /// error near `buffer`'s start.
    package private(set) var context: [UInt8] = []
    /// How many bytes `context` keeps: as many as an error's excerpt shows before it.
    package static let contextSize = 512
    /// The index of the element after the last one let go; `nil` while the
    /// document's start is still held.
    package private(set) var nextIndex: Int?
    /// The outline of everything received.
    private var outline = Outline()

    /// Creates an empty document.
    package init() {}

    /// Adds the next bytes of the input and outlines them.
    package mutating func append(_ chunk: [UInt8]) {
        let from = buffer.count
        buffer += chunk
        outline.scan(buffer, from: from, inputOffset: start.offset)
    }

    /// Whether the document's first value is an array, once known.
    package var isArray: Bool { outline.isArray == true }

    /// The offset in `buffer` of the last comma between top-level array
    /// elements: everything before it is whole elements, or the document's
    /// start and whole elements.
    package var cut: Int? { outline.lastComma }

    /// How much of `buffer` a syntax error may lie in and still be one when
    /// more input comes: all of it but a string or word not yet ended.
    package var settled: Int { outline.tokenStart ?? buffer.count }

    /// Lets go of the bytes before `offset`, a `cut`, whose elements have
    /// been mapped, the last of them numbered `index - 1`.
    package mutating func drop(before offset: Int, nextIndex index: Int) {
        start.advance(over: buffer[..<offset], atInputStart: start.offset == 0)
        context = Array((context + buffer[..<offset]).suffix(Self.contextSize))
        buffer.removeFirst(offset)
        outline.shift(by: offset)
        nextIndex = index
    }

}

/// Where a byte lies in the input: its offset, line and the characters
/// before it on its line.
package struct InputPosition: Sendable, Equatable {
    /// The byte offset.
    package var offset = 0
    /// The 1-based line.
    package var line = 1
    /// How many characters come before it on its line.
    package var column = 0

    /// The input's start.
    package init() {}

    /// An error found in bytes that start here, placed in the whole input.
    package func place(_ error: JSONSyntaxError) -> JSONSyntaxError {
        JSONSyntaxError(
            reason: error.reason, offset: offset + error.offset, line: line + error.line - 1,
            column: error.line == 1 ? column + error.column : error.column)
    }

    /// Moves past `bytes`; a byte order mark at the input's start takes no column.
    mutating func advance(over bytes: ArraySlice<UInt8>, atInputStart: Bool) {
        offset += bytes.count
        var rest = bytes
        if let newline = bytes.lastIndex(of: UInt8(ascii: "\n")) {
            line += bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            column = 0
            rest = bytes[(newline + 1)...]
        } else if atInputStart, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            rest = bytes.dropFirst(3)
        }
        // A character is counted at its first byte.
        column += rest.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}

/// What is known of a document's structure from its bytes so far, with no
/// parsing: enough to find the commas between top-level array elements.
private struct Outline: Sendable {
    /// Whether the first value is an array; `nil` before its first byte.
    var isArray: Bool?
    /// How many arrays and objects are open.
    var depth = 0
    /// Whether the top-level value has ended; nothing after it is split.
    var closed = false
    /// Whether a string is open, and whether its last byte was an escaping backslash.
    var inString = false
    var escaping = false
    /// The buffer offset of the string or word (number, literal) not yet ended.
    var tokenStart: Int?
    /// The buffer offset of the last comma between top-level array elements.
    var lastComma: Int?

    /// Outlines `buffer[from...]`; `inputOffset` is where the buffer starts in the input.
    mutating func scan(_ buffer: [UInt8], from: Int, inputOffset: Int) {
        buffer.withUnsafeBufferPointer { bytes in
            var index = from
            while index < bytes.count {
                if inString {
                    index = skipString(bytes, from: index)
                    continue
                }
                note(bytes[index], at: index, isByteOrderMark: isArray == nil && inputOffset + index < 3)
                index += 1
            }
        }
    }

    /// Moves through a string's bytes to just past its closing quote, or to the end.
    private mutating func skipString(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var index = from
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if escaping {
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                tokenStart = nil
                break
            }
        }
        return index
    }

    /// Notes one byte outside strings.
    private mutating func note(_ byte: UInt8, at index: Int, isByteOrderMark: Bool) {
        let isWord = Self.isWordByte(byte)
        if !isWord { tokenStart = nil }
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D:
            break
        case UInt8(ascii: "\""):
            inString = true
            tokenStart = index
            begin(isArray: false)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            begin(isArray: byte == UInt8(ascii: "["))
            depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            depth -= 1
            if depth <= 0 { closed = true }
        case UInt8(ascii: ","):
            if depth == 1, isArray == true, !closed { lastComma = index }
        default:
            // The bytes of a byte order mark come before the first value.
            guard !(isByteOrderMark && [0xEF, 0xBB, 0xBF].contains(byte)) else { break }
            if isWord, tokenStart == nil { tokenStart = index }
            begin(isArray: false)
        }
    }

    /// Notes the first value's kind at its first byte; a value at depth 0
    /// after that, or in a document that is not an array, ends the splitting.
    private mutating func begin(isArray array: Bool) {
        if isArray == nil {
            isArray = array
            if !array { closed = true }
        } else if depth == 0 {
            closed = true
        }
    }

    /// Moves the offsets after `count` bytes have been let go.
    mutating func shift(by count: Int) {
        tokenStart = tokenStart.map { $0 - count }
        lastComma = lastComma.flatMap { $0 > count ? $0 - count : nil }
    }

    /// Whether a byte can continue a number or literal.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}
