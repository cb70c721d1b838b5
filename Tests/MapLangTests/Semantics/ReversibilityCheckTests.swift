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
        Case(
            id: "two fields read one key",
            rules: "model A {\n  a: Date from t using iso8601\n  b: String from t\n}\n",
            problems: [
                "3:18 irreversible-shared-key: `b` cannot be mapped back: `a` is written back at the same key `t`, and only one value fits there"
            ]),
        Case(
            id: "a fallback key another field reads first",
            rules: "model A {\n  a: String from x, y\n  b: String? from x\n}\n",
            problems: [
                "3:19 irreversible-shared-key: `b` cannot be mapped back: `a` is written back at the same key `x`, and only one value fits there"
            ]),
        Case(
            id: "a key path through a scalar's key",
            rules: "model A {\n  d: String\n  e: String from d.e\n}\n",
            problems: [
                "3:18 irreversible-shared-key: `e` cannot be mapped back: its key path `d.e` runs through `d`, where `d` is written back, and a value that is not an object holds no key"
            ]),
        Case(
            id: "a key path through an array's key, declared first",
            rules: "model A {\n  e: Int? from d.e.f\n  d: [Int]\n}\n",
            problems: [
                "2:16 irreversible-shared-key: `e` cannot be mapped back: its key path `d.e.f` runs through `d`, where `d` is written back, and a value that is not an object holds no key"
            ]),
        Case(
            id: "JSON from the whole object beside other fields",
            rules: "model A {\n  raw: JSON from $\n  id: Int\n}\n",
            problems: [
                "2:18 irreversible-shared-key: `raw` cannot be mapped back: it is read from the whole object (`from $`), into which `id` is written back too, and only one of them fits there"
            ]),
        Case(id: "JSON from the whole object alone", rules: "model A {\n  raw: JSON from $\n}\n", problems: []),
        Case(id: "two views of the same objects", rules: "model U {\n  login: String\n  id: Int\n}\nmodel V {\n  login: String\n}\nmodel A {\n  users: [U]\n  logins: [V] from users\n}\n", problems: []),
        Case(id: "a model and a key inside it", rules: "model U {\n  login: String\n}\nmodel A {\n  user: U\n  author: String from user.login\n}\n", problems: []),
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

    /// A transformer registered with an inverse is run backwards by reverse
    /// mapping and by `encode`, and forwards again gives the same value.
    @Test func customInversesAreRunByReverseMappingAndEncode() throws {
        let cents = CustomTransformer(
            name: "cents", input: .number, output: .number,
            inverse: { value in
                guard case .decimal(let literal) = value, let cents = Int(literal) else { throw CustomTransformerTestError() }
                return .decimal(String(Double(cents) / 100))
            },
            transform: { value in
                guard case .decimal(let literal) = value, let amount = Double(literal) else { throw CustomTransformerTestError() }
                return .decimal(String(Int((amount * 100).rounded())))
            })
        let rules = try Rules(
            source: SourceFile(name: "r.map", text: "model Price {\n  cents: Int from amount using cents\n}\n"),
            transformers: [cents])
        #expect(rules.reversalProblems.isEmpty)
        let forward = try rules.map(#"{"amount": 12.5}"#)
        #expect(forward == .object(MappedObject([MappedMember(key: "cents", value: .int(1250))])))
        let back = rules.reverse(forward, from: try rules.model(named: nil))
        #expect(back.errors.isEmpty)
        #expect(back.value.map { String(decoding: JSONWriter.serialize($0), as: UTF8.self) } == #"{"amount":12.5}"#)
        struct Price: Encodable { let cents: Int }
        #expect(String(decoding: try rules.encode(Price(cents: 399)), as: UTF8.self) == #"{"amount":3.99}"#)
    }
}

private struct CustomTransformerTestError: Error {}
