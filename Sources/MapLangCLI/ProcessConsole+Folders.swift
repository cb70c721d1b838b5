#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's folders, for `maplang test`: what a path is, a folder's
/// entries, where links lead, and whether a file may be replaced.
extension ProcessConsole {
    public func kind(of path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    public func entries(of directory: String) throws(ConsoleError) -> [DirectoryEntry] {
        guard let stream = opendir(directory) else { throw ConsoleError(message: "cannot read `\(directory)`: \(systemReason())") }
        defer { closedir(stream) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            guard lstat(directory + "/" + name, &info) == 0 else { continue }
            entries.append(DirectoryEntry(name: name, kind: FileKind(mode: info.st_mode)))
        }
        return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    public func resolvedPath(_ path: String) throws(ConsoleError) -> String {
        guard let resolved = realpath(path, nil) else { throw ConsoleError(message: "cannot read `\(path)`: \(systemReason())") }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func isWritable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let folder = OutputFile.directory(of: path)
            return errno == ENOENT && access(folder.isEmpty ? "." : folder, W_OK) == 0
        }
        // Permissions first: the superuser may write anything, but a file
        // no one may write to is one its owner meant to keep as it is.
        return info.st_mode & 0o222 != 0 && access(path, W_OK) == 0
    }

    public func removeFile(_ path: String) throws(ConsoleError) {
        guard unlink(path) == 0 else { throw ConsoleError(message: "cannot remove `\(path)`: \(systemReason())") }
    }
}

extension FileKind {
    /// The kind a `stat` mode gives.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }
}
