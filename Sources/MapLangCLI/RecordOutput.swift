import MapLang

/// Writes mapped records as JSON: one value, or an array written element by
/// element, flushed to standard output in large chunks or kept whole for a file.
struct RecordOutput {
    /// Whether to indent.
    let pretty: Bool
    /// Where to write.
    let console: any Console
    /// Whether to flush to standard output as the output grows, rather than keep it whole for a file.
    let streaming: Bool
    /// Bytes not yet flushed.
    private var buffer: [UInt8] = []
    /// Elements written to the open array.
    private var elements = 0
    /// Whether an array has been opened and not yet closed.
    private(set) var isInArray = false
    /// The first write that failed, reported by `finish`.
    private var failure: ConsoleError?

    /// How many bytes to collect before writing them to standard output.
    private static let flushThreshold = 1 << 20

    /// Creates an output.
    init(pretty: Bool, console: any Console, streaming: Bool) {
        self.pretty = pretty
        self.console = console
        self.streaming = streaming
    }

    /// Opens the top-level array.
    mutating func beginArray() {
        buffer.append(UInt8(ascii: "["))
        isInArray = true
    }

    /// Writes one element of the top-level array.
    mutating func writeElement(_ value: MappedValue) {
        if elements > 0 { buffer.append(UInt8(ascii: ",")) }
        elements += 1
        let bytes = JSONWriter.serialize(value, style: pretty ? .pretty : .compact)
        if pretty {
            buffer += Array("\n  ".utf8)
            for byte in bytes {
                buffer.append(byte)
                if byte == UInt8(ascii: "\n") { buffer += [UInt8(ascii: " "), UInt8(ascii: " ")] }
            }
        } else {
            buffer += bytes
        }
        flushIfLarge()
    }

    /// Closes the top-level array.
    mutating func endArray() {
        if pretty && elements > 0 { buffer.append(UInt8(ascii: "\n")) }
        buffer.append(UInt8(ascii: "]"))
        isInArray = false
    }

    /// Writes the single record of a document that is not an array.
    mutating func writeSingle(_ value: MappedValue) {
        buffer += JSONWriter.serialize(value, style: pretty ? .pretty : .compact)
    }

    /// Writes what is left, ending with a newline, or replaces the file at `path` with the whole output.
    ///
    /// - Parameter path: The file to write, or `nil` for standard output or to write no file.
    mutating func finish(replacing path: String?) throws(ConsoleError) {
        if let failure { throw failure }
        if !buffer.isEmpty { buffer.append(UInt8(ascii: "\n")) }
        if streaming {
            try console.writeOutput(buffer)
        } else if let path, !buffer.isEmpty {
            try console.replaceFile(path, with: buffer)
        }
        buffer = []
    }

    /// Writes the buffer to standard output once it is large.
    private mutating func flushIfLarge() {
        guard streaming, buffer.count >= Self.flushThreshold, failure == nil else { return }
        do {
            try console.writeOutput(buffer)
        } catch {
            failure = error
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
