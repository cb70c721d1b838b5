import Testing

@testable import MapLang

/// Mapping errors as whole values: every `MappingProblem` the interpreter
/// produces, with its path, model, field, rules file, rule location and rule
/// description, all collected from one record.
struct InterpreterErrorTests {
    static let rules = """
        root Order
        keys snake_case
        enum Status {
          pending from "pending", "new"
          paid
        }
        table size {
          "s" -> 1
        }
        model Customer {
          email: String where pattern("^[^@ ]+@[^@ ]+$")
          name: String where nonEmpty
        }
        model Order {
          id: Int where range(1...)
          status: Status
          total: Double
          quantity: Int
          placedAt: Date using iso8601
          size: Int using size
          tags: [String] where length(...2)
          color: String where oneOf("red", "blue")
          customer: Customer
          note: String from note, memo
          label: String
          flag: Bool
          reporter: String from user.login
        }
        """

    static func error(
        _ path: [JSONPath.Component], _ model: String, _ field: String?, _ problem: MappingProblem, _ line: Int,
        _ column: Int, _ rule: String = ""
    ) -> MappingError {
        MappingError(
            path: JSONPath(components: path), model: model, field: field, problem: problem,
            ruleFile: RulesTestSupport.fileName, ruleLocation: SourceLocation(line: line, column: column), rule: rule)
    }

