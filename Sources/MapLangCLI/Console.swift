#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the tool reads and writes: the process's files and streams, or, in
/// tests, memory.
public protocol Console {
    /// Reads a whole file.
    func readFile(_ path: String) throws(ConsoleError) -> [UInt8]
    /// Reads standard input to its end.
    func readStandardInput() throws(ConsoleError) -> [UInt8]
    /// Writes bytes to standard output.
    func writeOutput(_ bytes: [UInt8]) throws(ConsoleError)
    /// Writes text to standard error.
    func writeError(_ text: String)
    /// Replaces a file's contents all at once: the old file stays untouched until the new one is complete.
    func replaceFile(_ path: String, with bytes: [UInt8]) throws(ConsoleError)
    /// Whether standard error is a terminal, for `--color auto`.
    var errorIsTerminal: Bool { get }
}

/// A failed read or write, with the system's reason.
public struct ConsoleError: Error, Sendable, Equatable {
    /// What could not be done, such as `cannot read \`rules.map\``.
    public var message: String
    /// Whether the reader of standard output went away (`EPIPE`).
    public var isBrokenPipe = false

    /// Creates an error.
    public init(message: String, isBrokenPipe: Bool = false) {
        self.message = message
        self.isBrokenPipe = isBrokenPipe
    }
}

/// The process's real files and streams.
public struct ProcessConsole: Console {
    /// Creates the console.
    public init() {}

    public func readFile(_ path: String) throws(ConsoleError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ConsoleError(message: "cannot read `\(path)`: \(Self.reason())") }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw ConsoleError(message: "cannot read `\(path)`: it is a directory")
        }
        return try readAll(descriptor, name: "`\(path)`")
    }

    public func readStandardInput() throws(ConsoleError) -> [UInt8] {
        try readAll(STDIN_FILENO, name: "standard input")
    }

    public func writeOutput(_ bytes: [UInt8]) throws(ConsoleError) {
        try writeAll(bytes, to: STDOUT_FILENO, name: "standard output")
    }

    public func writeError(_ text: String) {
        try? writeAll(Array(text.utf8), to: STDERR_FILENO, name: "standard error")
    }

    public func replaceFile(_ path: String, with bytes: [UInt8]) throws(ConsoleError) {
        let temporary = path + ".maplang-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw ConsoleError(message: "cannot write `\(path)`: \(Self.reason())") }
        do throws(ConsoleError) {
            try writeAll(bytes, to: descriptor, name: "`\(path)`")
            guard fsync(descriptor) == 0 else { throw ConsoleError(message: "cannot write `\(path)`: \(Self.reason())") }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let message = "cannot write `\(path)`: \(Self.reason())"
            unlink(temporary)
            throw ConsoleError(message: message)
        }
    }

    public var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Reads a descriptor to its end.
    private func readAll(_ descriptor: Int32, name: String) throws(ConsoleError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return result }
            if count < 0 {
                if errno == EINTR { continue }
                throw ConsoleError(message: "cannot read \(name): \(Self.reason())")
            }
            result.append(contentsOf: chunk[..<count])
        }
    }

    /// Writes every byte, retrying short writes.
    private func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(ConsoleError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ConsoleError(message: "cannot write \(name): \(Self.reason())", isBrokenPipe: errno == EPIPE)
            }
            offset += count
        }
    }

    /// The text of `errno`.
    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
