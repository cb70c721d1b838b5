import Testing

@testable import MapLang

/// `Rules.explainRecords` (`maplang run --explain`): what each field,
/// check and choice of a record did, with its input values placed at their
/// line and column, for records chosen by number or condition.
struct ExplainTraceTests {
    /// Traces the input's records under the rules, as the tool does.
    static func explain(
        _ rules: String, _ input: String, lines: Bool = false, selection: RecordSelection = RecordSelection(), model: String? = nil
    ) throws -> [RecordExplanation] {
        let compiled = try Rules(source: SourceFile(name: "t.map", text: rules))
        let target = try compiled.model(named: model)
        var explanations: [RecordExplanation] = []
        Array(input.utf8).withUnsafeBufferPointer { bytes in
            compiled.explainRecords(in: bytes, lines: lines, to: target, selection: selection) { explanations.append($0) }
        }
        return explanations
    }

    /// The field entries of a trace.
    static func fields(_ explanation: RecordExplanation) -> [FieldTrace] {
        explanation.trace.compactMap { if case .field(let field) = $0 { field } else { nil } }
    }

    static func site(_ line: Int, _ column: Int, _ description: String = "") -> TracedSite {
        TracedSite(file: "t.map", location: SourceLocation(line: line, column: column), description: description)
    }

    static func path(_ text: String) -> JSONPath { JSONPath(parsing: text[...])! }

    @Test func aFieldShowsItsKeyInputTransformersRulesAndValue() throws {
        let rules = """
            model Issue {
              title: String using trim where nonEmpty
            }
            """
        let explained = try Self.explain(rules, "[\n  {\"title\": \"  Bug \"}\n]")
        #expect(explained.count == 1)
        #expect(explained[0].path == Self.path("$[0]"))
        #expect(explained[0].position == TextPosition(line: 2, column: 3))
        #expect(explained[0].record.value != nil)
        var expected = FieldTrace(model: "Issue", field: "title", site: Self.site(2, 3), depth: 0, objectPath: Self.path("$[0]"))
        expected.keys = [KeyAttempt(key: "title", outcome: .found)]
        expected.input = TracedInput(path: Self.path("$[0].title"), value: .string("  Bug "), position: TextPosition(line: 2, column: 13))
        expected.steps = [
            TraceStep(by: "transformer `trim`", site: Self.site(2, 23, "transformer `trim`"), path: Self.path("$[0].title"), value: .string("Bug"), coerced: false)
        ]
        expected.rules = [RuleOutcome(site: Self.site(2, 34, "rule `nonEmpty`"), path: Self.path("$[0].title"), holds: true)]
        expected.value = .string("Bug")
        #expect(explained[0].trace == [.field(expected)])
    }

    @Test func fallbackKeysAreTriedInOrderAndEachOutcomeShown() throws {
        let rules = """
            model M {
              id: Int from id, ID, key
            }
            """
        let field = try #require(Self.fields(try Self.explain(rules, #"{"id": null, "ID": 3}"#)[0]).first)
        #expect(field.keys == [KeyAttempt(key: "id", outcome: .null), KeyAttempt(key: "ID", outcome: .found)])
        #expect(field.input?.path == Self.path("$.ID"))
        #expect(field.input?.position == TextPosition(line: 1, column: 20))
        #expect(field.value == .int(3))
    }

