/// Roff, the language of manual pages: text escaped to print as written.
enum Roff {
    /// The text as roff prints it: backslashes, hyphens, quotes and
    /// characters beyond ASCII escaped, and a line that would start with `.`
    /// or `'`, and so be a request, starting with the empty `\&` instead.
    static func escaped(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let body = line.unicodeScalars.map(escaped).joined()
            return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + body : body
        }.joined(separator: "\n")
    }

    /// The text in bold, escaped.
    static func bold(_ text: String) -> String {
        "\\fB" + escaped(text) + "\\fR"
    }

    /// The text in italics, escaped.
    static func italic(_ text: String) -> String {
        "\\fI" + escaped(text) + "\\fR"
    }

    /// One character as roff prints it. A hyphen is the minus sign `\-`, as
    /// options are written, so that it is never a dash, and copies as `-`;
    /// quotes are the ASCII ones, not typographic quotes.
    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": return "\\e"
        case "-": return "\\-"
        case "'": return "\\(aq"
        case "`": return "\\(ga"
        default:
            guard !scalar.isASCII else { return String(scalar) }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }
    }
}
