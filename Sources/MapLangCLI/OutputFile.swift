#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CCleanup

/// How `-o` and `--rejects` open the file they name.
///
/// A regular file, or a name with nothing there yet, is written beside
/// itself and renamed over the old one on commit, so readers never see it
/// half-written and a failed run leaves the old file. The rename lands on
/// the file a symbolic link points to, never on the link, and the new file
/// keeps the old one's permissions; a file the user may not write is not
/// replaced at all. Anything else that can be written, such
/// as `/dev/null`, a terminal or a named pipe, is written in place: it
/// cannot be replaced, and must not be.
enum OutputFile {
    /// Opens `path` to be written as its kind of file allows.
    static func open(_ path: String) throws(ConsoleError) -> any OutputSink {
        var info = stat()
        guard stat(path, &info) == 0 else {
            guard errno == ENOENT else { throw ConsoleError(message: "cannot write `\(path)`: \(systemReason())") }
            return try ReplacingFile(path: path, destination: try linkTarget(path), mode: nil)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Renaming over a file needs only its folder to be writable: a
            // file the user may not write is refused here, by every writer.
            guard mayReplace(path, info: info) else {
                throw ConsoleError(message: "cannot write `\(path)`: it is read-only")
            }
            // The permissions, without set-user-ID, set-group-ID and sticky bits, which output has no use for.
            return try ReplacingFile(
                path: path, destination: try linkTarget(path), mode: info.st_mode & 0o777, owner: (info.st_uid, info.st_gid))
        case S_IFDIR:
            throw ConsoleError(message: "cannot write `\(path)`: it is a directory")
        default:
            return try DeviceFile(path: path)
        }
    }

    /// Whether the user may replace the regular file at `path` (after its
    /// links), whose `stat` is `info`: whether they may write it. A file no
    /// one may write is one its owner meant to keep as it is, so it is
    /// refused even to the superuser, whom the system lets write anything.
    static func mayReplace(_ path: String, info: stat) -> Bool {
        info.st_mode & 0o222 != 0 && access(path, W_OK) == 0
    }

    /// Where `path` leads after following every symbolic link on its last
    /// part, to a file that may not exist yet; `path` when it is no link.
    static func linkTarget(_ path: String) throws(ConsoleError) -> String {
        var current = path
        // The system's own limit on links followed in one lookup.
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            if isPlantedLink(current, owner: info.st_uid) {
                throw ConsoleError(
                    message: "cannot write `\(path)`: `\(current)` is a symbolic link someone else made in a shared folder, "
                        + "which is not followed")
            }
            guard let target = readLink(current) else {
                throw ConsoleError(message: "cannot write `\(path)`: \(systemReason())")
            }
            current = target.hasPrefix("/") ? target : directory(of: current) + target
        }
        errno = ELOOP
        throw ConsoleError(message: "cannot write `\(path)`: \(systemReason())")
    }

    /// Whether a symbolic link is one the system itself would not follow
    /// (Linux's `protected_symlinks`): it is in a folder anyone may write to
    /// and only owners may delete from (sticky, such as `/tmp`), and neither
    /// this user nor the folder's owner made it. Following such a link would
    /// let anyone who can write to `/tmp` choose which file an output replaces.
    private static func isPlantedLink(_ link: String, owner: uid_t) -> Bool {
        var folder = stat()
        let name = directory(of: link)
        guard stat(name.isEmpty ? "." : name, &folder) == 0 else { return false }
        let shared = folder.st_mode & mode_t(S_ISVTX) != 0 && folder.st_mode & mode_t(S_IWOTH) != 0
        return shared && owner != geteuid() && owner != folder.st_uid
    }

    /// The text of the symbolic link at `path`; `nil` with `errno` set when it cannot be read.
    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The directory part of `path` with its final slash, or nothing for a bare name.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }
}

