import Testing

@testable import MapLang

/// One mistake gives exactly one error, at its own place: after a problem
/// in a declaration, whatever depends on it (checks and computed fields
/// reading a field, models extending a parent, fields using an enum, table,
/// transform or choice) is checked against a placeholder that reports
/// nothing more. `»` in the source marks where the one error starts.
struct CheckerCascadeTests {
    struct CascadeCase: Sendable, CustomTestStringConvertible {
        let id: String
        /// Rules text with one `»` marker.
        let source: String
        let code: String
        var testDescription: String { id }
    }

    static let cases: [CascadeCase] = [
        CascadeCase(
            id: "a field of an unknown type, read by checks and a computed field",
            source: """
                model Issue {
                  title: »Strng
                  count: Int
                  size: Int = count + 1
                  shout: String = title + "!"
                  check title != "" else "empty"
                  check size > 1 and title != "x"
                }
                """,
            code: "unknown-type"),
        CascadeCase(
            id: "a field of an unknown enum, compared with a case",
            source: "enum State { open\n closed }\nmodel R { s: »Stat\n check s == closed or s != open }",
            code: "unknown-type"),
        CascadeCase(
            id: "a nested model's field of an unknown type, read through the nesting",
            source: "model U { login: »Strin }\nmodel R { u: U\n check u.login != \"\" }",
            code: "unknown-type"),
        CascadeCase(
            id: "an unknown type in a parent, inherited by two models",
            source: "model Base { id: »Intt\n check id > 0 }\nmodel A extends Base { x: Int }\nmodel B extends Base { y: Int\n check id > y }",
            code: "unknown-type"),
        CascadeCase(
            id: "an unknown transformer in a parent, inherited by two models",
            source: "model Base { name: String using »nosuch }\nmodel A extends Base { x: Int }\nmodel B extends Base { y: Int }",
            code: "unknown-transformer"),
        CascadeCase(
            id: "an unknown rule in a parent, inherited through `only` and `except`",
            source: """
                model Base { tag: String where »nosuchrule
                  id: Int }
                model A extends Base { only tag }
                model B extends Base { except id }
                """,
            code: "unknown-rule"),
        CascadeCase(
            id: "a default of the wrong type in a parent, inherited",
            source: "model Base { n: Int default »\"x\" }\nmodel A extends Base { }\nmodel B extends A { }",
            code: "literal-type-mismatch"),
        CascadeCase(
            id: "a check on a missing field in a parent, inherited",
            source: "model Base { n: Int\n check »m > 0 }\nmodel A extends Base { }",
            code: "unknown-field"),
        CascadeCase(
            id: "an unknown parent, whose fields its models read",
            source: """
                model C extends »Bsae {
                  z: Int
                  only z, id
                  check z > 0 and id > 0
                }
                model D extends C { check name != "" }
                """,
            code: "unknown-model"),
        CascadeCase(
            id: "an unknown field kept by `only`, read by a check below",
            source: "model B { a: Int\n b: Int }\nmodel R extends B { only a, »c }\nmodel S extends R { check c > 0 }",
            code: "unknown-field"),
        CascadeCase(
            id: "`unknown keep` naming a field of an unknown type",
            source: "model R { unknown keep rest\n rest: »JSN }",
            code: "unknown-type"),
        CascadeCase(
            id: "a duplicate enum case, the enum used by fields and checks",
            source: "enum State { open\n closed\n »open }\nmodel R { s: State\n t: [State]\n check s == closed }",
            code: "duplicate-enum-case"),
        CascadeCase(
            id: "a table whose rows differ, used by two fields",
            source: "table P { \"a\" -> 1\n \"b\" -> »\"x\" }\nmodel R { p: Int using P\n q: Int? using P\n check p > 0 }",
            code: "table-outputs-differ"),
        CascadeCase(
            id: "a table's null output, first, then used by a field",
            source: "table P { \"a\" -> »null\n \"b\" -> 1 }\nmodel R { p: Int using P }",
            code: "expected-scalar"),
        CascadeCase(
            id: "a table's null default",
            source: "table P { \"a\" -> 1\n default -> »null }\nmodel R { p: Int using P }",
            code: "expected-scalar"),
        CascadeCase(
            id: "a transform using an unknown transformer, used by two models",
            source: "transform clean = trim | »lowercas\nmodel A { a: String using clean }\nmodel B { b: String using clean | uppercase }",
            code: "unknown-transformer"),
        CascadeCase(
            id: "a choice naming an unknown model, used by two fields",
            source: "choice S by kind { \"c\" -> »Circl\n \"s\" -> Square }\nmodel Square { side: Int }\nmodel R { s: S\n t: [S]\n check count(t) > 0 }",
            code: "unknown-model"),
        CascadeCase(
            id: "a second declaration of a name, the name used",
            source: "enum S { a }\nenum »S { c }\nmodel R { x: S\n check x == a }",
            code: "duplicate-declaration"),
    ]

