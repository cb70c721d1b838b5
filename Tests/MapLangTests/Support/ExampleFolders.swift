/// The folders of `examples/`, listed exactly: every entry is an example,
/// and a test fails when one cannot be read or lacks a file, rather than
/// the example quietly dropping out of the tests that read them.
enum ExampleFolders {
    /// `examples/`.
    static let root = TestFiles.packageRoot + "/examples"

    /// Every entry of `examples/`, sorted; empty when the folder cannot be
    /// listed, which `everyExampleIsComplete` reports.
    static let names: [String] = ((try? TestFiles.list(root)) ?? []).sorted()

    /// The files every example holds: its rules, its input and the output expected.
    static func requiredFiles(of name: String) -> [String] {
        ["\(name).map", "input.json", "expected.json", "expected.swift"]
    }
}
