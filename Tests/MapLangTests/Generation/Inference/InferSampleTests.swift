#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

/// `maplang infer` on real samples, through the command line: the rules it
/// writes are laid out as `maplang fmt` lays them out, `maplang check`
/// finds nothing in them, and `maplang run` maps the sample with them
/// without an error; for a few samples, they are exactly those in `Golden/`
/// (`MAPLANG_UPDATE=1` writes them anew).
struct InferSampleTests {
    /// Every example's input.
    static let examples = ExampleFolders.names

    /// The corpus files inferred from, relative to the corpus.
    static func corpusFiles(in corpus: String) throws -> [String] {
        var files = ["bench/twitter.json", "bench/citm_catalog.json", "bench/github_events.json"]
        for folder in ["github", "yymodel", "jsonmodel"] {
            files += try TestFiles.list(corpus + "/" + folder).filter { $0.hasSuffix(".json") }.map { folder + "/" + $0 }
        }
        return files
    }

    /// Infers rules from a sample and checks the three properties; the rules.
    @discardableResult
    func inferAndCheck(_ path: String, ndjson: Bool = false, root: String? = nil) throws -> String {
        let sample = try TestFiles.text(path)
        let options = (ndjson ? ["--ndjson"] : []) + (root.map { ["--root", $0] } ?? [])
        let inferred = CLIHarness.run(["infer", "sample.json"] + options, files: ["sample.json": sample]).outcome
        #expect(inferred.status == 0 && inferred.stderr == "", "\(path): \(inferred.stderr)")
        let files = ["sample.json": sample, "rules.map": inferred.stdout]
        let formatted = CLIHarness.run(["fmt", "rules.map", "--check"], files: files).outcome
        #expect(formatted.status == 0 && formatted.stderr == "", "\(path): not as `fmt` lays it out")
        let checked = CLIHarness.run(["check", "rules.map"], files: files).outcome
        #expect(checked.status == 0 && checked.stderr.hasPrefix("rules.map: ok, "), "\(path): \(checked.stderr)")
        let mapped = CLIHarness.run(["run", "rules.map", "sample.json"] + (ndjson ? ["--ndjson"] : []), files: files).outcome
        #expect(mapped.status == 0 && mapped.stderr == "", "\(path): \(mapped.stderr.prefix(2_000))")
        return inferred.stdout
    }

    /// Every JSON file of every example: its input, and its expected
    /// output where any record was written.
    @Test(arguments: examples) func everyExampleFile(_ name: String) throws {
        let folder = ExampleFolders.root + "/" + name
        let arguments = (try? TestFiles.text(folder + "/args")) ?? ""
        try inferAndCheck(folder + "/input.json", ndjson: arguments.contains("--ndjson"))
        let expected = try TestFiles.text(folder + "/expected.json")
        if expected.contains("{"), !arguments.contains("--ndjson") { try inferAndCheck(folder + "/expected.json") }
    }

    @Test(.enabled(if: TestFiles.corpus != nil, Testing.Comment(rawValue: TestFiles.corpusMissing)))
    func everyCorpusSample() throws {
        let corpus = try #require(TestFiles.corpus)
        let files = try Self.corpusFiles(in: corpus)
        #expect(files.count >= 20)
        for file in files { try inferAndCheck(corpus + "/" + file) }
    }

    /// The samples whose rules are kept, by golden file: the path, and whether it is in the corpus.
    static let golden: [(name: String, path: String, inCorpus: Bool, root: String?)] = [
        ("book", "examples/book/input.json", false, "Book"),
        ("github", "examples/github/input.json", false, "Issue"),
        ("github-events", "bench/github_events.json", true, "Event"),
        ("citm-catalog", "bench/citm_catalog.json", true, "Catalog"),
    ]

    @Test func goldenRules() throws {
        for sample in Self.golden {
            guard let base = sample.inCorpus ? TestFiles.corpus : TestFiles.packageRoot else { continue }
            let rules = try inferAndCheck(base + "/" + sample.path, root: sample.root)
            let path = TestFiles.packageRoot + "/Tests/MapLangTests/Generation/Inference/Golden/\(sample.name).map"
            if ProcessInfo.processInfo.environment["MAPLANG_UPDATE"] == "1" { try TestFiles.write(rules, to: path) }
            #expect(rules == (try TestFiles.text(path)), "\(sample.name)")
        }
    }
}
