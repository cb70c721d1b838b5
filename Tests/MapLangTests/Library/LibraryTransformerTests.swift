import MapLang
import Testing

/// Transformers registered from Swift: used like built-ins, typed like
/// built-ins, and checked like built-ins.
struct LibraryTransformerTests {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "no cents in it" }
    }

    static let slug = CustomTransformer(name: "slug", input: .text, output: .text) { value in
        .string((value.stringValue ?? "").lowercased().split(separator: " ").joined(separator: "-"))
    }

    static let cents = CustomTransformer(name: "cents", input: .text, output: .number) { value in
        guard let text = value.stringValue, let cents = Int64(text.replacingOccurrences(of: ".", with: "")) else {
            throw Unreadable()
        }
        return .int(cents)
    }

    static let liar = CustomTransformer(name: "liar", input: .json, output: .date) { _ in .string("not a date") }

    static func rules(_ text: String, _ transformers: [CustomTransformer] = [slug, cents, liar]) throws -> Rules {
        try Rules(source: SourceFile(name: "shop.map", text: text), transformers: transformers)
    }

    @Test func runsInPipelinesLikeABuiltIn() throws {
        let rules = try Self.rules(
            """
            root Item
            model Item {
              slug: String from title using trim | slug
              cents: Int from price using cents where range(1...)
            }
            """)
        #expect(try rules.map(#"{"title": "  Red Shoes ", "price": "12.50"}"#).jsonText() == #"{"slug":"red-shoes","cents":1250}"#)
    }

    @Test func aThrownErrorAndAWrongKindAreMappingErrorsNamingTheTransformer() throws {
        let rules = try Self.rules(
            """
            root Item
            model Item {
              cents: Int? from price using cents
              when: Date? from at using liar
            }
            """)
        do {
            _ = try rules.map(#"{"price": "abc", "at": 1}"#)
            Issue.record("mapped")
        } catch let failure {
            #expect(
                failure.errors.map { "\($0.path) \($0.rule) \($0.message)" } == [
                    #"$.price transformer `cents` `cents` cannot read "abc": no cents in it"#,
                    #"$.at transformer `liar` `liar` cannot read 1: it gave "not a date", which is not the Date it declares"#,
                ])
        }
    }

    /// The checker knows its kinds: a stage before it must give what it reads.
    @Test func kindsAreChecked() {
        #expect {
            try Self.rules("model Item {\n  cents: Int using iso8601 | cents\n}\n")
        } throws: { error in
            guard let error = error as? RulesError else { return false }
            return error.diagnostics.map(\.code) == ["transformer-input-mismatch"]
                && error.diagnostics[0].location == SourceLocation(line: 2, column: 30)
        }
    }

    @Test func unknownNamesAreStillErrorsWithSuggestionsAmongRegisteredOnes() {
        #expect {
            try Self.rules("model Item {\n  s: String using slgu\n}\n")
        } throws: { error in
            guard let error = error as? RulesError else { return false }
            return error.diagnostics.map(\.message) == ["unknown transformer `slgu`"]
                && error.diagnostics[0].help == "did you mean `slug`?"
        }
        #expect(throws: RulesError.self) { try Self.rules("model Item {\n  s: String using slug\n}\n", []) }
    }

    @Test func namesMayNotClash() {
        #expect {
            try Self.rules("table slug {\n  \"a\" -> \"b\"\n}\n")
        } throws: { error in
            (error as? RulesError)?.diagnostics.map(\.message) == ["`slug` is the name of a transformer registered from Swift"]
        }
        let trim = CustomTransformer(name: "trim", input: .text, output: .text) { $0 }
        #expect {
            try Self.rules("model A {\n  s: String\n}\n", [trim])
        } throws: { error in
            (error as? RulesError)?.diagnostics.map(\.code) == ["builtin-name-taken"]
        }
    }
}
