import Testing

@testable import MapLangCLI

/// `maplang run --explain [--record WHICH] [--explain-to FILE]`: the trace
/// as text or JSON lines, on standard error or in a file, with the run's
/// output and errors unchanged.
struct CLIExplainTests {
    static let rules = """
        root Issue

        model Issue {
          id: Int from id, number
          title: String using trim where nonEmpty
          state: String default "open"
          count: Int
        }

        """

    static let input = """
        [
          {"number": 7, "title": " Bug ", "count": "3"},
          {"id": 8, "title": "  ", "state": null, "count": 1}
        ]
        """

    static let firstTrace = """
        explain: in.json: record $[0] (line 2, column 3) as `Issue`
          `Issue.id` (r.map:4:3)
            key `id`: missing
            key `number`: found 7 at $[0].number, line 2, column 14
            value: 7
          `Issue.title` (r.map:5:3)
            key `title`: found " Bug " at $[0].title, line 2, column 26
            transformer `trim` (r.map:5:23): "Bug"
            rule `nonEmpty` (r.map:5:34): holds
            value: "Bug"
          `Issue.state` (r.map:6:3)
            key `state`: missing
            default used, as no key is present: "open"
            value: "open"
          `Issue.count` (r.map:7:3)
            key `count`: found "3" at $[0].count, line 2, column 44
            coerced to Int: 3
            value: 3
          result: mapped


        """

    static let secondTrace = """
        explain: in.json: record $[1] (line 3, column 3) as `Issue`
          `Issue.id` (r.map:4:3)
            key `id`: found 8 at $[1].id, line 3, column 10
            value: 8
          `Issue.title` (r.map:5:3)
            key `title`: found "  " at $[1].title, line 3, column 22
            transformer `trim` (r.map:5:23): ""
            rule `nonEmpty` (r.map:5:34): does not hold
            error[empty]: $[1].title: expected a non-empty value, found ""
          `Issue.state` (r.map:6:3)
            key `state`: null
            default used, as a key holds null: "open"
            value: "open"
          `Issue.count` (r.map:7:3)
            key `count`: found 1 at $[1].count, line 3, column 52
            value: 1
          result: not mapped, 1 error (reported with the run's errors)


        """

    static let errors = """
        in.json: error[empty]: $[1].title: expected a non-empty value, found ""
          --> r.map:5:34: rule `nonEmpty` of field `Issue.title`
        in.json: 1 of 2 records failed with 1 error

        """

    static let output = #"[{"id":7,"title":"Bug","state":"open","count":3}]"# + "\n"

    @Test func theTraceComesBeforeTheRunsErrorsAndTheOutputIsUnchanged() {
        let files = ["r.map": Self.rules, "in.json": Self.input]
        let (plain, _) = CLIHarness.run(["run", "r.map", "in.json"], files: files)
        let (explained, _) = CLIHarness.run(["run", "--explain", "r.map", "in.json"], files: files)
        CLIHarness.expect(plain, stdout: Self.output, stderr: Self.errors, status: 1)
        CLIHarness.expect(explained, stdout: Self.output, stderr: Self.firstTrace + Self.secondTrace + Self.errors, status: 1)
    }

