import Testing

@testable import MapLang

/// A test's input mapped as `maplang run` maps it, compared, and the text
/// `--update` writes for what it gave.
struct TestRunAndUpdateTests {
    static let rules = "root A\nmodel A {\n  id: Int where range(1...)\n  at: Date? using iso8601\n}\nmodel B {\n  b: Decimal\n}\n"

    @Test func runsAsRunMaps() throws {
        let rules = try RulesTestSupport.rules(Self.rules)
        let input = Array(#"[{"id": 1, "at": "2016-05-24T20:43:37+02:00"}, {"id": 0}]"#.utf8)
        let run = try rules.run(test: input, model: nil)
        #expect(run.output == (try RulesTestSupport.parseJSON(#"[{"id": 1, "at": "2016-05-24T18:43:37Z"}]"#)))
        #expect(run.errors.map(\.path.description) == ["$[1].id"])
        let good = Array(#"[{"id": 1, "at": "2016-05-24T20:43:37+02:00"}]"#.utf8)
        #expect(try rules.mapJSON(good) == JSONWriter.serialize(try rules.run(test: good, model: nil).output ?? .null))
        let single = try rules.run(test: Array(#"{"b": 1.50}"#.utf8), model: "B")
        #expect(single == TestRun(output: try RulesTestSupport.parseJSON(#"{"b": 1.50}"#), errors: []))
        let failed = try rules.run(test: Array(#"{"id": 0}"#.utf8), model: nil)
        #expect(failed.output == nil)
        #expect(failed.errors.count == 1)
    }

    @Test func whyARunFails() throws {
        let rules = try RulesTestSupport.rules(Self.rules)
        #expect(throws: TestRunFailure.modelChoice(.unknownModel(name: "C", suggestion: "A", available: ["A", "B"]))) {
            try rules.run(test: Array("{}".utf8), model: "C")
        }
        #expect {
            try rules.run(test: Array("{".utf8), model: nil)
        } throws: { error in
            guard case .invalidInput(let syntax) = error as? TestRunFailure else { return false }
            return syntax.line == 1 && syntax.column == 2
        }
    }

    @Test func comparesWithTheExpectation() throws {
        let run = TestRun(output: try RulesTestSupport.parseJSON(#"{"a": 1}"#), errors: [])
        #expect(TestComparison(expected: .output(try RulesTestSupport.parseJSON(#"{"a": 1}"#)), run: run).passed)
        let other = TestComparison(expected: .output(try RulesTestSupport.parseJSON(#"{"a": 2}"#)), run: run)
        #expect(other.differences.map(\.description) == ["$.a: expected 2, found 1"])
        let errors = TestComparison(expected: .errors([ExpectedError(code: "empty", path: .root, message: nil)]), run: run)
        #expect(!errors.passed)
        #expect(errors.errors.missing.count == 1)
        #expect(errors.differences.isEmpty)
    }

    @Test func theClauseAnUpdateWrites() throws {
        let rules = try RulesTestSupport.rules(Self.rules)
        let mapped = try rules.run(test: Array(#"{"id": 1}"#.utf8), model: nil)
        #expect(TestUpdate.clause(for: mapped, indentation: "\t") == "output {\"id\": 1, \"at\": null}")
        let long = TestRun(output: .array(Array(repeating: .string(String(repeating: "x", count: 40)), count: 2)), errors: [])
        #expect(
            TestUpdate.clause(for: long, indentation: "    ")
                == "output [\n      \"\(String(repeating: "x", count: 40))\",\n      \"\(String(repeating: "x", count: 40))\"\n    ]")
        let failed = try rules.run(test: Array(#"[{"id": "x"}]"#.utf8), model: nil)
        #expect(
            TestUpdate.clause(for: failed, indentation: "  ")
                == "errors {\n    \"type-mismatch\" at \"$[0].id\" \"expected an integer, found \\\"x\\\"\"\n  }")
    }

    @Test func replacesSpansAndKeepsTheRest() {
        let bytes = Array("a BB c DD e".utf8)
        let result = TestUpdate.replacing([(Span(start: 7, end: 9), "4"), (Span(start: 2, end: 4), "two")], in: bytes)
        #expect(String(decoding: result, as: UTF8.self) == "a two c 4 e")
        #expect(TestUpdate.indentation(at: 6, in: Array("x\n \t y".utf8)) == " \t ")
        #expect(TestUpdate.expectedJSON(.array([])) == Array("[]\n".utf8))
    }
}
