extension Unicode.Scalar {
    /// Whether this scalar changes the order in which the text around it is
    /// shown: the bidirectional embeddings, overrides and isolates, and the
    /// direction marks. Text that holds one can display differently from
    /// what it contains, so MapLang never shows one as itself.
    var isBidiControl: Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether showing this scalar as itself could change what a terminal
    /// shows around it: a bidirectional control, or a control character
    /// other than tab (escape sequences, carriage return, bell, DEL).
    var isUnsafeToShow: Bool {
        isBidiControl || (value < 0x20 && value != 0x09) || value == 0x7F
    }

    /// The scalar as a MapLang escape, `\u{202E}`.
    var escaped: String {
        "\\u{\(String(value, radix: 16, uppercase: true))}"
    }
}

extension String {
    /// The text with every scalar unsafe to show (see `isUnsafeToShow`)
    /// written as its escape, so it shows as it is stored.
    var unsafeCharactersEscaped: String {
        guard unicodeScalars.contains(where: \.isUnsafeToShow) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isUnsafeToShow { result += scalar.escaped } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
