import Testing

@testable import MapLang

/// Model checks (grammar.md 3.9): each condition evaluated over two records,
/// and the errors a failing check reports.
struct CheckExpressionTests {
    /// The rules with one check on line 19.
    static func rules(_ check: String) -> String {
        """
        enum State {
          open
          closed
        }
        model User {
          login: String
          admin: Bool
        }
        model Issue {
          state: State
          closedAt: Date?
          createdAt: Date
          labels: [String]
          meta: [String: Int]
          title: String
          votes: Int
          score: Double?
          assignee: User?
          \(check)
        }
        root Issue
        """
    }

    /// A closed issue with every field filled.
    static let closed = """
        {"state": "closed", "closedAt": "2016-05-25T00:00:00Z", "createdAt": "2016-05-24T00:00:00Z",
         "labels": ["a", "b"], "meta": {"x": 1}, "title": "Hello", "votes": 10, "score": null,
         "assignee": {"login": "ann", "admin": true}}
        """

    /// An open issue with the optional fields `null` or missing.
    static let open = """
        {"state": "open", "closedAt": null, "createdAt": "2016-05-24T00:00:00Z",
         "labels": [], "meta": {}, "title": "é👍🏽", "votes": -1, "score": 1.5}
        """

    struct ConditionCase: Sendable, CustomTestStringConvertible {
        let condition: String
        /// Whether it holds for `closed`.
        let closed: Bool
        /// Whether it holds for `open`.
        let open: Bool
        var testDescription: String { condition }

        init(_ condition: String, _ closed: Bool, _ open: Bool) {
            self.condition = condition
            self.closed = closed
            self.open = open
        }
    }

    static let failure = "$ Issue: failed @19:3 check"

    static func outcome(_ condition: String, _ input: String) -> [String] {
        RulesTestSupport.outcome(rules("check \(condition) else \"failed\""), input)
    }

    @Test(arguments: [
        ConditionCase("state == closed", true, false),
        ConditionCase("state != closed", false, true),
        ConditionCase("closed == state", true, false),
        ConditionCase("state != closed or closedAt != null", true, true),
        ConditionCase("state == open and closedAt == null", false, true),
        ConditionCase("state == closed or state == open", true, true),
        ConditionCase("closedAt == null", false, true),
        ConditionCase("closedAt != null", true, false),
        ConditionCase("not (closedAt == null)", true, false),
        ConditionCase("closedAt > createdAt", true, false),
        ConditionCase("createdAt < closedAt", true, false),
        ConditionCase("closedAt <= createdAt", false, false),
        ConditionCase("createdAt >= createdAt", true, true),
        ConditionCase("count(labels) == 2", true, false),
        ConditionCase("count(labels) <= 10 and count(meta) >= 1", true, false),
        ConditionCase("count(meta) == 0", false, true),
        ConditionCase("count(title) == 5", true, false),
        ConditionCase("count(title) == 2", false, true),
        ConditionCase("votes > 0", true, false),
        ConditionCase("votes >= 10", true, false),
        ConditionCase("votes == 10.0", true, false),
        ConditionCase("votes < -0.5", false, true),
        ConditionCase("votes != 10", false, true),
        ConditionCase("score < 2", false, true),
        ConditionCase("score >= 2", false, false),
        ConditionCase("score == null", true, false),
        ConditionCase("score != null", false, true),
        ConditionCase("score == 1.5", false, true),
        ConditionCase("assignee == null", false, true),
        ConditionCase("assignee.login == \"ann\"", true, false),
        ConditionCase("assignee.login != \"ann\"", false, true),
        ConditionCase("assignee.admin", true, false),
        ConditionCase("assignee.admin == true", true, false),
        ConditionCase("not assignee.admin", false, false),
        ConditionCase("assignee.admin or votes < 0", true, true),
        ConditionCase("title == \"Hello\"", true, false),
        ConditionCase("title < \"a\"", true, false),
        ConditionCase("title > \"Z\"", false, true),
        ConditionCase("(votes > 0 or score > 1) and state == closed", true, false),
        ConditionCase("votes > 0 or score > 1 and state == closed", true, false),
        ConditionCase("not (votes > 0)", false, true),
        ConditionCase("not not (votes > 0)", true, false),
        ConditionCase("true", true, true),
        ConditionCase("false", false, false),
        ConditionCase("null == null", true, true),
    ])
    func conditions(_ testCase: ConditionCase) {
        #expect(Self.outcome(testCase.condition, Self.closed) == (testCase.closed ? [] : [Self.failure]).nonEmpty(Self.closedOutput))
        #expect(Self.outcome(testCase.condition, Self.open) == (testCase.open ? [] : [Self.failure]).nonEmpty(Self.openOutput))
    }

