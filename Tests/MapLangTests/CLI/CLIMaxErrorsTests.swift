import Testing

@testable import MapLang
@testable import MapLangCLI

/// `maplang run --max-errors N` (grammar.md §6.1): a run shows at most N
/// problems with its input, 100 unless told, then says how many more there
/// were before the input's summary or the error that ends it; 0 shows
/// every one. The invalid JSON that ends a document is always shown.
struct CLIMaxErrorsTests {
    static let rules = """
        root Row

        model Row {
          id: Int
        }

        """

    /// `count` NDJSON lines whose `id` is no integer.
    static func badLines(_ count: Int, from first: Int = 0) -> String {
        (first..<first + count).map { #"{"id": "x\#($0)"}"# + "\n" }.joined()
    }

    /// The report of line `number` of `input`, whose `id` is `"x<number - 1>"`.
    static func report(_ input: String, line number: Int, value: Int? = nil) -> String {
        "\(input):\(number): error[type-mismatch]: $.id: expected an integer, found \"x\(value ?? number - 1)\"\n"
            + "  --> r.map:4:3: field `Row.id`\n"
    }

    @Test func aHundredAreShownUnlessToldThenHowManyMore() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--ndjson", "r.map", "in.ndjson"], files: ["r.map": Self.rules, "in.ndjson": Self.badLines(1_234)])
        CLIHarness.expect(
            outcome,
            stderr: (1...100).map { Self.report("in.ndjson", line: $0) }.joined()
                + "in.ndjson: 1134 more problems not shown, past the limit of 100 (`--max-errors N` sets it, `--max-errors 0` shows every one)\n"
                + "in.ndjson: 1234 of 1234 lines rejected, 0 written\n",
            status: 1)
    }

