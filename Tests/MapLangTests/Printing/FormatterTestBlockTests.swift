import Testing

@testable import MapLang

/// `maplang fmt` on test blocks: the canonical order of their clauses, JSON
/// laid out as `--pretty` writes it, one error a line, comments kept.
struct FormatterTestBlockTests {
    static let cases: [FormatterGoldenTests.Case] = [
        .init(
            id: "clauses in order, JSON on a line where it fits",
            input: #"""
                model A { a: Int }
                test "t" { output {"a": 1, "b": [1, {"c": null}, []], "d": {}} input [{"a": 1}] model A }
                test "u" { errors { "missing-key" at "$.a"   "check-failed" at "$" "m" } input file "x.json" }
                """#,
            expected: #"""
                model A {
                  a: Int
                }

                test "t" {
                  model A
                  input [{"a": 1}]
                  output {"a": 1, "b": [1, {"c": null}, []], "d": {}}
                }

                test "u" {
                  input file "x.json"
                  errors {
                    "missing-key" at "$.a"
                    "check-failed" at "$" "m"
                  }
                }

                """#),
        .init(
            id: "JSON that does not fit goes across lines, each part by the same rule",
            input: #"""
                test "long" {
                  input {"id": 12, "title": "Crash on launch", "user": {"login": "ada"}, "labels": ["bug", "ios"], "deep": [[[1, 2, 3], [4, 5, 6], [7, 8, 9]], [[10, 11, 12], [13, 14, 15], [16, 17, 18]]]}
                  output [{"name": "a string too long for one line aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}]
                }
                """#,
            expected: #"""
                test "long" {
                  input {
                    "id": 12,
                    "title": "Crash on launch",
                    "user": {"login": "ada"},
                    "labels": ["bug", "ios"],
                    "deep": [
                      [[1, 2, 3], [4, 5, 6], [7, 8, 9]],
                      [[10, 11, 12], [13, 14, 15], [16, 17, 18]]
                    ]
                  }
                  output [
                    {
                      "name": "a string too long for one line aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
                    }
                  ]
                }

                """#),
        .init(
            id: "comments in tests",
            input: #"""
                // about the test
                test "t" { // opening
                  input { "a": 1, // inside the JSON
                    "b": 2 } // after the input
                  // before the errors
                  errors { // opening the errors
                    "a" at "$" // one error
                    // the last
                  }
                }
                test "e" { input 1 errors {} output 2 }
                """#,
            expected: #"""
                // about the test
                test "t" { // opening
                  // inside the JSON
                  input {"a": 1, "b": 2} // after the input
                  // before the errors
                  errors { // opening the errors
                    "a" at "$" // one error
                    // the last
                  }
                }

                test "e" {
                  input 1
                  output 2
                  errors {}
                }

                """#),
        .init(
            id: "strings escaped, numbers as written",
            input: #"""
                test "tab\there" { input {"k\"ey": "\u{1}", "n": 1.50e3} output "é" }
                """#,
            expected: #"""
                test "tab\there" {
                  input {"k\"ey": "\u{1}", "n": 1.50e3}
                  output "é"
                }

                """#),
    ]

    @Test(arguments: cases)
    func formatsToTheGoldenText(_ example: FormatterGoldenTests.Case) {
        let formatted = FormatterTestSupport.format(example.input)
        #expect(formatted.diagnostics == [])
        #expect(formatted.text == example.expected)
        #expect(FormatterTestSupport.format(example.expected).text == example.expected)
        FormatterTestSupport.expectRoundTrip(example.input)
    }

    /// `--update` writes a clause as the formatter lays it out.
    @Test func clauseLinesAreTheFormattersOwn() {
        let errors = [
            ExpectedErrorDecl(
                code: TextLiteral("a", span: .erased), path: TextLiteral("$.b", span: .erased), message: nil, span: .erased)
        ]
        #expect(RulesFormatter.lines(ofErrors: errors, indentation: "  ") == ["  errors {", #"    "a" at "$.b""#, "  }"])
        #expect(RulesFormatter.lines(ofErrors: [], indentation: "\t") == ["\terrors {}"])
        let data = TestData(source: .inline(Literal(kind: .array([]), span: .erased)), span: .erased)
        #expect(RulesFormatter.lines(of: "output", data, indentation: "    ") == ["    output []"])
    }
}
