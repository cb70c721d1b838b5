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
/// `depthLimit` folders deep.
struct RunInputs {
    /// The deepest folder walked, counting the one named as 1.
    static let depthLimit = 32

    /// Where the files are.
    let console: any Console
    /// The files, in order; a file named twice is mapped twice.
    private(set) var paths: [String] = []
    /// The folders named that hold no file to map.
    private(set) var emptyFolders: [String] = []

    /// Lists the inputs the arguments name.
    ///
    /// - Throws: A folder that cannot be read, or that goes deeper than `depthLimit`.
    init(console: any Console, arguments: [String]) throws(ConsoleError) {
        self.console = console
        for argument in arguments {
            if console.kind(of: argument) == .directory {
                let before = paths.count
                try walk(argument, depth: 1)
                if paths.count == before { emptyFolders.append(argument) }
            } else {
                // A file, standard input, or a path that opening reports on.
                paths.append(argument)
            }
        }
    }

    /// Adds a folder's files, and those of the folders in it.
    private mutating func walk(_ folder: String, depth: Int) throws(ConsoleError) {
        guard depth <= Self.depthLimit else {
            throw ConsoleError(
                message: "`\(folder)` is more than \(Self.depthLimit) folders deep inside the folder named; "
                    + "name a deeper folder itself")
        }
        for entry in try console.entries(of: folder) where !entry.name.hasPrefix(".") && !entry.name.hasPrefix("_") {
            let path = TestPaths.join(folder, entry.name)
            switch entry.kind {
            case .regular:
                paths.append(path)
            case .directory:
                try walk(path, depth: depth + 1)
            case .symbolicLink where console.kind(of: path) == .regular:
                paths.append(path)
            case .symbolicLink, .other:
                break
            }
        }
    }
}
