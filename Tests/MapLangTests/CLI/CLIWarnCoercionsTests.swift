import Testing

/// `maplang run --warn-coercions[=error]` (grammar.md §3.6): each value
/// lenient coercion converts is a warning with its path, field and the value
/// before and after, counted in the summary; `=error` makes each an error of
/// its record; transformers, `strict` and values of the field's own type
/// give nothing.
struct CLIWarnCoercionsTests {
    static let rules = """
        enum Size {
          small from "1"
        }

        model Row {
          n: Int
          s: String
          b: Bool
          d: Date
          x: Double
          i: Int
          size: Size
          parsed: Int using number
          own: Int
        }

        """

    /// One value of each coercion, then `parsed` through a transformer and `own` of its own type.
    static let input =
        #"[{"n": "100", "s": 100, "b": 1, "d": "2020-01-01T00:00:00Z", "x": "1.5", "i": 1.0, "size": 1, "parsed": "7", "own": 5}]"#

    static let output =
        #"[{"n":100,"s":"100","b":true,"d":"2020-01-01T00:00:00Z","x":1.5,"i":1,"size":"small","parsed":7,"own":5}]"# + "\n"

    @Test func eachCoercionIsAWarningAndTheRecordMaps() {
        let (outcome, _) = CLIHarness.run(["run", "--warn-coercions", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": Self.input])
        CLIHarness.expect(
            outcome, stdout: Self.output,
            stderr: """
                in.json: warning[coerced-value]: $[0].n: coerced "100" to the Int 100
                  --> r.map:6:3: field `Row.n`
                in.json: warning[coerced-value]: $[0].s: coerced 100 to the String "100"
                  --> r.map:7:3: field `Row.s`
                in.json: warning[coerced-value]: $[0].b: coerced 1 to the Bool true
                  --> r.map:8:3: field `Row.b`
                in.json: warning[coerced-value]: $[0].d: coerced "2020-01-01T00:00:00Z" to the Date 2020-01-01T00:00:00Z
                  --> r.map:9:3: field `Row.d`
                in.json: warning[coerced-value]: $[0].x: coerced "1.5" to the Double 1.5
                  --> r.map:10:3: field `Row.x`
                in.json: warning[coerced-value]: $[0].i: coerced 1.0 to the Int 1
                  --> r.map:11:3: field `Row.i`
                in.json: warning[coerced-value]: $[0].size: coerced 1 to the Size "small"
                  --> r.map:12:3: field `Row.size`
                in.json: 1 record mapped; 7 values coerced

                """, status: 0)
    }

    @Test func asErrorsTheRecordFails() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--warn-coercions=error", "r.map", "in.json"],
            files: ["r.map": Self.rules, "in.json": #"[{"n": "100", "s": "a", "b": true, "d": 0, "x": 1, "i": 2, "size": "1", "parsed": 1, "own": 1}]"#])
        CLIHarness.expect(
            outcome, stdout: "[]\n",
            stderr: """
                in.json: error[coercion-refused]: $[0].n: "100" is not of the field's type; coercion would make it the Int 100, which `--warn-coercions=error` refuses
                  --> r.map:6:3: field `Row.n`
                in.json: error[coercion-refused]: $[0].d: 0 is not of the field's type; coercion would make it the Date 1970-01-01T00:00:00Z, which `--warn-coercions=error` refuses
                  --> r.map:9:3: field `Row.d`
                in.json: 1 of 1 record failed with 2 errors

                """, status: 1)
    }

    /// A transformer or table that reads a value only with coercion on is reported at the transformer.
    @Test func transformersAndTablesThatCoerceAreReported() {
        let rules = """
            table Level {
              "1" -> "low"
            }

            model M {
              c: String using uppercase
              a: Date using timestamp
              f: String using Level
              plain: String using uppercase
              parsed: Int using number
            }

            """
        let input = #"{"c": 5, "a": "1700000000", "f": 1, "plain": "x", "parsed": "7"}"#
        let (warned, _) = CLIHarness.run(["run", "--warn-coercions", "r.map", "in.json"], files: ["r.map": rules, "in.json": input])
        CLIHarness.expect(
            warned, stdout: #"{"c":"5","a":"2023-11-14T22:13:20Z","f":"low","plain":"X","parsed":7}"# + "\n",
            stderr: """
                in.json: warning[coerced-value]: $.c: transformer `uppercase` read 5 by coercion, giving "5"
                  --> r.map:6:19: transformer `uppercase` of field `M.c`
                in.json: warning[coerced-value]: $.a: transformer `timestamp` read "1700000000" by coercion, giving 2023-11-14T22:13:20Z
                  --> r.map:7:17: transformer `timestamp` of field `M.a`
                in.json: warning[coerced-value]: $.f: table `Level` read 1 by coercion, giving "low"
                  --> r.map:8:19: table `Level` of field `M.f`
                in.json: 1 record mapped; 3 values coerced

                """, status: 0)
        let (refused, _) = CLIHarness.run(["run", "--warn-coercions=error", "r.map", "in.json"], files: ["r.map": rules, "in.json": input])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix(
                "in.json: error[coercion-refused]: $.c: transformer `uppercase` would read 5 only by coercion, giving \"5\", which `--warn-coercions=error` refuses\n"))
    }

    /// Without the flag the same run says nothing: the direct path maps it.
    @Test func withoutTheFlagNothingIsSaid() {
        let (outcome, _) = CLIHarness.run(["run", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": Self.input])
        CLIHarness.expect(outcome, stdout: Self.output, status: 0)
    }

    /// In a `strict` file nothing is coerced, so there is nothing to report but the strict errors.
    @Test func aStrictFileIsUnchanged() {
        let strict = "strict\nmodel Row {\n  n: Int\n}\n"
        let input = #"[{"n": "100"}, {"n": 3}]"#
        let plain = CLIHarness.run(["run", "r.map", "in.json"], files: ["r.map": strict, "in.json": input]).outcome
        let audited = CLIHarness.run(["run", "--warn-coercions", "r.map", "in.json"], files: ["r.map": strict, "in.json": input]).outcome
        #expect(audited == plain)
        #expect(plain.stdout == #"[{"n":3}]"# + "\n")
    }

    @Test func asJSONEachIsAWarningObjectAndTheSummaryCountsThem() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--warn-coercions", "--ndjson", "--error-format", "json", "r.map", "in.ndjson"],
            files: ["r.map": "model Row {\n  n: Int\n}\n", "in.ndjson": "{\"n\": \"1\"}\n{\"n\": 2}\n"])
        CLIHarness.expect(
            outcome, stdout: "{\"n\":1}\n{\"n\":2}\n",
            stderr: #"{"type":"warning","input":"in.ndjson","record":1,"path":"$.n","model":"Row","field":"n","code":"coerced-value","message":"coerced \"1\" to the Int 1","rule":"field `Row.n`","ruleFile":"r.map","ruleLine":2,"ruleColumn":3}"#
                + "\n" + #"{"type":"summary","input":"in.ndjson","records":2,"written":2,"failed":0,"errors":0,"warnings":1}"# + "\n",
            status: 0)
    }

    @Test func reverseDoesNotTakeIt() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--reverse", "--warn-coercions", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": "[]"])
        CLIHarness.expect(
            outcome,
            stderr: "maplang: error: `--warn-coercions` reports what forward mapping converts; it cannot be used with `--reverse`\n",
            status: 64)
    }

    @Test func theFlagTakesOnlyErrorAttached() {
        let (outcome, _) = CLIHarness.run(["run", "--warn-coercions=loud", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": "[]"])
        CLIHarness.expect(
            outcome, stderr: "maplang: error: `--warn-coercions` takes `error`, not `loud`\nusage: maplang run RULES INPUT [INPUT...] [options]\n",
            status: 64)
    }
}
