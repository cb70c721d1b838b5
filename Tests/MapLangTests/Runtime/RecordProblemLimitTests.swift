import Testing

@testable import MapLang
@testable import MapLangCLI

/// One record keeps at most 10,000 errors and 10,000 warnings and counts
/// the rest (grammar.md 6.1), so its memory follows its input, not its
/// problems: the list ends with one `problems-not-kept` that says how many
/// more there were, the summary counts them all, and `--max-errors` counts
/// them as left out.
struct RecordProblemLimitTests {
    static let limit = MappingContext.keptLimit

    /// `{"xs": [...]}` with `bad` strings where integers belong, each element of `shape`.
    static func input(bad: Int, shape: String = #""a""#) -> String {
        #"{"xs": ["# + Array(repeating: shape, count: bad).joined(separator: ",") + "]}"
    }

    @Test func errorsPastTheLimitAreCountedInOneLastProblem() throws {
        let record = try RulesTestSupport.map("model R {\n  xs: [Int]\n}\n", Self.input(bad: Self.limit + 5))
        #expect(record.errors.count == Self.limit + 1)
        #expect(record.errors[Self.limit - 1].path.description == "$.xs[9999]")
        let last = try #require(record.errors.last)
        #expect(last.problem == .problemsNotKept(count: 5, limit: Self.limit, first: "type-mismatch"))
        #expect(!last.problem.isWarning)
        #expect(RulesTestSupport.line(last)
            == "$ R.xs: 5 more errors in this record, the first `type-mismatch`, counted but not kept past the first 10,000 @2:3")
        // At the limit exactly, nothing is left out.
        #expect(try RulesTestSupport.map("model R {\n  xs: [Int]\n}\n", Self.input(bad: Self.limit)).errors.count == Self.limit)
    }

    @Test func dropsPastTheLimitAreOneWarningAndTheRecordStillMaps() throws {
        let record = try RulesTestSupport.map("model R {\n  xs: [Int] lossy\n}\n", Self.input(bad: Self.limit + 1))
        #expect(record.errors.isEmpty)
        #expect(RulesTestSupport.json(record.value) == #"{"xs":[]}"#)
        #expect(record.drops.count == Self.limit + 1)
        #expect(record.drops.last?.problem == .problemsNotKept(count: 1, limit: Self.limit, first: "dropped-element"))
        #expect(record.drops.last?.problem.isWarning == true)
    }

    /// An element whose own errors pass the limit is dropped whole: what it
    /// counted goes with it, and the record keeps no error.
    @Test func aDroppedElementTakesItsUncountedErrorsWithIt() throws {
        let rules = "model R {\n  xs: [[Int]] lossy\n}\n"
        let inner = "[" + Array(repeating: #""a""#, count: Self.limit + 3).joined(separator: ",") + "]"
        let record = try RulesTestSupport.map(rules, #"{"xs": ["# + inner + ", [1]]}")
        #expect(record.errors.isEmpty)
        #expect(RulesTestSupport.json(record.value) == #"{"xs":[[1]]}"#)
        #expect(record.drops.count == 1)
        guard case .droppedElement(let reasons)? = record.drops.first?.problem else {
            Issue.record("not a drop")
            return
        }
        #expect(reasons.count == Self.limit)
    }

    @Test func theRunCountsEveryProblemAndTheLimitOfShownOnesTheOthers() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--max-errors", "2", "r.map", "in.json"],
            files: ["r.map": "model R {\n  xs: [Int]\n}\n", "in.json": Self.input(bad: Self.limit + 40)])
        let report = { (index: Int) in
            "in.json: error[type-mismatch]: $.xs[\(index)]: expected an integer, found \"a\"\n  --> r.map:2:3: field `R.xs`\n"
        }
        CLIHarness.expect(
            outcome,
            stderr: report(0) + report(1)
                + "in.json: 10038 more problems not shown, past the limit of 2 (`--max-errors N` sets it, `--max-errors 0` shows every one)\n"
                + "in.json: 1 of 1 record failed with 10040 errors\n",
            status: 1)
    }

    /// Warnings past the limit are counted by their kind, so the summary
    /// tells drops from coercions however many there are.
    @Test func dropsAndCoercionsPastTheLimitAreCountedApart() {
        let input = #"{"xs": ["# + Array(repeating: #""1""#, count: Self.limit + 5).joined(separator: ",") + #"], "ys": ["#
            + Array(repeating: #""a""#, count: Self.limit + 3).joined(separator: ",") + "]}"
        let (outcome, _) = CLIHarness.run(
            ["run", "--warn-coercions", "--max-errors", "1", "r.map", "in.json"],
            files: ["r.map": "model R {\n  xs: [Int]\n  ys: [Int] lossy\n}\n", "in.json": input])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.hasSuffix("in.json: 1 record mapped; 10003 elements dropped; 10005 values coerced\n"), "\(outcome.stderr.suffix(300))")
    }
}
