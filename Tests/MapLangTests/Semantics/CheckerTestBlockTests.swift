import Testing

@testable import MapLang

/// The checker on test blocks: one rules file per problem, each asserting
/// the single diagnostic exactly (`»` where it starts, `†` where its
/// secondary label does), and what a test that checks compiles to.
struct CheckerTestBlockTests {
    typealias Case = CheckerDiagnosticTests.DiagnosticCase

    /// A model to map to, and a root.
    static let rules = "root A\nmodel A { a: Int }\nmodel B { b: Int }\n"

    static let cases: [Case] = [
        Case(
            id: "misspelt model", source: rules + #"test "t" { model »Bb input 1 output 1 }"#,
            code: "unknown-model", message: "unknown model `Bb`", help: "did you mean `B`?"),
        Case(
            id: "no model and no root", source: "model A { a: Int }\nmodel B { b: Int }\n" + #"test »"t" { input 1 output 1 }"#,
            code: "test-without-model", message: #"the test "t" names no model, and the rules have no root model"#,
            help: "name the model with `model NAME`, or declare `root NAME`"),
        Case(
            id: "no input", source: rules + #"test »"t" { output 1 }"#,
            code: "incomplete-test", message: #"the test "t" has no `input`"#,
            help: #"give the JSON to map: `input { … }`, or `input file "sample.json"`"#),
        Case(
            id: "no expectation", source: rules + #"test »"t" { input 1 }"#,
            code: "incomplete-test", message: #"the test "t" says neither its `output` nor its `errors`"#,
            help: #"say what mapping the input gives: `output { … }`, or the errors with `errors { "code" at "$.path" }`"#),
        Case(
            id: "output and errors", source: rules + #"test "t" { input 1 †output 1 »errors { "a" at "$" } }"#,
            code: "test-output-and-errors", message: #"the test "t" gives both its `output` and its `errors`"#,
            help: "a test expects an output or errors: keep one", secondary: "the other here"),
        Case(
            id: "errors before output", source: rules + #"test "t" { input 1 †errors { "a" at "$" } »output 1 }"#,
            code: "test-output-and-errors", message: #"the test "t" gives both its `output` and its `errors`"#,
            help: "a test expects an output or errors: keep one", secondary: "the other here"),
        Case(
            id: "the same name twice", source: rules + "test †\"t\" { input 1 output 1 }\ntest »\"t\" { input 2 output 2 }",
            code: "duplicate-test", message: #"the test "t" is declared more than once in this file"#,
            help: "give each test a name of its own", secondary: "first declared here"),
        Case(
            id: "no errors listed", source: rules + #"test "t" { input 1 »errors {} }"#,
            code: "empty-test-errors", message: "the test expects errors but lists none",
            help: #"list each error as `"code" at "$.path"`; a test that expects none gives its `output`"#),
        Case(
            id: "a path that is no JSON path", source: rules + #"test "t" { input 1 errors { "a" at »"$.a b" } }"#,
            code: "invalid-test-path", message: #""$.a b" is not a JSON path"#,
            help: #"write the path as errors show it: `$`, then `.key`, `["any key"]` and `[3]`, as in `$.items[3].name`"#),
        Case(
            id: "an absolute input file", source: rules + #"test "t" { input file »"/etc/a.json" output 1 }"#,
            code: "test-file-path", message: #"the test file "/etc/a.json" is an absolute path"#,
            help: "write the file's path from the rules file's folder, such as `samples/issue.json`"),
        Case(
            id: "an output file outside the folder", source: rules + #"test "t" { input 1 output file »"a/../../b.json" }"#,
            code: "test-file-path", message: #"the test file "a/../../b.json" is outside the rules file's folder"#,
            help: "keep a test's files in the rules file's folder or below it"),
        Case(
            id: "a path that names the folder", source: rules + #"test "t" { input file »"a/.." output 1 }"#,
            code: "test-file-path", message: #"the test file path "a/.." names no file"#,
            help: "write the file's path from the rules file's folder, such as `samples/issue.json`"),
        Case(
            id: "a bare word in JSON", source: rules + #"test "t" { input {"a": [»open]} output 1 }"#,
            code: "test-value-not-json", message: "a test's JSON cannot hold `open`", help: #"write it as a string: `"open"`"#),
        Case(
            id: "a range in JSON", source: rules + #"test "t" { input 1 output »1...2 }"#,
            code: "test-value-not-json", message: "a test's JSON cannot hold a range",
            help: "write the JSON the test reads or expects: strings, numbers, `true`, `false`, `null`, arrays and objects"),
    ]

    @Test(arguments: cases)
    func reportsExactlyOneDiagnostic(_ testCase: Case) throws {
        try CheckerDiagnosticTests().reportsExactlyOneDiagnostic(testCase)
    }

    /// More tests than a file may hold: the first one past the limit is reported, once.
    @Test func tooManyTests() {
        let tests = (0...Checker.testLimit + 1).map { #"test "\#($0)" { input 1 output 1 }"# }
        let (_, check, _) = RulesTestSupport.checkerDiagnostics(Self.rules + tests.joined(separator: "\n"))
        #expect(check.map(RulesTestSupport.summary) == ["10004:6 too-many-tests: a rules file may hold at most 10,000 tests"])
    }

    /// A test that checks becomes a `RulesTest`, beside the plan.
    @Test func compilesTests() throws {
        let text =
            Self.rules + """
                test "inline" {
                  model B
                  input {"b": "2", "n": [1.50, null]}
                  output {"b": 2}
                }

                test "files" {
                  input file "./in/a.json"
                  errors {
                    "missing-key" at "$[\\"odd key\\"][2].a" "m"
                  }
                }
                """
        /// The byte span of the first occurrence of `needle` in the text.
        func span(of needle: String) throws -> Span {
            let range = try #require(text.range(of: needle))
            let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
            return Span(start: start, end: start + needle.utf8.count)
        }
        let rules = try RulesTestSupport.rules(text)
        #expect(
            rules.tests == [
                RulesTest(
                    name: "inline", unit: 0, location: SourceLocation(line: 4, column: 1), model: "B",
                    input: .inline(try RulesTestSupport.parseJSON(#"{"b": "2", "n": [1.50, null]}"#)),
                    expectation: .output(.inline(.object(JSONObject([JSONMember(key: "b", value: .number(JSONNumber(2)))])))),
                    expectationSpan: try span(of: #"output {"b": 2}"#)),
                RulesTest(
                    name: "files", unit: 0, location: SourceLocation(line: 10, column: 1), model: nil, input: .file("./in/a.json"),
                    expectation: .errors([
                        ExpectedError(
                            code: "missing-key", path: JSONPath(components: [.key("odd key"), .index(2), .key("a")]), message: "m")
                    ]),
                    expectationSpan: try span(of: "errors {\n    \"missing-key\" at \"$[\\\"odd key\\\"][2].a\" \"m\"\n  }")),
            ])
    }

    /// Tests change nothing the rules map: the same rules with and without them map alike.
    @Test func testsDoNotChangeMapping() throws {
        let with = try RulesTestSupport.rules(Self.rules + #"test "t" { model B input {"b": 1} output {"b": 2} }"#)
        let without = try RulesTestSupport.rules(Self.rules)
        let input = #"[{"a": 1}, {"a": "x"}, {"b": 1}]"#
        #expect(throws: MappingFailure.self) { try with.map(input) }
        #expect(String(describing: Result { try with.map(input) }) == String(describing: Result { try without.map(input) }))
        #expect(try with.mapJSON(Array(#"{"a": 3}"#.utf8)) == without.mapJSON(Array(#"{"a": 3}"#.utf8)))
        #expect(with.modelNames == without.modelNames)
        #expect(with.rootModel == without.rootModel)
    }
}
