/// A JSON document read a chunk at a time from a stream, held only from the
/// first element not yet mapped, so a top-level array of any length is
/// mapped in bounded memory, as a mapped file is.
///
/// Each chunk is outlined as it arrives: strings, brackets, words and the
/// commas of the top-level array, without parsing. `cut` is then where the
/// last whole element of the top-level array ends (just past its `}`, `]`
/// or closing quote, or at the comma after a number or literal): the bytes
/// before it hold whole elements, which the caller maps with
/// `JSONReader.walkDocument(partial: true)` and lets go with `drop(before:)`.
/// `valueEnd` is where the top-level value ends, once it has; what follows
/// may only be white space (`trailingError`). `isSettled` tells whether a
/// syntax error found in what is held is one whatever comes next.
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
    /// The white space byte of the input whose place the kept opening at
    /// `buffer`'s start holds, once `dropWhiteSpaceAfterOpening` let go of
    /// the white space around it.
    private var standIn: UInt8?

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

    /// Where, in `buffer`, the last whole element of the top-level array
    /// ends: everything before it is whole elements, or the document's start
    /// and whole elements.
    package var cut: Int? { outline.lastCut }

    /// Just past the top-level value's last byte, once it has ended.
    package var valueEnd: Int? { outline.valueEnd }

    /// Whether `buffer` holds nothing but white space (and the top-level
    /// value has not begun or has been let go up to a cut), so it can be let
    /// go: white space between or around values costs no memory.
    package var holdsOnlyWhiteSpace: Bool { outline.lastSignificant == nil && outline.tokenStart == nil && !outline.inString }

    /// Whether a syntax error found in `buffer` is one whatever bytes come
    /// next, rather than only the end of what has come so far: an error
    /// before a string or word not yet ended, a limit passed, or a byte no
    /// continuation can make valid.
    package func isSettled(_ error: JSONSyntaxError) -> Bool {
        switch error.reason {
        case .unexpectedEnd:
            return false
        case .stringTooLong, .numberTooLong, .tooDeep, .controlCharacterInString, .utf16NotSupported:
            return true
        default:
            break
        }
        guard let token = outline.tokenStart, error.offset >= token else { return error.offset < buffer.count }
        // In a string, only the last few bytes can be an escape or a
        // character cut short; in a word, any error may be the word cut short.
        return outline.inString && error.offset < buffer.count - Self.longestCutSequence
    }

    /// The most bytes an escape or character cut short at the end of a
    /// string spans: a surrogate pair's escapes, `\uD83D\uDE0`.
    private static let longestCutSequence = 12

    /// Lets go of the bytes before `offset`, a `cut`, `valueEnd` or the
    /// end of white space, whose elements have been mapped; the next element
    /// is numbered `index`.
    package mutating func drop(before offset: Int, nextIndex index: Int?) {
        start.advance(over: buffer[..<offset], atInputStart: start.offset == 0)
        var dropped = Array(buffer[max(0, offset - Self.contextSize)..<offset])
        if let standIn, offset > 0, offset <= Self.contextSize { dropped[0] = standIn }
        context = Array((context + dropped).suffix(Self.contextSize))
        if offset > 0 { standIn = nil }
        buffer.removeFirst(offset)
        outline.shift(by: offset)
        nextIndex = index
    }

    /// Lets go of the white space after the one byte `buffer` starts with
    /// when that byte is the top-level array's `[` or a comma between its
    /// elements and only white space follows: white space between elements
    /// costs no memory and does not count toward the next record. The byte
    /// is kept, in the place of the last byte let go, so every later byte
    /// keeps its offset, line and column.
    package mutating func dropWhiteSpaceAfterOpening() {
        guard buffer.count > 1, outline.lastSignificant == 0, outline.tokenStart == nil, !outline.inString, outline.depth == 1,
            buffer[0] == UInt8(ascii: ",") || buffer[0] == UInt8(ascii: "[")
        else { return }
        let opening = buffer[0]
        drop(before: buffer.count - 1, nextIndex: nextIndex)
        standIn = buffer[0]
        buffer[0] = opening
        outline.lastSignificant = 0
        if standIn == UInt8(ascii: "\n") {
            // The opening is read where a line ended: what follows it starts the next line.
            start.line += 1
            start.column = -1
        }
    }

    /// `buffer` as the input has it, for an error's excerpt: its first byte
    /// the one the opening kept in its place stands in for.
    package var inputBytes: [UInt8] {
        guard let standIn, !buffer.isEmpty else { return buffer }
        var bytes = buffer
        bytes[0] = standIn
        return bytes
    }

    /// The error for what follows the top-level value, once `valueEnd` has
    /// been let go: `nil` while it is all white space, or while a word that
    /// may go on reaches the end of what has come (unless the input `ended`).
    package func trailingError(inputEnded ended: Bool, options: JSONReaderOptions) -> JSONSyntaxError? {
        buffer.withUnsafeBufferPointer { bytes -> JSONSyntaxError? in
            var scanner = JSONScanner(bytes: bytes, options: options)
            scanner.skipWhitespace()
            let first = scanner.position
            guard first < bytes.count else { return nil }
            var end = first
            while end < bytes.count, end - first < 40, JSONScanner.isWordByte(bytes[end]) { end += 1 }
            if !ended, end == bytes.count, end - first < 40, JSONScanner.isWordByte(bytes[first]) { return nil }
            do throws(JSONSyntaxError) {
                try scanner.readDocumentEnd()
                return nil
            } catch {
                return error
            }
        }
    }
}

