import MapLang

/// Splits an input into lines, reading it a chunk at a time, so memory stays
/// bounded by the longest line rather than the input.
struct LineReader {
    /// Where the bytes come from.
    private let source: any InputSource
    /// The lines read but not yet handed out.
    private var buffer = LineBuffer()

    /// Creates a reader.
    init(source: any InputSource) {
        self.source = source
    }

    /// The 1-based number of the last line handed out.
    var lineNumber: Int { buffer.lineNumber }
    /// The input offset of the first byte of the last line handed out.
    var lineOffset: Int { buffer.lineOffset }

    /// Whether the next line can be handed out without reading more input.
    var hasBufferedLine: Bool { buffer.hasLine }

    /// The next line, as `LineBuffer` hands lines out, or `nil` at the end.
    mutating func nextLine() throws(ConsoleError) -> ArraySlice<UInt8>? {
        while true {
            if let line = buffer.nextLine() { return line }
            let chunk = try source.read(upTo: 1 << 16)
            if chunk.isEmpty {
                buffer.finish()
                return buffer.nextLine()
            }
            buffer.append(chunk)
        }
    }
}
