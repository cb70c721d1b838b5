@testable import MapLang
import Testing

/// Helpers for the Renderer*Tests files.
enum RendererTestSupport {
    /// Removes ANSI SGR sequences (`ESC [ … m`).
    static func strippingANSI(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            while let next = scalars.next(), next != "m" {}
        }
        return result
    }

    /// The span of the `occurrence`-th (from 1) appearance of `needle` in `text`, in UTF-8 bytes.
    static func span(of needle: String, in text: String, occurrence: Int = 1) -> Span {
        let bytes = Array(text.utf8)
        let target = Array(needle.utf8)
        var seen = 0
        var index = 0
        while index + target.count <= bytes.count {
            if Array(bytes[index..<index + target.count]) == target {
                seen += 1
                if seen == occurrence { return Span(start: index, end: index + target.count) }
            }
            index += 1
        }
        preconditionFailure("`\(needle)` does not occur \(occurrence) times")
    }

    /// A diagnostic on `text` in a file called `r.map`.
    static func diagnostic(
        _ text: String, at span: Span, message: String = "unknown rule `lenght`", label: String? = nil,
        secondary: [(String, Span)] = [], notes: [String] = [], help: String? = nil,
        severity: Diagnostic.Severity = .error
    ) -> Diagnostic {
        Diagnostic(
            severity: severity, code: "test", message: message, source: SourceFile(name: "r.map", text: text),
            span: span, label: label,
            secondaryLabels: secondary.map { Diagnostic.SecondaryLabel(span: $0.1, message: $0.0) }, notes: notes,
            help: help)
    }
}

