import Testing

@testable import MapLang

/// Files with several errors, and the plans valid files compile to.
struct CheckerPlanTests {
    /// The checker compiles enums before models and resolves `root` last;
    /// `Rules` still reports every problem in source order.
    @Test func everyErrorIsReportedInSourceOrder() {
        let marked = RulesTestSupport.Marked(
            """
            root »Nope
            model A {
              x: »Strng
              y: Int where »lenght(1...2)
              check »z == 1
            }
            enum E { a »a }
            table t { "a" -> 1 "b" -> »"x" }
            """)
        let diagnostics = RulesTestSupport.compileErrors(marked.text)
        #expect(
            diagnostics.map { "\($0.code): \($0.message)" } == [
                "unknown-model: unknown model `Nope`",
                "unknown-type: unknown type `Strng`",
                "unknown-rule: unknown rule `lenght`",
                "unknown-field: `A` has no field `z`",
                "duplicate-enum-case: the case `a` is declared more than once",
                "table-outputs-differ: every row of the table `t` must give the same type",
            ])
        #expect(diagnostics.map(\.location) == marked.locations)
    }

    @Test func syntaxAndCheckerErrorsAreMergedInSourceOrder() {
        let marked = RulesTestSupport.Marked(
            """
            model A {
              x: »Strng
              y: Int »-> 3
              z: »Bol
            }
            """)
        let diagnostics = RulesTestSupport.compileErrors(marked.text)
        #expect(diagnostics.map(\.code) == ["unknown-type", "expected-clause", "unknown-type"])
        #expect(diagnostics.map(\.location) == marked.locations)
    }

    @Test func anErrorInOneModelDoesNotHideErrorsInAnother() {
        let diagnostics = RulesTestSupport.compileErrors(
            """
            model A { a: Strng }
            model B { b: Itn }
            """)
        #expect(
            diagnostics.map(RulesTestSupport.summary) == [
                "1:14 unknown-type: unknown type `Strng`",
                "2:14 unknown-type: unknown type `Itn`",
            ])
        #expect(diagnostics.map(\.help) == ["did you mean `String`?", "did you mean `Int`?"])
    }

    struct PlanCase: Sendable, CustomTestStringConvertible {
        let id: String
        let source: String
        let models: [String]
        let root: String?
        var testDescription: String { id }
    }

    @Test(arguments: [
        PlanCase(id: "single model without root is the root", source: "model Only { x: Int }", models: ["Only"], root: "Only"),
        PlanCase(
            id: "root names the second model", source: "root B\nmodel A { }\nmodel B { }", models: ["A", "B"], root: "B"),
        PlanCase(id: "root before its model", source: "root A\nmodel A { }", models: ["A"], root: "A"),
        PlanCase(id: "two models without root", source: "model A { }\nmodel B { }", models: ["A", "B"], root: nil),
        PlanCase(id: "no models", source: "enum E { a }", models: [], root: nil),
        PlanCase(
            id: "declaration order kept", source: "model Zeta { }\nenum E { a }\nmodel Alpha { }\nroot Alpha",
            models: ["Zeta", "Alpha"], root: "Alpha"),
    ])
    func compilesAPlan(_ testCase: PlanCase) throws {
        let rules = try RulesTestSupport.rules(testCase.source)
        #expect(rules.modelNames == testCase.models)
        #expect(rules.rootModel == testCase.root)
        #expect(rules.sources.map(\.name) == [RulesTestSupport.fileName])
    }

    @Test func rootNamingAnUnknownModelIsAnError() {
        let diagnostics = RulesTestSupport.compileErrors("root Missing\nmodel A { }\nmodel B { }")
        #expect(diagnostics.map(RulesTestSupport.summary) == ["1:6 unknown-model: unknown model `Missing`"])
        #expect(diagnostics.map(\.help) == [nil])
    }

    @Test func twoRootsAreAnError() {
        let diagnostics = RulesTestSupport.compileErrors("root A\nroot B\nmodel A { }\nmodel B { }")
        #expect(diagnostics.map(RulesTestSupport.summary) == ["2:1 duplicate-root: the root model is set more than once"])
    }

    @Test func choosingModels() throws {
        let rules = try RulesTestSupport.rules("root Issue\nmodel Issue { }\nmodel User { }")
        #expect(try rules.model(named: nil) == rules.model(named: "Issue"))
        #expect(try rules.model(named: "User") != rules.model(named: "Issue"))
        #expect(throws: ModelChoiceError.unknownModel(name: "Isue", suggestion: "Issue", available: ["Issue", "User"])) {
            try rules.model(named: "Isue")
        }
        #expect(throws: ModelChoiceError.unknownModel(name: "Order", suggestion: nil, available: ["Issue", "User"])) {
            try rules.model(named: "Order")
        }
    }

    @Test func modelChoiceErrorMessages() throws {
        let two = try RulesTestSupport.rules("model A { }\nmodel B { }")
        #expect(throws: ModelChoiceError.noRootModel(available: ["A", "B"])) { try two.model(named: nil) }
        #expect(ModelChoiceError.noRootModel(available: ["A", "B"]).message == "the rules declare no root model")
        #expect(
            ModelChoiceError.noRootModel(available: ["A", "B"]).help
                == "declare `root NAME` in the rules, or name the model to map to")
        let none = try RulesTestSupport.rules("enum E { a }")
        #expect(throws: ModelChoiceError.noModels) { try none.model(named: nil) }
        #expect(ModelChoiceError.noModels.message == "the rules declare no model")
        #expect(ModelChoiceError.noModels.help == "declare a model with `model NAME { … }`")
        let misspelt = ModelChoiceError.unknownModel(name: "Isue", suggestion: "Issue", available: ["Issue", "User"])
        #expect(misspelt.message == "the rules declare no model `Isue`")
        #expect(misspelt.help == "did you mean `Issue`?")
        let unknown = ModelChoiceError.unknownModel(name: "Order", suggestion: nil, available: ["User", "Issue"])
        #expect(unknown.help == "the models are `Issue`, `User`")
    }

    @Test func fieldsAreCompiledInDeclarationOrderWithTheirKeys() throws {
        let (parse, check, plan) = RulesTestSupport.checkerDiagnostics(
            """
            keys snake_case
            model Issue {
              htmlURL: URL
              number: Int from id, ID
              title: String from meta."a.b".c
              labels: [String] from labels[-1]
            }
            """)
        #expect(parse.isEmpty && check.isEmpty)
        let model = try #require(plan?.models.first)
        #expect(model.fields.map(\.name) == ["htmlURL", "number", "title", "labels"])
        #expect(model.fields.map { $0.sources.map(\.text) } == [["html_url"], ["id", "ID"], [#"meta["a.b"].c"#], ["labels[-1]"]])
        #expect(model.fields[2].sources[0].steps == [.key("meta"), .key("a.b"), .key("c")])
        #expect(model.fields[3].sources[0].steps == [.key("labels"), .index(-1)])
        #expect(model.fieldIndex == ["htmlURL": 0, "number": 1, "title": 2, "labels": 3])
        #expect(model.fields.map(\.site.location) == [3, 4, 5, 6].map { SourceLocation(line: $0, column: 3) })
    }

    /// `strict` and `lenient` in a model apply to that model's fields, wherever in the body they are written.
    @Test func modelSettingsApplyToEveryFieldOfTheModel() throws {
        let (_, check, plan) = RulesTestSupport.checkerDiagnostics(
            """
            model A { a: Int }
            model C {
              c: Int
              strict
              d: Int
            }
            """)
        #expect(check.isEmpty)
        let models = try #require(plan?.models)
        #expect(models.map { $0.fields.map(\.lenient) } == [[true], [false, false]])
    }

    @Test func strictFileSettingReachesEveryModelUnlessTheModelIsLenient() throws {
        let (_, check, plan) = RulesTestSupport.checkerDiagnostics(
            """
            strict
            model A { a: Int }
            model B {
              lenient
              b: Int
            }
            model C {
              c: Int
              lenient
            }
            """)
        #expect(check.isEmpty)
        let models = try #require(plan?.models)
        #expect(models.map { $0.fields.map(\.lenient) } == [[false], [true], [true]])
    }
}
