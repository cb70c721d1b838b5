import MapLangCLI

/// A console over memory: files come from a directory on disk (or from a
/// table), standard input from a buffer, and everything written is kept.
final class MemoryConsole: Console, @unchecked Sendable {
    /// The directory relative paths are read from.
    let directory: String
    /// Files served from memory instead of disk, by path.
    var files: [String: [UInt8]]
    /// What standard input holds.
    let standardInput: [UInt8]
    /// Everything written to standard output.
    fileprivate(set) var output: [UInt8] = []
    /// Everything written to standard error.
    private(set) var error = ""
    /// Files written and committed, by path.
    fileprivate(set) var written: [String: [UInt8]] = [:]
    /// Files opened for writing and then abandoned, by path.
    fileprivate(set) var abandoned: Set<String> = []
    /// The largest chunk `read(upTo:)` hands out, to exercise chunked reading.
    let chunkSize: Int
    /// Paths that `isWritable` refuses, as read-only files.
    var readOnly: Set<String> = []
    /// Files removed, by path.
    var removed: Set<String> = []
    /// Files that are there but that `openInput` refuses, as files the user may not read.
    var unopenable: Set<String> = []
    /// The paths `openInput` was asked for, in order.
    private(set) var opened: [String] = []

    init(directory: String = ".", files: [String: [UInt8]] = [:], standardInput: [UInt8] = [], chunkSize: Int = 1 << 16) {
        self.directory = directory
        self.files = files
        self.standardInput = standardInput
        self.chunkSize = chunkSize
    }

    /// Standard output as text.
    var outputText: String { String(decoding: output, as: UTF8.self) }

    func openInput(_ path: String) throws(ConsoleError) -> any InputSource {
        opened.append(path)
        if path == "-" { return MemoryInput(bytes: standardInput, chunkSize: chunkSize) }
        if unopenable.contains(path) { throw ConsoleError(message: "cannot read `\(path)`: Permission denied") }
        if let bytes = files[path] { return MemoryInput(bytes: bytes, chunkSize: chunkSize) }
        let full = path.hasPrefix("/") ? path : directory + "/" + path
        do {
            return MemoryInput(bytes: try TestFiles.read(full), chunkSize: chunkSize)
        } catch {
            throw ConsoleError(message: "cannot read `\(path)`: No such file or directory")
        }
    }

    func openOutput(_ path: String?) throws(ConsoleError) -> any OutputSink {
        MemoryOutput(console: self, path: path)
    }

    func writeError(_ text: String) { error += text }

    var errorIsTerminal: Bool { false }

    /// Records what a sink did.
    fileprivate func finish(_ path: String?, bytes: [UInt8], committed: Bool) {
        guard let path else {
            output += bytes
            return
        }
        if committed { written[path] = bytes } else { abandoned.insert(path) }
    }
}

/// Bytes handed out a chunk at a time.
private final class MemoryInput: InputSource {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var position = 0

    init(bytes: [UInt8], chunkSize: Int) {
        self.bytes = bytes
        self.chunkSize = chunkSize
    }

    func read(upTo limit: Int) throws(ConsoleError) -> [UInt8] {
        let end = min(bytes.count, position + min(limit, chunkSize))
        defer { position = end }
        return Array(bytes[position..<end])
    }
}

/// Standard output goes straight to the console; a file only on commit.
private final class MemoryOutput: OutputSink {
    private let console: MemoryConsole
    private let path: String?
    private var bytes: [UInt8] = []
    private var done = false

    init(console: MemoryConsole, path: String?) {
        self.console = console
        self.path = path
    }

    func write(_ bytes: [UInt8]) throws(ConsoleError) {
        if path == nil { console.finish(nil, bytes: bytes, committed: true) } else { self.bytes += bytes }
    }

    func commit() throws(ConsoleError) {
        guard !done else { return }
        done = true
        if path != nil { console.finish(path, bytes: bytes, committed: true) }
    }

    func abandon() {
        guard !done else { return }
        done = true
        if path != nil { console.finish(path, bytes: bytes, committed: false) }
    }
}
