/// Turns diagnostics and mapping errors into text for people.
///
/// A rules diagnostic is a `file:line:col: error[code]: message` header, the source
/// line with a numbered margin and a caret under the span, then any second
/// places, notes and help:
///
/// ```text
/// issues.map:7:10: error[unknown-type]: unknown type `Strin`
///   |
/// 7 |   title: Strin
///   |          ^^^^^
///   = help: did you mean `String`?
/// ```
public struct DiagnosticRenderer: Sendable {
    /// Whether to add ANSI colours.
    public var colored: Bool

    /// Creates a renderer.
    public init(colored: Bool = false) {
        self.colored = colored
    }

    /// Renders one rules diagnostic, ending in a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        let source = diagnostic.source
        let location = diagnostic.location
        var lines = [
            style("\(source.name):\(location.line):\(location.column):", .bold) + " "
                + style("\(diagnostic.severity.rawValue)[\(diagnostic.code)]:", diagnostic.severity == .error ? .red : .yellow) + " "
                + style(diagnostic.message, .bold)
        ]
        var snippets = [(span: diagnostic.span, label: diagnostic.label, primary: true)]
        snippets += diagnostic.secondaryLabels.map { (span: $0.span, label: Optional($0.message), primary: false) }
        let lineNumbers = snippets.map { source.lineIndex(of: $0.span.start) + 1 }
        let margin = String(lineNumbers.max() ?? 1).count
        let pad = String(repeating: " ", count: margin)
        // A source with no text, such as a file that could not be read, has
        // no line to show.
        if !source.bytes.isEmpty {
            lines.append(pad + style(" |", .blue))
            // By line, then by column; a line with several marks is shown
            // once, unless it is long enough to be cut into a different
            // window for each.
            let ordered = zip(snippets, lineNumbers).sorted { ($0.1, $0.0.span.start) < ($1.1, $1.0.span.start) }
            var shownLine: Int?
            for (snippet, number) in ordered {
                let shared = shownLine == number && source.lineRange(at: number - 1).count <= Self.longLine
                let rendered = renderSnippet(
                    source, span: snippet.span, label: snippet.label, primary: snippet.primary, number: number, margin: margin)
                lines += shared ? [rendered.underline] : [rendered.line, rendered.underline]
                shownLine = number
            }
        }
        for note in diagnostic.notes {
            lines.append(pad + style(" = ", .blue) + style("note:", .bold) + " " + note)
        }
        if let help = diagnostic.help {
            lines.append(pad + style(" = ", .blue) + style("help:", .cyan) + " " + help)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The most diagnostics `render(_:)` shows of one list; a count says how
    /// many more there are.
    package static let maximumShown = 100

    /// Renders the diagnostics, the first `maximumShown` of them, and a
    /// closing count such as `2 errors`.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        var text = diagnostics.prefix(Self.maximumShown).map(render).joined(separator: "\n")
        if diagnostics.count > Self.maximumShown {
            let rest = diagnostics.count - Self.maximumShown
            text += "\n" + style("and \(MappingProblem.grouped(rest)) more not shown", .bold) + "\n"
        }
        if errors > 0 {
            text += "\n" + style(errors == 1 ? "1 error" : "\(errors) errors", .red) + "\n"
        }
        return text
    }

    /// Renders one mapping error, naming the input it came from:
    ///
    /// ```text
    /// issues.json: error[empty]: $[1].title: expected a non-empty value, found ""
    ///   --> issues.map:14:27: rule `nonEmpty` of `Issue.title`
    /// ```
    ///
    /// The input's name, the message and the help may hold what the input
    /// holds: their control characters are shown escaped (`VisibleText`).
    public func render(_ error: MappingError, input: String) -> String {
        let rule = error.ruleDescription
        let code = error.problem.code
        let severity = error.problem.isWarning ? style("warning[\(code)]:", .yellow) : style("error[\(code)]:", .red)
        return style("\(VisibleText.escaped(input)):", .bold) + " " + severity + " " + style(error.path.description + ":", .bold) + " "
            + VisibleText.escaped(error.message) + "\n"
            + style("  --> ", .blue) + "\(error.ruleFile):\(error.ruleLocation.line):\(error.ruleLocation.column): "
            + rule + "\n"
            + (error.help.map { style("   = ", .blue) + style("help:", .cyan) + " " + VisibleText.escaped($0) + "\n" } ?? "")
    }

    /// Renders a JSON syntax error with the input line and a caret under the column.
    public func render(_ error: JSONSyntaxError, input: String, bytes: [UInt8]) -> String {
        var text = style("\(VisibleText.escaped(input)):\(error.line):\(error.column):", .bold) + " " + style("error[\(error.code)]:", .red) + " "
            + style(VisibleText.escaped(error.message), .bold) + "\n"
        let excerpt = InputExcerpt(bytes: bytes, offset: error.offset)
        let number = String(error.line)
        let pad = String(repeating: " ", count: number.count)
        text += pad + style(" |", .blue) + "\n"
        text += style(number + " |", .blue) + " " + excerpt.text + "\n"
        text += pad + style(" |", .blue) + " " + String(repeating: " ", count: excerpt.caretColumn) + style("^", .red) + "\n"
        return text
    }

