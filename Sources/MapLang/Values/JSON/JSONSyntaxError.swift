/// Why some input is not a JSON document, and where.
///
/// `offset` counts bytes from the start of the text that was parsed (for a
/// slice, from the slice's first byte). `line` and `column` are 1-based and
/// worked out from `offset` only when the error is made: lines end at `\n`,
/// and columns count characters, a tab being one, a leading byte order mark none.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let reason: Reason
    /// The byte offset of the problem.
    public let offset: Int
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, in characters.
    public let column: Int

    /// Creates an error at a known location.
    package init(reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The problem in words, lowercase and without a location, such as
    /// "expected `,` or `]` after an array element, found `}`".
    public var message: String { reason.message }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }

    /// A stable identifier for the kind of problem, such as
    /// `json-unexpected-token`; `maplang explain` describes each.
    public var code: String {
        switch reason {
        case .unexpectedToken: "json-unexpected-token"
        case .unexpectedEnd: "json-unexpected-end"
        case .trailingContent: "json-trailing-content"
        case .invalidUTF8: "json-invalid-utf8"
        case .utf16NotSupported: "json-not-utf8"
        case .invalidEscape: "json-invalid-escape"
        case .invalidUnicodeEscape: "json-invalid-unicode-escape"
        case .loneHighSurrogate, .loneLowSurrogate: "json-lone-surrogate"
        case .controlCharacterInString: "json-control-character"
        case .stringTooLong: "json-string-too-long"
        case .numberTooLong: "json-number-too-long"
        case .invalidNumber: "json-invalid-number"
        case .tooDeep: "json-too-deep"
        case .duplicateKey: "json-duplicate-key"
        }
    }

    /// What is wrong with the input.
    public enum Reason: Sendable, Equatable {
        /// A byte that cannot come next; `found` is its character, or the
        /// whole word when it starts one (`True`, `NaN`).
        case unexpectedToken(found: String, expected: Expected)
        /// The input ended where more was needed.
        case unexpectedEnd(expected: Expected)
        /// Something other than whitespace follows the document's value.
        case trailingContent(found: String)
        /// Bytes that are not well-formed UTF-8, starting with this byte.
        case invalidUTF8(byte: UInt8)
        /// The input is UTF-16 or UTF-32; MapLang reads UTF-8 only.
        case utf16NotSupported
        /// A backslash followed by something that is not an escape; carries that character.
        case invalidEscape(String)
        /// A `\u` escape without four hex digits; carries the escape as written, such as `\u12`.
        case invalidUnicodeEscape(String)
        /// A high surrogate escape, such as `\uD83D`, with no low surrogate escape right after it.
        case loneHighSurrogate(String)
        /// A low surrogate escape, such as `\uDE00`, with no high surrogate escape right before it.
        case loneLowSurrogate(String)
        /// A raw control character (below U+0020) inside a string.
        case controlCharacterInString(UInt8)
        /// A string longer, in UTF-8 bytes, than the reader's limit.
        case stringTooLong(limit: Int)
        /// A number literal longer than the reader's limit.
        case numberTooLong(limit: Int)
        /// A number that breaks the grammar; carries the text read as the number.
        case invalidNumber(String, NumberProblem)
        /// Arrays and objects nested deeper than the reader's limit.
        case tooDeep(limit: Int)
        /// A key that already appeared in the same object, under `.reject`.
        case duplicateKey(String)
    }

    /// What the reader was looking for when it failed.
    public enum Expected: Sendable, Equatable {
        /// Any JSON value.
        case value
        /// A value or the `]` that closes an empty array.
        case valueOrArrayEnd
        /// The `,` or `]` that follows an array element.
        case arraySeparator
        /// A string key or the `}` that closes an empty object.
        case keyOrObjectEnd
        /// A string key after a `,` in an object.
        case key
        /// The `:` after an object key.
        case colon
        /// The `,` or `}` that follows an object member.
        case objectSeparator
        /// The `"` that closes a string.
        case closingQuote
        /// One of the words `true`, `false` or `null`; carries the word.
        case literal(String)
    }

    /// How a number breaks RFC 8259's grammar.
    public enum NumberProblem: Sendable, Equatable {
        /// A `0` followed by more digits, as in `012`.
        case leadingZero
        /// A `-` not followed by a digit.
        case missingIntegerDigits
        /// A `.` not followed by a digit.
        case missingFractionDigits
        /// An `e` or `E` (and sign) not followed by a digit.
        case missingExponentDigits
        /// Letters or a second `.` run on after the number, as in `0x1F` or `1.2.3`.
        case trailingCharacters
    }
}