    @Test func everyErrorOfARecordIsCollected() throws {
        let rules = try RulesTestSupport.rules(Self.rules)
        let input = try RulesTestSupport.parseJSON(
            """
            {"id": 0, "status": "lost", "total": 1e400, "quantity": 9223372036854775808, "placed_at": "nope",
             "size": "xl", "tags": ["a", "b", "c"], "color": "green", "customer": {"email": "bob at x", "name": ""},
             "label": null, "flag": [1], "user": "bob"}
            """)
        let record = rules.map(input, to: try rules.model(named: nil), at: JSONPath(components: [.index(3)]))
        #expect(record.value == nil)
        #expect(record.index == nil)
        let expected: [MappingError] = [
            Self.error([.index(3), .key("id")], "Order", "id", .outOfRange(found: "0", range: "1..."), 15, 17, "rule `range`"),
            Self.error(
                [.index(3), .key("status")], "Order", "status",
                .unknownEnumValue(enumName: "Status", found: #""lost""#, known: [#""pending""#, #""new""#, #""paid""#]), 16, 3),
            Self.error([.index(3), .key("total")], "Order", "total", .notFinite(found: "1e400"), 17, 3),
            Self.error(
                [.index(3), .key("quantity")], "Order", "quantity", .integerOutOfRange(found: "9223372036854775808"), 18, 3),
            Self.error(
                [.index(3), .key("placed_at")], "Order", "placedAt",
                .invalidValue(transformer: "iso8601", found: #""nope""#, reason: "expected 4 digits for the year, found `n`"),
                19, 24, "transformer `iso8601`"),
            Self.error(
                [.index(3), .key("size")], "Order", "size", .tableMiss(table: "size", found: #""xl""#), 20, 19,
                "table `size`"),
            Self.error(
                [.index(3), .key("tags")], "Order", "tags", .lengthOutOfRange(count: 3, range: "...2"), 21, 24,
                "rule `length`"),
            Self.error(
                [.index(3), .key("color")], "Order", "color",
                .notOneOf(found: #""green""#, choices: [#""red""#, #""blue""#]), 22, 23, "rule `oneOf`"),
            Self.error(
                [.index(3), .key("customer"), .key("email")], "Customer", "email",
                .patternMismatch(found: #""bob at x""#, pattern: "^[^@ ]+@[^@ ]+$"), 11, 23, "rule `pattern`"),
            Self.error(
                [.index(3), .key("customer"), .key("name")], "Customer", "name", .empty(found: #""""#), 12, 22,
                "rule `nonEmpty`"),
            Self.error([.index(3)], "Order", "note", .missingKey(keys: ["note", "memo"]), 24, 3),
            Self.error([.index(3), .key("label")], "Order", "label", .nullValue(key: "label"), 25, 3),
            Self.error(
                [.index(3), .key("flag")], "Order", "flag", .typeMismatch(expected: "a boolean", found: "[1]"), 26, 3),
            Self.error(
                [.index(3), .key("user")], "Order", "reporter",
                .typeMismatch(expected: "an object on the way to `user.login`", found: #""bob""#), 27, 3),
        ]
        #expect(record.errors.count == expected.count)
        for (actual, wanted) in zip(record.errors, expected) {
            #expect(actual == wanted)
        }
    }

    @Test func pathsRenderAsJSONPath() throws {
        let rules = try RulesTestSupport.rules(
            "model Issue {\n  login: String from user.login\n  labels: [String] from \"odd key\"\n}")
        let input = try RulesTestSupport.parseJSON(#"{"user": {"login": null}, "odd key": ["a", 2, {}]}"#)
        let record = rules.map(input, to: try rules.model(named: "Issue"), at: JSONPath(components: [.index(3)]))
        #expect(
            record.errors.map { "\($0.path)" } == [#"$[3].user.login"#, #"$[3]["odd key"][2]"#])
        #expect(
            record.errors.map(\.message) == [
                "`user.login` is null but the field is required", "expected a string, found {}",
            ])
    }

    struct MessageCase: Sendable, CustomTestStringConvertible {
        let problem: MappingProblem
        let message: String
        var testDescription: String { message }
    }

    /// Each problem's message, as the catalogue words it.
    @Test(arguments: [
        MessageCase(problem: .checkFailed("a closed issue must have `closedAt`"), message: "a closed issue must have `closedAt`"),
        MessageCase(problem: .empty(found: "[]"), message: "expected a non-empty value, found []"),
        MessageCase(
            problem: .unknownEnumValue(enumName: "State", found: "3", known: [#""open""#, "2"]),
            message: #"3 is not a value of `State` (expected one of "open", 2)"#),
        MessageCase(problem: .integerOutOfRange(found: "1e20"), message: "expected an integer that fits in 64 bits, found 1e20"),
        MessageCase(problem: .notAnInteger(found: #""12.5""#), message: #"expected an integer, found "12.5", which has a fraction"#),
        MessageCase(
            problem: .invalidValue(transformer: "url", found: #""x""#, reason: "a URL starts with a scheme such as `https:`"),
            message: #"`url` cannot read "x": a URL starts with a scheme such as `https:`"#),
        MessageCase(problem: .lengthOutOfRange(count: 0, range: "1..."), message: "length 0 is not in 1..."),
        MessageCase(problem: .missingKey(keys: ["id"]), message: "missing required key `id`"),
        MessageCase(problem: .missingKey(keys: ["id", "ID"]), message: "none of the keys `id`, `ID` is present"),
        MessageCase(problem: .notFinite(found: "1e400"), message: "1e400 is too large for a `Double`"),
        MessageCase(problem: .notOneOf(found: "4", choices: ["1", "2"]), message: "4 is not one of 1, 2"),
        MessageCase(problem: .nullValue(key: "user.login"), message: "`user.login` is null but the field is required"),
        MessageCase(problem: .outOfRange(found: "0", range: "1..."), message: "0 is not in 1..."),
        MessageCase(
            problem: .patternMismatch(found: #""a""#, pattern: "^b$"), message: #""a" does not match the pattern `^b$`"#),
        MessageCase(problem: .tableMiss(table: "size", found: #""xl""#), message: #""xl" is not in the table `size`"#),
        MessageCase(problem: .typeMismatch(expected: "a string", found: "42"), message: "expected a string, found 42"),
    ])
    func problemMessages(_ testCase: MessageCase) {
        #expect(testCase.problem.message == testCase.message)
    }

    @Test func longValuesAreCutInMessages() {
        let long = String(repeating: "a", count: 50)
        let outcome = RulesTestSupport.outcome(
            "model A {\n  v: Int\n  w: [Int]\n}", #"{"v": "\#(long)", "w": [1, "x", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]]}"#)
        #expect(
            outcome == [
                "$.v A.v: expected an integer, found \"\(String(repeating: "a", count: 40))…\" @2:3",
                #"$.w[1] A.w: expected an integer, found "x" @3:3"#,
                "$.w[2] A.w: expected an integer, found [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,… @3:3",
            ])
    }

    @Test func aRecordWithoutErrorsHasAValue() throws {
        let rules = try RulesTestSupport.rules(Self.rules)
        let input = try RulesTestSupport.parseJSON(
            """
            {"id": 7, "status": "new", "total": 2.5, "quantity": "3", "placed_at": "2016-05-24T18:43:37Z", "size": "s",
             "tags": ["x"], "color": "red", "customer": {"email": "a@b", "name": "Ann"}, "memo": "m", "label": "l",
             "flag": "yes", "user": {"login": "ann"}}
            """)
        let record = rules.map(input, to: try rules.model(named: nil))
        #expect(record.errors == [])
        #expect(
            RulesTestSupport.json(record.value)
                == #"{"id":7,"status":"pending","total":2.5,"quantity":3,"placedAt":"2016-05-24T18:43:37Z","size":1,"tags":["x"],"color":"red","customer":{"email":"a@b","name":"Ann"},"note":"m","label":"l","flag":true,"reporter":"ann"}"#
        )
    }
}

/// A model with `unknown reject` names the keys it does not take short and
/// few: each as a 40-character preview, ten at most, then how many more.
struct UnknownKeysMessageTests {
    @Test(arguments: [
        (1, #"`M` does not take the key "k0""#),
        (10, #"`M` does not take the keys "k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9""#),
        (11, #"`M` does not take the keys "k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9" and 1 more"#),
        (2_000_000, #"`M` does not take the keys "k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9" and 1,999,990 more"#),
    ])
    func manyKeysAreCounted(count: Int, expected: String) {
        #expect(MappingProblem.unknownKeys(model: "M", keys: (0..<count).map { "k\($0)" }).message == expected)
    }

    @Test func aLongKeyIsPreviewed() {
        let key = String(repeating: "x", count: 10_000_000)
        let message = MappingProblem.unknownKeys(model: "M", keys: [key]).message
        #expect(message == "`M` does not take the key \"" + String(repeating: "x", count: 40) + "…\"")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_999_990, "1,999,990"), (123_456_789, "123,456,789")])
    func countsAreGrouped(count: Int, expected: String) {
        #expect(MappingProblem.grouped(count) == expected)
    }
}
