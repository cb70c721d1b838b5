@testable import MapLang
import Testing

/// What `check --reverse` reports: every field that cannot be mapped back,
/// with the reason and the place in the rules file.
struct ReversibilityCheckTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let rules: String
        let problems: [String]
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "an index in the key path",
            rules: "model A {\n  first: String from items[0].name\n}\n",
            problems: ["2:22 irreversible-key-path: `first` cannot be mapped back: its key path `items[0].name` has an index"]),
        Case(
            id: "two rows give one output",
            rules: "table t {\n  \"a\" -> 1\n  \"b\" -> 1\n}\nmodel A {\n  x: Int using t\n}\n",
            problems: [
                "6:16 irreversible-transformer: `x` cannot be mapped back through `t`: rows give 1 for both \"a\" and \"b\", so either could have been read"
            ]),
        Case(
            id: "a default no row gives",
            rules: "table t {\n  \"a\" -> 1\n  default -> 0\n}\nmodel A {\n  x: Int using t\n}\n",
            problems: [
                "6:16 irreversible-transformer: `x` cannot be mapped back through `t`: its default gives 0, which no row gives, so the input it came from is unknown"
            ]),
        Case(
            id: "a lossy chain",
            rules: "model A {\n  x: String using iso8601 | string\n}\n",
            problems: [
                "2:19 irreversible-transformer: `x` cannot be mapped back through `string`: it turns the Date from `iso8601` into a String, which cannot be turned back"
            ]),
        Case(
            id: "through a transform declaration",
            rules: "table t {\n  \"a\", \"b\" -> 1\n  \"c\" -> 1\n}\ntransform clean = trim | t\nmodel A {\n  x: Int using clean\n}\n",
            problems: [
                "7:16 irreversible-transformer: `x` cannot be mapped back through `t`: rows give 1 for both \"a\" and \"c\", so either could have been read"
            ]),
        Case(id: "a row's first input is its preferred reverse", rules: "table t {\n  \"a\", \"b\" -> 1\n  default -> 1\n}\nmodel A {\n  x: Int? using t\n}\n", problems: []),
        Case(id: "normalizers go back as they are", rules: "model A {\n  x: String using trim | lowercase\n  d: Date using trim | iso8601\n}\n", problems: []),
    ]

    @Test(arguments: cases)
    func problems(_ testCase: Case) throws {
        let rules = try RulesTestSupport.rules(testCase.rules)
        #expect(rules.reversalProblems.map(RulesTestSupport.summary) == testCase.problems)
    }

    @Test func customTransformersNeedAnInverse() throws {
        let oneWay = CustomTransformer(name: "oneWay", input: .text, output: .text) { $0 }
        let twoWay = CustomTransformer(name: "twoWay", input: .text, output: .text, inverse: { $0 }) { $0 }
        let rules = try Rules(
            source: SourceFile(name: "r.map", text: "model A {\n  x: String using oneWay\n  y: String using twoWay\n}\n"),
            transformers: [oneWay, twoWay])
        #expect(
            rules.reversalProblems.map(RulesTestSupport.summary) == [
                "2:19 irreversible-transformer: `x` cannot be mapped back through `oneWay`: it was registered without an inverse"
            ])
    }
}