/// Where a byte lies in the input: its offset, line and the characters
/// before it on its line.
package struct InputPosition: Sendable, Equatable {
    /// The byte offset.
    package var offset = 0
    /// The 1-based line.
    package var line = 1
    /// How many characters (grapheme clusters) come before it on its line.
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
        // Characters as a file's errors count them: grapheme clusters. A
        // cut falls after ASCII punctuation or white space, never inside one.
        column += rest.allSatisfy { $0 < 0x80 } ? rest.count : String(decoding: rest, as: UTF8.self).count
    }
}

/// What is known of a document's structure from its bytes so far, with no
/// parsing: enough to find where top-level array elements and the
/// top-level value end.
private struct Outline: Sendable {
    /// Whether the first value is an array; `nil` before its first byte.
    var isArray: Bool?
    /// How many arrays and objects are open.
    var depth = 0
    /// Whether a string is open, and whether its last byte was an escaping backslash.
    var inString = false
    var escaping = false
    /// The buffer offset of the string or word (number, literal) not yet ended.
    var tokenStart: Int?
    /// Whether a value has begun at depth 1 since the last comma there (or the `[`).
    var elementBegun = false
    /// Where the last whole top-level array element ends.
    var lastCut: Int?
    /// Just past the top-level value, once it has ended.
    var valueEnd: Int?
    /// The buffer offset of the last byte seen that is not white space, if
    /// it is still held.
    var lastSignificant: Int?

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
                lastSignificant = index - 1
                valueEnded(at: index)
                break
            }
        }
        return index
    }

    /// Notes one byte outside strings.
    private mutating func note(_ byte: UInt8, at index: Int, isByteOrderMark: Bool) {
        let isWord = Self.isWordByte(byte)
        if !isWord, tokenStart != nil {
            // A number or literal ends at the first byte that cannot go on with it.
            tokenStart = nil
            valueEnded(at: index)
        }
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D:
            return
        default:
            // The bytes of a byte order mark come before the first value.
            if isByteOrderMark && [0xEF, 0xBB, 0xBF].contains(byte) { return }
            lastSignificant = index
        }
        switch byte {
        case UInt8(ascii: "\""):
            begin(isArray: false, at: index)
            inString = true
            tokenStart = index
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            begin(isArray: byte == UInt8(ascii: "["), at: index)
            depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            depth -= 1
            valueEnded(at: index + 1)
        case UInt8(ascii: ","):
            if depth == 1, isArray == true, valueEnd == nil, elementBegun { lastCut = index }
            if depth == 1 { elementBegun = false }
        default:
            if isWord, tokenStart == nil {
                begin(isArray: false, at: index)
                tokenStart = index
            } else if !isWord {
                begin(isArray: false, at: index)
            }
        }
    }

    /// Notes the start of a value at `index`: the document's kind at its first byte.
    private mutating func begin(isArray array: Bool, at index: Int) {
        if isArray == nil { isArray = array }
        if depth == 1 { elementBegun = true }
    }

    /// Notes that a value ended just before `index`: an element of the
    /// top-level array, or the top-level value itself.
    private mutating func valueEnded(at index: Int) {
        guard valueEnd == nil else { return }
        if depth <= 0 {
            valueEnd = index
        } else if depth == 1, isArray == true {
            lastCut = index
        }
    }

    /// Moves the offsets after `count` bytes have been let go.
    mutating func shift(by count: Int) {
        tokenStart = tokenStart.map { $0 - count }
        lastCut = lastCut.flatMap { $0 > count ? $0 - count : nil }
        valueEnd = valueEnd.map { max($0 - count, 0) }
        lastSignificant = lastSignificant.flatMap { $0 >= count ? $0 - count : nil }
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
