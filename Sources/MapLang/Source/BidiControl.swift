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

    /// The scalar as a MapLang escape, `\u{202E}`.
    var escaped: String {
        "\\u{\(String(value, radix: 16, uppercase: true))}"
    }
}

extension String {
    /// The text with every bidirectional control written as its escape, so
    /// it shows in the order it is stored.
    var bidiControlsEscaped: String {
        guard unicodeScalars.contains(where: \.isBidiControl) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isBidiControl { result += scalar.escaped } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
