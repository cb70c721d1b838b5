#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines typed at the REPL, oldest first, kept across sessions in a file
/// of one line per entry, bounded to the newest `limit` entries.
struct History: Sendable, Equatable {
    /// How many entries are kept by default.
    static let defaultLimit = 1000
    /// The environment variable that names the history file; empty turns history off.
    static let environmentVariable = "MAPLANG_HISTORY"
    /// The file's name in the home directory when the environment names none.
    static let defaultFileName = ".maplang_history"

    /// The entries, oldest first.
    private(set) var entries: [String]
    /// The most entries kept.
    let limit: Int

    /// Creates a history.
    ///
    /// - Parameters:
    ///   - entries: Entries, oldest first; only the newest `limit` are kept.
    ///   - limit: The most entries kept.
    init(entries: [String] = [], limit: Int = History.defaultLimit) {
        self.limit = max(0, limit)
        self.entries = Array(entries.suffix(self.limit))
    }

    /// Reads a history file's text: one entry a line (`\n` or `\r\n`), empty lines skipped.
    init(text: String, limit: Int = History.defaultLimit) {
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        self.init(entries: lines, limit: limit)
    }

    /// The file's text: one entry a line.
    var text: String {
        entries.map { $0 + "\n" }.joined()
    }

    /// Adds a line, unless it is blank or repeats the newest entry, dropping
    /// the oldest entries beyond the limit.
    ///
    /// - Returns: Whether the line was added.
    @discardableResult
    mutating func add(_ line: String) -> Bool {
        guard !line.allSatisfy(\.isWhitespace), !line.contains(where: \.isNewline), line != entries.last else {
            return false
        }
        entries.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
        return true
    }

    // MARK: - The file

    /// Where the history is kept: `$MAPLANG_HISTORY`, else `~/.maplang_history`.
    ///
    /// - Parameter environment: Looks up an environment variable.
    /// - Returns: The path, or `nil` when `MAPLANG_HISTORY` is empty (history
    ///   off) or there is no home directory.
    static func path(environment: (String) -> String?) -> String? {
        if let path = environment(environmentVariable) { return path.isEmpty ? nil : path }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return (home.hasSuffix("/") ? home : home + "/") + defaultFileName
    }

    /// The most bytes of a history file read: its newest part, from the
    /// first whole line, when it is larger. A thousand entries of pasted
    /// JSON fit; `/dev/zero` or a huge file does not make the REPL hang.
    static let byteLimit = 1 << 20

    /// Whether the history may be kept at `path`: nothing is there yet, or a
    /// regular file is (after links). A device, a named pipe or a folder is
    /// neither read nor replaced.
    static func canKeep(at path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT }
        return info.st_mode & S_IFMT == S_IFREG
    }

    /// Reads the history file, at most its newest `byteLimit` bytes; a file
    /// that does not exist, cannot be read or is not a regular file is an
    /// empty history.
    static func load(from path: String, limit: Int = History.defaultLimit) -> History {
        // Not blocking: a named pipe opens without waiting for a writer, and is then refused.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return History(limit: limit) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return History(limit: limit) }
        let cut = Int(info.st_size) > byteLimit
        // One byte more than kept: when it ends a line, the first line read is whole.
        let wanted = cut ? byteLimit + 1 : byteLimit
        if cut { lseek(descriptor, off_t(Int(info.st_size) - wanted), SEEK_SET) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < wanted {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, wanted - bytes.count)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        // Read from the middle of a line: that line is not whole.
        if cut { bytes = Array(bytes.drop { $0 != UInt8(ascii: "\n") }.dropFirst()) }
        return History(text: String(decoding: bytes, as: UTF8.self), limit: limit)
    }

    /// Writes the history file, readable by its owner only, replacing it
    /// whole so a reader never sees half of it; never over anything but a
    /// regular file the user may write, and through a link, the file it
    /// leads to.
    ///
    /// - Returns: Whether it was written.
    @discardableResult
    func save(to path: String) -> Bool {
        guard Self.canKeep(at: path), let destination = try? OutputFile.linkTarget(path) else { return false }
        // A history the user may not write is kept as it is.
        var info = stat()
        if stat(destination, &info) == 0, !OutputFile.mayReplace(destination, info: info) { return false }
        // A new name nothing stands at, so no one's link there is followed;
        // renamed over the file a link leads to, never over the link.
        let temporary = ReplacingFile.temporaryName(for: destination)
        let descriptor = ReplacingFile.createExclusively(temporary, mode: 0o600)
        guard descriptor >= 0 else { return false }
        do throws(ConsoleError) {
            try writeAll(Array(text.utf8), to: descriptor, name: temporary)
        } catch {
            close(descriptor)
            unlink(temporary)
            return false
        }
        close(descriptor)
        guard rename(temporary, destination) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
