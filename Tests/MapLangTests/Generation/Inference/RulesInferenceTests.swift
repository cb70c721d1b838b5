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

    @Test func samplesThatCannotGiveRules() {
        #expect(throws: RulesInference.Problem.noRecords) { try infer("[]") }
        #expect(throws: RulesInference.Problem.recordsAreNotObjects(found: "a number")) { try infer("[{}, 1]") }
        #expect(throws: RulesInference.Problem.invalidRootName("String")) { try infer("{}", root: "String") }
        #expect(throws: RulesInference.Problem.invalidRootName("my root")) { try infer("{}", root: "my root") }
        #expect(throws: RulesInference.Problem.invalidRootName("model")) { try infer("{}", root: "model") }
    }
}
