import Testing

@testable import MapLang

/// The coercion table of grammar.md 3.4 and 3.6: each type read from each
/// kind of JSON value, with coercion on (the default, or `lenient` in a model
/// of a `strict` file) and off (`strict` in the model or the file).
struct CoercionTableTests {
    struct CoercionCase: Sendable, CustomTestStringConvertible {
        let type: String
        /// The JSON value of `v`.
        let input: String
        /// The output value as JSON, or `$.v: message`, with coercion on.
        let lenient: String
        /// The same with `strict`.
        let strict: String
        var testDescription: String { "\(type) from \(input)" }

        init(_ type: String, _ input: String, _ lenient: String, _ strict: String) {
            self.type = type
            self.input = input
            self.lenient = lenient
            self.strict = strict
        }

        init(_ type: String, _ input: String, both: String) {
            self.init(type, input, both, both)
        }
    }

    enum Mode: String, CaseIterable, Sendable {
        case defaultLenient, strictModel, strictFile, lenientModelInStrictFile

        func rules(_ type: String) -> String {
            switch self {
            case .defaultLenient: "model A {\n  v: \(type)\n}"
            case .strictModel: "model A {\n  strict\n  v: \(type)\n}"
            case .strictFile: "strict\nmodel A {\n  v: \(type)\n}"
            case .lenientModelInStrictFile: "strict\nmodel A {\n  lenient\n  v: \(type)\n}"
            }
        }

        var isStrict: Bool { self == .strictModel || self == .strictFile }
    }