    @Test func recordsAreChosenByNumberOrByCondition() {
        let files = ["r.map": Self.rules, "in.json": Self.input]
        let (byNumber, _) = CLIHarness.run(["run", "--explain", "--record", "1", "r.map", "in.json"], files: files)
        CLIHarness.expect(byNumber, stdout: Self.output, stderr: Self.secondTrace + Self.errors, status: 1)
        let (byCondition, _) = CLIHarness.run(["run", "--explain", "--record", "$.number=7", "r.map", "in.json"], files: files)
        CLIHarness.expect(byCondition, stdout: Self.output, stderr: Self.firstTrace + Self.errors, status: 1)
        let (both, _) = CLIHarness.run(
            ["run", "--explain", "--record", "0", "--record", #"$.title="  ""#, "r.map", "in.json"], files: files)
        CLIHarness.expect(
            both, stdout: Self.output, stderr: "explain: no record of in.json is chosen by `--record 0`, `--record $.title=\"  \"`\n" + Self.errors,
            status: 1)
    }

    @Test func theTraceGoesToItsOwnFile() {
        let files = ["r.map": Self.rules, "in.json": Self.input]
        let (outcome, console) = CLIHarness.run(["run", "--explain", "--explain-to", "trace.txt", "r.map", "in.json"], files: files)
        CLIHarness.expect(outcome, stdout: Self.output, stderr: Self.errors, status: 1)
        #expect(console.written["trace.txt"].map { String(decoding: $0, as: UTF8.self) } == Self.firstTrace + Self.secondTrace)
    }

    @Test func ndjsonFromStandardInputIsTracedByLine() {
        let stdin = "{\"id\": 1, \"title\": \"a\", \"count\": 2}\n{\"id\": 2}\n"
        let (outcome, _) = CLIHarness.run(
            ["run", "--ndjson", "--explain", "--record", "2", "r.map", "-"], files: ["r.map": Self.rules], stdin: stdin)
        let trace = """
            explain: <stdin>: record $ (line 2) as `Issue`
              `Issue.id` (r.map:4:3)
                key `id`: found 2 at $.id, line 2, column 8
                value: 2
              `Issue.title` (r.map:5:3)
                key `title`: missing
                no default, and no key is present
                error[missing-key]: $.title: missing required key `title`
              `Issue.state` (r.map:6:3)
                key `state`: missing
                default used, as no key is present: "open"
                value: "open"
              `Issue.count` (r.map:7:3)
                key `count`: missing
                no default, and no key is present
                error[missing-key]: $.count: missing required key `count`
              result: not mapped, 2 errors (reported with the run's errors)


            """
        #expect(outcome.stdout == #"{"id":1,"title":"a","state":"open","count":2}"# + "\n")
        #expect(outcome.stderr.hasPrefix(trace))
        #expect(outcome.status == 1)
    }

    @Test func jsonTraceHasOneObjectPerFieldAndOnePerRecord() throws {
        let files = ["r.map": Self.rules, "in.json": Self.input]
        let (outcome, _) = CLIHarness.run(
            ["run", "--explain", "--record", "0", "--error-format", "json", "r.map", "in.json"], files: files)
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        let traces = lines.filter { $0.hasPrefix(#"{"type":"trace""#) }
        #expect(traces.count == 5)
        #expect(
            traces[0]
                == #"{"type":"trace","input":"in.json","record":null,"recordPath":"$[0]","kind":"field","model":"Issue","field":"id","depth":0,"path":"$[0]","rule":"","ruleFile":"r.map","ruleLine":4,"ruleColumn":3,"computed":false,"keys":[{"key":"id","result":"missing"},{"key":"number","result":"found"}],"input":{"path":"$[0].number","value":7,"line":2,"column":14},"steps":[],"rules":[],"absent":null,"mapped":true,"value":7,"errors":[],"warnings":[]}"#
        )
        #expect(
            traces[4]
                == #"{"type":"trace","input":"in.json","record":null,"recordPath":"$[0]","kind":"record","model":"Issue","recordLine":2,"recordColumn":3,"mapped":true,"errors":0}"#
        )
        #expect(lines.last?.hasPrefix(#"{"type":"summary""#) == true)
    }

    @Test func misuseIsAUsageError() {
        let files = ["r.map": Self.rules, "in.json": Self.input]
        let cases: [([String], String)] = [
            (["--record", "1"], "maplang: error: `--record` needs `--explain`\n"),
            (["--explain-to", "t.txt"], "maplang: error: `--explain-to` needs `--explain`\n"),
            (["--explain", "--reverse"], "maplang: error: `--explain` traces forward mapping; it cannot be used with `--reverse`\n"),
            (
                ["--explain", "--record", "x"],
                "maplang: error: `--record` takes record numbers (`3`, `2-5`, `1,4`) or a condition `PATH=VALUE` (`$.id=1347`), not `x`\n"
            ),
            (["--explain", "--record", "3-1"], "maplang: error: `--record` takes record numbers (`3`, `2-5`, `1,4`) or a condition `PATH=VALUE` (`$.id=1347`), not `3-1`\n"),
            (
                ["--explain", "--record", "id=3"],
                "maplang: error: `--record id=3`: a condition is a path as errors show it, `=`, and a value, such as `$.user.login=\"octocat\"`\n"
            ),
        ]
        for (options, message) in cases {
            let (outcome, _) = CLIHarness.run(["run"] + options + ["r.map", "in.json"], files: files)
            CLIHarness.expect(outcome, stderr: message, status: 64)
        }
    }

    @Test func theTraceFileMayNotBeAnInputOrAnotherOutput() {
        let files = ["r.map": Self.rules, "in.json": Self.input]
        let (input, _) = CLIHarness.run(["run", "--explain", "--explain-to", "in.json", "r.map", "in.json"], files: files)
        #expect(input.status == 64)
        #expect(input.stderr.contains("`--explain-to` names the input file `in.json`"))
        let (output, console) = CLIHarness.run(
            ["run", "--explain", "--explain-to", "o.json", "-o", "o.json", "r.map", "in.json"], files: files)
        CLIHarness.expect(
            output, stderr: "maplang: error: `--output` and `--explain-to` name the same file `o.json`; what they write would be mixed\n", status: 64)
        #expect(console.written.isEmpty)
    }

    @Test func aSelectionThatChoosesNothingSaysSo() {
        let files = ["r.map": Self.rules, "in.json": Self.input]
        let (outcome, _) = CLIHarness.run(["run", "--explain", "--record", "7", "r.map", "in.json"], files: files)
        CLIHarness.expect(outcome, stdout: Self.output, stderr: "explain: no record of in.json is chosen by `--record 7`\n" + Self.errors, status: 1)
    }
}