/// A file written beside its destination and renamed over it on commit.
///
/// The file written is new, with a name no one can guess, created only if
/// nothing is there (not even a symbolic link), so no one who can write to
/// the destination's folder can make the run write elsewhere; it is removed
/// on abandon, and by `CCleanup` if a signal ends the process first.
final class ReplacingFile: OutputSink {
    /// The path as the user gave it, for messages.
    private let path: String
    /// The file replaced: `path`, or the file its links lead to.
    private let destination: String
    /// The file being written.
    private let temporary: String
    /// Its descriptor, or -1 once closed.
    private var descriptor: Int32
    /// Where `CCleanup` notes it, or -1.
    private let cleanupSlot: Int32

    /// Creates the temporary file beside `destination`, with `mode` when the
    /// file it replaces has one, else as a new file is made; and with the
    /// replaced file's `owner` and group where the system lets the user
    /// give them (the superuser always), so a file replaced keeps them.
    init(path: String, destination: String, mode: mode_t?, owner: (uid_t, gid_t)? = nil) throws(ConsoleError) {
        self.path = path
        self.destination = destination
        // A file that replaces another starts private, so no one can open it
        // before it has the old file's permissions.
        let initialMode: mode_t = mode == nil ? 0o666 : 0o600
        // No signal may end the process between creating the file and noting
        // it for removal: it would stay behind.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var name = Self.temporaryName(for: destination)
        var descriptor = Self.createExclusively(name, mode: initialMode)
        // Another file by that name is a collision of 64 random bits, or a trap: take another name.
        for _ in 0..<8 where descriptor < 0 && errno == EEXIST {
            name = Self.temporaryName(for: destination)
            descriptor = Self.createExclusively(name, mode: initialMode)
        }
        self.temporary = name
        self.descriptor = descriptor
        guard descriptor >= 0 else {
            cleanupSlot = -1
            throw ConsoleError(message: "cannot write `\(path)`: \(systemReason())")
        }
        cleanupSlot = maplang_cleanup_add(name)
        // Before the mode, which a change of owner may clear set-ID bits of; refused quietly to whom it is not allowed.
        if let (user, group) = owner, user != geteuid() || group != getegid() { _ = fchown(descriptor, user, group) }
        if let mode, fchmod(descriptor, mode) != 0 {
            let message = "cannot write `\(path)`: \(systemReason())"
            abandon()
            throw ConsoleError(message: message)
        }
    }

    deinit {
        abandon()
    }

    /// `destination` with a random part and `.tmp` added, in the same folder.
    static func temporaryName(for destination: String) -> String {
        let random = UInt64.random(in: .min ... .max)
        let hex = String(random, radix: 16)
        return destination + ".maplang-" + String(repeating: "0", count: 16 - hex.count) + hex + ".tmp"
    }

    /// Creates `name` to write with `mode` less the user's mask, failing if
    /// anything is there.
    static func createExclusively(_ name: String, mode: mode_t = 0o666) -> Int32 {
        open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
    }

    func write(_ bytes: [UInt8]) throws(ConsoleError) {
        try writeAll(bytes, to: descriptor, name: "`\(path)`")
    }

    func commit() throws(ConsoleError) {
        guard descriptor >= 0 else { return }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        descriptor = -1
        defer { maplang_cleanup_remove(cleanupSlot) }
        guard synced, rename(temporary, destination) == 0 else {
            let message = "cannot write `\(path)`: \(systemReason())"
            unlink(temporary)
            throw ConsoleError(message: message)
        }
    }

    func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary)
        maplang_cleanup_remove(cleanupSlot)
    }
}

/// A device, terminal or named pipe, written as the output comes: what
/// was written stays written even if the run then fails.
final class DeviceFile: OutputSink {
    /// The path, for messages.
    private let path: String
    /// Its descriptor, or -1 once closed.
    private var descriptor: Int32

    /// Opens `path` to write; a named pipe waits here for its reader.
    init(path: String) throws(ConsoleError) {
        self.path = path
        self.descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { throw ConsoleError(message: "cannot write `\(path)`: \(systemReason())") }
    }

    deinit {
        abandon()
    }

    func write(_ bytes: [UInt8]) throws(ConsoleError) {
        try writeAll(bytes, to: descriptor, name: "`\(path)`")
    }

    func commit() throws(ConsoleError) {
        abandon()
    }

    func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}
