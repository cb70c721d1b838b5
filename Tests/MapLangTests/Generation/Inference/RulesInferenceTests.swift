import Testing

@testable import MapLang

/// `RulesInference`: what each shape of sample JSON becomes in the rules.
struct RulesInferenceTests {
    func infer(_ json: String, root: String? = nil) throws -> String {
        var options = RulesInference.Options()
        options.root = root
        options.sampleName = "`sample.json`"
        let document = try JSONReader.parse(Array(json.utf8))
        guard case .array(let records) = document else { return try RulesInference.infer(records: [document], options: options) }
        return try RulesInference.infer(records: records, options: options)
    }

    static let header = """
        // Starter rules written by `maplang infer` from `sample.json` (1 record).
        // Check the names, the types and which fields are optional before relying on them.

        """

    /// As many snake case keys as camel case ones: the keys are read as they are.
    @Test func scalarsDatesURLsAndNamesOfKeys() throws {
        let rules = try infer(
            #"""
            {"id": 1, "html_url": "https://x.test/1", "created_at": 1464116217, "updatedAt": 1464116217000,
             "seen": "2016-05-24T18:43:37Z", "big": 18446744073709551616, "exact": 9007199254740993, "price": 1.5,
             "@type": "x", "default": true, "+1": 2, "-1": 3, "userID": 4, "none": null, "mixed": ["a", 1], "": 5}
            """#, root: "Issue")
        #expect(
            rules == Self.header + """
                root Issue

                model Issue {
                  id: Int
                  htmlUrl: URL from html_url
                  createdAt: Date from created_at using timestamp
                  updatedAt: Date using timestamp(ms)
                  seen: Date using iso8601
                  big: Decimal
                  exact: Int
                  price: Double
                  type: String from "@type"
                  defaultValue: Bool from "default"
                  plus1: Int from "+1"
                  minus1: Int from "-1"
                  userID: Int
                  none: JSON?
                  mixed: [String]
                  field: Int from ""
                }

                """)
    }

    @Test func recordsMergeIntoOptionalsEnumsAndDictionaries() throws {
        let records = (0..<12).map { index in
            #"{"name": "n\#(index)", "state": "\#(index % 3 == 0 ? "in progress" : "open")", "meta": {"\#(index)": [\#(index)]}, "# +
            (index == 5 ? #""note": null, "# : index == 7 ? "" : #""note": "x", "#) + #""extra": {}}"#
        }
        let rules = try infer("[" + records.joined(separator: ",\n") + "]")
        #expect(
            rules == Self.header.replacingOccurrences(of: "(1 record)", with: "(12 records)") + """
                root Record

                model Record {
                  name: String
                  state: State
                  meta: [String: [Int]]
                  note: String?
                  extra: [String: JSON]
                }

                enum State {
                  inProgress from "in progress"
                  open
                }

                """)
    }

    @Test func objectsNamingTheirTypeBecomeAChoice() throws {
        let rules = try infer(
            #"""
            [{"type": "PushEvent", "id": "1", "payload": {"commits": [{"sha": "a"}]}},
             {"type": "WatchEvent", "id": "2", "payload": {"action": "started"}},
             {"type": "PushEvent", "id": "3", "payload": {"commits": []}}]
            """#, root: "Event")
        #expect(
            rules == Self.header.replacingOccurrences(of: "(1 record)", with: "(3 records)") + """
                root Event

                choice Event by type {
                  "PushEvent" -> PushEvent
                  "WatchEvent" -> WatchEvent
                }

                model PushEvent {
                  id: String
                  payload: Payload
                }

                model Payload {
                  commits: [Commit]
                }

                model Commit {
                  sha: String
                }

                model WatchEvent {
                  id: String
                  payload: Payload2
                }

                model Payload2 {
                  action: String
                }

                """)
    }

    @Test func modelsOfTheSameFieldsAreOne() throws {
        let rules = try infer(#"{"user": {"login": "a", "plan": {"n": 1}}, "assignee": {"login": "b", "plan": {"n": 2}}}"#)
        #expect(rules.contains("  user: User\n  assignee: User\n"))
        // The second user's own `Plan` went with it.
        #expect(!rules.contains("Plan2") && !rules.contains("model Assignee"))
    }

    /// The empty key is a key like any other: its field reads it `from ""`,
    /// so no value of the sample is lost when it is mapped.
    @Test func theEmptyKeyIsRead() throws {
        let sample = #"{"": {"a": 1}, "b": 2}"#
        let rules = try infer(sample)
        #expect(rules.contains("  field: Model from \"\"\n  b: Int\n"))
        let mapped = try Rules(source: SourceFile(name: "inferred.map", text: rules)).map(sample)
        #expect(String(decoding: mapped.jsonBytes(), as: UTF8.self) == #"{"field":{"a":1},"b":2}"#)
    }

    @Test func samplesThatCannotGiveRules() throws {
        #expect(throws: RulesInference.Problem.noRecords) { try infer("[]") }
        #expect(throws: RulesInference.Problem.recordsAreNotObjects(found: "a number", record: 1)) { try infer("[{}, 1]") }
        #expect(throws: RulesInference.Problem.invalidRootName("String")) { try infer("{}", root: "String") }
        #expect(throws: RulesInference.Problem.invalidRootName("my root")) { try infer("{}", root: "my root") }
        #expect(throws: RulesInference.Problem.invalidRootName("model")) { try infer("{}", root: "model") }
        #expect(throws: RulesInference.Problem.invalidRootName("trim")) { try infer("{}", root: "trim") }
        #expect(try infer("{}", root: "_Issue").contains("root _Issue\n"))
    }

    /// Samples whose rules once failed `check` or `run`.
    @Test func samplesThatOnceGaveRulesThatFail() throws {
        // A dictionary reads every member, an empty key's too.
        #expect(try infer(#"{"scores": {"1": 10, "2": 20, "": "n/a"}}"#).contains("  scores: [String: String]\n"))
        // Keys are read by their bytes: `é` composed and decomposed are two models' keys.
        let forms = try infer("{\"author\": {\"pr\u{E9}nom\": \"Ada\"}, \"editor\": {\"pre\u{301}nom\": \"Bob\"}}")
        #expect(forms.contains("  author: Author\n  editor: Editor\n"))
        // No field of a choice's model takes the discriminator's name.
        let typed = try infer(
            #"[{"type": "person", "@type": "Person", "name": "Ada"}, {"type": "org", "@type": "Organization", "url": "https://x.test"}]"#)
        #expect(typed.contains("model Person {\n  type2: String from \"@type\"\n  name: String\n}"))
        // Deeper than a type may nest: `JSON`.
        let deep = try infer(#"{"m": "# + String(repeating: "[", count: 65) + "1" + String(repeating: "]", count: 65) + "}")
        #expect(deep.contains("  m: " + String(repeating: "[", count: 32) + "JSON" + String(repeating: "]", count: 32) + "\n"))
        // A duration is a number, not a date.
        #expect(try infer(#"{"response_time": 0.25, "created_at": 1464116217}"#).contains("  responseTime: Double\n  createdAt: Date using timestamp\n"))
        // A key that is not plural keeps its name; a value that is the word `field` is that case.
        let alias = try infer(
            "[" + (0..<12).map { #"{"alias": {"kind": "\#($0 % 2 == 0 ? "a" : "b")", "\#($0 % 2 == 0 ? "x" : "y")": 1}, "k": "\#($0 % 2 == 0 ? "field" : "other")"}"# }
                .joined(separator: ",") + "]")
        #expect(alias.contains("choice Alias by kind {") && alias.contains("  field\n  other\n"))
    }

    /// Objects with two keys that may name their type at every level of a
    /// deep sample: each level is summarized a bounded number of times, not
    /// that number raised to the depth (which would not end here).
    @Test func typeKeysAtEveryLevelCostEachLevelABoundedNumberOfTimes() throws {
        var node = #"{"type": "leaf", "kind": "k", "v": 1}"#
        for level in 0..<40 { node = #"{"type": "t\#(level % 2)", "kind": "k\#(level % 3)", "child": \#(node)}"# }
        let rules = try infer("[" + node + "," + node + "]")
        #expect(rules.contains("model Child {"))
    }
}
