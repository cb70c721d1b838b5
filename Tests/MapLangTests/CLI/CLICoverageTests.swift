import Testing

/// `maplang run --coverage[=PERCENT]` (grammar.md §5.6): after the run, per
/// model, the keys no rule reads, the fields the input never fills or whose
/// default fills more than the share, fallback keys and checks never used;
/// enum cases and choices' models never seen. Exact counts, the same with
/// `--jobs` and for NDJSON, and nothing at all without the flag.
struct CLICoverageTests {
    static let rules = """
        root Issue

        enum State {
          open
          closed
        }

        choice Shape by kind {
          "c" -> Circle
          "s" -> Square
        }

        model Circle { r: Int }
        model Square { side: Int }

        model Issue {
          id: Int from id, ID, key
          state: State
          title: String default "untitled"
          closedAt: String?
          shape: Shape?
          check id > 0
        }

        """

    static let input = """
        [{"id": 1, "state": "open", "extra": 1, "shape": {"kind": "c", "r": 1}},
         {"id": 2, "state": "open", "title": "x", "extra": 2, "more": true},
         {"ID": 3, "state": "open", "closedAt": null},
         {"id": 0, "state": "open"}]
        """

    static let report = """
        coverage of in.json:
          model Circle, 1 object: everything used
          model Square (r.map:14:7): no object was mapped with it
          model Issue, 4 objects:
            key "extra" no rule reads: in 2 objects, as at $[0].extra
            key "more" no rule reads: in 1 object, as at $[1].more
            field `closedAt` never had a value: null 1 time, missing 3 times
            field `title` took its default in 3 of 4 objects
            field `id` never read `key`
          enum State: no value was `closed`
          choice Shape: no object chose `Square`

        """

