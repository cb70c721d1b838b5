/// The inputs `maplang run RULES INPUT…` names, in the order they are mapped:
/// a file (or `-`, standard input) as itself, and a folder as its files.
///
/// A folder stands for the regular files in it and in the folders in it,
/// a folder's entries in the order of their names' bytes, each folder's
/// files where its name falls. As Hadoop and Spark do with their
/// `_SUCCESS` markers and hidden files, names that start with `_` or `.`
/// are left out; so are symbolic links to folders, so a link cannot make
/// the walk loop, and entries that are neither files nor links to files
/// (a named pipe there would block the run). The walk goes at most
/// `depthLimit` folders deep. A folder that cannot be read takes its place
/// in the order as an input that cannot be read, so it is reported when its
/// turn comes and the run goes on, as it does past a file that cannot be read.
struct RunInputs {
    /// The deepest folder walked, counting the folders inside the one named:
    /// its files are at depth 0, those of a folder in it at 1.
    static let depthLimit = 32

    /// One input in its place: a file to map, or why a folder could not be read.
    enum Entry: Equatable {
        /// A file, or `-` for standard input.
        case file(String)
        /// A folder that could not be read, or that goes too deep.
        case unreadable(String)
    }

    /// The inputs, in order; a file named twice is mapped twice.
    private(set) var entries: [Entry] = []
    /// The folders named that hold no file to map.
    private(set) var emptyFolders: [String] = []
    /// The folders named, which an output may not be written into.
    private(set) var folders: [String] = []

    /// The files among the inputs.
    var paths: [String] {
        entries.compactMap { entry in
            if case .file(let path) = entry { path } else { nil }
        }
    }

    /// Lists the inputs the arguments name, in `console`'s files.
    init(console: any Console, arguments: [String]) {
        for argument in arguments {
            guard console.kind(of: argument) == .directory else {
                // A file, standard input, or a path that opening reports on.
                entries.append(.file(argument))
                continue
            }
            folders.append(argument)
            let before = entries.count
            walk(argument, depth: 0, in: console)
            if entries.count == before { emptyFolders.append(argument) }
        }
    }

    /// Adds a folder's files, and those of the folders in it.
    private mutating func walk(_ folder: String, depth: Int, in console: any Console) {
        guard depth <= Self.depthLimit else {
            return entries.append(
                .unreadable("`\(folder)` is more than \(Self.depthLimit) folders deep inside the folder named; name a deeper folder itself"))
        }
        let found: [DirectoryEntry]
        do {
            found = try console.entries(of: folder)
        } catch {
            return entries.append(.unreadable(error.message))
        }
        for entry in found where !entry.name.hasPrefix(".") && !entry.name.hasPrefix("_") {
            // `./-` is the file named `-`, not standard input.
            let path = TestPaths.join(folder, entry.name) == "-" ? "./-" : TestPaths.join(folder, entry.name)
            switch entry.kind {
            case .regular:
                entries.append(.file(path))
            case .directory:
                walk(path, depth: depth + 1, in: console)
            case .symbolicLink:
                // Where the link leads, looked up once: a file is read; nothing (or
                // what cannot be looked at) is reported in its place; a folder is left out.
                switch console.kind(of: path) {
                case .regular?: entries.append(.file(path))
                case nil: entries.append(.unreadable("cannot read `\(path)`: it is a symbolic link that leads to no file"))
                case .directory?, .symbolicLink?, .other?, .nameNotUTF8?: break
                }
            case .nameNotUTF8:
                entries.append(.unreadable("cannot read `\(path)`: its name is not UTF-8, which MapLang cannot open"))
            case .other:
                break
            }
        }
    }
}
