import Testing

@testable import MapLang

struct SuggestionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let name: String
        let candidates: [String]
        let expected: String?
        var testDescription: String { id }
    }

    static let keywords = ["model", "enum", "table", "transform", "root", "strict", "lenient", "keys"]

    @Test(arguments: [
        Case(id: "swapped letters", name: "modle", candidates: keywords, expected: "model"),
        Case(id: "missing letter", name: "strct", candidates: keywords, expected: "strict"),
        Case(id: "extra letter", name: "tablle", candidates: keywords, expected: "table"),
        Case(id: "wrong letter", name: "enun", candidates: keywords, expected: "enum"),
        Case(id: "case only", name: "Model", candidates: keywords, expected: "model"),
        Case(id: "case of an acronym", name: "htmlUrl", candidates: ["html", "htmlURL", "url"], expected: "htmlURL"),
        Case(id: "exact case wins a tie", name: "URl", candidates: ["url", "URL"], expected: "URL"),
        Case(id: "first candidate wins a full tie", name: "ab", candidates: ["ad", "ac"], expected: "ad"),
        Case(id: "closer beats earlier", name: "lenght", candidates: ["lengths", "length"], expected: "length"),
        Case(id: "swap in a clause keyword", name: "form", candidates: ["from", "using", "default", "where"], expected: "from"),
        Case(id: "too far", name: "xyz", candidates: keywords, expected: nil),
        Case(id: "short names allow one edit", name: "a", candidates: ["b"], expected: "b"),
        Case(id: "two edits for six letters", name: "abcdef", candidates: ["abcdxy"], expected: "abcdxy"),
        Case(id: "three edits are too many for six letters", name: "abcdef", candidates: ["abcxyz"], expected: nil),
        Case(id: "no candidates", name: "model", candidates: [], expected: nil),
        Case(id: "identical", name: "keys", candidates: keywords, expected: "keys"),
    ])
    func closest(_ example: Case) {
        #expect(Suggestion.closest(to: example.name, among: example.candidates) == example.expected)
    }

    @Test func acceptsAnySequence() {
        let candidates: Set<String> = ["nonEmpty"]
        #expect(Suggestion.closest(to: "nonEmty", among: candidates) == "nonEmpty")
        #expect(Suggestion.closest(to: "trm", among: ["trim", "lowercase"].lazy.map { $0 }) == "trim")
    }

    @Test func distance() {
        #expect(Suggestion.distance(Array("kitten"), Array("sitting"), limit: .max) == 3)
        #expect(Suggestion.distance(Array("ca"), Array("ac"), limit: .max) == 1)
        #expect(Suggestion.distance(Array("abc"), [], limit: .max) == 3)
        #expect(Suggestion.distance([], Array("ab"), limit: .max) == 2)
        #expect(Suggestion.distance(Array("é"), Array("e"), limit: .max) == 1)
        #expect(Suggestion.distance(Array("a"), Array("abcdef"), limit: 2) > 2)
    }
}

/// A name past `Suggestion.longestCompared` bytes gets no suggestion and is
/// never turned into characters: a 4 MB unknown key costs nothing more.
struct LongNameSuggestionTests {
    @Test func aNameTooLongToBeMisspeltIsNotCompared() {
        let long = String(repeating: "k", count: Suggestion.longestCompared)
        #expect(Suggestion.closest(to: long + "x", among: [long]) == nil)
        #expect(Suggestion.closest(to: long, among: [long + "x"]) == nil)
        #expect(Suggestion.closest(to: String(long.dropLast()) + "x", among: [String(long.dropLast())]) == String(long.dropLast()))
    }
}
