import Testing

@testable import MapLang

/// Formatting helpers shared by the Formatter*Tests files.
enum FormatterTestSupport {
    /// Parses a text and formats it.
    ///
    /// - Returns: The formatted text and the parser's diagnostics as `line:column code: message`.
    static func format(_ text: String, name: String = "t.map") -> (text: String, diagnostics: [String]) {
        let source = SourceFile(name: name, text: text)
        let parsed = RulesParser.parse(source)
        return (RulesFormatter.format(parsed.file, source: source), SyntaxTestSupport.summary(parsed.diagnostics))
    }

    /// Checks the formatter's promises for a text that parses cleanly: the
    /// output parses cleanly to the same tree with the same comments, formatting
    /// it again changes nothing, and it has no trailing white space or tabs.
    static func expectRoundTrip(
        _ text: String, name: String = "t.map", sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let source = SourceFile(name: name, text: text)
        let parsed = RulesParser.parse(source)
        #expect(SyntaxTestSupport.summary(parsed.diagnostics) == [], "input", sourceLocation: sourceLocation)
        let once = RulesFormatter.format(parsed.file, source: source)
        let onceSource = SourceFile(name: name, text: once)
        let reparsed = RulesParser.parse(onceSource)
        #expect(
            SyntaxTestSupport.summary(reparsed.diagnostics) == [], "output:\n\(once)", sourceLocation: sourceLocation)
        #expect(
            reparsed.file.withoutSpans() == parsed.file.withoutSpans(), "tree differs:\n\(once)",
            sourceLocation: sourceLocation)
        #expect(reparsed.file.comments.count == parsed.file.comments.count, "comments", sourceLocation: sourceLocation)
        let twice = RulesFormatter.format(reparsed.file, source: onceSource)
        #expect(twice == once, "not idempotent:\n\(once)", sourceLocation: sourceLocation)
        for line in once.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(
                line.last != " " && !line.contains("\t"), "white space in `\(line)`", sourceLocation: sourceLocation)
        }
        // One line break at the end, `\n` or, for a source written so, `\r\n` (one `Character`).
        let lines = once.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(once.isEmpty || (lines.hasSuffix("\n") && !lines.hasSuffix("\n\n")), sourceLocation: sourceLocation)
    }
}

/// Formatting twice gives the same text, and the output parses to the same
/// tree, for every rules text the project has: the examples, the blocks of
/// `grammar.md` and `README.md`, and the parser tests' sources.
struct FormatterRoundTripTests {
    /// A rules text and where it comes from.
    struct Sample: Sendable, CustomTestStringConvertible {
        let id: String
        let text: String
        var testDescription: String { id }
    }

    /// `examples/NAME/NAME.map` for every example.
    static let examples: [Sample] = ExampleFolders.names.compactMap { name in
        let path = "\(ExampleFolders.root)/\(name)/\(name).map"
        return (try? TestFiles.text(path)).map { Sample(id: "examples/\(name)/\(name).map", text: $0) }
    }

    /// Every ```maplang block of the documentation.
    static let documentBlocks = GrammarDocTests.allBlocks.map { Sample(id: $0.testDescription, text: $0.text) }

