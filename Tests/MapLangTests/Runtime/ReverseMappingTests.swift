@testable import MapLang
import Testing

/// Reverse mapping (grammar.md 5.5): model-shaped JSON back to the source's
/// shape, and the round trips it promises.
struct ReverseMappingTests {
    /// Maps a whole document one way, failing the test on any error unless
    /// `keepingMapped`, which leaves out the records with errors.
    static func run(
        _ rules: Rules, _ bytes: [UInt8], model: ModelID, _ direction: MappingDirection, keepingMapped: Bool = false
    ) throws -> [UInt8] {
        var records: [MappedValue] = []
        var single: MappedValue?
        var errors: [MappingError] = []
        let shape = try rules.mapDocument(bytes, to: model, direction: direction) { record in
            errors += record.errors
            if let value = record.value {
                if record.index == nil { single = value } else { records.append(value) }
            }
        }
        #expect(keepingMapped || errors.isEmpty, "\(errors.map(RulesTestSupport.line))")
        return (shape == .array ? MappedValue.array(records) : single ?? .null).jsonBytes()
    }

    struct Example: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        var testDescription: String { name }
    }

    /// Every example whose rules can be reversed.
    static let examples: [Example] = GoldenExampleTests.examples.compactMap { name in
        let directory = "\(GoldenExampleTests.examplesDirectory)/\(name)"
        let arguments = (try? TestFiles.text(directory + "/args"))?.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
        return Example(name: name, arguments: arguments)
    }

    static func load(_ example: Example) throws -> (Rules, ModelID, [UInt8]) {
        let directory = "\(GoldenExampleTests.examplesDirectory)/\(example.name)"
        let rules = try Rules(source: SourceFile(name: "\(example.name).map", text: try TestFiles.text("\(directory)/\(example.name).map")))
        let modelName = example.arguments.firstIndex(of: "--model").map { example.arguments[$0 + 1] }
        return (rules, try rules.model(named: modelName), try TestFiles.read("\(directory)/input.json"))
    }

    /// `run`, then `--reverse`, then `run` again gives the first output exactly.
    @Test(arguments: examples)
    func forwardReverseForwardGivesTheFirstOutput(_ example: Example) throws {
        let (rules, model, input) = try Self.load(example)
        guard rules.reversalProblems.isEmpty, !example.arguments.contains("--reverse") else { return }
        // The records that map: an example may show a record that does not.
        let mapped = try Self.run(rules, input, model: model, .forward, keepingMapped: true)
        let reversed = try Self.run(rules, mapped, model: model, .reverse)
        let again = try Self.run(rules, reversed, model: model, .forward)
        #expect(String(decoding: again, as: UTF8.self) == String(decoding: mapped, as: UTF8.self))
    }

    /// `--reverse`, then `run`, on model-shaped data gives it back.
    @Test(arguments: examples)
    func reverseThenForwardGivesModelShapedDataBack(_ example: Example) throws {
        let (rules, model, input) = try Self.load(example)
        guard rules.reversalProblems.isEmpty else { return }
        let modelShaped: [UInt8]
        if example.arguments.contains("--reverse") {
            modelShaped = input
        } else {
            let expected = try TestFiles.read("\(GoldenExampleTests.examplesDirectory)/\(example.name)/expected.json")
            guard (try? JSONReader.parse(expected)) != nil else { return }
            modelShaped = expected
        }
        let reversed = try Self.run(rules, modelShaped, model: model, .reverse)
        let again = try Self.run(rules, reversed, model: model, .forward)
        #expect(try JSONReader.parse(again) == JSONReader.parse(modelShaped))
    }

    /// Every example can be mapped back but `app-releases`, whose versions
    /// are extracted from text that is not kept, `embed`, whose label table has
    /// a default no row gives, `product-feed`, whose titles go through
    /// `replace`, and `support-tickets`, which reads a key path with an
    /// index (`check --reverse` says so of each).
    @Test func everyExampleButFourIsReversible() {
        let irreversible = Self.examples.filter { example in
            (try? Self.load(example)).map { !$0.0.reversalProblems.isEmpty } ?? true
        }
        #expect(irreversible.map(\.name) == ["app-releases", "embed", "product-feed", "support-tickets"])
        #expect(Self.examples.count >= 12)
    }

}

/// A reversible transformer on a number or a Bool field: coercion turned
/// the text the transformer gave into the field's type, and reverse mapping
/// turns it back into text before the transformer's inverse runs.
struct ReverseCoercionTests {
    static let rules = """
        root A
        model A {
          n: Int using removeSuffix("px")
          p: Double? using removePrefix("v")
          b: Bool using removeSuffix("!")
          ns: [Int] using removePrefix("#")
        }

        """

    @Test func theInverseRunsOnTheValuesText() throws {
        let rules = try Rules(source: SourceFile(name: "r.map", text: Self.rules))
        #expect(rules.reversalProblems.isEmpty)
        let forward = try rules.map(##"{"n": "12px", "p": "v1.5", "b": "true!", "ns": ["#1", "#22"]}"##)
        #expect(String(decoding: forward.jsonBytes(), as: UTF8.self) == #"{"n":12,"p":1.5,"b":true,"ns":[1,22]}"#)
        let back = try rules.reverse(forward)
        #expect(String(decoding: back.jsonBytes(), as: UTF8.self) == ##"{"n":"12px","p":"v1.5","b":"true!","ns":["#1","#22"]}"##)
        #expect(try rules.map(back.jsonBytes()) == forward)
    }

    /// `join` before coercion into a number or a Bool: reverse mapping
    /// writes the value as text, then splits it.
    @Test func aJoinedNumberOrBoolSplitsBack() throws {
        let rules = try Rules(
            source: SourceFile(name: "r.map", text: "root A\nmodel A {\n  n: Int from xs using join(\",\")\n  b: Bool from bs using join(\"-\")\n}\n"))
        #expect(rules.reversalProblems.isEmpty)
        let forward = try rules.map(#"{"xs": ["12"], "bs": ["false"]}"#)
        #expect(String(decoding: forward.jsonBytes(), as: UTF8.self) == #"{"n":12,"b":false}"#)
        let back = try rules.reverse(forward)
        #expect(String(decoding: back.jsonBytes(), as: UTF8.self) == #"{"xs":["12"],"bs":["false"]}"#)
        #expect(try rules.map(back.jsonBytes()) == forward)
    }
}
