import Testing

@testable import MapLang

/// The diff `maplang test` reports: every place an output differs from the
/// expected JSON, by path, keys in any order, numbers by their digits.
struct JSONDifferenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let expected: String
        let found: String
        let lines: [String]
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "equal, keys in another order", expected: #"{"a": 1, "b": [true, null]}"#, found: #"{"b": [true, null], "a": 1}"#, lines: []),
        Case(
            id: "a changed price deep inside", expected: #"{"items": [{"p": 1}, {"p": 2}, {"p": 3}]}"#,
            found: #"{"items": [{"p": 1}, {"p": 2}, {"p": 4}]}"#, lines: ["$.items[2].p: expected 3, found 4"]),
        Case(
            id: "missing and unexpected keys", expected: #"{"a": 1, "b": "x"}"#, found: #"{"a": 1, "c": null}"#,
            lines: [#"$.b: missing key, expected "x""#, "$.c: unexpected key, found null"]),
        Case(
            id: "missing and unexpected elements", expected: "[1, 2, 3]", found: "[1]",
            lines: ["$[1]: missing element, expected 2", "$[2]: missing element, expected 3"]),
        Case(id: "an element too many", expected: "[]", found: #"[{"a": 1}]"#, lines: [#"$[0]: unexpected element, found {"a":1}"#]),
        Case(id: "numbers by their digits", expected: #"{"n": 1.50}"#, found: #"{"n": 1.5}"#, lines: ["$.n: expected 1.50, found 1.5"]),
        Case(id: "another kind of value", expected: #"{"a": [1]}"#, found: #"{"a": {"0": 1}}"#, lines: [#"$.a: expected [1], found {"0":1}"#]),
        Case(
            id: "keys that are not plain words, long values cut",
            expected: #"{"odd key": "\#(String(repeating: "y", count: 50))"}"#, found: #"{"odd key": "\u0007"}"#,
            lines: [#"$["odd key"]: expected "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…", found "\u0007""#]),
        Case(id: "strings by their scalars", expected: #"{"é": "é"}"#, found: #"{"é": "e\u0301"}"#, lines: [#"$["é"]: expected "é", found "é""#]),
    ]

    @Test(arguments: cases)
    func reportsEachPlaceThatDiffers(_ testCase: Case) throws {
        let expected = try RulesTestSupport.parseJSON(testCase.expected)
        let found = try RulesTestSupport.parseJSON(testCase.found)
        let (shown, total) = JSONDifference.differences(expected: expected, found: found, limit: 20)
        #expect(shown.map(\.description) == testCase.lines)
        #expect(total == testCase.lines.count)
    }

    /// Only the first few differences are kept; all are counted, each object's keys once.
    @Test func keepsTheFirstFewAndCountsThemAll() throws {
        let size = 100_000
        let expected = try RulesTestSupport.parseJSON("{" + (0..<size).map { #""k\#($0)": \#($0)"# }.joined(separator: ",") + "}")
        let found = try RulesTestSupport.parseJSON("{" + (0..<size).map { #""k\#($0)": \#($0 + 1)"# }.joined(separator: ",") + "}")
        let (shown, total) = JSONDifference.differences(expected: expected, found: found, limit: 3)
        #expect(shown.map(\.description) == ["$.k0: expected 0, found 1", "$.k1: expected 1, found 2", "$.k2: expected 2, found 3"])
        #expect(total == size)
    }
}
