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
    /// Whether standard output is a terminal, where records would run
    /// through a progress line drawn on the same screen.
    var outputIsTerminal: Bool { get }
    /// Which file `path` names (standard input for `-`), to tell whether an
    /// output would replace an input or another output; `nil` for what
    /// nothing replaces, such as a device or a pipe, or when it cannot tell.
    func identity(of path: String) -> FileIdentity?
    /// The regular file standard output writes to, if it is one, so an
    /// output file that replaces it can be refused.
    var standardOutputIdentity: FileIdentity? { get }
    /// The regular file standard error writes to, if it is one, as
    /// `standardOutputIdentity` tells of standard output.
    var standardErrorIdentity: FileIdentity? { get }
    /// What `path` is, following symbolic links; `nil` when nothing is
    /// there or it cannot be looked up (a link that leads nowhere or in a loop).
    func kind(of path: String) -> FileKind?
    /// The entries of a directory, without `.` and `..`, sorted by their
    /// names' bytes; a symbolic link is listed as one, not followed.
    func entries(of directory: String) throws(ConsoleError) -> [DirectoryEntry]
    /// The absolute path `path` leads to, every symbolic link followed, to
    /// tell whether a file is inside a folder under any spelling.
    func resolvedPath(_ path: String) throws(ConsoleError) -> String
    /// Whether the user may replace `path`: a file that is there and writable
    /// (by its permissions, not only the user's privileges), or no file yet
    /// in a folder the user may write to.
    func isWritable(_ path: String) -> Bool
    /// Removes a file.
    func removeFile(_ path: String) throws(ConsoleError)
}

/// What is at a path, as `maplang test` looks for rules files and tests.
public enum FileKind: Sendable, Equatable {
    /// A regular file.
    case regular
    /// A directory.
    case directory
    /// A symbolic link, as a directory's entries list one.
    case symbolicLink
    /// Anything else: a device, a named pipe, a socket.
    case other
    /// An entry whose name is not UTF-8, which cannot be opened again by
    /// the text it would be read as; its `DirectoryEntry` name shows its
    /// bytes that are not characters as `\xFF`.
    case nameNotUTF8
}

/// One entry of a directory: its name and what it is.
public struct DirectoryEntry: Sendable, Equatable {
    /// The name, without the directory's path.
    public var name: String
    /// What it is, its symbolic link not followed.
    public var kind: FileKind

    /// Creates an entry.
    public init(name: String, kind: FileKind) {
        self.name = name
        self.kind = kind
    }
}

extension Console {
    /// No terminal, unless a console says it writes to one.
    public var outputIsTerminal: Bool { false }
    /// No file, unless a console says standard error writes to one.
    public var standardErrorIdentity: FileIdentity? { nil }
}

/// What makes a file the same file under any spelling of its name: its
/// device and inode number, and for a name with no file yet, the folder's
/// and the name in it.
public struct FileIdentity: Hashable, Sendable {
    /// The device the file (or the folder of a new name) is on.
    public var device: UInt64
    /// The inode number of the file, or of the folder of a new name.
    public var inode: UInt64
    /// The name in that folder, for a name with no file yet; `nil` for a file.
    public var name: String?

    /// Creates an identity.
    public init(device: UInt64, inode: UInt64, name: String? = nil) {
        self.device = device
        self.inode = inode
        self.name = name
    }
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
        try writeWhole(Array(text.utf8), to: nil)
    }

    /// Writes bytes, all of them, to standard output (`nil`) or to a file,
    /// which is replaced only once they are all written.
    func writeWhole(_ bytes: [UInt8], to path: String?) throws(ConsoleError) {
        let sink = try openOutput(path)
        do {
            try sink.write(bytes)
            try sink.commit()
        } catch {
            sink.abandon()
            throw error
        }
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

extension Console {
    /// No file: standard output is kept in memory or is not a file.
    public var standardOutputIdentity: FileIdentity? { nil }

    /// A path as written, ignoring `.` parts and repeated slashes: for a
    /// console with no real files, where names are all there is to compare.
    public func identity(of path: String) -> FileIdentity? {
        guard path != "-" else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return FileIdentity(device: 0, inode: 0, name: (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/"))
    }
}

extension Console {
    /// Nothing: a console with no real files has no folders.
    public func kind(of path: String) -> FileKind? { nil }

    /// No entries: a console with no real files has no folders.
    public func entries(of directory: String) throws(ConsoleError) -> [DirectoryEntry] {
        throw ConsoleError(message: "cannot read `\(directory)`: there are no folders here")
    }

    /// The path as written: a console with no real files has no links.
    public func resolvedPath(_ path: String) throws(ConsoleError) -> String { path }

    /// Yes: a console with no real files has none that is read-only.
    public func isWritable(_ path: String) -> Bool { true }

    /// Nothing to remove: a console with no real files has none.
    public func removeFile(_ path: String) throws(ConsoleError) {
        throw ConsoleError(message: "cannot remove `\(path)`: there are no files here")
    }
}

extension InputSource {
    /// No mapping: the input is read in chunks.
    public func mapped() -> MappedInput? { nil }

    /// Reads everything that is left, `limit` bytes at most.
    ///
    /// - Throws: The read's error, or `tooLarge` once more than `limit`
    ///   bytes came, so an endless stream such as `/dev/zero` is not read
    ///   until memory runs out.
    public func readAll(limit: Int, tooLarge: ConsoleError) throws(ConsoleError) -> [UInt8] {
        var result: [UInt8] = []
        while true {
            // One byte past the limit is enough to tell it was passed.
            let room = limit - result.count
            let chunk = try read(upTo: room >= 1 << 20 ? 1 << 20 : room + 1)
            if chunk.isEmpty { return result }
            result += chunk
            if result.count > limit { throw tooLarge }
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
