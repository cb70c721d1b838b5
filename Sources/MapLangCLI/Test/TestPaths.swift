/// Paths as `maplang test` names them: joined with one `/`, and with no
/// `./` in front of what is found in the current folder.
enum TestPaths {
    /// `name` inside `folder`.
    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder a path is in: `.` for a bare name.
    static func folder(of path: String) -> String {
        let folder = OutputFile.directory(of: path)
        return folder.isEmpty ? "." : folder
    }
}