    @Test func aDefaultSaysWhetherTheKeyWasMissingOrNull() throws {
        let rules = """
            model M {
              a: String default "x"
              b: String default "y"
              c: String?
              d: Int
            }
            """
        let explained = try Self.explain(rules, #"{"b": null}"#)[0]
        let fields = Self.fields(explained)
        #expect(fields.map(\.absent) == [
            AbsentTrace(sawNull: false, defaulted: true, value: .string("x")),
            AbsentTrace(sawNull: true, defaulted: true, value: .string("y")),
            AbsentTrace(sawNull: false, defaulted: false, value: .null),
            AbsentTrace(sawNull: false, defaulted: false, value: nil),
        ])
        #expect(fields[3].value == nil)
        #expect(fields[3].errors.map(\.problem.code) == ["missing-key"])
        #expect(explained.record.value == nil)
    }

    @Test func aCoercionIsAStepOfItsOwn() throws {
        let rules = """
            model M {
              n: Int
              s: String using uppercase
            }
            """
        let fields = Self.fields(try Self.explain(rules, #"{"n": "12", "s": 5}"#)[0])
        #expect(fields[0].steps == [TraceStep(by: "Int", site: Self.site(2, 3), path: Self.path("$.n"), value: .int(12), coerced: true)])
        #expect(fields[1].steps.map(\.coerced) == [true])
        #expect(fields[1].value == .string("5"))
    }

    @Test func inputPositionsCountCharactersAndLines() throws {
        let rules = """
            model M {
              a: String
              b: Int
            }
            """
        let fields = Self.fields(try Self.explain(rules, "{\"a\": \"é🙂\", \"b\": 1}")[0])
        #expect(fields.map { $0.input?.position } == [TextPosition(line: 1, column: 7), TextPosition(line: 1, column: 18)])
        let multiline = Self.fields(try Self.explain(rules, "{\n  \"b\":\n    2,\n\t\"a\": \"x\"}")[0])
        #expect(multiline.map { $0.input?.position } == [TextPosition(line: 4, column: 7), TextPosition(line: 3, column: 5)])
    }

    @Test func aRepeatedKeyIsPlacedAtTheValueThatWins() throws {
        let rules = """
            model M {
              ab: Int
            }
            """
        let fields = Self.fields(try Self.explain(rules, #"{"ab": 1, "a\u0062": 2}"#)[0])
        #expect(fields[0].value == .int(2))
        #expect(fields[0].input?.position == TextPosition(line: 1, column: 22))
    }

    @Test func nestedModelsAndElementsAreIndentedAndPathed() throws {
        let rules = """
            root Issue
            model Issue {
              labels: [Label]
              tags: [String] using trim
              check count(labels) < 3
            }
            model Label {
              name: String
            }
            """
        let explained = try Self.explain(rules, #"{"labels": [{"name": "a"}, {"name": "b"}], "tags": [" x", "y "]}"#)[0]
        let fields = Self.fields(explained)
        #expect(fields.map { "\($0.model).\($0.field)@\($0.depth)" } == ["Issue.labels@0", "Label.name@1", "Label.name@1", "Issue.tags@0"])
        #expect(fields[2].input?.path == Self.path("$.labels[1].name"))
        #expect(fields[2].input?.position == TextPosition(line: 1, column: 37))
        #expect(fields[3].steps.map(\.path) == [Self.path("$.tags[0]"), Self.path("$.tags[1]")])
        #expect(fields[3].steps.map(\.value) == [.string("x"), .string("y")])
        guard case .check(let check) = explained.trace.last else {
            Issue.record("the model check comes last")
            return
        }
        #expect(check.holds == true)
        #expect(check.depth == 0)
    }

    @Test func aChoiceShowsTheDiscriminatorAndTheModelItChose() throws {
        let rules = """
            root Event
            choice Event by type {
              "push" -> Push
              default -> Other
            }
            model Push {
              ref: String
            }
            model Other {
              name: String?
            }
            choice Strict by type {
              "push" -> Push
            }
            """
        let input = """
            {"type": "push", "ref": "main"}
            {"type": "bird"}
            """
        let explained = try Self.explain(rules, input, lines: true)
        guard case .choice(let pushed) = explained[0].trace.first, case .choice(let other) = explained[1].trace.first else {
            Issue.record("each record starts with its choice")
            return
        }
        #expect(pushed.chosen == "Push")
        #expect(!pushed.byDefault)
        #expect(pushed.found == .string("push"))
        #expect(pushed.foundPosition == TextPosition(line: 1, column: 10))
        #expect(other.chosen == "Other")
        #expect(other.byDefault)
        #expect(other.foundPosition == TextPosition(line: 2, column: 10))
        let none = try Self.explain(rules, #"{"kind": 1}"#, model: "Strict")[0]
        guard case .choice(let missing) = none.trace.first else {
            Issue.record("the record starts with its choice")
            return
        }
        #expect(missing.chosen == nil)
        #expect(missing.found == nil)
        #expect(missing.known == ["\"push\""])
        #expect(none.trace.count == 1)
        #expect(none.record.errors.map(\.problem.code) == ["missing-discriminator"])
    }

    @Test func aFailingCheckAndAFailingRuleAreShown() throws {
        let rules = """
            model M {
              n: Int where range(1...9)
              check n > 5 else "n is small"
            }
            """
        let small = try Self.explain(rules, #"{"n": 2}"#)[0]
        guard case .check(let check) = small.trace.last else {
            Issue.record("the check comes last")
            return
        }
        #expect(check.holds == false)
        #expect(check.message == "n is small")
        let large = Self.fields(try Self.explain(rules, #"{"n": 20}"#)[0])
        #expect(large[0].rules.map(\.holds) == [false])
        #expect(large[0].errors.map(\.problem.code) == ["out-of-range"])
    }

    @Test func aComputedFieldIsMarkedAndHasItsValue() throws {
        let rules = """
            model M {
              a: Int
              b: Int = a * 2
            }
            """
        let fields = Self.fields(try Self.explain(rules, #"{"a": 4}"#)[0])
        #expect(fields.map(\.isComputed) == [false, true])
        #expect(fields[1].value == .int(8))
        #expect(fields[1].keys.isEmpty)
    }

    @Test func ndjsonRecordsAreNumberedByLineAndInvalidLinesPassedOver() throws {
        let rules = """
            model M {
              n: Int
            }
            """
        let input = "{\"n\": 1}\r\nnot json\n\n{\"n\": 4}\n"
        let explained = try Self.explain(rules, input, lines: true)
        #expect(explained.map(\.line) == [1, 4])
        #expect(explained.map(\.position) == [TextPosition(line: 1, column: 1), TextPosition(line: 4, column: 1)])
        #expect(Self.fields(explained[1])[0].input?.position == TextPosition(line: 4, column: 7))
    }

    @Test func recordsAreChosenByNumberAndByCondition() throws {
        let rules = """
            model M {
              id: Int
            }
            """
        let input = #"[{"id": 1}, {"id": 2.0, "user": {"login": "x"}}, {"id": 3}, {"id": 4}]"#
        var numbers = RecordSelection()
        numbers.numbers = [0...0, 2...3]
        #expect(try Self.explain(rules, input, selection: numbers).map(\.path.description) == ["$[0]", "$[2]", "$[3]"])
        var condition = RecordSelection()
        condition.filters = [RecordFilter(path: Self.path("$.id"), value: .number(JSONNumber(literal: "2")))]
        #expect(try Self.explain(rules, input, selection: condition).map(\.path.description) == ["$[1]"])
        condition.filters = [RecordFilter(path: Self.path("$.user.login"), value: .string("x"))]
        #expect(try Self.explain(rules, input, selection: condition).map(\.path.description) == ["$[1]"])
        condition.numbers = [0...0]
        #expect(try Self.explain(rules, input, selection: condition).isEmpty)
    }

    @Test func aDocumentIsTracedUpToItsSyntaxError() throws {
        let rules = """
            model M {
              id: Int
            }
            """
        #expect(try Self.explain(rules, #"[{"id": 1}, {"id": }]"#).map(\.path.description) == ["$[0]"])
    }

    @Test func tracingChangesNoOutcome() throws {
        let rules = """
            model M {
              id: Int where range(1...)
              name: String default "none"
            }
            """
        let compiled = try Rules(source: SourceFile(name: "t.map", text: rules))
        let model = try compiled.model(named: nil)
        for input in [#"{"id": 1}"#, #"{"id": 0, "name": null}"#, #"{"name": 3}"#] {
            let value = try JSONReader.parse(Array(input.utf8))
            let explained = try Self.explain(rules, input)[0]
            #expect(explained.record == compiled.map(value, to: model))
        }
    }

    @Test func aRecursiveModelsInnerErrorIsTheInnerFieldsOnly() throws {
        let rules = """
            root Node
            model Node {
              name: String where nonEmpty
              kids: [Node] default []
            }
            """
        let fields = Self.fields(try Self.explain(rules, #"{"name": "a", "kids": [{"name": "b", "kids": 5}]}"#)[0])
        #expect(fields.map { "\($0.field)@\($0.depth):\($0.errors.count)" } == ["name@0:0", "kids@0:0", "name@1:0", "kids@1:1"])
    }

    @Test func anElementLossyDroppedIsAWarningOfItsField() throws {
        let rules = """
            root Issue
            model Issue {
              tags: [Int] lossy
            }
            """
        let field = try #require(Self.fields(try Self.explain(rules, #"{"tags": [1, "x", 3]}"#)[0]).first)
        #expect(field.value == .array([.int(1), .int(3)]))
        #expect(field.warnings.map(\.problem.code) == ["dropped-element"])
        #expect(field.warnings.map(\.path) == [Self.path("$.tags[1]")])
        #expect(field.errors.isEmpty)
    }

    @Test func aByteOrderMarkBeforeTheFirstLineIsNoColumn() throws {
        let rules = """
            model M {
              n: Int
            }
            """
        let explained = try Self.explain(rules, "\u{FEFF}{\"n\": 1}\n{\"n\": 2}\n", lines: true)
        #expect(explained.map { Self.fields($0)[0].input?.position } == [TextPosition(line: 1, column: 7), TextPosition(line: 2, column: 7)])
    }

    @Test func aDiscriminatorReadFromTheEndIsPlaced() throws {
        let rules = """
            root Shape
            choice Shape by tags[-1] {
              "c" -> Circle
            }
            model Circle {
              r: Int
            }
            """
        let explained = try Self.explain(rules, #"{"tags": ["x", "c"], "r": 2}"#)[0]
        guard case .choice(let choice) = explained.trace.first else {
            Issue.record("the record starts with its choice")
            return
        }
        #expect(choice.foundPath == Self.path("$.tags[1]"))
        #expect(choice.foundPosition == TextPosition(line: 1, column: 16))
    }

    @Test func aDefaultForMissingKeysOnlyIsSaidToBePassedOverForNull() throws {
        let rules = """
            model M {
              d: Int default 4 when missing
            }
            """
        let field = try #require(Self.fields(try Self.explain(rules, #"{"d": null}"#)[0]).first)
        #expect(field.absent == AbsentTrace(sawNull: true, defaulted: false, defaultPassedOver: true, value: nil))
    }

    @Test func aConditionMayBeWrittenFromTheDocument() throws {
        let rules = """
            model M {
              id: Int
            }
            """
        let input = #"[{"id": 1}, {"id": 2}]"#
        var selection = RecordSelection()
        selection.filters = [RecordFilter(path: Self.path("$[1].id"), value: .number(JSONNumber(literal: "2")))]
        #expect(try Self.explain(rules, input, selection: selection).map(\.path.description) == ["$[1]"])
        selection.filters = [RecordFilter(path: Self.path("$[0].id"), value: .number(JSONNumber(literal: "2")))]
        #expect(try Self.explain(rules, input, selection: selection).isEmpty)
    }

    @Test func oneWalkFindsEveryPathItsLastRepeatAndNothingElse() {
        let text = #"{"a": [10, {"b": 1, "b": 2}], "c\u0064": "x", "e": {}}"#
        let paths: [[JSONPath.Component]] = [[.key("a"), .index(1), .key("b")], [.key("cd")], [.key("a"), .index(0)], [.key("e"), .key("f")], [], [.key("a"), .index(5)]]
        let offsets = Array(text.utf8).withUnsafeBufferPointer { JSONReader.offsets(of: paths, in: $0) }
        #expect(offsets == [25, 41, 7, nil, 0, nil])
    }
}
