import Testing

/// Keys are compared by their bytes, for lookup and for the keys a model
/// mentions alike: `é` composed (U+00E9) in the rules and decomposed (`e`
/// and U+0301) in the input are two keys. So the decomposed one is unknown:
/// `unknown reject` reports it, `unknown keep` keeps it, and nothing is lost
/// in between, on every path (one document, an array, NDJSON, --jobs).
struct KeyNormalizationTests {
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"

    static func rules(_ policy: String) -> String {
        """
        root R
        model R {
          unknown \(policy)
          id: Int
          accent: Int? from "\(composed)"
          extras: [String: JSON]?
        }

        """
    }

    /// A record whose accented key is written decomposed.
    static let record = #"{"id": 1, "\#(decomposed)": 2}"#

    struct Case: CustomTestStringConvertible, Sendable {
        let description: String
        let arguments: [String]
        let input: String
        var testDescription: String { description }
    }

    static let shapes: [Case] = [
        Case(description: "a document", arguments: [], input: record),
        Case(description: "an array", arguments: [], input: "[" + record + "]"),
        Case(description: "NDJSON", arguments: ["--ndjson"], input: record + "\n"),
        Case(description: "NDJSON on two threads", arguments: ["--ndjson", "--jobs", "2"], input: record + "\n"),
    ]

    @Test(arguments: shapes)
    func rejectReportsTheDecomposedKey(_ shape: Case) {
        let (result, _) = CLIHarness.run(
            ["run", "r.map", "in.json"] + shape.arguments, files: ["r.map": Self.rules("reject"), "in.json": shape.input])
        #expect(result.status == 1)
        #expect(result.stderr.contains("`R` does not take the key \"\(Self.decomposed)\""), "\(result.stderr)")
    }

    @Test(arguments: shapes)
    func keepKeepsTheDecomposedKey(_ shape: Case) {
        let (result, _) = CLIHarness.run(
            ["run", "r.map", "in.json"] + shape.arguments, files: ["r.map": Self.rules("keep extras"), "in.json": shape.input])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""accent":null,"extras":{"\#(Self.decomposed)":2}"#), "\(result.stdout)")
    }

    /// The same key written the same way is read.
    @Test func theComposedKeyIsRead() {
        let (result, _) = CLIHarness.run(
            ["run", "r.map", "in.json"], files: ["r.map": Self.rules("reject"), "in.json": #"{"id": 1, "\#(Self.composed)": 2}"#])
        CLIHarness.expect(result, stdout: #"{"id":1,"accent":2,"extras":null}"# + "\n", status: 0)
    }
}
