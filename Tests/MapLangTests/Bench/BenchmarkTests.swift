import Foundation
import MapLang
@testable import MapLangBench
import Testing

/// The benchmark's parts that decide whether its figures mean anything: the
/// data is the same every time, and both sides do the same work.
struct BenchmarkTests {
    static func job() throws -> MapLangJob {
        let path = TestFiles.packageRoot + "/examples/issues-bench/issues-bench.map"
        return try MapLangJob(rulesText: try TestFiles.text(path), name: "issues-bench.map")
    }

    @Test func theGeneratedDataIsTheSameEveryTimeAndValidJSON() throws {
        var first = IssueGenerator()
        var second = IssueGenerator()
        let bytes = first.document(bytes: 50_000)
        #expect(bytes == second.document(bytes: 50_000))
        #expect(bytes.count >= 50_000 && bytes.count < 52_000)
        guard case .array(let issues) = try JSONReader.parse(bytes) else {
            Issue.record("not an array")
            return
        }
        #expect(issues.count > 30)
    }

    @Test func mapLangAndJSONDecoderGiveTheSameData() throws {
        var generator = IssueGenerator()
        let bytes = generator.document(bytes: 200_000)
        let ours = try Self.job().run(bytes)
        let theirs = try DecodableIssues.run(Data(bytes))
        #expect(ours.failed == 0)
        #expect(SameData.difference(ours.output, [UInt8](theirs)) == nil)
    }

    @Test func theSameDataCheckFindsDifferences() {
        func difference(_ a: String, _ b: String) -> String? { SameData.difference(Array(a.utf8), Array(b.utf8)) }
        #expect(difference(#"{"a": 1, "b": [1.0, "2024-01-01T00:00:00Z"]}"#, #"{"b": [1, "2024-01-01T00:00:00.000Z"], "a": 1}"#) == nil)
        #expect(difference(#"{"a": 1}"#, #"{"a": 2}"#) == "$.a: 1 and 2")
        #expect(difference(#"{"a": [1]}"#, #"{"a": [1, 2]}"#) == "$.a: 1 and 2 elements")
        #expect(difference(#"{"a": "x"}"#, #"{"b": "x"}"#) == #"$: keys ["a"] and ["b"]"#)
        #expect(difference(#"["2024-01-01T00:00:00Z"]"#, #"["2024-01-01T00:00:01Z"]"#) == #"$[0]: "2024-01-01T00:00:00Z" and "2024-01-01T00:00:01Z""#)
    }

    /// The yardstick for `--jobs` runs every copy to its end and reports a
    /// copy that failed, so a failing run cannot pass for a fast one.
    @Test func processesRunSideBySideReportAFailure() throws {
        let ok = try Measurement.runProcesses("/bin/sh", ["-c", "exit 0"], copies: 2, output: "/dev/null")
        #expect(ok.status == 0)
        let folder = try Benchmark.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let marks = folder + "/marks"
        let failed = try Measurement.runProcesses(
            "/bin/sh", ["-c", "echo x >> \(marks); exit 3"], copies: 3, output: "/dev/null")
        #expect(failed.status == 3)
        #expect(try String(contentsOfFile: marks, encoding: .utf8) == "x\nx\nx\n")
    }

    #if os(Linux)
    /// A peak is read only from a process running the program named, so a
    /// child not yet past `exec`, which shares the benchmark's memory, is
    /// not taken for it. Only Linux has `/proc`, where the peak is read.
    @Test func peakMemoryIsReadOnlyFromTheProgramNamed() throws {
        let me = String(getpid())
        let name = try String(contentsOfFile: "/proc/self/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect((Measurement.peakMemory(of: me, named: name) ?? 0) > 0)
        #expect(Measurement.peakMemory(of: me, named: "not-" + name) == nil)
    }
    #endif

    @Test func theTableHasOneLinePerRow() {
        let rows = [
            BenchRow(job: "a", bytes: 2_000_000, seconds: 0.5, ratio: 1, peakBytes: 30_000_000),
            BenchRow(job: "b", bytes: 2_000_000, seconds: 0.1, ratio: 5, peakBytes: nil),
        ]
        #expect(
            Report.table(rows) == """
                | job | input | time | MB/s | vs JSONDecoder | peak memory |
                |---|---:|---:|---:|---:|---:|
                | a | 2.0 MB | 500.0 ms | 4.0 | 1.00× | 30.0 MB |
                | b | 2.0 MB | 100.0 ms | 20.0 | 5.00× |  |

                """)
    }
}

