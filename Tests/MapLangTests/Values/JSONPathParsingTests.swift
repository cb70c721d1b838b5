import Testing

@testable import MapLang

/// Paths read back from the text errors show them as: every path written
/// reads back to itself, and text that is no path is refused.
struct JSONPathParsingTests {
    static let paths: [JSONPath] = [
        .root,
        JSONPath(components: [.key("items"), .index(2), .key("price")]),
        JSONPath(components: [.index(0), .key("odd key"), .key("$ref"), .key("_x9")]),
        JSONPath(components: [.key("quote\"back\\slash"), .key("tab\tnew\nline"), .key("\u{1}\u{7F}\u{202E}")]),
        JSONPath(components: [.key("é"), .key("😀"), .key(""), .key("9lives"), .key("a.b")]),
        JSONPath(components: [.index(123_456_789_012)]),
    ]

    @Test(arguments: paths)
    func readsBackWhatIsWritten(_ path: JSONPath) {
        #expect(JSONPath(parsing: path.description[...]) == path, "\(path)")
    }

    @Test func readsEveryEscapeOfAJSONString() {
        #expect(
            JSONPath(parsing: #"$["\/\b\f\u00e9\ud83d\ude00"]"#)
                == JSONPath(components: [.key("/\u{8}\u{C}é😀")]))
    }

    @Test(arguments: [
        "", "x", "$.", "$..a", "$.a b", "$.9", "$[", "$[]", "$[01]", "$[-1]", "$[1", "$[\"a\"", "$[\"a]", #"$["\q"]"#,
        #"$["\ud83d"]"#, #"$["\u12"]"#, "$[1234567890123456789]", "$a", "$ ", "$.a.",
    ])
    func refusesWhatIsNoPath(_ text: String) {
        #expect(JSONPath(parsing: text[...]) == nil, "\(text)")
    }

    @Test func readsAPathAtTheStartOfALine() throws {
        let (path, rest) = try #require(JSONPath.parsePrefix(of: #"$[1]["a b"].c the rest"#))
        #expect(path == JSONPath(components: [.index(1), .key("a b"), .key("c")]))
        #expect(rest == " the rest")
    }
}
