/// The rules files `maplang test PATH…` names: a file as itself, and a
/// folder's `.map` files at any depth.
///
/// A folder's entries are taken in the order of their names' bytes; names
/// that start with `.` (`.build`, `.git`) are left out, and so are symbolic
/// links to folders, so a link cannot make the search loop. A `.map` link
/// to a file is read as the file. The search goes at most
/// `RulesFileSearch.depthLimit` folders deep.
struct RulesFileSearch {
    /// The deepest folder searched, counting the one named as 1.
    static let depthLimit = 32

    /// Where the files are.
    let console: any Console
    /// The rules files found, in order, each once.
    private(set) var files: [String] = []
    /// What could not be searched: a path that is not there, a folder that
    /// cannot be read or holds no rules file.
    private(set) var problems: [String] = []

    /// Searches the paths given, in order.
    init(console: any Console, paths: [String]) {
        self.console = console
        for path in paths {
            switch console.kind(of: path) {
            case .directory?:
                let before = files.count
                search(path, depth: 1)
                if files.count == before { problems.append("`\(path)` holds no rules file (`.map`)") }
            case .regular?, .symbolicLink?, .other?, .nameNotUTF8?:
                add(path)
            case nil:
                do {
                    _ = try console.resolvedPath(path)
                    problems.append("cannot read `\(path)`")
                } catch {
                    problems.append(error.message)
                }
            }
        }
    }

    /// Adds a rules file once.
    private mutating func add(_ path: String) {
        if !files.contains(path) { files.append(path) }
    }

    /// Adds the `.map` files of a folder and of the folders in it.
    private mutating func search(_ folder: String, depth: Int) {
        let entries: [DirectoryEntry]
        do {
            entries = try console.entries(of: folder)
        } catch {
            problems.append(error.message)
            return
        }
        for entry in entries where !entry.name.hasPrefix(".") {
            let path = TestPaths.join(folder, entry.name)
            switch entry.kind {
            case .directory where depth < Self.depthLimit:
                search(path, depth: depth + 1)
            case .regular where entry.name.hasSuffix(".map"), .symbolicLink where entry.name.hasSuffix(".map"):
                add(path)
            case .nameNotUTF8:
                // A folder or a rules file that cannot be opened, reported in its place.
                problems.append("cannot read `\(path)`: its name is not UTF-8, which MapLang cannot open")
            case .directory, .regular, .symbolicLink, .other:
                break
            }
        }
    }
}
