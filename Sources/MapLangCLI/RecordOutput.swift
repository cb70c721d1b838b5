import MapLang

/// Writes mapped records as JSON to a sink: one value, or an array written
/// element by element, in chunks of about a megabyte.
struct RecordOutput {
    /// Whether to indent.
    let pretty: Bool
    /// Where the bytes go.
    let sink: any OutputSink
    /// Bytes not yet written.
    private var buffer: [UInt8] = []
    /// Elements written to the open array.
    private var elements = 0
    /// Whether the output goes to standard output rather than a file.
    let isStandardOutput: Bool
    /// Whether nothing has been written at all.
    var isEmpty: Bool { buffer.isEmpty && !hasFlushed }
    /// Whether some bytes have gone to the sink already.
    private var hasFlushed = false
    /// Whether an array has been opened and not yet closed.
    private(set) var isInArray = false
    /// The first write that failed, reported by `finish`.
    private var failure: ConsoleError?

    /// How many bytes to collect before writing them.
    private static let flushThreshold = 1 << 20

    /// Creates an output.
    init(pretty: Bool, sink: any OutputSink, isStandardOutput: Bool = true) {
        self.pretty = pretty
        self.sink = sink
        self.isStandardOutput = isStandardOutput
    }

    /// Opens the top-level array.
    mutating func beginArray() {
        buffer.append(UInt8(ascii: "["))
        isInArray = true
    }

    /// Writes one element of the top-level array, given as its JSON: compact,
    /// or pretty as a value of its own, indented here to sit in the array.
    mutating func writeElement(json: ArraySlice<UInt8>) {
        if elements > 0 { buffer.append(UInt8(ascii: ",")) }
        elements += 1
        if pretty {
            buffer += Array("\n  ".utf8)
            for byte in json {
                buffer.append(byte)
                if byte == UInt8(ascii: "\n") { buffer += [UInt8(ascii: " "), UInt8(ascii: " ")] }
            }
        } else {
            buffer += json
        }
        flushIfLarge()
    }

    /// Closes the top-level array.
    mutating func endArray() {
        if pretty && elements > 0 { buffer.append(UInt8(ascii: "\n")) }
        buffer.append(UInt8(ascii: "]"))
        isInArray = false
    }

    /// Writes the single record of a document that is not an array, given as its JSON.
    mutating func writeSingle(json: ArraySlice<UInt8>) {
        buffer += json
    }

    /// Writes NDJSON output: records already serialised compactly, each followed by `\n`.
    mutating func writeLines(_ bytes: ArraySlice<UInt8>) {
        buffer += bytes
        flushIfLarge()
    }

    /// Writes what is left, ending a JSON document with a newline, and commits the sink.
    mutating func finish() throws(ConsoleError) {
        if let failure { throw failure }
        if !buffer.isEmpty && buffer.last != UInt8(ascii: "\n") { buffer.append(UInt8(ascii: "\n")) }
        try sink.write(buffer)
        buffer = []
        try sink.commit()
    }

    /// Writes the buffer once it is large.
    private mutating func flushIfLarge() {
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Writes what is buffered now.
    mutating func flush() {
        guard !buffer.isEmpty, failure == nil else { return }
        do {
            try sink.write(buffer)
        } catch {
            failure = error
        }
        hasFlushed = true
        buffer.removeAll(keepingCapacity: true)
    }
}
