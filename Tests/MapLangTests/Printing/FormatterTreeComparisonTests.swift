import Testing

@testable import MapLang

/// `RulesFile.withoutSpans()`: what counts as the same tree for the formatter.
struct FormatterTreeComparisonTests {
    /// Two texts and whether their trees without spans are equal.
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let first: String
        let second: String
        let equal: Bool
        var testDescription: String { id }
    }

    @Test(arguments: [
        Case(
            id: "spacing and line breaks",
            first: "model A { x: Int from a }",
            second: "model  A {\n  x :Int\n from a\n}",
            equal: true),
        Case(
            id: "clause order",
            first: "model A { x: Int where nonEmpty from a }",
            second: "model A { x: Int from a where nonEmpty }",
            equal: true),
        Case(
            id: "quoted and plain keys",
            first: "model A { x: Int from \"a\".b }",
            second: "model A { x: Int from a.\"b\" }",
            equal: true),
        Case(
            id: "redundant parentheses",
            first: "model A { check (a) and ((b == c)) }",
            second: "model A { check a and b == c }",
            equal: true),
        Case(
            id: "string escapes",
            first: "model A { x: String default \"\\u{41}\\u{9}\" }",
            second: "model A { x: String default \"A\\t\" }",
            equal: true),
        Case(
            id: "comment order and trailing white space",
            first: "// b\n// a  \nroot A",
            second: "// a\nroot A // b",
            equal: true),
        Case(
            id: "enum default position",
            first: "enum E { default a a b }",
            second: "enum E { a b default a }",
            equal: true),
        Case(
            id: "a different key",
            first: "model A { x: Int from a.b }",
            second: "model A { x: Int from \"a.b\" }",
            equal: false),
        Case(
            id: "a different number spelling",
            first: "model A { x: Double default 1.0 }",
            second: "model A { x: Double default 1.00 }",
            equal: false),
        Case(
            id: "a different grouping",
            first: "model A { check (a or b) and c }",
            second: "model A { check a or b and c }",
            equal: false),
        Case(
            id: "a different comment",
            first: "// a\nroot A",
            second: "// b\nroot A",
            equal: false),
        Case(
            id: "a different member order",
            first: "model A { x: Int y: Int }",
            second: "model A { y: Int x: Int }",
            equal: false),
        Case(
            id: "when missing",
            first: "model A { x: Int default 1 }",
            second: "model A { x: Int default 1 when missing }",
            equal: false),
    ])
    func comparesTrees(_ example: Case) {
        let first = RulesParser.parse(SourceFile(name: "a.map", text: example.first))
        let second = RulesParser.parse(SourceFile(name: "b.map", text: example.second))
        #expect(first.diagnostics.isEmpty && second.diagnostics.isEmpty)
        #expect((first.file.withoutSpans() == second.file.withoutSpans()) == example.equal)
    }

    /// Every span of the result is `0..<0`, as the dump's locations show.
    @Test func everySpanIsErased() {
        let parsed = RulesParser.parse(SourceFile(name: "t.map", text: ParserTests.everything))
        let erased = parsed.file.withoutSpans()
        let dump = ASTDumper.dump(erased, source: SourceFile(name: "t.map", text: ""))
        let locations = dump.split(separator: "\n").map { $0.split(separator: " ").last ?? "" }
        #expect(Set(locations) == ["@1:1"])
        #expect(erased.items.count == parsed.file.items.count)
        #expect(erased.withoutSpans() == erased)
    }
}
