import Testing

@testable import MapLang

/// `nulls omit | keep`, `omitNull` and `keepNull`, and `run --omit-nulls`:
/// through the parser, formatter and tree dump, both engines, reverse
/// mapping and the command line.
struct OmitNullsTests {
    static let rules = """
        root Person
        nulls omit
        model Person {
          name: String
          nickname: String?
          email: String? keepNull
          address: Address?
          check nickname == null or name != "" else "a nickname needs a name"
        }
        model Address {
          nulls keep
          city: String?
          zip: String? omitNull
        }
        """

    @Test(arguments: [
        (#"{"name": "Ada"}"#, #"{"name":"Ada","email":null}"#),
        (#"{"name": "Ada", "nickname": "A", "email": "a@x.test"}"#, #"{"name":"Ada","nickname":"A","email":"a@x.test"}"#),
        (#"{"name": "Ada", "address": {}}"#, #"{"name":"Ada","email":null,"address":{"city":null}}"#),
        (#"{"name": "Ada", "address": {"zip": "1"}}"#, #"{"name":"Ada","email":null,"address":{"city":null,"zip":"1"}}"#),
    ])
    func leavesOutTheNullsItOmits(_ json: String, _ expected: String) throws {
        let rules = try Rules(source: SourceFile(name: "p.map", text: Self.rules))
        #expect(try rules.map(json).jsonText() == expected)
        // The direct path writes the same bytes.
        #expect(try String(decoding: rules.mapJSON(Array(json.utf8)), as: UTF8.self) == expected)
        // And an array of them, so commas between records and fields stay right.
        let array = try rules.mapJSON(Array("[\(json),\(json)]".utf8))
        #expect(String(decoding: array, as: UTF8.self) == "[\(expected),\(expected)]")
    }

    /// A model whose every field is left out is an empty object.
    @Test func everyFieldLeftOutIsAnEmptyObject() throws {
        let rules = try Rules(source: SourceFile(name: "a.map", text: "root A\nnulls omit\nmodel A {\n  a: Int?\n  b: Int?\n}\n"))
        #expect(try rules.map(#"{"b": null}"#).jsonText() == "{}")
        #expect(try rules.mapJSON(Array(#"[{"b": null},{"a": 1}]"#.utf8)) == Array(#"[{},{"a":1}]"#.utf8))
    }

    @Test func reverseReadsALeftOutKeyAsNull() throws {
        let rules = try Rules(source: SourceFile(name: "p.map", text: Self.rules))
        let mapped = try rules.map(#"{"name": "Ada", "address": {}}"#)
        #expect(try rules.reverse(mapped).jsonText() == #"{"name":"Ada","address":{}}"#)
        #expect(try rules.map(rules.reverse(mapped).jsonText()) == mapped)
    }

    @Test func runOmitNullsActsAsAFileSetting() {
        let rules = "root A\nmodel A {\n  a: Int?\n  b: Int? keepNull\n}\n"
        let (plain, _) = CLIHarness.run(["run", "a.map", "in.json"], files: ["a.map": rules, "in.json": "{}"])
        CLIHarness.expect(plain, stdout: #"{"a":null,"b":null}"# + "\n", status: 0)
        let (omitting, _) = CLIHarness.run(["run", "--omit-nulls", "a.map", "in.json"], files: ["a.map": rules, "in.json": "{}"])
        CLIHarness.expect(omitting, stdout: #"{"b":null}"# + "\n", status: 0)
        let keeping = "nulls keep\n" + rules
        let (kept, _) = CLIHarness.run(["run", "--omit-nulls", "a.map", "in.json"], files: ["a.map": keeping, "in.json": "{}"])
        CLIHarness.expect(kept, stdout: #"{"a":null,"b":null}"# + "\n", status: 0)
    }

    @Test func formatterAndDumpShowThem() {
        let source = SourceFile(name: "a.map", text: "nulls omit\nmodel A {\n  nulls keep\n  t: Int? from x omitNull\n}\n")
        let parsed = RulesParser.parse(source)
        #expect(parsed.diagnostics.isEmpty)
        #expect(RulesFormatter.format(parsed.file, source: source) == "nulls omit\n\nmodel A {\n  nulls keep\n  t: Int? omitNull from x\n}\n")
        let dump = ASTDumper.dump(parsed.file, source: source)
        #expect(dump.contains("nulls omit @1:1"))
        #expect(dump.contains("omitNull @4:18"))
    }

    @Test(arguments: [
        ("model A {\n  t: Int? omitNull keepNull\n}\n", ["duplicate-clause"]),
        ("model A {\n  t: Int? omitNull omitNull\n}\n", ["duplicate-clause"]),
        ("nulls drop\n", ["expected-keyword"]),
    ])
    func misuseIsOneError(_ text: String, _ codes: [String]) {
        #expect(RulesParser.parse(SourceFile(name: "a.map", text: text)).diagnostics.map(\.code) == codes)
    }

    /// A field named like the setting or a clause is still a field.
    @Test func fieldsNamedLikeTheWordsAreFields() throws {
        let text = "root A\nmodel A {\n  t: Int?\n  nulls: Int?\n  omitNull: Bool\n}\n"
        let rules = try Rules(source: SourceFile(name: "a.map", text: text))
        #expect(try rules.map(#"{"nulls": 1, "omitNull": true}"#).jsonText() == #"{"t":null,"nulls":1,"omitNull":true}"#)
    }

    /// A null that `nulls omit` left out comes back as null, not as the
    /// default that applies only when the key is missing.
    @Test func anOmittedNullWithAWhenMissingDefaultSurvivesTheRoundTrip() throws {
        let text = "root R\nnulls omit\nmodel R {\n  id: Int\n  d: String? default \"x\" when missing\n}\n"
        let rules = try Rules(source: SourceFile(name: "r.map", text: text))
        let mapped = try rules.map(#"{"id": 1, "d": null}"#)
        #expect(mapped.jsonText() == #"{"id":1}"#)
        let reversed = try rules.reverse(mapped)
        #expect(reversed.jsonText() == #"{"id":1,"d":null}"#)
        #expect(try rules.map(reversed.jsonText()) == mapped)
    }

    /// `nulls` after a field is the model's setting, which is easy to
    /// mistake for the field's: it is one error that says what to write.
    @Test func nullsOnAFieldsLineIsAnError() {
        let parsed = RulesParser.parse(SourceFile(name: "a.map", text: "model A {\n  a: Int? nulls omit\n  b: Int?\n}\n"))
        #expect(parsed.diagnostics.map(\.code) == ["setting-on-field-line"])
        #expect(parsed.diagnostics.first?.help == "write `omitNull` or `keepNull` after the field's type for this field, or put `nulls` on a line of its own")
        #expect(RulesParser.parse(SourceFile(name: "a.map", text: "model A {\n  a: Int?\n  nulls omit\n}\n")).diagnostics.isEmpty)
    }

    /// A key spelt like a clause word is written in quotes, and `fmt` keeps
    /// the quotes; unquoted, the error says to quote it.
    @Test func clauseWordsAsKeysAreQuoted() {
        for word in ["oneOrMany", "omitNull", "keepNull"] {
            let source = SourceFile(name: "a.map", text: "model A {\n  a: [String]? from \"\(word)\"\n}\n")
            let parsed = RulesParser.parse(source)
            #expect(parsed.diagnostics.isEmpty)
            #expect(RulesFormatter.format(parsed.file, source: source) == source.text)
            let bare = RulesParser.parse(SourceFile(name: "a.map", text: "model A {\n  a: [String]? from \(word)\n}\n"))
            #expect(bare.diagnostics.first?.help == "write a key that is a keyword as a string: `\"\(word)\"`")
        }
    }

    /// A check reads a nested model's field by its name: the nested output
    /// may leave out keys before it, which once read past its members.
    @Test func aCheckReadsANestedFieldAfterAnOmittedNull() {
        let rules = "root A\nmodel A {\n  b: B\n  check b.y == 1 else \"y is not 1\"\n}\nmodel B {\n  nulls omit\n  x: Int?\n  y: Int\n}\n"
        for (input, status) in [(#"{"b": {"y": 1}}"#, Int32(0)), (#"{"b": {"y": 2}}"#, 1), (#"{"b": {"x": 5, "y": 1}}"#, 0)] {
            let (outcome, _) = CLIHarness.run(["run", "a.map", "in.json"], files: ["a.map": rules, "in.json": input])
            #expect(outcome.status == status, "\(input)")
        }
        let (failed, _) = CLIHarness.run(["run", "a.map", "in.json"], files: ["a.map": rules, "in.json": #"{"b": {"y": 2}}"#])
        #expect(failed.stderr.hasPrefix("in.json: error[check-failed]: $: y is not 1\n"))
    }
}
