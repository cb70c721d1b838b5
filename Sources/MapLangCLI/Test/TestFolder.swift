/// A folder of `tests/` beside a rules file: `input.json`, and the
/// expected output in `expected.json` or the expected errors in
/// `expected.errors`.
///
/// `tests/` belongs to the only rules file of its folder, so a folder with
/// several rules files may not have one. Its folders are taken in the
/// order of their names' bytes, those that start with `.` left out, at
/// most `TestFolder.limit` of them; files in `tests/` itself are left out.
struct TestFolder: Equatable {
    /// The most test folders one rules file may have.
    static let limit = 10_000

    /// The folder's path from the rules file's folder: `tests/NAME`.
    let name: String
    /// Whether it holds `input.json`.
    let hasInput: Bool
    /// The expectations it holds, of `expected.json` and `expected.errors`.
    let expectations: [String]
    /// Whether its name is not UTF-8, so it cannot be opened by the text
    /// it would be read as: reported in its place, not left out unsaid.
    var nameNotUTF8 = false

    /// Why the folder is no test to run: a name that is not UTF-8, no
    /// `input.json`, or not one expectation; with `--update`, which writes
    /// the one mapping gives, not the last.
    func problem(updating: Bool) -> String? {
        if nameNotUTF8 { return "its name is not UTF-8, which MapLang cannot open; rename it" }
        if !hasInput { return "it has no `input.json`" }
        guard expectations.count != 1, !updating else { return nil }
        return expectations.isEmpty
            ? "it has neither `\(Self.expectedOutput)` nor `\(Self.expectedErrors)`; `maplang test --update` writes the one mapping gives"
            : "it has both `\(Self.expectedOutput)` and `\(Self.expectedErrors)`; keep the one mapping gives"
    }

    /// `expected.json`.
    static let expectedOutput = "expected.json"
    /// `expected.errors`.
    static let expectedErrors = "expected.errors"

    /// The test folders of the rules file at `rulesPath`.
    ///
    /// - Throws: `ConsoleError` when `tests/` is beside several rules files,
    ///   holds too many folders, or cannot be read.
    static func folders(besides rulesPath: String, console: any Console) throws(ConsoleError) -> [TestFolder] {
        let folder = TestPaths.folder(of: rulesPath)
        let tests = TestPaths.join(folder, "tests")
        guard console.kind(of: tests) == .directory else { return [] }
        let rulesFiles = try console.entries(of: folder).filter {
            $0.name.hasSuffix(".map") && ($0.kind == .regular || $0.kind == .symbolicLink)
        }
        guard rulesFiles.count == 1 else {
            throw ConsoleError(
                message: "`\(tests)` is beside \(rulesFiles.count) rules files, and folder tests belong to a folder's only one; "
                    + "move each rules file and its tests into a folder of its own")
        }
        let entries = try console.entries(of: tests).filter {
            ($0.kind == .directory || $0.kind == .nameNotUTF8) && !$0.name.hasPrefix(".")
        }
        guard entries.count <= limit else {
            throw ConsoleError(message: "`\(tests)` holds \(entries.count) folders; a rules file may have at most \(limit) folder tests")
        }
        var folders: [TestFolder] = []
        for entry in entries {
            let name = entry.name
            guard entry.kind == .directory else {
                folders.append(TestFolder(name: "tests/" + name, hasInput: false, expectations: [], nameNotUTF8: true))
                continue
            }
            let files = Set(try console.entries(of: TestPaths.join(tests, name)).map(\.name))
            folders.append(
                TestFolder(
                    name: "tests/" + name, hasInput: files.contains("input.json"),
                    expectations: [expectedOutput, expectedErrors].filter(files.contains)))
        }
        return folders
    }
}