/// The rustc-style layout of rules diagnostics: header, margin, source line,
/// carets, second places, notes and help, for the awkward places a span can be.
struct RendererTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        /// The text the primary span covers, and which occurrence of it.
        let marked: String
        var occurrence = 1
        /// Put the span at the end of `marked` with zero width instead of over it.
        var zeroWidthAfter = false
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "plain", text: "model A {\n  title: Strin\n}\n", marked: "Strin",
            expected: """
                r.map:2:10: error[test]: unknown rule `lenght`
                  |
                2 |   title: Strin
                  |          ^^^^^

                """),
        Case(
            name: "first column of the first line", text: "modle A {}\n", marked: "modle",
            expected: """
                r.map:1:1: error[test]: unknown rule `lenght`
                  |
                1 | modle A {}
                  | ^^^^^

                """),
        Case(
            name: "zero-width span after the last token, no final newline", text: "model A {\n  x: Int",
            marked: "Int", zeroWidthAfter: true,
            expected: """
                r.map:2:9: error[test]: unknown rule `lenght`
                  |
                2 |   x: Int
                  |         ^

                """),
        Case(
            name: "zero-width span after the last token, final newline", text: "model A {\n  x: Int\n",
            marked: "Int", zeroWidthAfter: true,
            expected: """
                r.map:2:9: error[test]: unknown rule `lenght`
                  |
                2 |   x: Int
                  |         ^

                """),
        Case(
            name: "CRLF line endings", text: "model A {\r\n  title: Strin\r\n}\r\n", marked: "Strin",
            expected: """
                r.map:2:10: error[test]: unknown rule `lenght`
                  |
                2 |   title: Strin
                  |          ^^^^^

                """),
        Case(
            name: "CRLF, zero-width span at the end of a line", text: "model A {\r\n  x: Int\r\n}\r\n", marked: "Int",
            zeroWidthAfter: true,
            expected: """
                r.map:2:9: error[test]: unknown rule `lenght`
                  |
                2 |   x: Int
                  |         ^

                """),
        Case(
            name: "leading tab", text: "model A {\n\ttitle: Strin\n}\n", marked: "Strin",
            expected: """
                r.map:2:12: error[test]: unknown rule `lenght`
                  |
                2 |     title: Strin
                  |            ^^^^^

                """),
        Case(
            name: "tab in the middle of the line", text: "model A {\n  x:\tStrin\n}\n", marked: "Strin",
            expected: """
                r.map:2:9: error[test]: unknown rule `lenght`
                  |
                2 |   x:    Strin
                  |         ^^^^^

                """),
        Case(
            name: "tab inside the span", text: "model A {\n\tx\ty\n}\n", marked: "x\ty",
            expected: """
                r.map:2:5: error[test]: unknown rule `lenght`
                  |
                2 |     x   y
                  |     ^^^^^

                """),
        // Columns in the header count characters; the caret is placed by display width.
        Case(
            name: "CJK and emoji before the span", text: "model A {\n  x: String from \"名前🎉\" where lenght(1)\n}\n",
            marked: "lenght",
            expected: """
                r.map:2:30: error[test]: unknown rule `lenght`
                  |
                2 |   x: String from "名前🎉" where lenght(1)
                  |                                 ^^^^^^

                """),
        Case(
            name: "Hangul and fullwidth letters before the span", text: "model A {\n  x: String from \"한Ａ\" where lenght\n}\n",
            marked: "lenght",
            expected: """
                r.map:2:29: error[test]: unknown rule `lenght`
                  |
                2 |   x: String from "한Ａ" where lenght
                  |                               ^^^^^^

                """),
        Case(
            name: "wide characters inside the span", text: "model A {\n  x: String from \"名前\"\n}\n", marked: "\"名前\"",
            expected: """
                r.map:2:18: error[test]: unknown rule `lenght`
                  |
                2 |   x: String from "名前"
                  |                  ^^^^^^

                """),
        // U+1F680 ROCKET and U+2728 SPARKLES are East Asian Wide (two columns) too.
        Case(
            name: "rocket emoji before the span", text: "model A {\n  x: String from \"🚀\" where lenght\n}\n",
            marked: "lenght",
            expected: """
                r.map:2:28: error[test]: unknown rule `lenght`
                  |
                2 |   x: String from "🚀" where lenght
                  |                             ^^^^^^

                """),
        Case(
            name: "sparkles emoji before the span", text: "model A {\n  x: String from \"✨\" where lenght\n}\n",
            marked: "lenght",
            expected: """
                r.map:2:28: error[test]: unknown rule `lenght`
                  |
                2 |   x: String from "✨" where lenght
                  |                             ^^^^^^

                """),
        Case(
            name: "combining accent before the span", text: "model A {\n  x: String from \"e\u{301}\" where lenght\n}\n",
            marked: "lenght",
            expected: """
                r.map:2:28: error[test]: unknown rule `lenght`
                  |
                2 |   x: String from "e\u{301}" where lenght
                  |                            ^^^^^^

                """),
        Case(
            name: "two-digit line number", text: String(repeating: "\n", count: 9) + "model A {\n  title: Strin\n}\n",
            marked: "Strin",
            expected: """
                r.map:11:10: error[test]: unknown rule `lenght`
                   |
                11 |   title: Strin
                   |          ^^^^^

                """),
        Case(
            name: "three-digit line number", text: String(repeating: "// c\n", count: 99) + "modle A {}\n", marked: "modle",
            expected: """
                r.map:100:1: error[test]: unknown rule `lenght`
                    |
                100 | modle A {}
                    | ^^^^^

                """),
    ]

    @Test(arguments: cases)
    func rendersOneDiagnostic(_ testCase: Case) {
        let marked = RendererTestSupport.span(of: testCase.marked, in: testCase.text, occurrence: testCase.occurrence)
        let span = testCase.zeroWidthAfter ? Span.at(marked.end) : marked
        let diagnostic = RendererTestSupport.diagnostic(testCase.text, at: span)
        #expect(DiagnosticRenderer().render(diagnostic) == testCase.expected)
    }

    @Test func labelFollowsTheCarets() {
        let text = "model A {\n  title: Strin\n}\n"
        let diagnostic = RendererTestSupport.diagnostic(
            text, at: RendererTestSupport.span(of: "Strin", in: text), message: "unknown type `Strin`",
            label: "not a type", help: "did you mean `String`?")
        #expect(
            DiagnosticRenderer().render(diagnostic) == """
                r.map:2:10: error[test]: unknown type `Strin`
                  |
                2 |   title: Strin
                  |          ^^^^^ not a type
                  = help: did you mean `String`?

                """)
    }

    @Test func notesComeBeforeHelpInOrder() {
        let text = "model A {\n  x: Int where length(3)\n}\n"
        let diagnostic = RendererTestSupport.diagnostic(
            text, at: RendererTestSupport.span(of: "length", in: text), message: "`length` applies to strings",
            notes: ["`x` is `Int`", "rules run after conversion"], help: "use `range` for numbers")
        #expect(
            DiagnosticRenderer().render(diagnostic) == """
                r.map:2:16: error[test]: `length` applies to strings
                  |
                2 |   x: Int where length(3)
                  |                ^^^^^^
                  = note: `x` is `Int`
                  = note: rules run after conversion
                  = help: use `range` for numbers

                """)
    }

    /// Second places are printed in line order whatever order they are given
    /// in, with `-` under them; the margin fits the widest line number.
    @Test func secondaryLabelsAreSortedByLine() {
        let lines = (1...12).map { "line\($0)" }
        let text = lines.joined(separator: "\n") + "\n"
        let diagnostic = RendererTestSupport.diagnostic(
            text, at: RendererTestSupport.span(of: "line5", in: text), message: "conflict",
            secondary: [
                ("later", RendererTestSupport.span(of: "line12", in: text)),
                ("first", RendererTestSupport.span(of: "ine2", in: text)),
            ])
        #expect(
            DiagnosticRenderer().render(diagnostic) == """
                r.map:5:1: error[test]: conflict
                   |
                 2 | line2
                   |  ---- first
                 5 | line5
                   | ^^^^^
                12 | line12
                   | ------ later

                """)
    }

    @Test func secondaryLabelBeforeThePrimary() {
        let text = "model A {\n  x: Int\n"
        let diagnostic = RendererTestSupport.diagnostic(
            text, at: .at(text.utf8.count - 1), message: "expected `}` to close model `A`, found end of file",
            secondary: [("`{` opened here", RendererTestSupport.span(of: "{", in: text))])
        #expect(
            DiagnosticRenderer().render(diagnostic) == """
                r.map:2:9: error[test]: expected `}` to close model `A`, found end of file
                  |
                1 | model A {
                  |         - `{` opened here
                2 |   x: Int
                  |         ^

                """)
    }

    /// A line with a caret and a second place is shown once, with a mark
    /// under it for each, in column order.
    @Test func twoPlacesOnOneLineShowTheLineOnce() {
        let text = "model R {\n  y: [Int }\n"
        let diagnostic = RendererTestSupport.diagnostic(
            text, at: RendererTestSupport.span(of: "}", in: text), message: "expected `]` to close the array type, found `}`",
            secondary: [("`[` opened here", RendererTestSupport.span(of: "[", in: text))])
        #expect(
            DiagnosticRenderer().render(diagnostic) == """
                r.map:2:11: error[test]: expected `]` to close the array type, found `}`
                  |
                2 |   y: [Int }
                  |      - `[` opened here
                  |           ^

                """)
    }

    @Test func warningHeader() {
        let text = "lenient\n"
        let diagnostic = RendererTestSupport.diagnostic(
            text, at: RendererTestSupport.span(of: "lenient", in: text), message: "coercion is already on", severity: .warning)
        #expect(
            DiagnosticRenderer().render(diagnostic) == """
                r.map:1:1: warning[test]: coercion is already on
                  |
                1 | lenient
                  | ^^^^^^^

                """)
    }

    // MARK: - Counts

    static func sample(_ severity: Diagnostic.Severity = .error, _ word: String = "Strin") -> Diagnostic {
        let text = "model A {\n  title: \(word)\n}\n"
        return RendererTestSupport.diagnostic(
            text, at: RendererTestSupport.span(of: word, in: text), message: "unknown type `\(word)`", severity: severity)
    }

    @Test func oneErrorIsCountedInTheSingular() {
        let renderer = DiagnosticRenderer()
        #expect(renderer.render([Self.sample()]) == renderer.render(Self.sample()) + "\n1 error\n")
    }

    @Test func severalErrorsAreSeparatedByABlankLineAndCounted() {
        let renderer = DiagnosticRenderer()
        let diagnostics = [Self.sample(.error, "Strin"), Self.sample(.error, "Itn"), Self.sample(.error, "Boo")]
        #expect(
            renderer.render(diagnostics)
                == diagnostics.map(renderer.render).joined(separator: "\n") + "\n3 errors\n")
    }

    @Test func warningsAreNotCountedAsErrors() {
        let renderer = DiagnosticRenderer()
        let diagnostics = [Self.sample(.warning, "Strin"), Self.sample(.error, "Itn")]
        #expect(renderer.render(diagnostics) == diagnostics.map(renderer.render).joined(separator: "\n") + "\n1 error\n")
    }

    @Test func nothingToRender() {
        #expect(DiagnosticRenderer().render([Diagnostic]()) == "")
    }

    // MARK: - Colour

    @Test func colourIsOnlyAddedOnRequest() {
        let diagnostic = RendererTestSupport.diagnostic(
            "model A {\n  title: Strin\n}\n", at: Span(start: 19, end: 24), message: "unknown type `Strin`",
            label: "here", secondary: [("opened", Span(start: 8, end: 9))], notes: ["a note"], help: "a help")
        let plain = DiagnosticRenderer(colored: false).render([diagnostic])
        let colored = DiagnosticRenderer(colored: true).render([diagnostic])
        #expect(!plain.contains("\u{1B}"))
        #expect(colored.contains("\u{1B}["))
        #expect(colored.hasSuffix("\u{1B}[0m\n"))
        #expect(RendererTestSupport.strippingANSI(colored) == plain)
        #expect(DiagnosticRenderer().colored == false)
    }

    // MARK: - Through the parser and checker

    /// Real diagnostics from `Rules(source:)` land where the renderer puts the caret.
    @Test func parserErrorAtTheEndOfTheFile() {
        let source = SourceFile(name: "open.map", text: "model A {\n  x: Int\n")
        do {
            _ = try Rules(source: source)
            Issue.record("an unclosed body compiled")
        } catch {
            #expect(
                DiagnosticRenderer().render(error.diagnostics) == """
                    open.map:2:9: error[unclosed-delimiter]: expected `}` to close model `A`, found end of file
                      |
                    1 | model A {
                      |         - `{` opened here
                    2 |   x: Int
                      |         ^

                    1 error

                    """)
        }
    }

    @Test(arguments: ["\n", "\r\n"])
    func checkerErrorWithEitherLineEnding(_ newline: String) {
        let text = ["root A", "", "model A {", "\ttitle: Strin", "}", ""].joined(separator: newline)
        do {
            _ = try Rules(source: SourceFile(name: "r.map", text: text))
            Issue.record("an unknown type compiled")
        } catch {
            #expect(
                DiagnosticRenderer().render(error.diagnostics) == """
                    r.map:4:12: error[unknown-type]: unknown type `Strin`
                      |
                    4 |     title: Strin
                      |            ^^^^^
                      = help: did you mean `String`?

                    1 error

                    """)
        }
    }
}
