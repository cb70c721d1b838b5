extension JSONPath {
    /// Reads a path written as errors show it: `$`, then `.key` for a key
    /// that is a plain word, `["any key"]` (a JSON string) for any key, and
    /// `[3]` for an array element.
    ///
    /// - Parameter text: The path, with nothing before or after it.
    /// - Returns: The path, or `nil` when the text is not one.
    package init?(parsing text: Substring) {
        guard let (path, rest) = Self.parsePrefix(of: text), rest.isEmpty else { return nil }
        self = path
    }

    /// Reads the path that starts `text` and stops before the first
    /// character that cannot continue it, such as a space.
    ///
    /// - Returns: The path and what follows it, or `nil` when `text` does not start with one.
    package static func parsePrefix(of text: Substring) -> (path: JSONPath, rest: Substring)? {
        var scalars = text.unicodeScalars[...]
        guard scalars.popFirst() == "$" else { return nil }
        var components: [Component] = []
        while let first = scalars.first {
            if first == "." {
                let word = scalars.dropFirst().prefix { isWordScalar($0) }
                guard !word.isEmpty, isPlainWord(String(word)) else { return nil }
                components.append(.key(String(word)))
                scalars = scalars.dropFirst(1 + word.count)
            } else if first == "[" {
                guard let (component, rest) = bracketed(scalars.dropFirst()) else { return nil }
                components.append(component)
                scalars = rest
            } else {
                break
            }
        }
        return (JSONPath(components: components), Substring(scalars))
    }

    /// Whether a scalar may be part of a key written after a dot.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "$"
    }

    /// `3]` or `"key"]`, after a `[`: the step and what follows the `]`.
    private static func bracketed(_ scalars: Substring.UnicodeScalarView.SubSequence)
        -> (Component, Substring.UnicodeScalarView.SubSequence)?
    {
        if scalars.first == "\"" {
            guard let (key, rest) = quotedKey(scalars.dropFirst()), rest.first == "]" else { return nil }
            return (.key(key), rest.dropFirst())
        }
        let digits = scalars.prefix { ("0"..."9").contains($0) }
        guard !digits.isEmpty, digits.count <= 18, digits.first != "0" || digits.count == 1,
            scalars.dropFirst(digits.count).first == "]", let index = Int(String(digits))
        else { return nil }
        return (.index(index), scalars.dropFirst(digits.count + 1))
    }

    /// A JSON string's contents up to its closing quote, escapes decoded,
    /// as `quoted(_:)` writes them: `\"`, `\\`, `\n`, `\r`, `\t`, `\/`,
    /// `\b`, `\f` and `\uXXXX`, surrogate pairs included.
    private static func quotedKey(_ scalars: Substring.UnicodeScalarView.SubSequence)
        -> (String, Substring.UnicodeScalarView.SubSequence)?
    {
        var rest = scalars
        var key = String.UnicodeScalarView()
        while let scalar = rest.popFirst() {
            switch scalar {
            case "\"":
                return (String(key), rest)
            case "\\":
                guard let escape = rest.popFirst() else { return nil }
                switch escape {
                case "\"", "\\", "/": key.append(escape)
                case "n": key.append("\n")
                case "r": key.append("\r")
                case "t": key.append("\t")
                case "b": key.append("\u{8}")
                case "f": key.append("\u{C}")
                case "u":
                    guard let (decoded, after) = unicodeEscape(rest) else { return nil }
                    key.append(decoded)
                    rest = after
                default: return nil
                }
            default:
                guard scalar.value >= 0x20 else { return nil }
                key.append(scalar)
            }
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape, after its `u`, reading the low half
    /// of a surrogate pair from the escape that must follow a high half.
    private static func unicodeEscape(_ scalars: Substring.UnicodeScalarView.SubSequence)
        -> (Unicode.Scalar, Substring.UnicodeScalarView.SubSequence)?
    {
        func hex(_ text: Substring.UnicodeScalarView.SubSequence) -> UInt32? {
            guard text.count == 4 else { return nil }
            return UInt32(String(text), radix: 16)
        }
        guard let high = hex(scalars.prefix(4)) else { return nil }
        let rest = scalars.dropFirst(4)
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high).map { ($0, rest) } }
        guard rest.starts(with: "\\u".unicodeScalars), let low = hex(rest.dropFirst(2).prefix(4)), (0xDC00...0xDFFF).contains(low),
            let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        else { return nil }
        return (scalar, rest.dropFirst(6))
    }
}
