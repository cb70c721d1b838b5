import Testing

@testable import MapLang

/// Expected errors against those mapping gave: by code and path, and by
/// message where one is named, in any order.
struct ErrorComparisonTests {
    /// The errors of `[{"id": 0, "name": "a"}, {"id": 0}, {"id": 2}]` with
    /// `id: Int where range(1...)` and `name: String`.
    static func given() throws -> [MappingError] {
        let rules = try RulesTestSupport.rules("model A {\n  id: Int where range(1...)\n  name: String\n}\n")
        do {
            _ = try rules.map(#"[{"id": 0, "name": "a"}, {"id": 0}, {"id": 2}]"#)
        } catch {
            return error.errors
        }
        return []
    }

    static func error(_ code: String, _ path: [JSONPath.Component], _ message: String? = nil) -> ExpectedError {
        ExpectedError(code: code, path: JSONPath(components: path), message: message)
    }

    @Test func theGivenErrors() throws {
        #expect(
            try Self.given().map { ExpectedErrorsFile.line(for: ExpectedError($0)) } == [
                "out-of-range $[0].id 0 is not in 1...", "out-of-range $[1].id 0 is not in 1...",
                "missing-key $[1].name missing required key `name`", "missing-key $[2].name missing required key `name`",
            ])
    }

    @Test func matchesInAnyOrder() throws {
        let expected = [
            Self.error("missing-key", [.index(2), .key("name")]), Self.error("out-of-range", [.index(1), .key("id")]),
            Self.error("missing-key", [.index(1), .key("name")], "missing required key `name`"),
            Self.error("out-of-range", [.index(0), .key("id")]),
        ]
        let comparison = ErrorComparison(expected: expected, given: try Self.given())
        #expect(comparison.matches)
    }

    /// A message named must be the error's; one left out matches any.
    @Test func messagesAndWhatIsLeftOver() throws {
        let expected = [
            Self.error("out-of-range", [.index(0), .key("id")], "another message"),
            Self.error("out-of-range", [.index(1), .key("id")]),
            Self.error("missing-key", [.index(3), .key("name")]),
        ]
        let comparison = ErrorComparison(expected: expected, given: try Self.given())
        #expect(!comparison.matches)
        #expect(comparison.missing == [expected[0], expected[2]])
        #expect(
            comparison.unexpected.map { ExpectedErrorsFile.line(for: ExpectedError($0)) } == [
                "out-of-range $[0].id 0 is not in 1...", "missing-key $[1].name missing required key `name`",
                "missing-key $[2].name missing required key `name`",
            ])
    }

    /// An error that names no message does not take the one a message needs.
    @Test func theMoreSpecificIsMatchedFirst() throws {
        let given = Array(try Self.given().prefix(1)) + Array(try Self.given().prefix(1))
        let expected = [
            Self.error("out-of-range", [.index(0), .key("id")]),
            Self.error("out-of-range", [.index(0), .key("id")], "0 is not in 1..."),
        ]
        #expect(ErrorComparison(expected: expected, given: given).matches)
    }
}
