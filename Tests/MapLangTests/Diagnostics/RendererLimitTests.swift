import Testing

@testable import MapLang

/// Rendering costs what is shown, not what there is: at most
/// `DiagnosticRenderer.maximumShown` diagnostics, then how many more; a long
/// rules line as a window around the mistake; an input line by the few bytes
/// around the error, however long the line.
struct RendererLimitTests {
    /// One line holding `count` models, each with an unknown rule.
    static func oneLineOfErrors(_ count: Int) -> String {
        (0..<count).map { "model M\($0) { a: Int where nope\($0) }" }.joined(separator: " ") + "\n"
    }

    @Test func twoThousandFiveHundredErrorsShowOneHundred() {
        let (result, _) = CLIHarness.run(["check", "r.map"], files: ["r.map": Self.oneLineOfErrors(2_500)])
        #expect(result.status == 65)
        let headers = result.stderr.split(separator: "\n").filter { $0.hasPrefix("r.map:1:") }
        #expect(headers.count == 100)
        #expect(result.stderr.hasSuffix("\nand 2,400 more not shown\n\n2500 errors\n"))
        // Each shown line is a window of the 100 KB line.
        let shown = result.stderr.split(separator: "\n").filter { $0.hasPrefix("1 | ") }
        #expect(shown.count == 100)
        #expect(shown.allSatisfy { $0.count <= 4 + 3 * DiagnosticRenderer.windowSide })
    }

    @Test func aLongLineIsShownAsAWindowWithTheCaretUnderTheMistake() throws {
        let text = "model A { " + (0..<100).map { "f\($0): Int" }.joined(separator: " ")
            + " bad: Nope }\n"
        let diagnostics = RulesTestSupport.compileErrors(text)
        #expect(diagnostics.count == 1)
        let rendered = DiagnosticRenderer().render(diagnostics)
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let shown = try #require(lines.first { $0.hasPrefix("1 | ") })
        #expect(shown.hasPrefix("1 | …"))
        #expect(shown.hasSuffix("f99: Int bad: Nope }"))
        let caret = try #require(lines.first { $0.contains("^") })
        let column = try #require(shown.firstIndex(of: "N")).utf16Offset(in: shown)
        #expect(caret.firstIndex(of: "^")?.utf16Offset(in: caret) == column)
    }

    @Test func anInputLineIsCutAroundTheErrorWhateverItsLength() {
        let line = Array(repeating: UInt8(ascii: "x"), count: 10_000_000) + Array("é!".utf8) + Array(repeating: UInt8(ascii: "y"), count: 10_000_000)
        let excerpt = InputExcerpt(bytes: line, offset: 10_000_002)
        #expect(excerpt.text == "…" + String(repeating: "x", count: 38) + "é!" + String(repeating: "y", count: 30) + "…")
        #expect(excerpt.caretColumn == 40)
    }
}
