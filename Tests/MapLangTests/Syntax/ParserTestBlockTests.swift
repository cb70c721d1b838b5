import Testing

@testable import MapLang

/// `test` blocks: their tree, spans, the words that are keywords only inside
/// them, and the problems a broken one gives.
struct ParserTestBlockTests {
    @Test func everyClauseParsesWithItsSpan() throws {
        let (text, spans) = SyntaxTestSupport.unmark(
            """
            ⟨test ⟨"closed issue"⟩ {
              ⟨model ⟨Issue⟩⟩
              ⟨input {"state": "closed", "n": [1, -2.5e3, true, null]}⟩
              ⟨errors {
                ⟨⟨"check-failed"⟩ at ⟨"$"⟩ ⟨"needs `closedAt`"⟩⟩
                ⟨"missing-key" at "$.user"⟩
              }⟩
            }⟩
            """)
        let (_, result) = SyntaxTestSupport.parse(text)
        #expect(SyntaxTestSupport.summary(result.diagnostics) == [])
        guard case .test(let test)? = result.file.items.first else {
            Issue.record("no test in \(result.file.items)")
            return
        }
        #expect(test.span == spans[0])
        #expect(test.name == TextLiteral("closed issue", span: spans[1]))
        #expect(test.model == TestModel(name: Identifier("Issue", span: spans[3]), span: spans[2]))
        #expect(test.input?.span == spans[4])
        #expect(test.output == nil)
        let errors = try #require(test.errors)
        #expect(errors.span == spans[5])
        #expect(errors.errors.count == 2)
        #expect(errors.errors[0].span == spans[6])
        #expect(errors.errors[0].code == TextLiteral("check-failed", span: spans[7]))
        #expect(errors.errors[0].path == TextLiteral("$", span: spans[8]))
        #expect(errors.errors[0].message == TextLiteral("needs `closedAt`", span: spans[9]))
        #expect(errors.errors[1].span == spans[10])
        #expect(errors.errors[1].message == nil)
        #expect(!test.hasSyntaxErrors)
    }

    @Test func fileDataAndOutput() {
        let dump = SyntaxTestSupport.dump(
            """
            test "from files" { input file "samples/a.json" output file "expected/a.json" }
            test "inline" { output [] input "x" }
            """)
        #expect(
            dump == """
                file @1:1
                  test "from files" @1:1
                    input file "samples/a.json" @1:21
                    output file "expected/a.json" @1:49
                  test "inline" @2:1
                    input "x" @2:27
                    output [] @2:17

                """)
    }

    /// `test`, `input`, `output`, `errors`, `file` and `at` are keywords only
    /// where a test's grammar expects them.
    @Test func theWordsAreKeywordsOnlyInTests() {
        let (_, result) = SyntaxTestSupport.parse(
            """
            model test {
              test: Int
              input: String from input
              output: [String] from output.file
              errors: Int from errors.at
              model: JSON
            }
            """)
        #expect(SyntaxTestSupport.summary(result.diagnostics) == [])
        guard case .model(let model)? = result.file.items.first else {
            Issue.record("no model")
            return
        }
        #expect(model.members.count == 5)
    }

    /// A message follows its path on the same line; a string on the next
    /// line, or one an `at` follows, is the next error's code.
    @Test func aMessageIsOnTheErrorsLineAndBeforeNoAt() {
        let dump = SyntaxTestSupport.dump(
            """
            test "t" { input 1 errors { "a" at "$" "b" at "$.b" "m"
              "c" at "$.c"
            } }
            """)
        #expect(
            dump == """
                file @1:1
                  test "t" @1:1
                    input 1 @1:12
                    errors @1:20
                      error "a" at "$" @1:29
                      error "b" at "$.b" "m" @1:40
                      error "c" at "$.c" @2:3

                """)
    }

    struct BrokenCase: Sendable, CustomTestStringConvertible {
        let id: String
        let source: String
        let problems: [String]
        var testDescription: String { id }
    }

    static let broken: [BrokenCase] = [
        BrokenCase(
            id: "no name", source: "test { input 1 }",
            problems: ["1:5 expected-value: expected the test's name, in quotes, after `test`, found `{`"]),
        BrokenCase(
            id: "no brace", source: #"test "t" input 1"#,
            problems: [#"1:9 expected-token: expected `{` after `test "t"`, found identifier `input`"#]),
        BrokenCase(
            id: "unknown clause", source: #"test "t" { inptu 1 }"#,
            problems: [#"1:12 expected-member: expected `model`, `input`, `output` or `errors` in test "t", found identifier `inptu`"#]),
        BrokenCase(
            id: "clause twice", source: #"test "t" { input 1 input 2 output 3 }"#,
            problems: [#"1:20 duplicate-clause: test "t" has more than one `input`"#]),
        BrokenCase(
            id: "file without a path", source: #"test "t" { input file samples output 1 }"#,
            problems: [#"1:22 expected-value: expected a file's path, in quotes, after `file`, found identifier `samples`"#]),
        BrokenCase(
            id: "errors without braces", source: #"test "t" { input 1 errors "a" at "$" }"#,
            problems: [#"1:26 expected-token: expected `{` after `errors`, found string "a""#]),
        BrokenCase(
            id: "an error without at", source: #"test "t" { input 1 errors { "a" "$" } }"#,
            problems: [#"1:32 expected-keyword: expected `at` after `"a"`, found string "$""#]),
        BrokenCase(
            id: "an error's code not quoted", source: #"test "t" { input 1 errors { missing at "$" } }"#,
            problems: [
                #"1:29 expected-member: expected an error, `"code" at "$.path"`, in the errors of test "t", found keyword `missing`"#
            ]),
        BrokenCase(
            id: "a path not quoted", source: #"test "t" { input 1 errors { "a" at $ } }"#,
            problems: [#"1:35 expected-value: expected a JSON path, in quotes, after `at`, found `$`"#]),
        BrokenCase(
            id: "unclosed test before a model", source: "test \"t\" { input 1\nmodel A { a: Int }",
            problems: [#"1:19 unclosed-delimiter: expected `}` to close test "t", found keyword `model`"#]),
        BrokenCase(
            id: "unclosed model before a test", source: "model A { a: Int\ntest \"t\" { input 1 output 1 }",
            problems: ["1:17 unclosed-delimiter: expected `}` to close model `A`, found identifier `test`"]),
        BrokenCase(
            id: "a misspelt test keyword", source: #"tset "t" { input 1 output 1 }"#,
            problems: [
                "1:1 expected-declaration: expected a declaration (`model`, `enum`, `table`, `transform`, `choice` or a setting), found identifier `tset`"
            ]),
    ]

    @Test(arguments: broken)
    func brokenTestsReportOneProblem(_ testCase: BrokenCase) {
        let (_, result) = SyntaxTestSupport.parse(testCase.source)
        #expect(SyntaxTestSupport.summary(result.diagnostics) == testCase.problems)
    }

    /// After an unclosed model, the test that follows still parses.
    @Test func aTestAfterAnUnclosedModelIsKept() {
        let (_, result) = SyntaxTestSupport.parse("model A { a: Int\ntest \"t\" { input 1 output 1 }")
        #expect(result.file.items.count == 2)
    }

    /// A clause that fails marks its test, so the checker does not report it missing too.
    @Test func aFailedClauseMarksTheTest() {
        let (_, result) = SyntaxTestSupport.parse(#"test "t" { model input 1 }"#)
        guard case .test(let test)? = result.file.items.first else {
            Issue.record("no test")
            return
        }
        #expect(test.hasSyntaxErrors)
    }
}
