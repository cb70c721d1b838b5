#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MapLangCLI
import Testing

/// `maplang gen swift NAME.map` for every `examples/NAME/`, through the
/// command-line tool, against `expected.swift` beside it: the generated
/// code is deterministic and stable. `MAPLANG_UPDATE=1 swift test` rewrites
/// the files, and still fails, so a review of the diff is never skipped.
/// (`scripts/check-consumer.sh` compiles them and round-trips each
/// example through them.)
struct GoldenSwiftGenerationTests {
    @Test(arguments: ExampleFolders.names)
    func example(_ name: String) throws {
        let directory = "\(ExampleFolders.root)/\(name)"
        let console = MemoryConsole(directory: directory)
        let status = CommandLineTool(console: console).run(["gen", "swift", "\(name).map"])
        if ProcessInfo.processInfo.environment["MAPLANG_UPDATE"] == "1" {
            try TestFiles.write(console.outputText, to: directory + "/expected.swift")
            Issue.record("MAPLANG_UPDATE=1: rewrote `\(name)/expected.swift`; review the diff and run again")
        }
        #expect(status == 0)
        #expect(console.error == "")
        #expect(console.outputText == (try TestFiles.text(directory + "/expected.swift")))
    }

    /// Two runs give the same text.
    @Test func outputIsStable() throws {
        let directory = "\(ExampleFolders.root)/github-events"
        let texts = (0..<2).map { _ in
            let console = MemoryConsole(directory: directory)
            _ = CommandLineTool(console: console).run(["gen", "swift", "github-events.map", "--access", "public"])
            return console.outputText
        }
        #expect(texts[0] == texts[1])
        #expect(texts[0].contains("public indirect enum GitHubEvent"))
    }
}
