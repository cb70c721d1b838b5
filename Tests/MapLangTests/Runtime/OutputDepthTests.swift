#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLang
@testable import MapLangCLI

/// What `run` writes, `run --reverse` reads: a record whose output would
/// nest deeper than the JSON reader reads (a `json` stage's deep body,
/// `oneOrMany` or `from $` adding levels the input does not have) fails
/// with `output-too-deep`, in both engines, instead of being written.
struct OutputDepthTests {
    static let parsed = "model A {\n  body: JSON from s using json\n}\n"

    /// `{"s": "[[…]]"}`, the string holding arrays `depth` deep.
    static func document(_ depth: Int) -> String {
        #"{"s": ""# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + #""}"#
    }

    @Test func aParsedBodyPastTheReadersDepthFailsTheRecord() throws {
        let rules = try RulesTestSupport.rules(Self.parsed)
        // The record's object and 511 arrays: 512, as deep as the reader reads.
        #expect(throws: Never.self) { try rules.mapJSON(Array(Self.document(511).utf8)) }
        let record = try RulesTestSupport.map(Self.parsed, Self.document(512))
        #expect(record.errors.map(RulesTestSupport.line) == [
            "$ A: the record's output would nest arrays and objects more than 512 deep, deeper than MapLang reads JSON back @1:7"
        ])
        #expect(record.errors.map(\.problem.code) == ["output-too-deep"])
    }

    /// In a top-level array the array is one level more: the record may nest one less.
    @Test func aRecordInAnArrayMayNestOneLess() throws {
        let rules = try RulesTestSupport.rules(Self.parsed)
        let written = try rules.mapJSON(Array(("[" + Self.document(510) + "]").utf8))
        // What was written reads back, and maps back.
        let read = try JSONReader.parse(written)
        #expect(try rules.reverse(read.mappedValue).jsonText().hasPrefix(#"[{"s":"[[["#))
        #expect {
            try rules.mapJSON(Array(("[" + Self.document(511) + "]").utf8))
        } throws: { error in
            (error as? MappingFailure)?.errors.map { "\($0.path) \($0.problem.code)" } == ["$[0] output-too-deep"]
        }
    }

    /// `oneOrMany` turns a single value into an array of one: an object 511
    /// deep in a record is 513 levels once mapped, one too many; 510 maps.
    /// Through the real executable, whose main thread has the stack a value
    /// that deep takes to build in a debug build.
    @Test func aLevelAddedByOneOrManyIsCounted() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("model A {\n  xs: [JSON] oneOrMany\n}\n".utf8).write(to: URL(fileURLWithPath: directory + "/r.map"))
        let nested = { (levels: Int) in
            #"{"xs": "# + String(repeating: #"{"a": "#, count: levels) + "1" + String(repeating: "}", count: levels) + "}"
        }
        try Data((nested(510) + "\n" + nested(511) + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/in.ndjson"))
        let result = try CLIBinary.run(["run", "--ndjson", "--error-format", "json", "r.map", "in.ndjson"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix(#"{"xs":[{"a":{"a":"#))
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(#""record":2,"path":"$","model":"A","field":null,"code":"output-too-deep""#), "\(result.stderr)")
    }

    /// Through the real executable, whose main thread has the stack a
    /// 512-deep value takes to build in a debug build.
    @Test func theCommandLineReportsIt() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(Self.parsed.utf8).write(to: URL(fileURLWithPath: directory + "/r.map"))
        try Data(Self.document(512).utf8).write(to: URL(fileURLWithPath: directory + "/in.json"))
        let result = try CLIBinary.run(["run", "r.map", "in.json"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "in.json: error[output-too-deep]: $: the record's output would nest arrays and objects more than 512 deep, deeper than MapLang reads JSON back\n"
                + "  --> r.map:1:7: model `A`\n" + "in.json: 1 of 1 record failed with 1 error\n")
    }

    /// The tool runs on a stack of its own, whatever the calling thread's:
    /// a record of a model nested in itself as deep as the reader reads maps
    /// in the test's own process, whose threads have small stacks.
    @Test func aRecursiveRecordAsDeepAsTheReaderReadsMapsOnAnyThread() {
        let chain = String(repeating: #"{"next": "#, count: 511) + "null" + String(repeating: "}", count: 511)
        let (outcome, _) = CLIHarness.run(["run", "r.map", "in.json"], files: ["r.map": "model N {\n  next: N?\n}\n", "in.json": chain])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == chain.replacingOccurrences(of: " ", with: "") + "\n")
    }
}