/// The growth cases do the work their names say, at any size: the input
/// is valid JSON, records map or fail as meant, and every error is reported.
struct GrowthCaseTests {
    @Test(arguments: GrowthCase.all.map(\.name))
    func eachCaseMapsAsMeant(_ name: String) throws {
        let growth = try #require(GrowthCase.all.first { $0.name == name })
        for units in [3, 40] {
            let job = try MapLangJob(rulesText: growth.rules(units), name: "growth.map")
            let input = growth.input(units)
            _ = try JSONReader.parse(input)
            let result = try job.run(input)
            let errors = growth.errors(units)
            #expect(result.reports.count == errors, "\(result.reports)")
            if errors == 0 { #expect(result.failed == 0 && !result.output.isEmpty) }
        }
    }

    /// The rows name what grew and how the time per unit changed.
    @Test func rowsComeInPairsWithTheRatioOnTheLarger() throws {
        var options = BenchOptions(packageRoot: TestFiles.packageRoot, executable: nil)
        options.runs = 1
        // Small sizes: this checks the rows, not the times.
        let cases = GrowthCase.all.map { growth in
            var small = growth
            small.units = 5
            return small
        }
        let rows = try Benchmark(options: options, log: { _ in }).growthRows(cases)
        #expect(rows.count == 2 * cases.count)
        for (growth, pair) in zip(cases, stride(from: 0, to: rows.count, by: 2).map { rows[$0...$0 + 1] }) {
            #expect(pair.first?.job == "growth: \(growth.units) \(growth.name)")
            let larger = try #require(pair.last?.job)
            #expect(larger.hasPrefix("growth: \(growth.units * 8) \(growth.name): "))
            #expect(larger.hasSuffix("× the time per \(growth.unit) at \(growth.units)"))
        }
    }

    /// Every construct's rules map the generated issues without an error,
    /// and each gets a row against the rules without it.
    @Test func everyConstructHasARow() throws {
        var options = BenchOptions(packageRoot: TestFiles.packageRoot, executable: nil)
        options.runs = 1
        let rows = try Benchmark(options: options, log: { _ in }).constructRows(size: 50_000)
        #expect(rows.map(\.job) == ConstructCase.all.map {
            "construct: \($0.name), issues 50000 bytes (ratio: speed against the rules without it)"
        })
        #expect(rows.allSatisfy { ($0.ratio ?? 0) > 0 })
    }

    /// github.map maps the generated issues without an error, and every
    /// example with rules gets a row on its records repeated.
    @Test func githubAndEveryExampleHaveARow() throws {
        var options = BenchOptions(packageRoot: TestFiles.packageRoot, executable: nil)
        options.runs = 1
        let benchmark = Benchmark(options: options, log: { _ in })
        let github = try benchmark.githubRow(size: 50_000)
        #expect(github.job == "examples/github/github.map, issues 50000 bytes (ratio: speed against issues-bench.map)")
        let rows = try benchmark.exampleRows(size: 50_000)
        let names = ExampleFolders.names.filter {
            FileManager.default.fileExists(atPath: "\(ExampleFolders.root)/\($0)/\($0).map")
        }
        #expect(rows.map { $0.job.split(separator: ",")[0] } == names.map { "example \($0)"[...] })
        #expect(rows.allSatisfy { ($0.ratio ?? 0) > 0 && $0.bytes >= 50_000 })
        #expect(rows.contains { $0.job.contains("records failing as in the example") })
    }

    /// An example's records are repeated in order, whole, past the size asked for.
    @Test func anExamplesRecordsAreRepeated() throws {
        let repeated = try Benchmark.repeatedRecords(of: Array(#"[{"a": 1}, {"b": [2]}]"#.utf8), bytes: 30)
        #expect(String(decoding: repeated, as: UTF8.self) == #"[{"a":1},{"b":[2]},{"a":1},{"b":[2]}]"#)
        let single = try Benchmark.repeatedRecords(of: Array(#"{"a": 1}"#.utf8), bytes: 10)
        #expect(String(decoding: single, as: UTF8.self) == #"[{"a":1},{"a":1}]"#)
        #expect(throws: BenchError.self) { try Benchmark.repeatedRecords(of: Array("[]".utf8), bytes: 10) }
    }

    /// The library's rows check their results against Foundation's first,
    /// and give each its ratio.
    @Test func theLibraryRowsCompareWithFoundation() throws {
        var options = BenchOptions(packageRoot: TestFiles.packageRoot, executable: nil)
        options.runs = 1
        let rows = try Benchmark(options: options, log: { _ in }).libraryRows(size: 50_000)
        #expect(rows.count == 6)
        #expect(rows.allSatisfy { ($0.ratio ?? 0) > 0 })
        #expect(rows[3].job == "library: Rules.decode into plain structs, issues 50000 bytes")
    }

    /// The process `--decode-peak` runs decodes every issue with either
    /// decoder, and fails on a document with none.
    @Test func theDecodePeakProcessDecodesEveryIssue() throws {
        let folder = try Benchmark.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = IssueGenerator()
        let file = folder + "/issues.json"
        try Data(generator.document(bytes: 20_000)).write(to: URL(fileURLWithPath: file))
        for decoder in DecodePeak.allCases {
            try decoder.decode(file: file, packageRoot: TestFiles.packageRoot)
        }
        try Data("[]".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: BenchError.self) { try DecodePeak.rules.decode(file: file, packageRoot: TestFiles.packageRoot) }
        try Data("[{}]".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: DecodingError.self) { try DecodePeak.foundation.decode(file: file, packageRoot: TestFiles.packageRoot) }
    }

    @Test func aConstructWhoseTextIsGoneIsAnError() {
        let gone = ConstructCase(name: "gone", original: "  nothing: Here\n", replacement: "")
        #expect(throws: BenchError.self) { try gone.rules(from: "model A {}\n") }
    }
}
