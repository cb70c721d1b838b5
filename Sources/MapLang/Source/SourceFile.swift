/// A rules file's text with the byte offsets where its lines start.
///
/// Spans are byte offsets into `text`'s UTF-8; `SourceFile` turns them into
/// 1-based lines and columns only when a diagnostic is rendered.
public struct SourceFile: Sendable, Equatable {
    /// The name shown in diagnostics: a path, or `<repl:N>` for REPL input.
    public let name: String
    /// The full text of the file.
    public let text: String
    /// The file's text as UTF-8 bytes, the unit spans count in.
    public let bytes: [UInt8]
    /// The byte offset where each line starts; the first is always 0.
    package let lineStarts: [Int]
    /// Whether each line is plain ASCII without tabs, where a column is a
    /// byte, so a location on it is found without reading the line.
    let plainLines: [Bool]

    /// Creates a source file from its name and text.
    ///
    /// - Parameters:
    ///   - name: The name used in diagnostics.
    ///   - text: The file's contents.
    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// Creates a source file from its name and raw bytes, as read from disk.
    ///
    /// The bytes are kept as they are, so the lexer reports any that are not
    /// UTF-8 with their exact position; `text` holds them decoded, with each
    /// malformed sequence replaced by U+FFFD. A UTF-8 byte order mark at the
    /// start, which some editors write, is left out, as JSON input's is: it
    /// is no part of the rules, and columns count from after it.
    ///
    /// - Parameters:
    ///   - name: The name used in diagnostics.
    ///   - bytes: The file's contents.
    public init(name: String, bytes: [UInt8]) {
        let bytes = bytes.starts(with: Self.byteOrderMark) ? Array(bytes.dropFirst(Self.byteOrderMark.count)) : bytes
        self.init(name: name, text: String(decoding: bytes, as: UTF8.self), bytes: bytes)
    }

    /// U+FEFF in UTF-8.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private init(name: String, text: String, bytes: [UInt8]) {
        self.name = name
        self.text = text
        self.bytes = bytes
        var starts = [0]
        var plain: [Bool] = []
        var isPlain = true
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                starts.append(offset + 1)
                plain.append(isPlain)
                isPlain = true
            } else if byte >= 0x80 || byte == UInt8(ascii: "\t") {
                isPlain = false
            }
        }
        plain.append(isPlain)
        self.lineStarts = starts
        self.plainLines = plain
    }

    /// The 0-based index of the line holding a byte offset.
    package func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The bytes of a span, cut to those the file has: a span from another
    /// source can name no byte past the end.
    func clamped(_ span: Span) -> Range<Int> {
        let start = min(max(span.start, 0), bytes.count)
        return start..<min(max(span.end, start), bytes.count)
    }

    /// The text of a 0-based line without its line terminator (`\n` or
    /// `\r\n`); empty for a line the file does not have.
    package func lineText(at index: Int) -> String {
        guard lineStarts.indices.contains(index) else { return "" }
        return String(decoding: bytes[lineRange(at: index)], as: UTF8.self)
    }

    /// The byte offsets of a 0-based line without its line terminator.
    func lineRange(at index: Int) -> Range<Int> {
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return start..<end
    }

    /// The 1-based line and column of a byte offset.
    ///
    /// Columns count characters, not bytes, with tabs expanded to the next
    /// multiple of four plus one, so a caret lines up under the text.
    package func location(of offset: Int) -> SourceLocation {
        let line = lineIndex(of: offset)
        let start = lineStarts[line]
        let clamped = min(max(offset, start), bytes.count)
        let prefix = bytes[start..<clamped]
        // Plain ASCII without tabs, as most lines are, takes a column a byte.
        if plainLines[line] || prefix.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\t") }) {
            return SourceLocation(line: line + 1, column: prefix.count + 1)
        }
        return SourceLocation(line: line + 1, column: Self.displayWidth(of: String(decoding: prefix, as: UTF8.self)) + 1)
    }

    /// The number of columns a piece of one line takes when printed.
    static func displayWidth(of text: String) -> Int {
        var width = 0
        for character in text {
            width = character == "\t" ? (width / tabWidth + 1) * tabWidth : width + 1
        }
        return width
    }

    /// The column width a tab expands to.
    static let tabWidth = 4
}

/// A 1-based line and column in a source file.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line number.
    public let line: Int
    /// The 1-based column, counted in characters with tabs expanded.
    public let column: Int

    /// Creates a location.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
