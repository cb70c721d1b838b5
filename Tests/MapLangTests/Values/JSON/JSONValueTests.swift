import Testing

@testable import MapLang

struct JSONValueTests {
    @Test(
        arguments: [
            (JSONValue.null, "null", "null"),
            (.bool(true), "a boolean", "true"),
            (jsonNumber("1.50"), "a number", "1.50"),
            (.string("abc"), "a string", "\"abc\""),
            (.string("a\"b\n"), "a string", #""a\"b\n""#),
            (.array([jsonNumber("1"), .null]), "an array", "[1,null]"),
            (jsonObject(("a", .array([]))), "an object", #"{"a":[]}"#),
            (.string(String(repeating: "x", count: 38)), "a string", "\"" + String(repeating: "x", count: 38) + "\""),
            (.string(String(repeating: "x", count: 40)), "a string", "\"" + String(repeating: "x", count: 40) + "\""),
            (.string(String(repeating: "x", count: 41)), "a string", "\"" + String(repeating: "x", count: 40) + "…\""),
            (.string(String(repeating: "é", count: 500)), "a string", "\"" + String(repeating: "é", count: 40) + "…\""),
            (
                .array(Array(repeating: jsonNumber("12345"), count: 100_000)), "an array",
                "[" + Array(repeating: "12345", count: 6).joined(separator: ",") + ",123…"
            ),
        ] as [(JSONValue, String, String)])
    func describesKindAndPreview(_ value: JSONValue, _ kind: String, _ preview: String) {
        #expect(value.kindDescription == kind)
        #expect(value.preview == preview)
    }

    @Test func subscriptsFindMembersAndElements() {
        let value = jsonObject(("a", .array([jsonNumber("1"), jsonNumber("2")])), ("b", .null))
        #expect(value["a"]?[1] == jsonNumber("2"))
        #expect(value["b"] == .null)
        #expect(value["c"] == nil)
        #expect(value["a"]?[2] == nil)
        #expect(value["a"]?[-1] == nil)
        #expect(value[0] == nil)
        #expect(JSONValue.string("a")["a"] == nil)
        // Keys match by exact code points.
        #expect(jsonObject(("\u{E9}", .null))["e\u{301}"] == nil)
    }

    @Test func comparesStringsAndKeysExactly() {
        #expect(JSONValue.string("\u{E9}") != .string("e\u{301}"))
        #expect(jsonObject(("\u{E9}", .null)) != jsonObject(("e\u{301}", .null)))
        #expect(jsonObject(("a", .array([jsonNumber("1")]))) == jsonObject(("a", .array([jsonNumber("1")]))))
        #expect(jsonNumber("1.0") != jsonNumber("1"))
        #expect(JSONValue.null != .bool(false))
    }

    @Test func convertsToMappedValueLosslessly() {
        let value = jsonObject(
            ("int", jsonNumber("505874924095815681")), ("minusZero", jsonNumber("-0")), ("decimal", jsonNumber("1.50")),
            ("huge", jsonNumber("1e400")), ("beyond", jsonNumber("9223372036854775808")),
            ("list", .array([.bool(false), .null, .string("s")])))
        let expected = MappedValue.object(
            MappedObject([
                MappedMember(key: "int", value: .int(505_874_924_095_815_681)),
                MappedMember(key: "minusZero", value: .decimal("-0")),
                MappedMember(key: "decimal", value: .decimal("1.50")),
                MappedMember(key: "huge", value: .decimal("1e400")),
                MappedMember(key: "beyond", value: .decimal("9223372036854775808")),
                MappedMember(key: "list", value: .array([.bool(false), .null, .string("s")])),
            ]))
        #expect(value.mappedValue == expected)
    }
}
