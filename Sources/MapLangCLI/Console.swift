/// Where the tool reads and writes: the process's files and streams, or, in
/// tests, memory.
public protocol Console {
    /// Opens a file, or standard input for `-`, to read in chunks.
    func openInput(_ path: String) throws(ConsoleError) -> any InputSource
    /// Opens standard output (`nil`) or a file to write. A file is replaced
    /// only by `commit()`: until then, and after `abandon()`, the old file is untouched.
    func openOutput(_ path: String?) throws(ConsoleError) -> any OutputSink
    /// Writes text to standard error.
    func writeError(_ text: String)
    /// Whether standard error is a terminal, for `--color auto`.
    var errorIsTerminal: Bool { get }
}

/// Bytes read a chunk at a time.
public protocol InputSource: AnyObject {
    /// The next bytes, at most `limit` of them; empty at the end.
    func read(upTo limit: Int) throws(ConsoleError) -> [UInt8]
    /// The whole input mapped into memory, when it is a regular file, so a
    /// large document need not be copied and the pages already read can be
    /// given back; `nil` for pipes and terminals.
    func mapped() -> MappedInput?
}

/// A destination for output.
public protocol OutputSink: AnyObject {
    /// Writes bytes.
    func write(_ bytes: [UInt8]) throws(ConsoleError)
    /// Completes the output: a file takes the place of the old one.
    func commit() throws(ConsoleError)
    /// Gives the output up: a file's old contents stay as they were.
    func abandon()
}

extension Console {
    /// Writes text to standard output, all of it at once.
    func writeOutput(_ text: String) throws(ConsoleError) {
        let sink = try openOutput(nil)
        try sink.write(Array(text.utf8))
        try sink.commit()
    }

    /// Writes the whole output of a command that prints one text.
    ///
    /// - Returns: `.success`, or `.outputError` once standard error says why
    ///   the text could not be written.
    func writeCommandOutput(_ text: String) -> ExitCode {
        do {
            try writeOutput(text)
        } catch {
            writeError("maplang: error: \(error.message)\n")
            return .outputError
        }
        return .success
    }
}

extension InputSource {
    /// No mapping: the input is read in chunks.
    public func mapped() -> MappedInput? { nil }

    /// Reads everything that is left.
    public func readAll() throws(ConsoleError) -> [UInt8] {
        var result: [UInt8] = []
        while true {
            let chunk = try read(upTo: 1 << 20)
            if chunk.isEmpty { return result }
            result += chunk
        }
    }
}

/// A failed read or write, with the system's reason.
public struct ConsoleError: Error, Sendable, Equatable {
    /// What could not be done, such as `cannot read \`rules.map\`: No such file or directory`.
    public var message: String

    /// Creates an error.
    public init(message: String) {
        self.message = message
    }
}
