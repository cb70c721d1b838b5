import Foundation
import Testing

@testable import MapLang

/// Characters that reorder the text shown around them (U+202E and its kin)
/// never reach a terminal or a formatted file as themselves, so rules can
/// never display differently from what they contain: a comment holding one
/// is an error at its exact place, and a string holding one is shown, and
/// formatted, with it escaped.
struct BidiControlTests {
    @Test(arguments: ["\u{202E}", "\u{202A}", "\u{2066}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}"])
    func aCommentHoldingOneIsAnError(control: String) {
        let text = "// admin only \(control) checked\nmodel R { id: Int }\n"
        let diagnostics = RulesTestSupport.compileErrors(text)
        let escape = control.unicodeScalars.first!.escaped
        #expect(diagnostics.map(RulesTestSupport.summary) == [
            "1:15 bidi-control: the comment holds `\(escape)`, which makes the text around it show in another order than it is read"
        ])
        // Shown escaped, the caret under it.
        let rendered = DiagnosticRenderer().render(diagnostics)
        #expect(rendered.contains("1 | // admin only \(escape) checked\n  |               ^"), "\(rendered)")
        #expect(!rendered.unicodeScalars.contains { $0.isBidiControl })
    }

    @Test func otherCharactersInCommentsAreFine() {
        #expect(RulesTestSupport.compileErrors("// café, 日本語, emoji 🎉, arabic عربي\nmodel R { id: Int }\n") == [])
    }

    /// A string may hold one: an error on its line shows it escaped, with
    /// the caret still under the mistake, and `fmt` writes it as an escape.
    @Test func aStringHoldingOneIsShownAndFormattedEscaped() throws {
        let text = "model R {\n  s: String where oneOf(\"\u{202E}abc\", 3)\n}\n"
        let diagnostics = RulesTestSupport.compileErrors(text)
        let rendered = DiagnosticRenderer().render(diagnostics)
        #expect(!rendered.unicodeScalars.contains { $0.isBidiControl }, "\(rendered)")
        #expect(rendered.contains(#"2 |   s: String where oneOf("\u{202E}abc", 3)"#), "\(rendered)")
        let caretLine = try #require(rendered.split(separator: "\n").first { $0.contains("^") })
        #expect(caretLine.firstIndex(of: "^").map { caretLine.distance(from: caretLine.startIndex, to: $0) } == 43, "under the 3")

        let source = SourceFile(name: "t.map", text: "model R { s: String where oneOf(\"\u{202E}abc\") }\n")
        let parsed = RulesParser.parse(source)
        let formatted = RulesFormatter.format(parsed.file, source: source)
        #expect(formatted.contains(#"oneOf("\u{202E}abc")"#), "\(formatted)")
        #expect(!formatted.unicodeScalars.contains { $0.isBidiControl })
    }
}
