import Foundation
import MapLangCLI

/// Folders for `maplang test`: the in-memory files' paths make folders of
/// their own (`tests/a/input.json` makes `tests` and `tests/a`), beside the
/// disk's under `directory`.
extension MemoryConsole {
    /// A path as the table keys it: `./` parts and repeated slashes left out; `""` for the directory itself.
    func key(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.joined(separator: "/")
    }

    /// The path on disk.
    private func full(_ path: String) -> String {
        path.hasPrefix("/") ? path : directory + "/" + path
    }

    /// The in-memory paths.
    private var memoryPaths: [String] { Array(files.keys.map(key)) }

    func kind(of path: String) -> FileKind? {
        let key = key(path)
        if memoryPaths.contains(key) { return .regular }
        if key.isEmpty || memoryPaths.contains(where: { $0.hasPrefix(key + "/") }) { return .directory }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full(path), isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue ? .directory : .regular
    }

    func entries(of directory: String) throws(ConsoleError) -> [DirectoryEntry] {
        let prefix = key(directory).isEmpty ? "" : key(directory) + "/"
        var entries: [String: FileKind] = [:]
        for path in memoryPaths where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            guard let name = rest.split(separator: "/").first else { continue }
            entries[String(name)] = rest.contains("/") ? .directory : .regular
        }
        if let names = try? FileManager.default.contentsOfDirectory(atPath: full(directory)) {
            for name in names {
                let type = (try? FileManager.default.attributesOfItem(atPath: full(directory) + "/" + name))?[.type] as? FileAttributeType
                entries[name] =
                    switch type {
                    case .typeDirectory?: .directory
                    case .typeRegular?: .regular
                    case .typeSymbolicLink?: .symbolicLink
                    default: .other
                    }
            }
        } else if entries.isEmpty {
            throw ConsoleError(message: "cannot read `\(directory)`: No such file or directory")
        }
        return entries.map { DirectoryEntry(name: $0.key, kind: $0.value) }.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    func resolvedPath(_ path: String) throws(ConsoleError) -> String {
        guard kind(of: path) != nil else { throw ConsoleError(message: "cannot read `\(path)`: No such file or directory") }
        let key = key(path)
        if key.isEmpty || memoryPaths.contains(key) || memoryPaths.contains(where: { $0.hasPrefix(key + "/") }) {
            return "/memory" + (key.isEmpty ? "" : "/" + key)
        }
        return URL(fileURLWithPath: full(path)).resolvingSymlinksInPath().path
    }

    func isWritable(_ path: String) -> Bool {
        !readOnly.contains(key(path))
    }

    func removeFile(_ path: String) throws(ConsoleError) {
        guard files.removeValue(forKey: path) != nil || files.removeValue(forKey: key(path)) != nil else {
            throw ConsoleError(message: "cannot remove `\(path)`: No such file or directory")
        }
        removed.insert(key(path))
    }
}
