/// The folders of `examples/`, listed exactly: every entry is an example,
/// and a test fails when one cannot be read or lacks a file, rather than
/// the example quietly dropping out of the tests that read them.
enum ExampleFolders {
    /// `examples/`.
    static let root = TestFiles.packageRoot + "/examples"

    /// Every entry of `examples/` but the package examples, sorted; empty
    /// when the folder cannot be listed, which `everyExampleIsComplete` reports.
    static let names: [String] = ((try? TestFiles.list(root)) ?? []).filter { !packages.contains($0) }.sorted()

    /// The examples that are packages of their own, whose rules are in a
    /// target's folder: `.ci/run` builds and runs each, and compares its
    /// output with `expected.txt`.
    static let packages: Set<String> = ["plugin"]

    /// The files every package example holds.
    static let packageFiles = ["Package.swift", "input.json", "expected.txt"]

    /// The files every example holds: its rules, its input and the output expected.
    static func requiredFiles(of name: String) -> [String] {
        ["\(name).map", "input.json", "expected.json", "expected.swift"]
    }
}
