import MapLang

/// A position as the protocol gives one: a 0-based line and a 0-based
/// character offset in UTF-16 code units within the line.
struct TextPosition16: Equatable {
    /// The 0-based line.
    var line: Int
    /// The 0-based offset in the line, in UTF-16 code units.
    var character: Int
}

/// An open rules file as the editor holds it: its text in UTF-8, kept in
/// step with the editor's changes, and conversions between the protocol's
/// UTF-16 positions and byte offsets.
struct TextDocument {
    /// The document's URI.
    let uri: String
    /// The version the editor last gave.
    var version: Int
    /// The text.
    private(set) var bytes: [UInt8]
    /// Where each line starts.
    private(set) var lineStarts: [Int]

    /// A document with its first text.
    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        bytes = Array(text.utf8)
        lineStarts = Self.lineStarts(of: bytes)
    }

    /// The text as a rules source named after the URI's last part.
    var source: SourceFile { SourceFile(name: Self.fileName(of: uri), bytes: bytes) }

    /// How many bytes of a byte order mark start the text: the source's
    /// spans count from after it.
    var sourceStart: Int { bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }

    /// The offset in the source (`source`'s spans) of a position.
    func sourceOffset(of position: TextPosition16) -> Int {
        max(0, offset(of: position) - sourceStart)
    }

    /// The text of a source span.
    func text(of span: Span) -> String {
        let start = min(span.start + sourceStart, bytes.count)
        return String(decoding: bytes[start..<min(max(start, span.end + sourceStart), bytes.count)], as: UTF8.self)
    }

    /// Replaces the text between two positions, or all of it when `range` is `nil`.
    mutating func replace(_ range: (start: TextPosition16, end: TextPosition16)?, with text: String) {
        let replaced = range.map { offset(of: $0.start)..<max(offset(of: $0.start), offset(of: $0.end)) } ?? 0..<bytes.count
        bytes.replaceSubrange(replaced, with: Array(text.utf8))
        lineStarts = Self.lineStarts(of: bytes)
    }

    /// The byte offset of a position. A line past the end is the end of
    /// the text; a character past the end of its line is the line's end;
    /// one inside a character that takes two UTF-16 units is that character's start.
    func offset(of position: TextPosition16) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let lineEnd = contentEnd(ofLine: position.line)
        var offset = lineStarts[position.line]
        var units = 0
        while offset < lineEnd {
            let length = Self.scalarLength(bytes[offset])
            let width = length == 4 ? 2 : 1
            if units + width > position.character { break }
            units += width
            offset += length
        }
        return min(offset, lineEnd)
    }

    /// The position of a byte offset.
    func position(of offset: Int) -> TextPosition16 {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var units = 0
        var index = lineStarts[low]
        while index < offset {
            let length = Self.scalarLength(bytes[index])
            units += length == 4 ? 2 : 1
            index += length
        }
        return TextPosition16(line: low, character: units)
    }

    /// Where a line's text ends, before its line break.
    private func contentEnd(ofLine line: Int) -> Int {
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > start, bytes[end - 1] == 10 { end -= 1 }
        if end > start, bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    /// How many bytes the UTF-8 sequence that starts with `byte` takes; a
    /// stray continuation byte counts as one.
    private static func scalarLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...0xFF: 4
        case 0xE0..<0xF0: 3
        case 0xC0..<0xE0: 2
        default: 1
        }
    }

    /// The offsets where lines start: 0, and after each line break, which
    /// the protocol says is a line feed, a carriage return, or both.
    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() {
            if byte == 10 || (byte == 13 && (index + 1 == bytes.count || bytes[index + 1] != 10)) { starts.append(index + 1) }
        }
        return starts
    }

    /// The last part of a URI's path, percent escapes decoded, as messages name the file.
    static func fileName(of uri: String) -> String {
        let last = uri.split(separator: "/").last.map(String.init) ?? uri
        var bytes: [UInt8] = []
        var scalars = Array(last.utf8)[...]
        while let byte = scalars.popFirst() {
            if byte == UInt8(ascii: "%"), scalars.count >= 2,
                let value = UInt8(String(decoding: scalars.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                scalars = scalars.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
