import MapLangCLI
import Testing

/// `maplang test examples`, through the command line's own code: every
/// example has tests, `test` blocks or folders of `tests/`, and they all pass.
struct ExampleTestRunTests {
    @Test func everyExamplesTestsPass() {
        let console = MemoryConsole(directory: TestFiles.packageRoot)
        let status = CommandLineTool(console: console).run(["test", "examples"])
        #expect(console.error == "")
        #expect(status == 0)
        let lines = console.outputText.split(separator: "\n").map(String.init)
        let results = lines.dropLast()
        #expect(results.allSatisfy { $0.hasPrefix("pass examples/") }, "\(console.outputText)")
        #expect(lines.last == "\(results.count) passed, 0 failed")
        for name in ExampleFolders.names + ExampleFolders.packages.sorted() {
            #expect(results.contains { $0.hasPrefix("pass examples/\(name)/") }, "examples/\(name) has no test")
        }
    }

    /// The examples whose records fail on purpose have tests that expect those errors.
    @Test(arguments: ["errors", "support-tickets", "unknown-keys"])
    func failingExamplesExpectTheirErrors(_ name: String) {
        let console = MemoryConsole(directory: TestFiles.packageRoot)
        let status = CommandLineTool(console: console).run(["test", "--error-format", "json", "examples/\(name)"])
        #expect(status == 0)
        #expect(console.outputText.contains(#""result":"pass""#))
        let expectingErrors = try? TestFiles.text(TestFiles.packageRoot + "/examples/\(name)/\(name).map")
        let folders = (try? TestFiles.list(TestFiles.packageRoot + "/examples/\(name)/tests")) ?? []
        let errorFiles = folders.filter { TestFiles.exists(TestFiles.packageRoot + "/examples/\(name)/tests/\($0)/expected.errors") }
        #expect(expectingErrors?.contains("  errors {\n") == true || !errorFiles.isEmpty, "\(name) expects no error")
    }
}
