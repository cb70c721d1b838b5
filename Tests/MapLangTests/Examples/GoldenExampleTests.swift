#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MapLangCLI
import Testing

/// Runs every `examples/NAME/` through the command-line tool, exactly as
/// `maplang run NAME.map input.json [args]` would, and compares standard
/// output, standard error and the exit status with the files beside them.
///
/// An example holds `NAME.map`, `input.json`, `expected.json` (standard
/// output), and optionally `args` (extra arguments, one line),
/// `expected.stderr` (absent means nothing is printed there) and
/// `expected.status` (absent means 0). `MAPLANG_UPDATE=1 swift test` rewrites
/// the expected files from the actual output, and still fails, so a review
/// of the diff is never skipped.
struct GoldenExampleTests {
    static let examplesDirectory = ExampleFolders.root

    /// Every folder of `examples/`, each an example.
    static let examples = ExampleFolders.names

    /// `examples/` can be listed, and every folder in it holds the files of an example.
    @Test func everyExampleIsComplete() throws {
        let listed = try TestFiles.list(ExampleFolders.root)
        #expect(!listed.isEmpty)
        for name in ExampleFolders.packages {
            for file in ExampleFolders.packageFiles {
                #expect(TestFiles.exists("\(ExampleFolders.root)/\(name)/\(file)"), "examples/\(name) has no \(file)")
            }
        }
        for name in listed where !ExampleFolders.packages.contains(name) {
            for file in ExampleFolders.requiredFiles(of: name) {
                #expect(TestFiles.exists("\(ExampleFolders.root)/\(name)/\(file)"), "examples/\(name) has no \(file)")
            }
        }
    }

    @Test(arguments: examples)
    func example(_ name: String) throws {
        let directory = "\(Self.examplesDirectory)/\(name)"
        let extra = (try? TestFiles.text(directory + "/args"))?.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
        let console = MemoryConsole(directory: directory)
        let status = CommandLineTool(console: console).run(["run", "\(name).map", "input.json"] + extra)
        if ProcessInfo.processInfo.environment["MAPLANG_UPDATE"] == "1" {
            try TestFiles.write(console.outputText, to: directory + "/expected.json")
            if console.error.isEmpty {
                try? FileManager.default.removeItem(atPath: directory + "/expected.stderr")
            } else {
                try TestFiles.write(console.error, to: directory + "/expected.stderr")
            }
            if status == 0 {
                try? FileManager.default.removeItem(atPath: directory + "/expected.status")
            } else {
                try TestFiles.write("\(status)\n", to: directory + "/expected.status")
            }
            Issue.record("MAPLANG_UPDATE=1: rewrote the expected files of `\(name)`; review the diff and run again")
        }
        let expectedOutput = try TestFiles.text(directory + "/expected.json")
        let expectedError = (try? TestFiles.text(directory + "/expected.stderr")) ?? ""
        let expectedStatus = (try? TestFiles.text(directory + "/expected.status"))
            .flatMap { Int32($0.filter { !$0.isWhitespace }) } ?? 0
        #expect(console.outputText == expectedOutput)
        #expect(console.error == expectedError)
        #expect(status == expectedStatus)
    }
}
