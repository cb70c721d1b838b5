#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapLang

/// The process's folders, for `maplang test` and the folders `maplang run`
/// maps: what a path is, a folder's entries, where links lead, and whether
/// a file may be replaced.
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
            let (name, isUTF8) = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { bytes in
                    let name = UnsafeBufferPointer(start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self)))
                    let text = String(decoding: name, as: UTF8.self)
                    return text.utf8.elementsEqual(name) ? (text, true) : (Self.shown(name), false)
                }
            }
            // A name that is not UTF-8 could not be opened again by the text
            // it would be read as: it is listed as such, to be reported in
            // its place, not left out unsaid.
            guard isUTF8 else {
                entries.append(DirectoryEntry(name: name, kind: .nameNotUTF8))
                continue
            }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            guard lstat(directory + "/" + name, &info) == 0 else {
                // Removed since it was listed: it is no longer there to read.
                if errno == ENOENT { continue }
                throw ConsoleError(message: "cannot read `\(directory + "/" + name)`: \(systemReason())")
            }
            entries.append(DirectoryEntry(name: name, kind: FileKind(mode: info.st_mode)))
        }
        return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// A name that is not UTF-8 as messages show it: its characters as they
    /// are but the controls a terminal would obey, as `\u001B`, and each
    /// byte that is not part of a character as `\xFF`.
    static func shown(_ name: UnsafeBufferPointer<UInt8>) -> String {
        var shown = ""
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = name.makeIterator()
        var position = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if VisibleText.isControl(scalar) {
                    shown += VisibleText.escape(scalar)
                } else {
                    shown.unicodeScalars.append(scalar)
                }
                position += encoded.count
            case .error(let length):
                for byte in name[position..<position + length] {
                    let hex = String(byte, radix: 16, uppercase: true)
                    shown += "\\x" + (hex.count == 1 ? "0" : "") + hex
                }
                position += length
            case .emptyInput:
                return shown
            }
        }
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
        return OutputFile.mayReplace(path, info: info)
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
