/// Text from an input, such as a value or a file name, as a terminal may
/// show it: every control character a terminal would obey (C0 but the line
/// break and the tab, DEL, C1, and the bidirectional controls) written as
/// `\u001B`, so what an input holds can never move the cursor, change the
/// colours or reorder what is shown.
package enum VisibleText {
    /// Whether a terminal would obey the character rather than show it.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.isBidiControl
    }

    /// The character as an escape: `\u001B`.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The text with its control characters, but line breaks and tabs, escaped.
    package static func escaped(_ text: String) -> String {
        func hidden(_ scalar: Unicode.Scalar) -> Bool { isControl(scalar) && scalar != "\n" && scalar != "\t" }
        guard text.unicodeScalars.contains(where: hidden) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if hidden(scalar) { shown += escape(scalar) } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }

    /// The most characters of an argument a message repeats.
    package static let quotedArgumentLimit = 100

    /// An argument of the command line as a message quotes it: escaped, and
    /// past `quotedArgumentLimit` characters cut and ended with `…`, so a
    /// mistaken megabyte is not written back whole.
    package static func argument(_ text: String) -> String {
        guard text.count > quotedArgumentLimit else { return escaped(text) }
        return escaped(String(text.prefix(quotedArgumentLimit))) + "…"
    }
}
