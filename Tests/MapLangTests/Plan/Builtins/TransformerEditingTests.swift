import Testing

@testable import MapLang

/// `replace`, `removePrefix`, `removeSuffix`, `scale` and `round` through
/// `Rules`, forward, in reverse, and misused.
struct TransformerEditingTests {
    typealias TransformCase = TransformerBuiltinTests.TransformCase

    // In `model A {\n  v: String using …`, the first transformer starts at 2:19.
    @Test(arguments: [
        TransformCase("String", #"replace("-", " ")"#, #""a-b--c""#, #""a b  c""#),
        TransformCase("String", #"replace("ab", "")"#, #""abcabab""#, #""c""#),
        TransformCase("String", #"replace("aa", "a")"#, #""aaaa""#, #""aa""#),
        TransformCase("String", #"replace("é", "e")"#, #""café""#, #""cafe""#),
        TransformCase("String", #"replace("1", "one")"#, "1", #""one""#),
        TransformCase(
            "String", #"replace("1", "one")"#, "1", "$.v A.v: expected a string for `replace`, found 1 @3:19 transformer `replace`",
            strict: true),
        TransformCase("String", #"removePrefix("v")"#, #""v1.2""#, #""1.2""#),
        TransformCase("String", #"removePrefix("v")"#, #""v""#, #""""#),
        TransformCase(
            "String", #"removePrefix("v")"#, #""1.2""#,
            #"$.v A.v: `removePrefix` cannot read "1.2": it does not start with "v" @2:19 transformer `removePrefix`"#),
        TransformCase("String", #"removeSuffix("px")"#, #""12px""#, #""12""#),
        TransformCase(
            "String", #"removeSuffix("px")"#, #""12pt""#,
            #"$.v A.v: `removeSuffix` cannot read "12pt": it does not end with "px" @2:19 transformer `removeSuffix`"#),
        TransformCase("Int", #"removeSuffix("px") | number"#, #""12px""#, "12"),
    ])
    func editing(_ testCase: TransformCase) {
        #expect(TransformerBuiltinTests.run(testCase) == testCase.expected)
    }

    // In `model A {\n  v: Decimal using …`, the first transformer starts at 2:20.
    @Test(arguments: [
        TransformCase("Decimal", "scale(-2)", "1250", "12.5"),
        TransformCase("Decimal", "scale(-2)", "5", "0.05"),
        TransformCase("Decimal", "scale(-2)", "-5", "-0.05"),
        TransformCase("Decimal", "scale(2)", "0.125", "12.5"),
        TransformCase("Decimal", "scale(3)", "1.5e2", "150000"),
        TransformCase("Decimal", "scale(0)", "0.10", "0.1"),
        TransformCase("Decimal", "scale(-2)", "0", "0"),
        TransformCase("Decimal", "scale(-40)", "1", "1e-40"),
        TransformCase("Decimal", "scale(-2)", #""1250""#, "12.5"),
        TransformCase(
            "Decimal", "scale(-2)", "1e999999999",
            "$.v A.v: `scale` cannot read 1e999999999: its exponent is past ±1,000,000 @2:20 transformer `scale`"),
        TransformCase("Decimal", "round(2)", "2.345", "2.35"),
        TransformCase("Decimal", "round(2)", "-2.345", "-2.35"),
        TransformCase("Decimal", "round(2)", "2.344", "2.34"),
        TransformCase("Decimal", "round(0)", "9.5", "10"),
        TransformCase("Decimal", "round(1)", "99.96", "100"),
        TransformCase("Decimal", "round(2)", "0.004", "0"),
        TransformCase("Decimal", "round(2)", "0.005", "0.01"),
        TransformCase("Decimal", "round(2)", "1e-9", "0"),
        TransformCase("Decimal", "round(2)", "12", "12"),
        TransformCase("Int", "scale(-2) | round(0)", "1250", "13"),
    ])
    func numbers(_ testCase: TransformCase) {
        #expect(TransformerBuiltinTests.run(testCase) == testCase.expected)
    }

    /// Each misuse is one error with its code.
    @Test(arguments: [
        (#"replace("", "x")"#, "invalid-arguments"),
        (#"replace("a")"#, "invalid-arguments"),
        ("replace", "invalid-arguments"),
        (#"removePrefix("")"#, "invalid-arguments"),
        ("removeSuffix(px)", "invalid-arguments"),
        ("scale(1.5)", "invalid-arguments"),
        ("scale(101)", "invalid-arguments"),
        ("scale", "invalid-arguments"),
        ("round(-1)", "invalid-arguments"),
        ("round(2, 3)", "invalid-arguments"),
        ("iso8601 | scale(2)", "transformer-input-mismatch"),
    ])
    func misuse(_ pipeline: String, _ code: String) {
        #expect {
            try Rules(source: SourceFile(name: "a.map", text: "model A {\n  v: Decimal using \(pipeline)\n}\n"))
        } throws: { error in
            (error as? RulesError)?.diagnostics.map(\.code) == [code]
        }
    }

    static let reversible = """
        root Item
        model Item {
          version: String using removePrefix("v")
          width: String using removeSuffix("px")
          price: Decimal from price_cents using scale(-2)
          rating: Decimal using round(1)
        }
        """

    @Test func prefixSuffixScaleAndRoundGoBack() throws {
        let rules = try Rules(source: SourceFile(name: "item.map", text: Self.reversible))
        #expect(rules.reversalProblems.isEmpty)
        let source = #"{"version":"v1.2","width":"12px","price_cents":1250,"rating":4.25}"#
        let mapped = try rules.map(source)
        #expect(mapped.jsonText() == #"{"version":"1.2","width":"12","price":12.5,"rating":4.3}"#)
        #expect(try rules.reverse(mapped).jsonText() == #"{"version":"v1.2","width":"12px","price_cents":1250,"rating":4.3}"#)
    }

    @Test func replaceCannotGoBack() throws {
        let rules = try Rules(source: SourceFile(name: "r.map", text: "model A {\n  v: String using replace(\"-\", \" \")\n}\n"))
        #expect(rules.reversalProblems.map(\.code) == ["irreversible-transformer"])
        #expect(rules.reversalProblems.first?.message.contains("`replace`") == true)
    }

    @Test func decimalDigitsAreExactAndBounded() {
        #expect(DecimalDigits(literal: "-0.000")?.literal == "0")
        #expect(DecimalDigits(literal: "123.4500")?.literal == "123.45")
        #expect(DecimalDigits(literal: "1e30")?.literal == "1000000000000000000000000000000")
        #expect(DecimalDigits(literal: "1e31")?.literal == "1e31")
        #expect(DecimalDigits(literal: "1.5e-31")?.literal == "0." + String(repeating: "0", count: 30) + "15")
        #expect(DecimalDigits(literal: "1.5e-32")?.literal == "1.5e-32")
        #expect(DecimalDigits(literal: "1e1000001") == nil)
        #expect(DecimalDigits(literal: "1.2.3") == nil)
        #expect(DecimalDigits(literal: "999.95")?.rounded(toPlaces: 1).literal == "1000")
    }

    /// Affixes and replacements match whole characters: a combining mark is
    /// never split from its letter, and canonically equivalent forms match.
    @Test func textIsComparedCharacterByCharacter() throws {
        let nfd = "e\u{301}te"
        let prefix = try Rules(source: SourceFile(name: "a.map", text: "root A\nmodel A {\n  v: String using removePrefix(\"e\")\n}\n"))
        #expect(throws: MappingFailure.self) { try prefix.map(#"{"v": "\#(nfd)"}"#) }
        let accent = try Rules(
            source: SourceFile(name: "a.map", text: "root A\nmodel A {\n  v: String using removePrefix(\"\u{E9}\")\n}\n"))
        #expect(try accent.map(#"{"v": "\#(nfd)"}"#)["v"]?.stringValue == "te")
        let replace = try Rules(source: SourceFile(name: "a.map", text: "root A\nmodel A {\n  v: String using replace(\"e\", \"x\")\n}\n"))
        #expect(try replace.map(#"{"v": "\#(nfd)e"}"#)["v"]?.stringValue == "e\u{301}txx")
    }

    /// What `scale` would write past the limit it reads is refused, so
    /// whatever it writes reads back.
    @Test func scaleStaysWithinWhatItReadsBack() throws {
        let rules = try Rules(source: SourceFile(name: "a.map", text: "root A\nmodel A {\n  v: Decimal using scale(-2)\n}\n"))
        #expect {
            try rules.map(#"{"v": 1e-1000000}"#)
        } throws: { error in
            (error as? MappingFailure)?.errors.map(\.message) == [
                "`scale` cannot read 1e-1000000: its exponent is past ±1,000,000"
            ]
        }
        #expect(try rules.map(#"{"v": 0.00001e1000003}"#).jsonText() == #"{"v":1e999996}"#)
        #expect(DecimalDigits(literal: "0.00001e1000003")?.isWithinLimit == true)
        #expect(DecimalDigits(literal: "12345e999997") == nil)
    }
}
