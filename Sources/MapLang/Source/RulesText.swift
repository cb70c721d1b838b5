/// How a rules file writes keys and strings, for what writes rules text
/// outside the parser: the formatter, the AST dump, messages and help.
package enum RulesText {
    /// The words that start a field's clauses, which a key path may not
    /// start with unless the key is quoted: `from "default"`.
    static let clauseKeywords = ["from", "using", "default", "where", "oneOrMany", "lossy", "flatten", "omitNull", "keepNull"]

    /// A string as a MapLang string literal, shortened with `…` past `limit` characters.
    static func quoted(_ value: String, limit: Int?) -> String {
        var result = "\""
        var count = 0
        for scalar in value.unicodeScalars {
            if let limit, count == limit {
                result += "…"
                break
            }
            count += 1
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.isBidiControl {
                    result += scalar.escaped
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Whether a key step must be written as a string.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - first: Whether the step starts its path, where a clause keyword would end the `from`.
    static func needsQuotes(_ key: String, first: Bool) -> Bool {
        guard isIdentifier(key) else { return true }
        return first && clauseKeywords.contains(key)
    }

    /// Whether a text is one identifier: an ASCII letter or `_`, then letters, digits or `_`.
    package static func isIdentifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let head = bytes.first else { return false }
        return isWordStart(head) && bytes.dropFirst().allSatisfy(isWordContinue)
    }

    /// Whether a byte may start an identifier: an ASCII letter or `_`.
    static func isWordStart(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }

    /// Whether a byte may continue an identifier: an ASCII letter, digit or `_`.
    static func isWordContinue(_ byte: UInt8) -> Bool {
        isWordStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// A key as a key path's step writes it: bare when it may be, quoted otherwise.
    ///
    /// - Parameter first: Whether the step starts its path.
    static func key(_ key: String, first: Bool) -> String {
        needsQuotes(key, first: first) ? quoted(key, limit: nil) : key
    }
}