    static let closedOutput =
        #"{"state":"closed","closedAt":"2016-05-25T00:00:00Z","createdAt":"2016-05-24T00:00:00Z","labels":["a","b"],"meta":{"x":1},"title":"Hello","votes":10,"score":null,"assignee":{"login":"ann","admin":true}}"#
    static let openOutput =
        #"{"state":"open","closedAt":null,"createdAt":"2016-05-24T00:00:00Z","labels":[],"meta":{},"title":"é👍🏽","votes":-1,"score":1.5,"assignee":null}"#

    @Test func aFailingCheckIsAWholeError() throws {
        let rules = try RulesTestSupport.rules(Self.rules("check votes > 0 else \"needs votes\""))
        let record = rules.map(try RulesTestSupport.parseJSON(Self.open), to: try rules.model(named: nil), at: JSONPath(components: [.index(2)]))
        #expect(record.value == nil)
        #expect(
            record.errors == [
                MappingError(
                    path: JSONPath(components: [.index(2)]), model: "Issue", field: nil, problem: .checkFailed("needs votes"),
                    ruleFile: RulesTestSupport.fileName, ruleLocation: SourceLocation(line: 19, column: 3), rule: "check")
            ])
    }

    @Test func aCheckWithoutAMessageReportsItsCondition() {
        #expect(
            RulesTestSupport.outcome(Self.rules("check count(labels) <= 1"), Self.closed) == [
                "$ Issue: check failed: `count(labels) <= 1` @19:3 check"
            ])
    }

    @Test func everyFailingCheckIsReportedInOrder() {
        let rules = Self.rules("check votes > 0 else \"first\"\n  check count(labels) > 0 else \"second\"\n  check true else \"third\"")
        #expect(
            RulesTestSupport.outcome(rules, Self.open) == [
                "$ Issue: first @19:3 check",
                "$ Issue: second @20:3 check",
            ])
    }

    @Test func checksAreSkippedWhenAFieldFailed() {
        let input = #"{"state": "closed", "closedAt": null, "createdAt": "2016-05-24T00:00:00Z", "labels": [], "meta": {}, "title": "t", "votes": "many"}"#
        #expect(
            Self.outcome("state != closed or closedAt != null", input) == [
                #"$.votes Issue.votes: expected an integer, found "many" @16:3"#
            ])
    }

    @Test func checksOfANestedModelRunOnTheNestedRecord() {
        let rules = """
            model User {
              login: String
              check count(login) > 2 else "login too short"
            }
            model Issue {
              assignee: User
              votes: Int
              check votes > 0 else "needs votes"
            }
            root Issue
            """
        #expect(RulesTestSupport.outcome(rules, #"{"assignee": {"login": "ann"}, "votes": 1}"#) == [#"{"assignee":{"login":"ann"},"votes":1}"#])
        // The nested check fails, so the outer record has a failed field and its own check does not run.
        #expect(
            RulesTestSupport.outcome(rules, #"{"assignee": {"login": "an"}, "votes": 0}"#) == [
                "$.assignee User: login too short @3:3 check"
            ])
        #expect(
            RulesTestSupport.outcome(rules, #"{"assignee": {"login": "ann"}, "votes": 0}"#) == [
                "$ Issue: needs votes @8:3 check"
            ])
    }

    @Test func aFieldNamedLikeACaseIsTheField() {
        let rules = """
            enum State {
              open
              closed
            }
            model Issue {
              state: State
              open: State
              check state == open else "differs"
            }
            """
        #expect(RulesTestSupport.outcome(rules, #"{"state": "closed", "open": "closed"}"#) == [#"{"state":"closed","open":"closed"}"#])
        #expect(RulesTestSupport.outcome(rules, #"{"state": "open", "open": "closed"}"#) == ["$ Issue: differs @8:3 check"])
    }
}

extension Array where Element == String {
    /// The array, or `[fallback]` when it is empty: a record without errors is described by its output.
    fileprivate func nonEmpty(_ fallback: String) -> [String] {
        isEmpty ? [fallback] : self
    }
}