    @Test func zeroShowsEveryOne() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--ndjson", "--max-errors", "0", "r.map", "in.ndjson"],
            files: ["r.map": Self.rules, "in.ndjson": Self.badLines(150)])
        CLIHarness.expect(
            outcome,
            stderr: (1...150).map { Self.report("in.ndjson", line: $0) }.joined() + "in.ndjson: 150 of 150 lines rejected, 0 written\n",
            status: 1)
    }

    @Test func aDocumentsRecordsAreCountedTheSameWay() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--max-errors=1", "r.map", "in.json"],
            files: ["r.map": Self.rules, "in.json": #"[{"id": 1}, {"id": "a"}, {"id": true}, {"id": 4}]"#])
        CLIHarness.expect(
            outcome, stdout: #"[{"id":1},{"id":4}]"# + "\n",
            stderr: """
                in.json: error[type-mismatch]: $[1].id: expected an integer, found "a"
                  --> r.map:4:3: field `Row.id`
                in.json: 1 more problem not shown, past the limit of 1 (`--max-errors N` sets it, `--max-errors 0` shows every one)
                in.json: 2 of 4 records failed with 2 errors

                """, status: 1)
    }

    @Test func theLimitSpansTheRunAndEachInputSaysWhatItLeftOut() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--ndjson", "--max-errors", "2", "r.map", "a.ndjson", "b.ndjson"],
            files: ["r.map": Self.rules, "a.ndjson": Self.badLines(3), "b.ndjson": Self.badLines(2)])
        let note = ", past the limit of 2 (`--max-errors N` sets it, `--max-errors 0` shows every one)\n"
        CLIHarness.expect(
            outcome,
            stderr: Self.report("a.ndjson", line: 1) + Self.report("a.ndjson", line: 2)
                + "a.ndjson: 1 more problem not shown" + note
                + "a.ndjson: 3 of 3 lines rejected, 0 written\n"
                + "b.ndjson: 2 more problems not shown" + note
                + "b.ndjson: 2 of 2 lines rejected, 0 written\n",
            status: 1)
    }

    @Test func invalidJSONAndEmptyLinesAreProblemsToo() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--ndjson", "--max-errors", "1", "r.map", "in.ndjson"],
            files: ["r.map": Self.rules, "in.ndjson": "\n{\n{\"id\": 3}\n"])
        CLIHarness.expect(
            outcome, stdout: #"{"id":3}"# + "\n",
            stderr: """
                in.ndjson:1: error[ndjson-empty-line]: the line is empty
                in.ndjson: 1 more problem not shown, past the limit of 1 (`--max-errors N` sets it, `--max-errors 0` shows every one)
                in.ndjson: 2 of 3 lines rejected, 1 written

                """, status: 1)
    }

    @Test func withJSONErrorsTheNoteIsAnObjectBeforeTheSummary() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--ndjson", "--max-errors", "1", "--error-format", "json", "r.map", "in.ndjson"],
            files: ["r.map": Self.rules, "in.ndjson": Self.badLines(3)])
        CLIHarness.expect(
            outcome,
            stderr: #"""
                {"type":"mapping","input":"in.ndjson","record":1,"path":"$.id","model":"Row","field":"id","code":"type-mismatch","message":"expected an integer, found \"x0\"","rule":"field `Row.id`","ruleFile":"r.map","ruleLine":4,"ruleColumn":3}
                {"type":"not-shown","input":"in.ndjson","count":2,"limit":1}
                {"type":"summary","input":"in.ndjson","records":3,"written":0,"failed":3,"errors":3,"warnings":0}

                """#, status: 1)
    }

    @Test func anInputThatStopsMidWaySaysWhatItLeftOutBeforeItsError() {
        // The lines are mapped as they come; the bytes after the gzip data stop the input.
        let compressed = Gzip.compress(Array(Self.badLines(3).utf8)) + Array("trailing".utf8)
        let console = MemoryConsole(directory: CLIHarness.nowhere, files: ["r.map": Array(Self.rules.utf8), "in.gz": compressed])
        let status = CommandLineTool(console: console).run(["run", "--ndjson", "--max-errors", "1", "r.map", "in.gz"])
        #expect(status == 66)
        #expect(
            console.error
                == Self.report("in.gz", line: 1)
                + "in.gz: 2 more problems not shown, past the limit of 1 (`--max-errors N` sets it, `--max-errors 0` shows every one)\n"
                + "maplang: error: cannot read `in.gz`: bytes that are not gzip data follow the compressed data, at byte \(compressed.count - 8) of the file\n"
                + "in.gz: 3 of 3 lines rejected, 0 written\n"
        )
    }

    @Test func theInvalidJSONThatEndsADocumentIsShownPastTheLimit() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--max-errors", "1", "r.map", "a.json", "b.json"],
            files: ["r.map": Self.rules, "a.json": #"[{"id": "a"}, {"id": "b"}]"#, "b.json": #"[{"id": 1} {"id": 2}]"#])
        CLIHarness.expect(
            outcome, stdout: "[]\n" + #"[{"id":1}]"# + "\n",
            stderr: """
                a.json: error[type-mismatch]: $[0].id: expected an integer, found "a"
                  --> r.map:4:3: field `Row.id`
                a.json: 1 more problem not shown, past the limit of 1 (`--max-errors N` sets it, `--max-errors 0` shows every one)
                a.json: 2 of 2 records failed with 2 errors
                b.json:1:12: error[json-unexpected-token]: expected `,` or `]` after an array element, found `{`
                  |
                1 | [{"id": 1} {"id": 2}]
                  |            ^

                """, status: 2)
    }

    @Test func aDocumentThatStopsMidWaySaysWhatItLeftOutBeforeItsError() {
        let compressed = Gzip.compress(Array(#"[{"id": "a"}, {"id": "b"}, {"id": "c"}]"#.utf8)) + Array("trailing".utf8)
        let console = MemoryConsole(directory: CLIHarness.nowhere, files: ["r.map": Array(Self.rules.utf8), "in.gz": compressed])
        let status = CommandLineTool(console: console).run(["run", "--max-errors", "1", "r.map", "in.gz"])
        #expect(status == 66)
        #expect(
            console.error
                == "in.gz: error[type-mismatch]: $[0].id: expected an integer, found \"a\"\n  --> r.map:4:3: field `Row.id`\n"
                + "in.gz: 2 more problems not shown, past the limit of 1 (`--max-errors N` sets it, `--max-errors 0` shows every one)\n"
                + "maplang: error: cannot read `in.gz`: bytes that are not gzip data follow the compressed data, at byte \(compressed.count - 8) of the file\n"
                + "in.gz: 3 of 3 records failed with 3 errors\n"
        )
    }

    @Test(arguments: ["-1", "many", "1.5", ""])
    func aValueThatIsNoCountIsAUsageError(value: String) {
        let (outcome, _) = CLIHarness.run(
            ["run", "--max-errors=\(value)", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": "[]"])
        CLIHarness.expect(
            outcome, stderr: "maplang: error: `--max-errors` takes a number of problems to show, 0 for all, not `\(value)`\n",
            status: 64)
    }
}