    @Test func theReportFollowsTheErrorsAndTheSummary() {
        let (outcome, _) = CLIHarness.run(["run", "--coverage", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": Self.input])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr == """
                in.json: error[check-failed]: $[3]: check failed: `id > 0`
                  --> r.map:22:3: check of model `Issue`

                """ + Self.report + "in.json: 1 of 4 records failed with 1 error\n")
    }

    /// A key renamed in the input, so that no object holds it and its
    /// default fills every one: both lines are said, the default's too.
    @Test func aKeyNoObjectHoldsReportsItsDefault() {
        let rules = "root A\nmodel A {\n  id: Int\n  title: String default \"untitled\"\n}\n"
        let input = #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#
        let (outcome, _) = CLIHarness.run(["run", "--coverage", "r.map", "in.json"], files: ["r.map": rules, "in.json": input])
        #expect(outcome.status == 0)
        #expect(
            outcome.stderr.hasPrefix(
                """
                coverage of in.json:
                  model A, 2 objects:
                    key "name" no rule reads: in 2 objects, as at $[0].name
                    field `title` never had a value: null 0 times, missing 2 times
                    field `title` took its default in 2 of 2 objects

                """), "\(outcome.stderr)")
    }

    /// Unknown keys of many characters are kept and shown by their first
    /// hundred, so neither memory nor the report grows with their length.
    @Test func longUnknownKeysAreCut() {
        let keys = ["a", "b", "c"].map { $0 + String(repeating: "x", count: 10_000) }
        let input = "[" + keys.map { #"{"id": 1, "\#($0)": 0}"# }.joined(separator: ",") + "]"
        let rules = "root A\nmodel A {\n  id: Int\n}\n"
        let (outcome, _) = CLIHarness.run(["run", "--coverage", "r.map", "in.json"], files: ["r.map": rules, "in.json": input])
        #expect(outcome.status == 0)
        // The report previews a key by its first 40 characters; the path keeps 100.
        let shown = keys.map { String($0.prefix(40)) + "…" }
        let kept = keys.map { String($0.prefix(100)) + "…" }
        #expect(
            outcome.stderr == "coverage of in.json:\n  model A, 3 objects:\n"
                + (0..<3).map { "    key \"\(shown[$0])\" no rule reads: in 1 object, as at $[\($0)][\"\(kept[$0])\"]\n" }.joined())
        #expect(outcome.stderr.count < 1_000)
    }

    @Test func aShareAboveTheDefaultsLeavesThemOut() {
        let (outcome, _) = CLIHarness.run(["run", "--coverage=80", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": Self.input])
        #expect(!outcome.stderr.contains("took its default"))
        #expect(outcome.stderr.contains("field `closedAt` never had a value"))
    }

    @Test func aCheckThatNeverRanIsListed() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--coverage", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": #"[{"id": 1, "state": "shut"}]"#])
        #expect(outcome.stderr.contains("    the check at r.map:22:3 never ran\n"))
    }

    /// Threads map NDJSON in any order; the counts and samples do not change.
    @Test func jobsAndNDJSONGiveTheSameCounts() {
        let lines = (0..<400).map { index in
            index % 3 == 0 ? #"{"ID": \#(index + 1), "state": "closed", "z\#(index % 7)": 1}"# : #"{"id": \#(index + 1), "state": "open"}"#
        }.joined(separator: "\n") + "\n"
        let files = ["r.map": Self.rules, "in.ndjson": lines]
        let one = CLIHarness.run(["run", "--ndjson", "--coverage", "r.map", "in.ndjson"], files: files).outcome
        let two = CLIHarness.run(["run", "--ndjson", "--jobs", "2", "--coverage", "r.map", "in.ndjson"], files: files).outcome
        #expect(one == two)
        #expect(one.stderr.contains("  model Issue, 400 objects:\n"))
        #expect(one.stderr.contains(#"    key "z0" no rule reads: in 20 objects, as at $.z0"#))
    }

    @Test func asJSONItIsOneObjectBeforeTheSummary() {
        let (outcome, _) = CLIHarness.run(
            ["run", "--coverage", "--error-format", "json", "r.map", "in.json"],
            files: ["r.map": Self.rules, "in.json": #"[{"id": 1, "state": "open", "extra": 1}]"#])
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first
                == #"{"type":"coverage","input":"in.json","share":50,"models":[{"model":"Circle","objects":0,"unreadKeys":[],"otherUnreadKeys":0,"neverFilled":[],"mostlyDefaulted":[],"unusedFallbacks":[],"checksNeverRun":[]},{"model":"Square","objects":0,"unreadKeys":[],"otherUnreadKeys":0,"neverFilled":[],"mostlyDefaulted":[],"unusedFallbacks":[],"checksNeverRun":[]},{"model":"Issue","objects":1,"unreadKeys":[{"key":"extra","count":1,"sample":"$[0].extra"}],"otherUnreadKeys":0,"neverFilled":[{"field":"title","nulls":0,"missing":1},{"field":"closedAt","nulls":0,"missing":1},{"field":"shape","nulls":0,"missing":1}],"mostlyDefaulted":[{"field":"title","defaulted":1}],"unusedFallbacks":[{"field":"id","paths":["ID","key"]}],"checksNeverRun":[]}],"unseenCases":[{"enum":"State","cases":["closed"]}],"unchosenModels":[{"choice":"Shape","models":["Circle","Square"]}]}"#)
        #expect(lines.last?.hasPrefix(#"{"type":"summary","#) == true)
    }

    /// The sample is the first path in the document, by index, not by text (`$[2]` before `$[10]`).
    @Test func theSampleIsTheFirstPlaceInTheDocument() {
        let records = (0..<12).map { index in
            index == 2 || index == 10 ? #"{"id": \#(index + 1), "state": "open", "late": 1}"# : #"{"id": \#(index + 1), "state": "open"}"#
        }
        let (outcome, _) = CLIHarness.run(
            ["run", "--coverage", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": "[" + records.joined(separator: ",") + "]"])
        #expect(outcome.stderr.contains(#"    key "late" no rule reads: in 2 objects, as at $[2].late"#), "\(outcome.stderr)")
    }

    /// A model read with `from $` shares its object: the keys are its
    /// enclosing model's to report. A model that keeps unknown keys reads them all.
    @Test func groupedAndKeepingModelsReportNoUnreadKeys() {
        let rules = """
            root Feed

            model Meta {
              count: Int
            }

            model Extra {
              unknown keep rest
              name: String
              rest: JSON
            }

            model Feed {
              meta: Meta from $
              extra: Extra
            }

            """
        let (outcome, _) = CLIHarness.run(
            ["run", "--coverage", "r.map", "in.json"],
            files: ["r.map": rules, "in.json": #"{"count": 1, "odd": 2, "extra": {"name": "a", "x": 1}}"#])
        #expect(
            outcome.stderr == """
                coverage of in.json:
                  model Meta, 1 object: everything used
                  model Extra, 1 object: everything used
                  model Feed, 1 object:
                    key "odd" no rule reads: in 1 object, as at $.odd

                """)
    }

    /// A new key in every object costs bounded memory: the first thousand are kept apart, the rest counted together.
    @Test func unreadKeysPastAThousandAreCountedTogether() {
        let records = (0..<1_005).map { #"{"id": 1, "state": "open", "k\#($0)": 0}"# }
        let (outcome, _) = CLIHarness.run(
            ["run", "--coverage", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": "[" + records.joined(separator: ",") + "]"])
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("    key ") }.count == 1_000)
        #expect(lines.contains("    and other keys no rule reads, 5 times in all, past the first thousand"))
    }

    @Test func withoutTheFlagNothingIsCounted() {
        let (outcome, _) = CLIHarness.run(["run", "r.map", "in.json"], files: ["r.map": Self.rules, "in.json": Self.input])
        #expect(!outcome.stderr.contains("coverage"))
    }

    @Test(arguments: [
        (["run", "--coverage=101", "r.map", "in.json"], "`--coverage` takes a percentage from 0 to 100, not `101`"),
        (["run", "--coverage", "--reverse", "r.map", "in.json"], "`--coverage` reports what forward mapping reads; it cannot be used with `--reverse`"),
    ])
    func wrongUsesAreUsageErrors(_ arguments: [String], _ message: String) {
        let (outcome, _) = CLIHarness.run(arguments, files: ["r.map": Self.rules, "in.json": "[]"])
        CLIHarness.expect(outcome, stderr: "maplang: error: \(message)\n", status: 64)
    }
}