    /// The sources the parser tests parse cleanly.
    static let parserSources = [
        Sample(id: "ParserTests.everything", text: ParserTests.everything),
        Sample(id: "ParserRecoveryTests.realistic", text: ParserRecoveryTests.realistic),
        Sample(id: "settings on one line", text: "root A keys snake_case strict lenient"),
        Sample(
            id: "declarations on one line", text: "model A { a: Int b: [A] check a > 0 } enum E { x y default x }"),
        Sample(id: "fallback keys", text: "model A { id: Int from id, ID, book_id }"),
        Sample(id: "index after dot and indices in a row", text: "model A { x: Int from a.[2], k[0][1] }"),
        Sample(id: "keyword keys after a dot", text: "model A { x: Int from a.from.default }"),
        Sample(id: "nested optional types", text: "model A { x: [[String?]?: Int?]? }"),
        Sample(
            id: "fields named after keywords",
            text: "model A {\n  from: Int\n  check: Bool\n  keys: [String]\n  strict: Bool\n"
                + "  default: Int from \"default\"\n}"),
        Sample(
            id: "clauses over several lines",
            text: "model A {\n  t: String\n    using trim\n    where nonEmpty\n  u: Int\n}"),
        Sample(
            id: "default literals",
            text: "model A { a: Int default -5 b: Bool default false c: Int? default null "
                + "d: [Int] default [[1], []] }"),
        Sample(
            id: "object and empty defaults",
            text: "model A { x: [String: Int] from a default {\"k\": 1} y: T using f default {} }"),
        Sample(
            id: "rule arguments",
            text: "model A { a: Int where range(1e3...2.5E-1), oneOf(), custom(x, \"y\", [1], {\"k\": 1..<2}) }"),
        Sample(
            id: "comparison operators",
            text: "model A { check a == 1 check b != \"x\" check c < 1.5 check d <= e check f > true check g >= h }"),
        Sample(id: "or and and are left associative", text: "model A { check a or b or c and d and e }"),
        Sample(id: "calls with several arguments", text: "model A { check max(a, b.c, 3) == min() }"),
        Sample(
            id: "table with multi-input rows",
            text: "table t {\n  \"a\", 1, 2.5, true, null -> \"x\"\n  default -> -1\n}"),
        Sample(id: "empty bodies", text: "model A {} enum E {} table T {}"),
        Sample(
            id: "comments everywhere",
            text: "// a\nmodel A { // b\n  x: Int // c\n    from y // d\n  // e\n} // f\n// g"),
        Sample(id: "escaped strings", text: "model A { x: String default \"a\\\"b\\n\" from \"k\\\\\" }"),
        Sample(id: "comments with CRLF", text: "// one\r\nroot A //two\r\n//"),
    ]

    @Test(arguments: examples)
    func example(_ sample: Sample) {
        FormatterTestSupport.expectRoundTrip(sample.text, name: sample.id)
    }

    /// Every example's rules are read: none drops out unseen.
    @Test func everyExampleIsFound() {
        #expect(Self.examples.map(\.id) == ExampleFolders.names.map { "examples/\($0)/\($0).map" })
    }

    @Test(arguments: documentBlocks)
    func documentBlock(_ sample: Sample) {
        FormatterTestSupport.expectRoundTrip(sample.text, name: sample.id)
    }

    @Test(arguments: parserSources)
    func parserSource(_ sample: Sample) {
        FormatterTestSupport.expectRoundTrip(sample.text, name: sample.id)
    }

    /// The example in section 8 of `grammar.md` is in canonical layout.
    @Test func canonicalLayoutExampleIsCanonical() throws {
        let blocks = GrammarDocTests.blocks(in: "grammar.md")
        let block = try #require(blocks.last)
        #expect(FormatterTestSupport.format(block.text).text == block.text)
    }

    /// A tree with parse errors still formats, for every prefix of a
    /// realistic file (the REPL may show what did parse), and formatting
    /// what that gives changes nothing more.
    @Test func everyPrefixOfARealisticFileFormatsStably() {
        let text = ParserRecoveryTests.realistic
        for end in text.indices {
            let prefix = String(text[..<end])
            let source = SourceFile(name: "t.map", text: prefix)
            let parsed = RulesParser.parse(source)
            let formatted = RulesFormatter.format(parsed.file, source: source)
            let again = SourceFile(name: "t.map", text: formatted)
            #expect(RulesFormatter.format(RulesParser.parse(again).file, source: again) == formatted, "prefix of \(prefix.count) characters")
            for decl in parsed.file.items {
                #expect(!RulesFormatter.format(decl, source: source, comments: parsed.file.comments).isEmpty)
            }
        }
    }
}