    @Test(arguments: cases)
    func oneMistakeGivesOneError(_ testCase: CascadeCase) throws {
        let marked = RulesTestSupport.Marked(testCase.source)
        let (parse, check, _) = RulesTestSupport.checkerDiagnostics(marked.text)
        #expect(parse.map(RulesTestSupport.summary) == [])
        try #require(check.count == 1, "\(check.map(RulesTestSupport.summary))")
        #expect(check[0].code == testCase.code)
        #expect([check[0].location] == marked.locations)
    }

    /// A key path written with a dotted index is a syntax error only: the
    /// field it belongs to stays, so the check that reads it says nothing.
    @Test func aDottedIndexLeavesItsFieldForChecks() {
        let (parse, check, _) = RulesTestSupport.checkerDiagnostics(
            "model Issue {\n  first: String from labels.0.name\n  check first != \"\"\n}")
        #expect(parse.map(RulesTestSupport.summary) == [
            "2:28 index-without-brackets: `labels.0.name` writes an index as a key: a key path's index is written in brackets"
        ])
        #expect(check.map(RulesTestSupport.summary) == [])
    }

    /// A mistake that an inherited member meets only in the models that
    /// inherit it, each for a reason of its own, is reported for each.
    @Test func distinctMistakesInInheritedMembersAreEachReported() {
        let overridden = RulesTestSupport.checkerDiagnostics(
            "model P { kind: String\n  check kind != \"\" }\nmodel C1 extends P { kind: Int }\nmodel C2 extends P { kind: Bool }")
        #expect(overridden.check.map(RulesTestSupport.summary) == [
            "2:9 check-comparison-mismatch: cannot compare an Int with a String",
            "2:9 check-comparison-mismatch: cannot compare a Bool with a String",
        ])
        #expect(overridden.check.map(\.notes) == [["in `C1`, which inherits this"], ["in `C2`, which inherits this"]])
        let excepted = RulesTestSupport.checkerDiagnostics(
            "model P { kind: String\n  check kind != \"\" }\nmodel C1 extends P { except kind }\nmodel C2 extends P { except kind }")
        #expect(excepted.check.map(RulesTestSupport.summary) == [
            "2:9 unknown-field: `C1` has no field `kind`",
            "2:9 unknown-field: `C2` has no field `kind`",
        ])
    }

    /// A field of an unknown type still has its transformers and rules
    /// looked up: a misspelt one there is a mistake of its own.
    @Test func aFieldOfAnUnknownTypeStillHasItsNamesLookedUp() {
        let (_, check, _) = RulesTestSupport.checkerDiagnostics("model R {\n  x: Strin using trimm where lenght(1...)\n}")
        #expect(check.map(RulesTestSupport.summary) == [
            "2:6 unknown-type: unknown type `Strin`",
            "2:18 unknown-transformer: unknown transformer `trimm`",
            "2:30 unknown-rule: unknown rule `lenght`",
        ])
    }

    /// `count` of a placeholder is still an `Int`, so a mistake in what uses it is found.
    @Test func aFunctionOfAPlaceholderKeepsItsType() {
        let (_, check, plan) = RulesTestSupport.checkerDiagnostics(
            "model R {\n  items: [Foo]\n  a: String\n  total: Int = count(items) + a\n  check count(items) > \"x\"\n}")
        #expect(check.map(\.code) == ["unknown-type", "operands-mismatch", "check-comparison-mismatch"])
        #expect(plan == nil)
    }

    /// Two different mistakes in one parent are each reported once, not once per model.
    @Test func eachMistakeOfAParentOnce() {
        let (_, check, _) = RulesTestSupport.checkerDiagnostics(
            """
            model Base {
              id: Intt
              name: String using nosuch
            }
            model A extends Base { x: Int }
            model B extends Base { y: Int }
            """)
        #expect(check.map(RulesTestSupport.summary) == [
            "2:7 unknown-type: unknown type `Intt`",
            "3:22 unknown-transformer: unknown transformer `nosuch`",
        ])
    }
}
