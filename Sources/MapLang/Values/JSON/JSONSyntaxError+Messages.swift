// MARK: - Message catalogue

extension JSONSyntaxError.Reason {
    /// The message for this reason: lowercase, no trailing period, code in backticks.
    public var message: String {
        switch self {
        case .controlCharacterInString(let byte):
            "unescaped control character \(Self.codePoint(UInt32(byte))) in a string"
        case .duplicateKey(let key):
            "duplicate key \(Self.quoted(key)) in an object"
        case .invalidEscape(let character):
            "invalid escape `\\` followed by \(Self.quoted(character)) in a string"
        case .invalidNumber(let literal, let problem):
            "invalid number \(Self.quoted(literal)): \(problem.message)"
        case .invalidUnicodeEscape(let escape):
            "invalid escape \(Self.quoted(escape)): `\\u` must be followed by four hex digits"
        case .invalidUTF8(let byte):
            "invalid UTF-8 sequence starting with byte \(Self.hexByte(byte))"
        case .loneHighSurrogate(let escape):
            "high surrogate escape \(Self.quoted(escape)) is not followed by a low surrogate escape"
        case .loneLowSurrogate(let escape):
            "low surrogate escape \(Self.quoted(escape)) is not preceded by a high surrogate escape"
        case .numberTooLong(let limit):
            "number literal longer than \(limit) characters"
        case .stringTooLong(let limit):
            "string longer than \(limit) bytes"
        case .tooDeep(let limit):
            "arrays and objects nested more than \(limit) deep"
        case .trailingContent(let found):
            "unexpected \(Self.quoted(found)) after the end of the JSON value"
        case .unexpectedEnd(let expected):
            "expected \(expected.text), found end of input"
        case .unexpectedToken(let found, let expected):
            "expected \(expected.text), found \(Self.quoted(found))"
        case .utf16NotSupported:
            "input is UTF-16 or UTF-32; JSON must be UTF-8"
        }
    }

    /// Text in backticks, or `U+XXXX` for a lone invisible character.
    static func quoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first,
            scalar.value < 0x21 || scalar.value == 0x7F || scalar.properties.isWhitespace
                || scalar.properties.generalCategory == .format
        {
            return codePoint(scalar.value)
        }
        if scalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return JSONPath.quoted(text) }
        return "`\(text)`"
    }

    /// `U+000A` style.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `0xC0` style.
    static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" : "") + hex
    }
}

extension JSONSyntaxError.Expected {
    /// What was expected, in words, for messages.
    public var text: String {
        switch self {
        case .arraySeparator: "`,` or `]` after an array element"
        case .closingQuote: "`\"` to close the string"
        case .colon: "`:` after an object key"
        case .key: "a string key"
        case .keyOrObjectEnd: "a string key or `}`"
        case .literal(let word): "`\(word)`"
        case .objectSeparator: "`,` or `}` after an object member"
        case .value: "a value"
        case .valueOrArrayEnd: "a value or `]`"
        }
    }
}

extension JSONSyntaxError.NumberProblem {
    /// What is wrong with the number, in words, for messages.
    public var message: String {
        switch self {
        case .leadingZero: "a leading `0` must not be followed by more digits"
        case .missingExponentDigits: "the exponent needs at least one digit"
        case .missingFractionDigits: "`.` must be followed by a digit"
        case .missingIntegerDigits: "`-` must be followed by a digit"
        case .trailingCharacters: "a number must not run on into letters or another `.`"
        }
    }
}
