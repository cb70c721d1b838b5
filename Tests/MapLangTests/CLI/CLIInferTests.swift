import Testing

/// `maplang infer`: its output, its options and its errors, through the command line.
struct CLIInferTests {
    @Test func writesRulesToStandardOutputOrAFile() {
        let sample = #"{"id": 1, "user_name": "ada"}"#
        let expected = """
            // Starter rules written by `maplang infer` from `sample.json` (1 record).
            // Check the names, the types and which fields are optional before relying on them.
            root User
            keys snake_case

            model User {
              id: Int
              userName: String
            }

            """
        CLIHarness.expect(
            CLIHarness.run(["infer", "sample.json", "--root", "User"], files: ["sample.json": sample]).outcome, stdout: expected, status: 0)
        let (written, console) = CLIHarness.run(["infer", "sample.json", "--root", "User", "-o", "user.map"], files: ["sample.json": sample])
        CLIHarness.expect(written, status: 0)
        #expect(String(decoding: console.written["user.map"] ?? [], as: UTF8.self) == expected)
        let lines = CLIHarness.run(["infer", "-", "--ndjson"], stdin: "{\"a\": 1}\r\n{\"a\": 2, \"b\": true}\n").outcome
        #expect(lines.status == 0)
        #expect(lines.stdout.contains("from standard input (2 records)") && lines.stdout.contains("  a: Int\n  b: Bool?\n"))
    }

    @Test func mistakesAreReportedWithTheirStatus() {
        let bad = CLIHarness.run(["infer", "sample.json"], files: ["sample.json": "[{\"a\": 1},\n {\"a\": }]"]).outcome
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("sample.json:2:8: error[json-unexpected-token]: "))
        let line = CLIHarness.run(["infer", "s.ndjson", "--ndjson"], files: ["s.ndjson": "{\"a\": 1}\n{\"a\"\n"]).outcome
        #expect(line.status == 2)
        #expect(line.stderr.hasPrefix("s.ndjson:2:"))
        let blank = CLIHarness.run(["infer", "s.ndjson", "--ndjson"], files: ["s.ndjson": "{\"a\": 1}\n\n{\"a\": 2}\n"]).outcome
        #expect(blank.status == 2)
        CLIHarness.expect(
            CLIHarness.run(["infer", "sample.json"], files: ["sample.json": "[1, 2]"]).outcome,
            stderr:
                "maplang: error: `sample.json`: `$[0]` is a number; rules map objects\nhelp: give a sample whose records are objects: an object, an array of objects, or with `--ndjson` one object per line\n",
            status: 1)
        CLIHarness.expect(
            CLIHarness.run(["infer", "sample.json"], files: ["sample.json": "[]"]).outcome,
            stderr: "maplang: error: `sample.json` holds no record to infer rules from\n", status: 1)
        CLIHarness.expect(
            CLIHarness.run(["infer", "sample.json", "--root", "URL"], files: ["sample.json": "{}"]).outcome,
            stderr: "maplang: error: `--root` names `URL`, which is not a name a model can take\nhelp: use a name such as `Issue`\n",
            status: 64)
        CLIHarness.expect(
            CLIHarness.run(["infer", "sample.json", "-o", "./sample.json"], files: ["sample.json": "{}"]).outcome,
            stderr: "maplang: error: `--output` names the sample `./sample.json`; it would be overwritten\n", status: 64)
        #expect(CLIHarness.run(["infer", "missing.json"]).outcome.status == 66)
    }

    @Test func theSamplesNameCannotBreakTheComment() {
        let outcome = CLIHarness.run(["infer", "a\nb\u{202E}.json"], files: ["a\nb\u{202E}.json": "{}"]).outcome
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("// Starter rules written by `maplang infer` from `a\\u{A}b\\u{202E}.json` (1 record).\n"))
    }

    @Test func rulesPastARulesFilesLimitAreRefused() {
        let sample = "{\"" + String(repeating: "K", count: 9_000_000) + "\": 1}"
        CLIHarness.expect(
            CLIHarness.run(["infer", "wide.json"], files: ["wide.json": sample]).outcome,
            stderr:
                "maplang: error: the rules inferred from `wide.json` would take 17 MiB, past the 16 MiB a rules file may hold\nhelp: infer from a smaller sample, or from records of fewer different keys\n",
            status: 1)
    }
}
