/// A console that reads files through another console but keeps what is
/// written to standard output and standard error as `ReplOutput`, so the
/// REPL can run `maplang run`'s own mapping code and print its results.
final class CapturingConsole: Console {
    /// Where files are read from.
    private let base: any Console
    /// What has been written so far.
    private(set) var output = ReplOutput()
    /// Bytes written to standard output and not yet added to `output`, kept
    /// as bytes so a character split between two writes stays whole.
    private var pendingOutput: [UInt8] = []

    /// Creates a console that reads through `base`.
    init(reading base: any Console) {
        self.base = base
    }

    func openInput(_ path: String) throws(ConsoleError) -> any InputSource {
        try base.openInput(path)
    }

    func openOutput(_ path: String?) throws(ConsoleError) -> any OutputSink {
        guard path == nil else { return try base.openOutput(path) }
        return CapturedOutput(console: self)
    }

    func writeError(_ text: String) {
        flush()
        output.error(text)
    }

    var errorIsTerminal: Bool { base.errorIsTerminal }
    var outputIsTerminal: Bool { base.outputIsTerminal }

    func kind(of path: String) -> FileKind? {
        base.kind(of: path)
    }

    func entries(of directory: String) throws(ConsoleError) -> [DirectoryEntry] {
        try base.entries(of: directory)
    }

    func resolvedPath(_ path: String) throws(ConsoleError) -> String {
        try base.resolvedPath(path)
    }

    func isWritable(_ path: String) -> Bool {
        base.isWritable(path)
    }

    func removeFile(_ path: String) throws(ConsoleError) {
        try base.removeFile(path)
    }

    /// Everything written, in order.
    func finish() -> ReplOutput {
        flush()
        return output
    }

    /// Takes bytes written to standard output.
    fileprivate func take(_ bytes: [UInt8]) {
        pendingOutput += bytes
    }

    /// Moves pending standard output into `output`.
    private func flush() {
        guard !pendingOutput.isEmpty else { return }
        output.print(String(decoding: pendingOutput, as: UTF8.self))
        pendingOutput = []
    }
}

/// Standard output of a `CapturingConsole`.
private final class CapturedOutput: OutputSink {
    /// The console that keeps the bytes.
    let console: CapturingConsole

    init(console: CapturingConsole) {
        self.console = console
    }

    func write(_ bytes: [UInt8]) throws(ConsoleError) {
        console.take(bytes)
    }

    func commit() throws(ConsoleError) {}

    func abandon() {}
}

/// Bytes already in memory, read like a file.
final class BytesInput: InputSource {
    /// The bytes.
    private let bytes: [UInt8]
    /// How many have been read.
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(upTo limit: Int) throws(ConsoleError) -> [UInt8] {
        let end = min(bytes.count, offset + limit)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}