    /// The field's output as JSON, or each error as `path: message`.
    static func run(_ rules: String, _ input: String) -> String {
        do {
            let record = try RulesTestSupport.map(rules, #"{"v": \#(input)}"#)
            guard record.errors.isEmpty else {
                return record.errors.map { "\($0.path): \($0.message)" }.joined(separator: "\n")
            }
            guard case .object(let object) = record.value else { return "<no object>" }
            return RulesTestSupport.json(object["v"])
        } catch {
            return "error: \(error)"
        }
    }

    static let cases: [CoercionCase] = [
        // String
        CoercionCase("String", #""abc""#, both: #""abc""#),
        CoercionCase("String", #""""#, both: #""""#),
        CoercionCase("String", "42", #""42""#, "$.v: expected a string, found 42"),
        CoercionCase("String", "1.50", #""1.50""#, "$.v: expected a string, found 1.50"),
        CoercionCase("String", "-1e-3", #""-1e-3""#, "$.v: expected a string, found -1e-3"),
        CoercionCase("String", "true", #""true""#, "$.v: expected a string, found true"),
        CoercionCase("String", "false", #""false""#, "$.v: expected a string, found false"),
        CoercionCase("String", "[1]", both: "$.v: expected a string, found [1]"),
        CoercionCase("String", #"{"a": 1}"#, both: #"$.v: expected a string, found {"a":1}"#),
        // Int
        CoercionCase("Int", "42", both: "42"),
        CoercionCase("Int", "-0", both: "0"),
        CoercionCase("Int", "9223372036854775807", both: "9223372036854775807"),
        CoercionCase("Int", "-9223372036854775808", both: "-9223372036854775808"),
        CoercionCase(
            "Int", "9223372036854775808", both: "$.v: expected an integer that fits in 64 bits, found 9223372036854775808"),
        CoercionCase(
            "Int", "-9223372036854775809", both: "$.v: expected an integer that fits in 64 bits, found -9223372036854775809"),
        CoercionCase("Int", #""42""#, "42", #"$.v: expected an integer, found "42""#),
        CoercionCase("Int", #""-7""#, "-7", #"$.v: expected an integer, found "-7""#),
        CoercionCase("Int", #""3.0""#, "3", #"$.v: expected an integer, found "3.0""#),
        CoercionCase(
            "Int", #""9223372036854775808""#, #"$.v: expected an integer that fits in 64 bits, found "9223372036854775808""#,
            #"$.v: expected an integer, found "9223372036854775808""#),
        CoercionCase("Int", "3.0", "3", "$.v: expected an integer, found 3.0"),
        CoercionCase("Int", "1e2", "100", "$.v: expected an integer, found 1e2"),
        CoercionCase("Int", "3.5", "$.v: expected an integer, found 3.5, which has a fraction", "$.v: expected an integer, found 3.5"),
        CoercionCase(
            "Int", #""12.5""#, #"$.v: expected an integer, found "12.5", which has a fraction"#,
            #"$.v: expected an integer, found "12.5""#),
        CoercionCase("Int", "1e40", "$.v: expected an integer that fits in 64 bits, found 1e40", "$.v: expected an integer, found 1e40"),
        CoercionCase("Int", "2.50e1", "25", "$.v: expected an integer, found 2.50e1"),
        CoercionCase("Int", #""abc""#, both: #"$.v: expected an integer, found "abc""#),
        CoercionCase("Int", "true", both: "$.v: expected an integer, found true"),
        CoercionCase("Int", "[]", both: "$.v: expected an integer, found []"),
        // Double
        CoercionCase("Double", "1.5", both: "1.5"),
        CoercionCase("Double", "-0.25", both: "-0.25"),
        CoercionCase("Double", "1.50", both: "1.5"),
        CoercionCase("Double", "2.5e-3", both: "0.0025"),
        CoercionCase("Double", #""2.5""#, "2.5", #"$.v: expected a number, found "2.5""#),
        CoercionCase("Double", "1e400", both: "$.v: 1e400 is too large for a `Double`"),
        CoercionCase("Double", "-1e400", both: "$.v: -1e400 is too large for a `Double`"),
        CoercionCase("Double", #""1e400""#, "$.v: 1e400 is too large for a `Double`", #"$.v: expected a number, found "1e400""#),
        CoercionCase("Double", #""abc""#, both: #"$.v: expected a number, found "abc""#),
        CoercionCase("Double", "true", both: "$.v: expected a number, found true"),
        // Decimal
        CoercionCase("Decimal", "19.990", both: "19.990"),
        CoercionCase("Decimal", "1e400", both: "1e400"),
        CoercionCase("Decimal", "9223372036854775808", both: "9223372036854775808"),
        CoercionCase("Decimal", "-0.0", both: "-0.0"),
        CoercionCase("Decimal", #""19.990""#, "19.990", #"$.v: expected a number, found "19.990""#),
        CoercionCase("Decimal", #""abc""#, both: #"$.v: expected a number, found "abc""#),
        CoercionCase("Decimal", "false", both: "$.v: expected a number, found false"),
        // Bool
        CoercionCase("Bool", "true", both: "true"),
        CoercionCase("Bool", "false", both: "false"),
        CoercionCase("Bool", "1", "true", "$.v: expected a boolean, found 1"),
        CoercionCase("Bool", "0", "false", "$.v: expected a boolean, found 0"),
        CoercionCase("Bool", #""yes""#, "true", #"$.v: expected a boolean, found "yes""#),
        CoercionCase("Bool", #""Y""#, "true", #"$.v: expected a boolean, found "Y""#),
        CoercionCase("Bool", #""On""#, "true", #"$.v: expected a boolean, found "On""#),
        CoercionCase("Bool", #""TRUE""#, "true", #"$.v: expected a boolean, found "TRUE""#),
        CoercionCase("Bool", #""1""#, "true", #"$.v: expected a boolean, found "1""#),
        CoercionCase("Bool", #""OFF""#, "false", #"$.v: expected a boolean, found "OFF""#),
        CoercionCase("Bool", #""no""#, "false", #"$.v: expected a boolean, found "no""#),
        CoercionCase("Bool", #""N""#, "false", #"$.v: expected a boolean, found "N""#),
        CoercionCase("Bool", #""false""#, "false", #"$.v: expected a boolean, found "false""#),
        CoercionCase("Bool", #""0""#, "false", #"$.v: expected a boolean, found "0""#),
        CoercionCase("Bool", "2", both: "$.v: expected a boolean, found 2"),
        CoercionCase("Bool", #""maybe""#, both: #"$.v: expected a boolean, found "maybe""#),
        // Date: read the same way in both modes
        CoercionCase("Date", #""2016-05-24T18:43:37Z""#, both: #""2016-05-24T18:43:37Z""#),
        CoercionCase("Date", #""2016-05-24T18:43:37.120+02:00""#, both: #""2016-05-24T16:43:37.120Z""#),
        CoercionCase("Date", "1464116217", both: #""2016-05-24T18:56:57Z""#),
        CoercionCase("Date", "1464116217.5", both: #""2016-05-24T18:56:57.500Z""#),
        CoercionCase("Date", "-86400", both: #""1969-12-31T00:00:00Z""#),
        CoercionCase(
            "Date", #""yesterday""#,
            both: #"$.v: `iso8601` cannot read "yesterday": expected 4 digits for the year, found `y`"#),
        CoercionCase("Date", "true", both: "$.v: expected a date (an ISO-8601 string or a Unix timestamp), found true"),
        // URL: read the same way in both modes
        CoercionCase("URL", #""https://example.com/x""#, both: #""https://example.com/x""#),
        CoercionCase(
            "URL", #""example.com""#,
            both: #"$.v: `url` cannot read "example.com": a URL starts with a scheme such as `https:`"#),
        CoercionCase("URL", "42", both: "$.v: expected a URL string, found 42"),
    ]

    @Test(arguments: cases, Mode.allCases)
    func coercion(_ testCase: CoercionCase, _ mode: Mode) {
        let expected = mode.isStrict ? testCase.strict : testCase.lenient
        #expect(Self.run(mode.rules(testCase.type), testCase.input) == expected)
    }

    /// Errors from coercion point at the field's declaration, with no rule description.
    @Test(arguments: [
        (Mode.defaultLenient, "Int", #""abc""#, "$.v A.v: expected an integer, found \"abc\" @2:3"),
        (Mode.strictModel, "Int", #""42""#, "$.v A.v: expected an integer, found \"42\" @3:3"),
        (Mode.strictFile, "String", "42", "$.v A.v: expected a string, found 42 @3:3"),
        (Mode.lenientModelInStrictFile, "Bool", "2", "$.v A.v: expected a boolean, found 2 @4:3"),
        (Mode.strictFile, "Double", "1e400", "$.v A.v: 1e400 is too large for a `Double` @3:3"),
    ])
    func coercionErrorsPointAtTheField(_ mode: Mode, _ type: String, _ input: String, _ expected: String) {
        #expect(RulesTestSupport.outcome(mode.rules(type), #"{"v": \#(input)}"#) == [expected])
    }

    @Test func exactValues() throws {
        let rules = "model A {\n  i: Int\n  d: Double\n  m: Decimal\n  b: Bool\n  t: Date\n  u: URL\n}"
        let record = try RulesTestSupport.map(
            rules, #"{"i": "3.0", "d": "0.1", "m": 19.990, "b": "on", "t": 1.000000001, "u": "ftp://h/x"}"#)
        #expect(
            record.value
                == .object(
                    MappedObject([
                        MappedMember(key: "i", value: .int(3)),
                        MappedMember(key: "d", value: .double(0.1)),
                        MappedMember(key: "m", value: .decimal("19.990")),
                        MappedMember(key: "b", value: .bool(true)),
                        MappedMember(key: "t", value: .date(Timestamp(seconds: 1, nanoseconds: 1))),
                        MappedMember(key: "u", value: .url("ftp://h/x")),
                    ])))
    }

    /// A `Double` is written as the shortest number that reads back the same (grammar.md 3.4).
    @Test(arguments: [("42", "42"), ("-3", "-3"), ("0.00001", "1e-5")])
    func doubleOutputIsTheShortestNumber(_ input: String, _ output: String) {
        let text = Self.run("model A { v: Double }", input)
        #expect(text == output)
        #expect(Double(text) == Double(input))
    }

    /// A model's `strict` covers only that model: a nested lenient model still coerces, and the other way round.
    @Test func strictIsPerModel() {
        let rules = """
            model Inner {
              n: Int
            }
            model Outer {
              strict
              n: Int
              inner: Inner
            }
            root Outer
            """
        #expect(RulesTestSupport.outcome(rules, #"{"n": 1, "inner": {"n": "2"}}"#) == [#"{"n":1,"inner":{"n":2}}"#])
        #expect(
            RulesTestSupport.outcome(rules, #"{"n": "1", "inner": {"n": "2"}}"#) == [
                #"$.n Outer.n: expected an integer, found "1" @6:3"#
            ])
        let strictInner = """
            strict
            model Inner {
              n: Int
            }
            model Outer {
              lenient
              n: Int
              inner: Inner
            }
            root Outer
            """
        #expect(
            RulesTestSupport.outcome(strictInner, #"{"n": "1", "inner": {"n": "2"}}"#) == [
                #"$.inner.n Inner.n: expected an integer, found "2" @3:3"#
            ])
    }
}
