import Testing

@testable import MapLang

/// `lossy`: through the parser, the formatter and the tree dump, the
/// checker, both engines, the library, the CLI's warnings and summary,
/// `--drops-fail` and reverse mapping.
struct LossyTests {
    static let rules = """
        root Issue
        model Issue {
          id: Int
          labels: [Label] lossy where nonEmpty
          scores: [String: Int]? lossy
        }
        model Label {
          name: String where nonEmpty
        }
        """

    static func record(_ json: String) throws -> MappedRecord {
        try RulesTestSupport.map(Self.rules, json)
    }

    @Test func dropsTheElementsThatFailAndKeepsTheRest() throws {
        let record = try Self.record(#"{"id": 1, "labels": [{"name": "a"}, {"nome": "b"}, {"name": ""}, {"name": "c"}], "scores": {"x": 1, "y": "z"}}"#)
        #expect(record.errors.isEmpty)
        #expect(RulesTestSupport.json(record.value) == #"{"id":1,"labels":[{"name":"a"},{"name":"c"}],"scores":{"x":1}}"#)
        #expect(record.drops.map(RulesTestSupport.line) == [
            "$.labels[1] Issue.labels: dropped this element, which the field's `lossy` allows: "
                + "$.labels[1].name: missing required key `name` (field `Label.name` at test.map:8:3) @4:19 clause `lossy`",
            "$.labels[2] Issue.labels: dropped this element, which the field's `lossy` allows: "
                + "$.labels[2].name: expected a non-empty value, found \"\" (rule `nonEmpty` of field `Label.name` at test.map:8:22) @4:19 clause `lossy`",
            "$.scores.y Issue.scores: dropped this element, which the field's `lossy` allows: "
                + "$.scores.y: expected an integer, found \"z\" (field `Issue.scores` at test.map:5:3) @5:26 clause `lossy`",
        ])
        #expect(record.drops.map(\.problem.code) == ["dropped-element", "dropped-element", "dropped-element"])
        #expect(record.drops.allSatisfy { $0.problem.isWarning && $0.rule == "clause `lossy`" })
        guard case .droppedElement(let reasons) = record.drops[0].problem else {
            Issue.record("not a drop")
            return
        }
        #expect(reasons.map(\.problem.code) == ["missing-key"])
    }

    /// The field's rules see what is kept: all dropped is empty, and `nonEmpty` fails.
    @Test func rulesSeeTheCollectionAfterTheDrops() throws {
        let record = try Self.record(#"{"id": 2, "labels": [{"nome": "b"}]}"#)
        #expect(record.errors.map(RulesTestSupport.line) == ["$.labels Issue.labels: expected a non-empty value, found [] @4:31 rule `nonEmpty`"])
        // A failing record reports its drops too: they are why `nonEmpty` failed.
        #expect(record.drops.map(\.path.description) == ["$.labels[0]"])
    }

    /// A missing, `null` or misshapen collection is read as for any field, not dropped.
    @Test(arguments: [
        (#"{"id": 3}"#, "$.labels Issue.labels: missing required key `labels` @4:3"),
        (#"{"id": 3, "labels": null}"#, "$.labels Issue.labels: `labels` is null but the field is required @4:3"),
        (#"{"id": 3, "labels": {"name": "a"}}"#, "$.labels Issue.labels: expected an array, found {\"name\":\"a\"} @4:3"),
    ])
    func aCollectionThatIsNotThereIsNoDrop(_ json: String, _ error: String) throws {
        let record = try Self.record(json)
        #expect(record.errors.map(RulesTestSupport.line) == [error])
        #expect(record.drops.isEmpty)
    }

    /// Drops inside an element that is itself dropped are not reported.
    @Test func dropsInsideADroppedElementGoWithIt() throws {
        let rules = """
            root Outer
            model Outer {
              groups: [Group] lossy
            }
            model Group {
              id: Int
              tags: [Int] lossy
            }
            """
        let record = try RulesTestSupport.map(rules, #"{"groups": [{"tags": [1, "x"]}, {"id": 2, "tags": ["y", 3]}]}"#)
        #expect(RulesTestSupport.json(record.value) == #"{"groups":[{"id":2,"tags":[3]}]}"#)
        #expect(record.drops.map(\.path.description) == ["$.groups[0]", "$.groups[1].tags[0]"])
    }

    /// Only the field's own level drops: an inner array with a bad element goes whole.
    @Test func onlyTheOwnLevelDrops() throws {
        let record = try RulesTestSupport.map("model A {\n  strict\n  grid: [[Int]] lossy\n}\n", #"{"grid": [[1, 2], [3, "x"], [4]]}"#)
        #expect(RulesTestSupport.json(record.value) == #"{"grid":[[1,2],[4]]}"#)
        #expect(record.drops.map(\.path.description) == ["$.grid[1]"])
    }

    /// The direct path gives what the interpreter gives, drops or none.
    @Test func theFastPathAgrees() throws {
        let rules = try Rules(source: SourceFile(name: "issue.map", text: Self.rules))
        let json = #"[{"id": 1, "labels": [{"name": "a"}, {"x": 1}]}, {"id": 2, "labels": [{"name": "b"}], "scores": {"a": 1}}]"#
        let bytes = Array(json.utf8)
        #expect(try String(decoding: rules.mapJSON(bytes), as: UTF8.self) == String(decoding: rules.map(bytes).jsonBytes(), as: UTF8.self))
        #expect(
            try String(decoding: rules.mapJSON(bytes), as: UTF8.self)
                == #"[{"id":1,"labels":[{"name":"a"}],"scores":null},{"id":2,"labels":[{"name":"b"}],"scores":{"a":1}}]"#)
    }

    @Test func theLibraryReportsTheDrops() throws {
        let rules = try Rules(source: SourceFile(name: "issue.map", text: Self.rules))
        let (value, dropped) = try rules.mapReportingDrops(Array(#"{"id": 1, "labels": [{"name": "a"}, 5]}"#.utf8))
        #expect(value.jsonText() == #"{"id":1,"labels":[{"name":"a"}],"scores":null}"#)
        #expect(dropped.map(\.path.description) == ["$.labels[1]"])
        #expect(try rules.map(#"{"id": 1, "labels": [{"name": "a"}, 5]}"#) == value)
    }

    @Test func reverseWritesEveryElement() throws {
        let rules = try Rules(source: SourceFile(name: "issue.map", text: Self.rules))
        #expect(rules.reversalProblems.isEmpty)
        let mapped = try rules.map(#"{"id": 1, "labels": [{"name": "a"}, {"name": "b"}], "scores": {"x": 1}}"#)
        #expect(try rules.reverse(mapped).jsonText() == #"{"id":1,"labels":[{"name":"a"},{"name":"b"}],"scores":{"x":1}}"#)
        #expect(try rules.map(rules.reverse(mapped).jsonText()) == mapped)
    }

    @Test func theCommandLineWarnsAndCounts() {
        let input = #"[{"id": 1, "labels": [{"name": "a"}, {"nome": "b"}]}, {"id": 2, "labels": [{"name": "c"}]}]"#
        let (outcome, _) = CLIHarness.run(["run", "issue.map", "in.json"], files: ["issue.map": Self.rules, "in.json": input])
        CLIHarness.expect(
            outcome, stdout: #"[{"id":1,"labels":[{"name":"a"}],"scores":null},{"id":2,"labels":[{"name":"c"}],"scores":null}]"# + "\n",
            stderr: """
                in.json: warning[dropped-element]: $[0].labels[1]: dropped this element, which the field's `lossy` allows: \
                $[0].labels[1].name: missing required key `name` (field `Label.name` at issue.map:8:3)
                  --> issue.map:4:19: clause `lossy` of field `Issue.labels`
                in.json: 2 records mapped; 1 element dropped

                """, status: 0)
    }

    @Test func dropsFailMakesThemErrors() {
        let input = #"{"id": 1, "labels": [{"name": "a"}, {"nome": "b"}]}"# + "\n" + #"{"id": 2, "labels": [{"name": "c"}]}"# + "\n"
        let files = ["issue.map": Self.rules, "in.ndjson": input]
        let (lossy, _) = CLIHarness.run(["run", "--ndjson", "issue.map", "in.ndjson"], files: files)
        #expect(lossy.status == 0)
        #expect(lossy.stderr.hasSuffix("in.ndjson: 0 of 2 lines rejected, 2 written; 1 element dropped\n"))
        #expect(lossy.stderr.hasPrefix("in.ndjson:1: warning[dropped-element]: $.labels[1]: dropped this element"))
        let (strict, _) = CLIHarness.run(["run", "--ndjson", "--drops-fail", "issue.map", "in.ndjson"], files: files)
        CLIHarness.expect(
            strict, stdout: #"{"id":2,"labels":[{"name":"c"}],"scores":null}"# + "\n",
            stderr: """
                in.ndjson:1: error[missing-key]: $.labels[1].name: missing required key `name`
                  --> issue.map:8:3: field `Label.name`
                   = help: the input has "nome"; to read it, write `from nome`
                in.ndjson: 1 of 2 lines rejected, 1 written

                """, status: 1)
    }

    @Test func jsonErrorsGiveTheDropWithItsReasons() {
        let input = #"{"id": 1, "labels": [5]}"#
        let (outcome, _) = CLIHarness.run(
            ["run", "--error-format", "json", "issue.map", "in.json"], files: ["issue.map": Self.rules, "in.json": input])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.split(separator: "\n").first
                == #"{"type":"mapping","input":"in.json","record":null,"path":"$.labels","model":"Issue","field":"labels","code":"empty","message":"expected a non-empty value, found []","rule":"rule `nonEmpty`","ruleFile":"issue.map","ruleLine":4,"ruleColumn":31}"#)
        let (dropped, _) = CLIHarness.run(
            ["run", "--error-format", "json", "issue.map", "in.json"],
            files: ["issue.map": Self.rules, "in.json": #"{"id": 1, "labels": [5, {"name": "a"}]}"#])
        #expect(
            dropped.stderr
                == #"{"type":"drop","input":"in.json","record":null,"path":"$.labels[0]","model":"Issue","field":"labels","code":"dropped-element","message":"dropped this element, which the field's `lossy` allows: $.labels[0]: expected an object for `Label`, found 5 (field `Issue.labels` at issue.map:4:3)","rule":"clause `lossy`","ruleFile":"issue.map","ruleLine":4,"ruleColumn":19,"reasons":[{"type":"mapping","input":"in.json","record":null,"path":"$.labels[0]","model":"Issue","field":"labels","code":"type-mismatch","message":"expected an object for `Label`, found 5","rule":"field `Issue.labels`","ruleFile":"issue.map","ruleLine":4,"ruleColumn":3}]}"# + "\n"
                    + #"{"type":"summary","input":"in.json","records":1,"written":1,"failed":0,"errors":0,"warnings":1}"# + "\n")
    }

    @Test func onAFieldThatIsNoCollectionItIsOneError() {
        #expect {
            try Rules(source: SourceFile(name: "a.map", text: "model A {\n  tag: String? lossy\n}\n"))
        } throws: { error in
            guard let error = error as? RulesError else { return false }
            return error.diagnostics.map(\.code) == ["lossy-not-collection"]
                && error.diagnostics[0].location == SourceLocation(line: 2, column: 16)
                && error.diagnostics[0].message
                    == "`lossy` drops the elements of an array or dictionary that fail to map, but `tag` is `String?`"
        }
    }

    @Test func writtenTwiceIsADuplicateClause() {
        let parsed = RulesParser.parse(SourceFile(name: "a.map", text: "model A {\n  t: [Int] lossy lossy\n}\n"))
        #expect(parsed.diagnostics.map(\.code) == ["duplicate-clause"])
    }

    @Test func formatterAndDumpShowIt() {
        let source = SourceFile(name: "a.map", text: "model A {\n  t: [Int] from x lossy oneOrMany\n}\n")
        let parsed = RulesParser.parse(source)
        #expect(RulesFormatter.format(parsed.file, source: source) == "model A {\n  t: [Int] oneOrMany lossy from x\n}\n")
        #expect(ASTDumper.dump(parsed.file, source: source).hasSuffix("\n      oneOrMany @2:25\n      lossy @2:19\n"))
    }

    /// A field named like the clause still starts a new member, and a key
    /// spelt like it is quoted by the formatter.
    @Test func aFieldNamedLossyIsAField() throws {
        let rules = try Rules(source: SourceFile(name: "a.map", text: "model A {\n  t: [Int]\n  lossy: Bool\n}\n"))
        #expect(try rules.map(#"{"t": [1], "lossy": true}"#).jsonText() == #"{"t":[1],"lossy":true}"#)
        let source = SourceFile(name: "a.map", text: "model A {\n  t: [Int] from \"lossy\"\n}\n")
        #expect(RulesFormatter.format(RulesParser.parse(source).file, source: source) == "model A {\n  t: [Int] from \"lossy\"\n}\n")
    }
}
