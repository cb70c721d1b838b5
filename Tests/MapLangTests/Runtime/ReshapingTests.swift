import Testing

@testable import MapLang

/// `split`, `join` and `json`, the built-ins that change a value's shape:
/// both engines, reverse mapping, and the checker's errors.
struct ReshapingTests {
    static let rules = """
        root Message
        model Body {
          kind: String
          n: Int
        }
        model Message {
          tags: [String] using split(",") | trim
          ids: [Int]? using split(";")
          who: String from people using join(", ")
          body: Body using json
          extra: JSON? using json
        }
        """

    static let input =
        #"{"tags": "a, b ,c", "ids": "1;2;3", "people": ["Ann", "Bo", 7], "body": "{\"kind\":\"x\",\"n\":2}", "extra": "[1,{\"a\":null}]"}"#

    @Test func reshapesAndReadsTheResultAsTheFieldsType() throws {
        let record = try RulesTestSupport.map(Self.rules, Self.input)
        #expect(record.errors.isEmpty)
        #expect(
            RulesTestSupport.json(record.value)
                == #"{"tags":["a","b","c"],"ids":[1,2,3],"who":"Ann, Bo, 7","body":{"kind":"x","n":2},"extra":[1,{"a":null}]}"#)
    }

    @Test(arguments: [
        (#""tags": "", "people": [], "body": "{\"kind\":\"k\",\"n\":1}""#, #"{"tags":[],"ids":null,"who":"","body":{"kind":"k","n":1},"extra":null}"#),
        (#""tags": "x", "ids": "1;y", "people": [], "body": "{\"kind\":\"k\",\"n\":1}""#, "$.ids[1] Message.ids: expected an integer, found \"y\" @8:21 transformer `split`"),
        (#""tags": "x", "people": [], "body": "{\"kind\":\"k\"}""#, "$.body.n Body.n: missing required key `n` @4:3"),
        (
            #""tags": "x", "people": [], "body": "{oops""#,
            "$.body Message.body: `json` cannot read \"{oops\": it is not JSON: line 1, column 2: expected a string key or `}`, found `oops` @10:20 transformer `json`"
        ),
        (
            #""tags": "x", "people": [[1]], "body": "{\"kind\":\"k\",\"n\":1}""#,
            "$.people Message.who: expected an array of strings, numbers or Booleans for `join`, found [[1]] @9:33 transformer `join`"
        ),
        (#""tags": "x", "people": [], "body": "null""#, "$.body Message.body: `body` is null but the field is required @10:3"),
    ])
    func readsAndReportsLikeAnyField(_ members: String, _ expected: String) throws {
        let record = try RulesTestSupport.map(Self.rules, "{" + members + "}")
        let result = record.errors.isEmpty ? RulesTestSupport.json(record.value) : record.errors.map(RulesTestSupport.line).joined(separator: "\n")
        #expect(result == expected)
    }

    @Test func reverseUndoesEachAndTheFastPathAgrees() throws {
        let rules = try Rules(source: SourceFile(name: "m.map", text: Self.rules))
        #expect(rules.reversalProblems.isEmpty)
        let input = Self.input.replacingOccurrences(of: #", 7]"#, with: "]")
        let mapped = try rules.map(input)
        #expect(
            try rules.reverse(mapped).jsonText()
                == #"{"tags":"a,b,c","ids":"1;2;3","people":["Ann","Bo"],"body":"{\"kind\":\"x\",\"n\":2}","extra":"[1,{\"a\":null}]"}"#)
        #expect(try rules.map(rules.reverse(mapped).jsonText()) == mapped)
        let bytes = Array(("[" + input + "]").utf8)
        #expect(try rules.mapJSON(bytes) == rules.map(bytes).jsonBytes())
    }

    /// One empty element would be written as no text, which reads back as none.
    @Test func reverseRefusesALoneEmptyElement() throws {
        let rules = try Rules(source: SourceFile(name: "m.map", text: "model A {\n  tags: [String] using split(\",\")\n}\n"))
        #expect(throws: MappingFailure.self) { try rules.reverse(.object(MappedObject([MappedMember(key: "tags", value: .array([.string("")]))]))) }
        #expect(try rules.reverse(.object(MappedObject([MappedMember(key: "tags", value: .array([]))]))).jsonText() == #"{"tags":""}"#)
        // A combining mark at an element's start would join the separator.
        let mark = MappedValue.object(MappedObject([MappedMember(key: "tags", value: .array([.string("a"), .string("\u{301}b")]))]))
        #expect(throws: MappingFailure.self) { try rules.reverse(mark) }
    }

    /// An element holding the separator could not be read back as one.
    @Test func reverseRefusesAnElementHoldingTheSeparator() throws {
        let rules = try Rules(source: SourceFile(name: "m.map", text: "model A {\n  tags: [String] using split(\",\")\n}\n"))
        #expect(throws: MappingFailure.self) { try rules.reverse(rules.map(#"{"tags": "a"}"#).replacingFirstTag(with: "b,c")) }
    }

    @Test(arguments: [
        ("t: String using split(\",\")", "reshaping-mismatch", "`split` gives an array, which the field `t: String` cannot hold"),
        ("t: [String] using join(\",\")", "reshaping-mismatch", "`join` gives one string, which the field `t: [String]` cannot hold"),
        ("t: [String] using split(\",\") | json", "second-reshaping-stage", "`json` changes the value's shape, which a stage before it has done already"),
        ("t: JSON using json | trim", "transformer-input-mismatch", "`trim` reads a Bool or a String or a number, but `json` produces a JSON"),
        ("t: [String] using split(\"\")", "invalid-arguments", "`split` takes one string that is not empty, such as `(\",\")`"),
        ("t: [String] oneOrMany using split(\",\")", "one-or-many-reshaping",
            "`oneOrMany` reads a single value as an array of one, but `t`'s pipeline reads the key's whole value"),
        ("t: String from user-name", "unquoted-key", "the key `user-name` holds punctuation, so it is written as a string"),
    ])
    func eachMistakeIsOneError(_ field: String, _ code: String, _ message: String) {
        let diagnostics = RulesTestSupport.compileErrors("model A {\n  \(field)\n}\n")
        #expect(diagnostics.map(\.code) == [code])
        #expect(diagnostics.first?.message == message)
    }
}

extension MappedValue {
    /// The value with its `tags` array's first element replaced.
    fileprivate func replacingFirstTag(with tag: String) -> MappedValue {
        guard case .object(let object) = self else { return self }
        return .object(MappedObject(object.members.map { $0.key == "tags" ? MappedMember(key: "tags", value: .array([.string(tag)])) : $0 }))
    }
}
