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
    /// The last byte written to the sink, if any.
    private var lastFlushed: UInt8?
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
        elements = 0
        isInArray = true
    }

    /// Writes one element of the top-level array, given as its JSON: compact,
    /// or pretty as a value of its own, indented here to sit in the array.
    mutating func writeElement(json: ArraySlice<UInt8>) {
        if elements > 0 { buffer.append(UInt8(ascii: ",")) }
        elements += 1
        if pretty {
            appendIndented(json)
        } else {
            buffer += json
        }
        flushIfLarge()
    }

    /// Appends a pretty value on a line of its own, each of its lines
    /// indented by two spaces more, as an element of the array.
    ///
    /// Pretty output breaks lines every few dozen bytes, so the value is
    /// copied eight bytes at a time, stopping only at a line break.
    private mutating func appendIndented(_ json: ArraySlice<UInt8>) {
        json.withUnsafeBufferPointer { input in
            let breaks = Self.lineBreaks(in: input)
            let start = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: 3 + input.count + 2 * breaks))
            buffer.withUnsafeMutableBytes { output in
                output[start] = Self.newline
                var at = Self.indent(output, at: start + 1)
                var from = 0
                while from < input.count {
                    guard input.count - from >= 8 else {
                        // The last few bytes, one at a time.
                        output[at] = input[from]
                        at += 1
                        if input[from] == Self.newline { at = Self.indent(output, at: at) }
                        from += 1
                        continue
                    }
                    let word = UnsafeRawPointer(input.baseAddress! + from).loadUnaligned(as: UInt64.self)
                    output.storeBytes(of: word, toByteOffset: at, as: UInt64.self)
                    guard let line = Self.firstNewline(in: UInt64(littleEndian: word)) else {
                        at += 8
                        from += 8
                        continue
                    }
                    // Keep the bytes up to the line break; indent after it.
                    at = Self.indent(output, at: at + line + 1)
                    from += line + 1
                }
            }
        }
    }

    /// Writes the two spaces of indentation at `at`, over whatever bytes
    /// were copied there, and gives the offset after them.
    private static func indent(_ output: UnsafeMutableRawBufferPointer, at: Int) -> Int {
        output[at] = UInt8(ascii: " ")
        output[at + 1] = UInt8(ascii: " ")
        return at + 2
    }

    /// `\n`.
    private static let newline = UInt8(ascii: "\n")

    /// Eight `\n` bytes in one word.
    private static let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    /// A one in each byte of a word.
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    /// The high bit of each byte of a word.
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first `\n` among the eight bytes of `word`, its
    /// lowest byte first.
    private static func firstNewline(in word: UInt64) -> Int? {
        let zeroed = word ^ newlines
        // The lowest high bit set marks the first zero byte exactly.
        let found = (zeroed &- ones) & ~zeroed & highBits
        return found == 0 ? nil : found.trailingZeroBitCount / 8
    }

    /// How many `\n` bytes there are in `bytes`.
    private static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var from = 0
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while bytes.count - from >= 8 {
            let zeroed = UnsafeRawPointer(bytes.baseAddress! + from).loadUnaligned(as: UInt64.self) ^ newlines
            // A byte's high bit is clear here exactly when the byte is zero.
            let nonZero = ((zeroed & low) &+ low) | zeroed
            count += (~nonZero & highBits).nonzeroBitCount
            from += 8
        }
        for byte in bytes[from...] where byte == newline { count += 1 }
        return count
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
        flushIfLarge()
    }

    /// Ends a document with a line break, when anything was written since
    /// the last one, so the next input's document starts a line of its own.
    mutating func endDocument() {
        if !endsLine { buffer.append(Self.newline) }
        flushIfLarge()
    }

    /// Whether the output so far is empty or ends with a line break.
    private var endsLine: Bool {
        buffer.last.map { $0 == Self.newline } ?? (lastFlushed == nil || lastFlushed == Self.newline)
    }

    /// Writes NDJSON output: records already serialised compactly, each followed by `\n`.
    mutating func writeLines(_ bytes: ArraySlice<UInt8>) {
        buffer += bytes
        flushIfLarge()
    }

    /// `writeLines(_:)` for a whole buffer of lines: one of `directThreshold`
    /// bytes or more goes to the sink as it is when nothing is waiting
    /// before it, with no copy.
    mutating func writeLines(_ bytes: [UInt8]) {
        guard buffer.isEmpty, bytes.count >= Self.directThreshold else { return writeLines(bytes[...]) }
        write(bytes)
    }

    /// The least a whole buffer of lines holds to go to the sink as it is.
    /// The NDJSON path writes each run's records at once (some 50 KB for
    /// the benchmark's 128 KB runs of issues), so a run's output goes out
    /// where it was mapped, not copied a second time on its way; smaller
    /// ones, as from a slow stream's few lines, are collected.
    static let directThreshold = 1 << 14

    /// Writes what is left, ending a JSON document with a newline, and commits the sink.
    mutating func finish() throws(ConsoleError) {
        if let failure { throw failure }
        if !buffer.isEmpty && buffer.last != UInt8(ascii: "\n") { buffer.append(UInt8(ascii: "\n")) }
        if !buffer.isEmpty { try sink.write(buffer) }
        buffer = []
        try sink.commit()
    }

    /// The first write that failed, if one did.
    var writeFailure: ConsoleError? { failure }

    /// Writes the buffer once it is large.
    private mutating func flushIfLarge() {
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Writes what is buffered now.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Hands bytes to the sink, unless a write has failed already.
    private mutating func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        do {
            try sink.write(bytes)
        } catch {
            failure = error
        }
        hasFlushed = true
        lastFlushed = bytes.last
    }
}