    /// The margin and source line, and the underline, for one span.
    private func renderSnippet(
        _ source: SourceFile, span: Span, label: String?, primary: Bool, number: Int, margin: Int
    ) -> (line: String, underline: String) {
        let lineIndex = number - 1
        let lineStart = source.lineStarts[lineIndex]
        // The file's own bytes, which spans count in, even where they are not UTF-8.
        let lineBytes = source.bytes[source.lineRange(at: lineIndex)]
        let startInLine = min(max(span.start - lineStart, 0), lineBytes.count)
        let endInLine = min(max(span.end - lineStart, startInLine), lineBytes.count)
        // Bidirectional controls and control characters are shown as escapes,
        // so the line shows as it is stored and the carets stay under what
        // they mark.
        let base = lineBytes.startIndex
        var before = String(decoding: lineBytes[base..<base + startInLine], as: UTF8.self).unsafeCharactersEscaped
        var marked = String(decoding: lineBytes[base + startInLine..<base + endInLine], as: UTF8.self).unsafeCharactersEscaped
        var after = String(decoding: lineBytes[(base + endInLine)...], as: UTF8.self).unsafeCharactersEscaped
        // A long line is shown as a window around the span, cut with `…`.
        if lineBytes.count > Self.longLine {
            if before.count > Self.windowSide { before = "…" + before.suffix(Self.windowSide - 1) }
            if marked.count > Self.windowSide { marked = marked.prefix(Self.windowSide - 1) + "…" }
            if after.count > Self.windowSide { after = after.prefix(Self.windowSide - 1) + "…" }
        }
        let text = before + marked + after
        let indent = TextWidth.columns(of: before)
        let width = max(1, TextWidth.columns(of: marked, startingAt: indent))
        let marker = String(repeating: primary ? "^" : "-", count: width)
        let pad = String(repeating: " ", count: margin)
        let gutter = String(repeating: " ", count: margin - String(number).count) + String(number)
        var underline = pad + style(" |", .blue) + " " + String(repeating: " ", count: indent)
            + style(marker, primary ? .red : .blue)
        if let label { underline += " " + style(label, primary ? .red : .blue) }
        return (style(gutter + " |", .blue) + " " + TextWidth.expandingTabs(text), underline)
    }

    /// How many bytes a rules line may have before it is shown as a window.
    static let longLine = 240
    /// How many characters of a long line the window shows before the span,
    /// of the span, and after it, each at most.
    static let windowSide = 60

    /// The ANSI styles the renderer uses.
    private enum Style: String {
        case bold = "1"
        case red = "1;31"
        case yellow = "1;33"
        case blue = "1;34"
        case cyan = "1;36"
    }

    /// Wraps text in an ANSI style when colours are on.
    private func style(_ text: String, _ style: Style) -> String {
        colored ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// A window of one input line around a byte offset, short enough to print.
struct InputExcerpt {
    /// The text to print, with `…` where it was cut.
    let text: String
    /// The column, from 0, of the offset within `text`.
    let caretColumn: Int

    /// Cuts the line holding `offset` to at most 72 characters around it.
    ///
    /// Only the bytes that can be shown are looked at, however long the
    /// line: a 60 MB line costs what a short one does.
    init(bytes: [UInt8], offset: Int) {
        let offset = min(max(offset, 0), bytes.count)
        // Enough bytes for the characters shown, whatever their UTF-8 length.
        let reach = 4 * 40 + 4
        var start = offset
        while start > 0, offset - start < reach, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        let cutBefore = start > 0 && bytes[start - 1] != UInt8(ascii: "\n")
        // A cut starts at a character, not inside one.
        while cutBefore, start < offset, bytes[start] & 0xC0 == 0x80 { start += 1 }
        var end = offset
        while end < bytes.count, end - offset < reach, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
            end += 1
        }
        let cutAfter = end < bytes.count && bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r")
        while cutAfter, end > offset, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let before = Self.printable(bytes[start..<offset])
        let after = Self.printable(bytes[offset..<end])
        let head = cutBefore || before.count > 40 ? "…" + String(before.suffix(39)) : String(before)
        let tail = cutAfter || after.count > 32 ? String(after.prefix(31)) + "…" : String(after)
        self.text = head + tail
        self.caretColumn = TextWidth.columns(of: head)
    }

    /// The bytes as characters safe to print: a tab becomes a space and any
    /// other control character its visible picture (U+2400 block), so input
    /// cannot move the cursor or ring the terminal's bell.
    private static func printable(_ bytes: ArraySlice<UInt8>) -> [Character] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x09: " "
            case 0x00..<0x20: Character(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: "\u{2421}"
            default: Character(scalar)
            }
        }
    }
}

/// How many terminal columns text takes: tabs to the next stop of four, every
/// other character what `TerminalWidth` says.
enum TextWidth {
    /// The columns `text` takes when it starts at column `start`.
    ///
    /// A character's width is the sum of its scalars' (marks that combine
    /// take none), so the scalars are summed directly, with no grapheme
    /// breaking: rendering a diagnostic was half the rules fuzz target's
    /// time, most of it here.
    static func columns(of text: String, startingAt start: Int = 0) -> Int {
        var column = start
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                column = (column / SourceFile.tabWidth + 1) * SourceFile.tabWidth
            } else {
                column += TerminalWidth.columns(of: scalar)
            }
        }
        return column - start
    }

    /// The text with each tab replaced by spaces up to the next tab stop.
    static func expandingTabs(_ text: String) -> String {
        guard text.contains("\t") else { return text }
        var result = ""
        var column = 0
        for character in text {
            if character == "\t" {
                let next = (column / SourceFile.tabWidth + 1) * SourceFile.tabWidth
                result += String(repeating: " ", count: next - column)
                column = next
            } else {
                result.append(character)
                column += TerminalWidth.columns(of: character.unicodeScalars)
            }
        }
        return result
    }
}
