import MapLang

/// Reads and writes a rules file's test files: inputs, expected outputs
/// and errors, named from the rules file's folder.
///
/// A test file must lead, through every symbolic link, to a regular file
/// inside that folder (or below it); it is read whole, at most
/// `TestFileAccess.sizeLimit` bytes. A file is written as `-o` writes one:
/// beside itself, then renamed over the old one; never one that is
/// read-only, and never one outside the folder.
struct TestFileAccess {
    /// The most bytes a test file may hold: as many as `maplang infer` reads of a sample.
    static let sizeLimit = InferCommand.sampleLimit

    /// Where the files are.
    let console: any Console
    /// The rules file's folder.
    let folder: String

    /// The path of a file named from the folder, as messages name it.
    func path(of name: String) -> String {
        TestPaths.join(folder, name)
    }

    /// Reads a test file.
    ///
    /// - Throws: `ConsoleError` saying why it cannot be read: it is not
    ///   there, it is a directory or a device, a link leads outside the
    ///   folder or in a loop, or it is too large.
    func read(_ name: String) throws(ConsoleError) -> [UInt8] {
        let path = path(of: name)
        switch console.kind(of: path) {
        case .regular?:
            try checkInside(path, verb: "read")
        case .directory?:
            throw ConsoleError(message: "cannot read `\(path)`: it is a directory")
        case .symbolicLink?, .other?, .nameNotUTF8?:
            throw ConsoleError(message: "cannot read `\(path)`: it is not a regular file")
        case nil:
            // Nothing there, or a link that leads nowhere: the system says which.
            _ = try console.resolvedPath(path)
            throw ConsoleError(message: "cannot read `\(path)`: it is not a regular file")
        }
        let tooLarge = ConsoleError(message: "cannot read `\(path)`: a test file may hold at most \(Self.sizeLimit >> 20) MiB")
        return try console.openInput(path).readAll(limit: Self.sizeLimit, tooLarge: tooLarge)
    }

    /// Reads a test file that holds one JSON document.
    ///
    /// - Throws: `ConsoleError` when it cannot be read or is not JSON.
    func readJSON(_ name: String) throws(ConsoleError) -> JSONValue {
        let bytes = try read(name)
        do {
            return try JSONReader.parse(bytes)
        } catch {
            throw ConsoleError(message: "`\(path(of: name))` is not valid JSON: \(error.line):\(error.column): \(error.message)")
        }
    }

    /// The path of a test file that may be written: inside the folder, and
    /// not read-only if it is there.
    ///
    /// - Throws: `ConsoleError` when it may not be written.
    func writablePath(of name: String) throws(ConsoleError) -> String {
        let path = path(of: name)
        try checkInside(console.kind(of: path) == nil ? TestPaths.folder(of: path) : path, verb: "update")
        return try replaceable(path)
    }

    /// A file the user named, such as the rules file, if it may be
    /// replaced: nothing is there, or a regular file (after links) that is
    /// not read-only. A folder, a device or a named pipe never is.
    ///
    /// - Throws: `ConsoleError` when it may not be.
    func replaceable(_ path: String) throws(ConsoleError) -> String {
        switch console.kind(of: path) {
        case .directory?:
            throw ConsoleError(message: "cannot update `\(path)`: it is a directory")
        case .symbolicLink?, .other?, .nameNotUTF8?:
            throw ConsoleError(message: "cannot update `\(path)`: it is not a regular file")
        case .regular?, nil:
            break
        }
        guard console.isWritable(path) else {
            throw ConsoleError(message: "cannot update `\(path)`: it is read-only")
        }
        return path
    }

    /// Replaces a file once all of it is written, as every output is.
    func replace(_ path: String, with bytes: [UInt8]) throws(ConsoleError) {
        try console.writeWhole(bytes, to: path)
    }

    /// The path of a test file that may be removed, as `--update` removes
    /// the expectation of the other kind: inside the folder.
    func removablePath(of name: String) throws(ConsoleError) -> String {
        let path = path(of: name)
        try checkInside(path, verb: "remove")
        return path
    }

    /// Refuses a path whose links lead outside the rules file's folder;
    /// `verb` says what was to be done with it.
    private func checkInside(_ path: String, verb: String) throws(ConsoleError) {
        let root = try console.resolvedPath(folder)
        let resolved = try console.resolvedPath(path)
        guard resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw ConsoleError(message: "cannot \(verb) `\(path)`: it leads outside the rules file's folder, to `\(resolved)`")
        }
    }
}
