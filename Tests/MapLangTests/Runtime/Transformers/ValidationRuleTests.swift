import Testing

@testable import MapLang

/// `where` rules (grammar.md 3.7) on one field `v`, declared on line 2 as
/// `v: TYPE where RULES`, so the first rule starts at column 13 + the
/// length of TYPE. A case gives the output value as JSON, or every error
/// as `path Model.field: message @line:column rule`; `@R` in an expected
/// error stands for the first rule's location.
struct ValidationRuleTests {
    struct RuleCase: Sendable, CustomTestStringConvertible {
        let type: String
        let rules: String
        let input: String
        let expected: [String]
        var testDescription: String { "\(type) where \(rules) on \(input)" }

        init(_ type: String, _ rules: String, _ input: String, _ expected: String...) {
            self.type = type
            self.rules = rules
            self.input = input
            self.expected = expected
        }

        var rulesText: String { "model A {\n  v: \(type) where \(rules)\n}" }

        var expectedLines: [String] {
            let location = "@2:\(13 + type.count)"
            return expected.map { $0.replacingOccurrences(of: "@R", with: location) }
        }
    }

    static func run(_ testCase: RuleCase) -> [String] {
        do {
            let record = try RulesTestSupport.map(testCase.rulesText, #"{"v": \#(testCase.input)}"#)
            guard record.errors.isEmpty else { return record.errors.map(RulesTestSupport.line) }
            guard case .object(let object) = record.value else { return ["<no object>"] }
            return [RulesTestSupport.json(object["v"])]
        } catch {
            return ["error: \(error)"]
        }
    }

    @Test(arguments: [
        RuleCase("Int", "range(1...10)", "1", "1"),
        RuleCase("Int", "range(1...10)", "10", "10"),
        RuleCase("Int", "range(1...10)", "0", "$.v A.v: 0 is not in 1...10 @R rule `range`"),
        RuleCase("Int", "range(1...10)", "11", "$.v A.v: 11 is not in 1...10 @R rule `range`"),
        RuleCase("Int", "range(1..<10)", "9", "9"),
        RuleCase("Int", "range(1..<10)", "10", "$.v A.v: 10 is not in 1..<10 @R rule `range`"),
        RuleCase("Int", "range(1...)", "9223372036854775807", "9223372036854775807"),
        RuleCase("Int", "range(1...)", "0", "$.v A.v: 0 is not in 1... @R rule `range`"),
        RuleCase("Int", "range(...0)", "0", "0"),
        RuleCase("Int", "range(...0)", "-9223372036854775808", "-9223372036854775808"),
        RuleCase("Int", "range(...0)", "1", "$.v A.v: 1 is not in ...0 @R rule `range`"),
        RuleCase("Int", "range(..<0)", "-1", "-1"),
        RuleCase("Int", "range(..<0)", "0", "$.v A.v: 0 is not in ..<0 @R rule `range`"),
        RuleCase("Int", "range(-5...-1)", "-5", "-5"),
        RuleCase("Int", "range(-5...-1)", "0", "$.v A.v: 0 is not in -5...-1 @R rule `range`"),
        RuleCase("Int", "range(...9007199254740992)", "9007199254740992", "9007199254740992"),
        RuleCase(
            "Int", "range(...9007199254740992)", "9007199254740993",
            "$.v A.v: 9007199254740993 is not in ...9007199254740992 @R rule `range`"),
        RuleCase(
            "Int", "range(9007199254740993...)", "9007199254740992",
            "$.v A.v: 9007199254740992 is not in 9007199254740993... @R rule `range`"),
        RuleCase("Int", "range(..<2.5)", "2", "2"),
        RuleCase("Int", "range(..<2.5)", "3", "$.v A.v: 3 is not in ..<2.5 @R rule `range`"),
        RuleCase("Int", "range(1...)", #""5""#, "5"),
        RuleCase("Int?", "range(1...)", "null", "null"),
        RuleCase("Int?", "range(1...)", "0", "$.v A.v: 0 is not in 1... @R rule `range`"),
        RuleCase("Double", "range(0.5...1.5)", "1.5", "1.5"),
        RuleCase("Double", "range(0.5...1.5)", "0.5", "0.5"),
        RuleCase("Double", "range(0.5...1.5)", "1.51", "$.v A.v: 1.51 is not in 0.5...1.5 @R rule `range`"),
        RuleCase("Double", "range(0.5...1.5)", "0.49", "$.v A.v: 0.49 is not in 0.5...1.5 @R rule `range`"),
        RuleCase("Double", "range(0..<1)", "0.999", "0.999"),
        RuleCase("Double", "range(0..<1)", "1e0", "$.v A.v: 1.0 is not in 0..<1 @R rule `range`"),
        RuleCase("Decimal", "range(0...100)", "100.00", "100.00"),
        RuleCase("Decimal", "range(0...100)", "100.01", "$.v A.v: 100.01 is not in 0...100 @R rule `range`"),
        RuleCase("Decimal", "range(..<20)", "19.990", "19.990"),
        RuleCase("Decimal", "range(0.1...)", "0.10", "0.10"),
        RuleCase("Decimal", "range(0.1...)", "0.099", "$.v A.v: 0.099 is not in 0.1... @R rule `range`"),
    ])
    func range(_ testCase: RuleCase) {
        #expect(Self.run(testCase) == testCase.expectedLines)
    }

    @Test(arguments: [
        RuleCase("String", "length(2...3)", #""ab""#, #""ab""#),
        RuleCase("String", "length(2...3)", #""\u00e9""#, "$.v A.v: length 1 is not in 2...3 @R rule `length`"),
        RuleCase("String", "length(2...3)", #""e\u0301""#, "$.v A.v: length 1 is not in 2...3 @R rule `length`"),
        RuleCase("String", "length(2...3)", #""👍🏽""#, "$.v A.v: length 1 is not in 2...3 @R rule `length`"),
        RuleCase("String", "length(2...3)", #""👨‍👩‍👧‍👦x""#, #""👨‍👩‍👧‍👦x""#),
        RuleCase("String", "length(2...3)", #""éé""#, #""éé""#),
        RuleCase("String", "length(2...3)", #""abcd""#, "$.v A.v: length 4 is not in 2...3 @R rule `length`"),
        RuleCase("String", "length(..<3)", #""abc""#, "$.v A.v: length 3 is not in ..<3 @R rule `length`"),
        RuleCase("String", "length(1...)", #""""#, "$.v A.v: length 0 is not in 1... @R rule `length`"),
        RuleCase("String", "length(3)", #""a👍🏽c""#, #""a👍🏽c""#),
        RuleCase("String", "length(3)", #""ab""#, "$.v A.v: length 2 is not in 3...3 @R rule `length`"),
        RuleCase("String?", "length(1...)", "null", "null"),
        RuleCase("[String]", "length(...2)", #"["a"]"#, #"["a"]"#),
        RuleCase("[String]", "length(...2)", "[]", "[]"),
        RuleCase("[String]", "length(...2)", #"["a", "b", "c"]"#, "$.v A.v: length 3 is not in ...2 @R rule `length`"),
        RuleCase("[String]", "length(2)", #"["long string", "x"]"#, #"["long string","x"]"#),
        RuleCase("[String: Int]", "length(1...1)", #"{"a": 1}"#, #"{"a":1}"#),
        RuleCase("[String: Int]", "length(1...1)", "{}", "$.v A.v: length 0 is not in 1...1 @R rule `length`"),
        RuleCase("[String: Int]", "length(1...1)", #"{"a": 1, "b": 2}"#, "$.v A.v: length 2 is not in 1...1 @R rule `length`"),
    ])
    func length(_ testCase: RuleCase) {
        #expect(Self.run(testCase) == testCase.expectedLines)
    }

    @Test(arguments: [
        RuleCase("String", #"pattern("^[a-z]+$")"#, #""abc""#, #""abc""#),
        RuleCase(
            "String", #"pattern("^[a-z]+$")"#, #""abC""#, #"$.v A.v: "abC" does not match the pattern `^[a-z]+$` @R rule `pattern`"#),
        RuleCase("String", #"pattern("b")"#, #""abc""#, #""abc""#),
        RuleCase("String", #"pattern("(?i)^ABC$")"#, #""abc""#, #""abc""#),
        RuleCase("String", #"pattern("^\\d{3}$")"#, #""123""#, #""123""#),
        RuleCase(
            "String", #"pattern("^\\d{3}$")"#, #""12a""#, #"$.v A.v: "12a" does not match the pattern `^\d{3}$` @R rule `pattern`"#),
        RuleCase("String", #"pattern("^.$")"#, #""é""#, #""é""#),
        RuleCase(
            "String", #"pattern("^a+$")"#, "\"\(String(repeating: "a", count: 50))!\"",
            "$.v A.v: \"\(String(repeating: "a", count: 40))…\" does not match the pattern `^a+$` @R rule `pattern`"),
        RuleCase("URL", #"pattern("^https://")"#, #""https://x.org""#, #""https://x.org""#),
        RuleCase(
            "URL", #"pattern("^https://")"#, #""http://x.org""#,
            #"$.v A.v: "http://x.org" does not match the pattern `^https://` @R rule `pattern`"#),
        RuleCase("String?", #"pattern("^x$")"#, "null", "null"),
    ])
    func pattern(_ testCase: RuleCase) {
        #expect(Self.run(testCase) == testCase.expectedLines)
    }

    @Test(arguments: [
        RuleCase("String", #"oneOf("red", "blue")"#, #""red""#, #""red""#),
        RuleCase("String", #"oneOf("red", "blue")"#, #""green""#, #"$.v A.v: "green" is not one of "red", "blue" @R rule `oneOf`"#),
        RuleCase("String", #"oneOf("red", "blue")"#, #""Red""#, #"$.v A.v: "Red" is not one of "red", "blue" @R rule `oneOf`"#),
        RuleCase("Int", "oneOf(1, 2, 3)", "2", "2"),
        RuleCase("Int", "oneOf(1, 2, 3)", #""3""#, "3"),
        RuleCase("Int", "oneOf(1, 2, 3)", "4", "$.v A.v: 4 is not one of 1, 2, 3 @R rule `oneOf`"),
        RuleCase("Decimal", "oneOf(1.5, 2)", "1.50", "1.50"),
        RuleCase("Decimal", "oneOf(1.5, 2)", "2.0", "2.0"),
        RuleCase("Decimal", "oneOf(1.5, 2)", "3", "$.v A.v: 3 is not one of 1.5, 2 @R rule `oneOf`"),
        RuleCase("Bool", "oneOf(true)", "true", "true"),
        RuleCase("Bool", "oneOf(true)", "false", "$.v A.v: false is not one of true @R rule `oneOf`"),
        RuleCase("Int?", "oneOf(1)", "null", "null"),
    ])
    func oneOf(_ testCase: RuleCase) {
        #expect(Self.run(testCase) == testCase.expectedLines)
    }

    @Test func oneOfOnAnEnum() {
        let rules = "enum State {\n  open\n  closed\n  merged from \"done\"\n}\nmodel A {\n  s: State where oneOf(open, closed)\n}"
        #expect(RulesTestSupport.outcome(rules, #"{"s": "closed"}"#) == [#"{"s":"closed"}"#])
        #expect(
            RulesTestSupport.outcome(rules, #"{"s": "done"}"#) == [
                #"$.s A.s: "merged" is not one of "open", "closed" @7:18 rule `oneOf`"#
            ])
    }

    @Test(arguments: [
        RuleCase("String", "nonEmpty", #"" ""#, #"" ""#),
        RuleCase("String", "nonEmpty", #""""#, #"$.v A.v: expected a non-empty value, found "" @R rule `nonEmpty`"#),
        RuleCase("[String]", "nonEmpty", #"["x"]"#, #"["x"]"#),
        RuleCase("[String]", "nonEmpty", "[]", "$.v A.v: expected a non-empty value, found [] @R rule `nonEmpty`"),
        RuleCase("[String: Int]", "nonEmpty", "{}", "$.v A.v: expected a non-empty value, found {} @R rule `nonEmpty`"),
        RuleCase("[String]?", "nonEmpty", "null", "null"),
        RuleCase("String?", "nonEmpty", "null", "null"),
    ])
    func nonEmpty(_ testCase: RuleCase) {
        #expect(Self.run(testCase) == testCase.expectedLines)
    }

    @Test func everyBrokenRuleIsReported() {
        let testCase = RuleCase(
            "String", #"length(5...), pattern("^[0-9]+$"), nonEmpty"#, #""ab""#,
            "$.v A.v: length 2 is not in 5... @2:19 rule `length`",
            #"$.v A.v: "ab" does not match the pattern `^[0-9]+$` @2:33 rule `pattern`"#)
        #expect(Self.run(testCase) == testCase.expected)
    }

    @Test func rulesRunOnTheConvertedValueAfterTransformers() {
        let rules = "model A {\n  v: String using trim where length(...3), pattern(\"^[a-z]+$\")\n}"
        #expect(RulesTestSupport.outcome(rules, #"{"v": "  abc  "}"#) == [#"{"v":"abc"}"#])
        let numbers = "model A {\n  v: Int where range(1...3)\n}"
        #expect(RulesTestSupport.outcome(numbers, #"{"v": "3.0"}"#) == [#"{"v":3}"#])
    }

    @Test func rulesOfEveryFieldRunEvenAfterAnotherFieldFailed() {
        let rules = "model A {\n  a: Int where range(1...)\n  b: String where nonEmpty\n}"
        #expect(
            RulesTestSupport.outcome(rules, #"{"a": 0, "b": ""}"#) == [
                "$.a A.a: 0 is not in 1... @2:16 rule `range`",
                #"$.b A.b: expected a non-empty value, found "" @3:19 rule `nonEmpty`"#,
            ])
    }
}
