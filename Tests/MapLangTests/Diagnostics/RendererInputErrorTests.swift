@testable import MapLang
import Testing

/// JSON syntax errors shown with an excerpt of the input line, and mapping
/// errors with the rule they broke.
struct RendererInputErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let expected: String
        var testDescription: String { name }
    }

    static let longA = String(repeating: "a", count: 60)
    static let longB = String(repeating: "b", count: 50)
    static let longC = String(repeating: "c", count: 40)
    static let ones = String(repeating: "1,", count: 50)

    static let cases: [Case] = [
        Case(
            name: "short line", input: #"{"id": 1,}"#,
            expected: """
                in.json:1:10: error[json-unexpected-token]: expected a string key, found `}`
                  |
                1 | {"id": 1,}
                  |          ^

                """),
        // 64 characters before the error and 53 from it: both ends are cut, and
        // the caret stays under the `"` it is about.
        Case(
            name: "long line cut at both ends", input: "[\"\(longA)\" \"\(longB)\"]",
            expected: """
                in.json:1:65: error[json-unexpected-token]: expected `,` or `]` after an array element, found `"`
                  |
                1 | …\(String(repeating: "a", count: 37))" "\(String(repeating: "b", count: 30))…
                  | \(String(repeating: " ", count: 40))^

                """),
        Case(
            name: "long line cut after the error", input: "[1 \"\(longC)\"]",
            expected: """
                in.json:1:4: error[json-unexpected-token]: expected `,` or `]` after an array element, found `"`
                  |
                1 | [1 "\(String(repeating: "c", count: 30))…
                  |    ^

                """),
        Case(
            name: "long line cut before the error", input: "[\(ones)]",
            expected: """
                in.json:1:102: error[json-unexpected-token]: expected a value, found `]`
                  |
                1 | …,\(String(repeating: "1,", count: 19))]
                  | \(String(repeating: " ", count: 40))^

                """),
        Case(
            name: "two-digit line number", input: "[\n" + String(repeating: "1,\n", count: 10) + "x]",
            expected: """
                in.json:12:1: error[json-unexpected-token]: expected a value, found `x`
                   |
                12 | x]
                   | ^

                """),
        Case(
            name: "tab before the error", input: "[\t1 2]",
            expected: """
                in.json:1:5: error[json-unexpected-token]: expected `,` or `]` after an array element, found `2`
                  |
                1 | [ 1 2]
                  |     ^

                """),
        Case(
            name: "wide characters before the error", input: "[\"名前\" x]",
            expected: """
                in.json:1:7: error[json-unexpected-token]: expected `,` or `]` after an array element, found `x`
                  |
                1 | ["名前" x]
                  |         ^

                """),
        Case(
            name: "CRLF, error on the second line", input: "[1,\r\n2 3]\r\n",
            expected: """
                in.json:2:3: error[json-unexpected-token]: expected `,` or `]` after an array element, found `3`
                  |
                2 | 2 3]
                  |   ^

                """),
        Case(
            name: "CRLF, error before the line end", input: "[1 2\r\n]",
            expected: """
                in.json:1:4: error[json-unexpected-token]: expected `,` or `]` after an array element, found `2`
                  |
                1 | [1 2
                  |    ^

                """),
        Case(
            name: "end of input after the last line", input: "{\"a\": 1\n",
            expected: """
                in.json:2:1: error[json-unexpected-end]: expected `,` or `}` after an object member, found end of input
                  |
                2 | 
                  | ^

                """),
        Case(
            name: "end of input on the last line", input: "{\"a\": [1, 2",
            expected: """
                in.json:1:12: error[json-unexpected-end]: expected `,` or `]` after an array element, found end of input
                  |
                1 | {"a": [1, 2
                  |            ^

                """),
    ]

    @Test(arguments: cases)
    func rendersJSONSyntaxError(_ testCase: Case) {
        let bytes = Array(testCase.input.utf8)
        do {
            _ = try JSONReader.parse(bytes[...])
            Issue.record("the input parsed")
        } catch {
            #expect(DiagnosticRenderer().render(error, input: "in.json", bytes: bytes) == testCase.expected)
        }
    }

    @Test func jsonSyntaxErrorInColour() {
        let bytes = Array(#"{"id": 1,}"#.utf8)
        do {
            _ = try JSONReader.parse(bytes[...])
            Issue.record("the input parsed")
        } catch {
            let colored = DiagnosticRenderer(colored: true).render(error, input: "in.json", bytes: bytes)
            #expect(colored.contains("\u{1B}["))
            #expect(
                RendererTestSupport.strippingANSI(colored)
                    == DiagnosticRenderer(colored: false).render(error, input: "in.json", bytes: bytes))
        }
    }

    // MARK: - Mapping errors

    struct MappingCase: CustomTestStringConvertible, Sendable {
        let name: String
        let error: MappingError
        let expected: String
        var testDescription: String { name }
    }

    static let mappingCases: [MappingCase] = [
        MappingCase(
            name: "rule of a field",
            error: MappingError(
                path: JSONPath(components: [.index(1), .key("title")]), model: "Issue", field: "title",
                problem: .empty(found: "\"\""), ruleFile: "issues.map", ruleLocation: MapLang.SourceLocation(line: 14, column: 27),
                rule: "rule `nonEmpty`"),
            expected: """
                issues.json: error[empty]: $[1].title: expected a non-empty value, found ""
                  --> issues.map:14:27: rule `nonEmpty` of field `Issue.title`

                """),
        MappingCase(
            name: "field without a rule",
            error: MappingError(
                path: JSONPath(components: [.key("user"), .key("login")]), model: "Issue", field: "reporterLogin",
                problem: .missingKey(keys: ["user.login"]), ruleFile: "issues.map",
                ruleLocation: MapLang.SourceLocation(line: 9, column: 3), rule: ""),
            expected: """
                issues.json: error[missing-key]: $.user.login: missing required key `user.login`
                  --> issues.map:9:3: field `Issue.reporterLogin`

                """),
        MappingCase(
            name: "check of a model",
            error: MappingError(
                path: JSONPath(components: [.index(3)]), model: "Order", field: nil,
                problem: .checkFailed("an order that is paid must have `paid_at`"), ruleFile: "orders.map",
                ruleLocation: MapLang.SourceLocation(line: 26, column: 3), rule: "check"),
            expected: """
                issues.json: error[check-failed]: $[3]: an order that is paid must have `paid_at`
                  --> orders.map:26:3: check of model `Order`

                """),
        MappingCase(
            name: "key that is not a plain word",
            error: MappingError(
                path: JSONPath(components: [.key("@type"), .key("a b")]), model: "Node", field: "kind",
                problem: .typeMismatch(expected: "a string", found: "3"), ruleFile: "n.map",
                ruleLocation: MapLang.SourceLocation(line: 2, column: 3), rule: "transformer `trim`"),
            expected: """
                issues.json: error[type-mismatch]: $["@type"]["a b"]: expected a string, found 3
                  --> n.map:2:3: transformer `trim` of field `Node.kind`

                """),
    ]

    @Test(arguments: mappingCases)
    func rendersMappingError(_ testCase: MappingCase) {
        #expect(DiagnosticRenderer().render(testCase.error, input: "issues.json") == testCase.expected)
        let colored = DiagnosticRenderer(colored: true).render(testCase.error, input: "issues.json")
        #expect(colored.contains("\u{1B}["))
        #expect(RendererTestSupport.strippingANSI(colored) == testCase.expected)
    }
}
