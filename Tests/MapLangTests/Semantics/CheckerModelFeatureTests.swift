@testable import MapLang
import Testing

/// Checker errors for choices, inheritance, field sets and unknown-key
/// policies: exactly one diagnostic each, at the marked place.
struct CheckerModelFeatureTests {
    typealias Case = CheckerDiagnosticTests.DiagnosticCase

    static let cases: [Case] = [
        Case(
            id: "a model that extends itself through another",
            source: "model A extends »B { x: Int }\nmodel B extends A { y: Int }",
            code: "inheritance-cycle", message: "the model `A` extends itself: `A` → `B` → `A`", help: nil),
        Case(
            id: "an unknown parent", source: "model Issue { x: Int }\nmodel B extends »Isue { y: Int }",
            code: "unknown-model", message: "unknown model `Isue`", help: "did you mean `Issue`?"),
        Case(
            id: "only names a field that is not there", source: "model A { name: String\n  only »nmae }",
            code: "unknown-field", message: "`A` has no field `nmae`", help: "did you mean `name`?"),
        Case(
            id: "except names a field that is not there", source: "model A { name: String\n  except »age }",
            code: "unknown-field", message: "`A` has no field `age`", help: nil),
        Case(
            id: "a check on a field only dropped",
            source: "model A { a: Int\n  b: Int\n  check »b > 0 }\nmodel C extends A { only a }",
            code: "unknown-field", message: "`C` has no field `b`", help: "did you mean `a`?"),
        Case(
            id: "unknown keep names no field", source: "model A { x: Int\n  unknown keep »rest }",
            code: "unknown-field", message: "`A` has no field `rest`", help: nil),
        Case(
            id: "the catch-all field is not JSON", source: "model A { rest: String\n  unknown keep »rest }",
            code: "catch-all-field", message: "`rest` cannot keep the unknown keys: it is `String`, not `JSON` or `[String: JSON]`",
            help: nil),
        Case(
            id: "the catch-all field reads a key", source: "model A { rest: JSON from other\n  unknown keep »rest }",
            code: "catch-all-field", message: "`rest` cannot keep the unknown keys: it reads a key of its own with `from`",
            help: nil),
        Case(
            id: "only at file level", source: "»only a\nmodel A { a: Int }",
            code: "setting-not-allowed", message: "`only` can only be set in a model", help: nil),
        Case(
            id: "a choice picks an unknown model",
            source: "model Circle { r: Int }\nchoice Shape by kind {\n  \"c\" -> »Circel\n}",
            code: "unknown-model", message: "unknown model `Circel`", help: "did you mean `Circle`?"),
        Case(
            id: "a variant has a field named like the discriminator",
            source: "model Circle { kind: String }\nchoice Shape by kind {\n  \"c\" -> »Circle\n}",
            code: "discriminator-clash",
            message: "`Circle` has a field `kind`, the name its choice writes the discriminator under", help: nil),
        Case(
            id: "a variant flattens a model with a field named like the discriminator",
            source: "model M { kind: String }\nmodel A { m: M flatten }\nchoice S by kind {\n  \"a\" -> »A\n}",
            code: "discriminator-clash",
            message: "`A` has a field `kind`, the name its choice writes the discriminator under", help: nil),
        Case(
            id: "a value listed twice in a choice",
            source: "model C { r: Int }\nmodel D { s: Int }\nchoice Shape by kind {\n  †\"c\" -> C\n  »\"c\" -> D\n}",
            code: "duplicate-input", message: "\"c\" is listed more than once in choice `Shape`", help: nil, secondary: "first listed here"),
        Case(
            id: "a field of an unknown choice type", source: "model A { s: »Shap }\nchoice Shape by kind { default -> A }",
            code: "unknown-type", message: "unknown type `Shap`", help: "did you mean `Shape`?"),
    ]

    @Test(arguments: cases)
    func reportsExactlyOneDiagnostic(_ testCase: Case) throws {
        try CheckerDiagnosticTests().reportsExactlyOneDiagnostic(testCase)
    }

    /// An inherited field with the same name is overridden in place; settings and checks are inherited.
    @Test func inheritanceOverridesInPlaceAndInheritsSettingsAndChecks() throws {
        let rules = try RulesTestSupport.rules(
            """
            model Base {
              keys snake_case
              firstName: String
              age: Int
              check age >= 0 else "no negative ages"
            }
            model Child extends Base {
              age: Int where range(0...17)
              school: String?
            }
            """)
        let child = try rules.model(named: "Child")
        let mapped = rules.map(try JSONReader.parse(Array(#"{"first_name": "Ana", "age": 9}"#.utf8)), to: child)
        #expect(mapped.value?.jsonText() == #"{"firstName":"Ana","age":9,"school":null}"#)
        let old = rules.map(try JSONReader.parse(Array(#"{"first_name": "Ana", "age": 30}"#.utf8)), to: child)
        #expect(old.errors.map(RulesTestSupport.line) == ["$.age Child.age: 30 is not in 0...17 @8:18 rule `range`"])
        let negative = rules.map(try JSONReader.parse(Array(#"{"first_name": "Ana", "age": -1}"#.utf8)), to: child)
        #expect(negative.errors.map(\.message) == ["-1 is not in 0...17"])
    }

    @Test func aChoiceNamesTheKnownValuesWhenNoneMatches() throws {
        let rules = try RulesTestSupport.rules(
            """
            root Shape
            model Circle { r: Int }
            model Square { s: Int }
            choice Shape by meta.kind {
              "circle", 1 -> Circle
              "square" -> Square
            }
            """)
        let root = try rules.model(named: nil)
        let outcomes = [#"{"meta": {"kind": "oval"}}"#, #"{"r": 1}"#, #"{"meta": {"kind": 1}, "r": 2}"#].map { text in
            RulesTestSupport.outcome(rules.map(try! JSONReader.parse(Array(text.utf8)), to: root))
        }
        #expect(
            outcomes == [
                [#"$.meta.kind Shape: "oval" chooses no model of `Shape` (expected one of "circle", 1, "square") @4:8"#],
                [#"$.meta.kind Shape: missing the key `meta.kind` that chooses the model of `Shape` (expected one of "circle", 1, "square") @4:8"#],
                [#"{"kind":1,"r":2}"#],
            ])
    }

    /// The new syntax's errors: what was expected, where.
    @Test(arguments: [
        ("choice Shape { \"c\" -> C }", "1:13 expected-keyword: expected `by` after `Shape`, found `{`"),
        ("choice Shape by kind {\n  default -> A\n  default -> B\n}\nmodel A { x: Int }\nmodel B { y: Int }",
         "3:3 duplicate-default: choice `Shape` has more than one `default`"),
        ("model A {\n  unknown maybe\n}", "2:10 expected-keyword: expected `ignore`, `reject` or `keep` after `unknown`, found identifier `maybe`"),
        ("model A extends {\n  x: Int\n}", "1:16 expected-name: expected a model name after `extends`, found `{`"),
    ])
    func syntaxErrors(_ text: String, _ expected: String) {
        #expect(RulesTestSupport.compileErrors(text).map(RulesTestSupport.summary).first == expected)
    }
}
