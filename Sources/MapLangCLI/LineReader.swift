/// Splits an input into lines, reading it a chunk at a time, so memory stays
/// bounded by the longest line rather than the input.
struct LineReader {
    /// Where the bytes come from.
    private let source: any InputSource
    /// Bytes read but not yet handed out.
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    /// Whether the source is exhausted.
    private var finished = false
    /// The 1-based number of the last line handed out.
    private(set) var lineNumber = 0
    /// The input offset of the first byte of the last line handed out.
    private(set) var lineOffset = 0
    /// The input offset of `buffer[0]`.
    private var bufferOffset = 0

    /// Creates a reader.
    init(source: any InputSource) {
        self.source = source
    }

    /// Whether the next line can be handed out without reading more input.
    var hasBufferedLine: Bool {
        finished || buffer[start...].contains(UInt8(ascii: "\n"))
    }

    /// The next line without its `\n`, or `nil` at the end. A `\r` before the
    /// `\n` stays: it is JSON white space, and a rejected line is kept untouched.
    /// A final line without `\n` counts; an empty input has no lines.
    mutating func nextLine() throws(ConsoleError) -> ArraySlice<UInt8>? {
        var searchFrom = start
        while true {
            if let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
                return hand(out: start..<newline, next: newline + 1)
            }
            if finished {
                guard start < buffer.count else { return nil }
                return hand(out: start..<buffer.count, next: buffer.count)
            }
            if start > 0 {
                bufferOffset += start
                buffer.removeFirst(start)
                start = 0
            }
            searchFrom = buffer.count
            let chunk = try source.read(upTo: 1 << 16)
            if chunk.isEmpty { finished = true } else { buffer += chunk }
        }
    }

    /// Hands out one line and moves past it.
    private mutating func hand(out range: Range<Int>, next: Int) -> ArraySlice<UInt8> {
        lineNumber += 1
        lineOffset = bufferOffset + range.lowerBound
        start = next
        return buffer[range]
    }
}
