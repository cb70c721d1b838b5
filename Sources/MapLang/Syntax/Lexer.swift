/// Turns a rules file's UTF-8 bytes into tokens, comments and lexical diagnostics.
///
/// The lexer never stops at an error: it reports the problem, skips or repairs
/// the offending text, and goes on, so the parser always gets a token list
/// that ends with `endOfFile`.
package struct Lexer {
    /// What lexing a file produces.
    package struct Lexed: Sendable {
        /// The tokens in source order, ending with an `endOfFile` token.
        package var tokens: [Token]
        /// The `//` comments in source order.
        package var comments: [Comment]
        /// The lexical problems found, in source order.
        package var diagnostics: [Diagnostic]
    }

    /// Splits a source file into tokens and comments.
    ///
    /// - Parameter source: The rules file.
    /// - Returns: The tokens, the comments and any lexical diagnostics.
    package static func tokenize(_ source: SourceFile) -> Lexed {
        var lexer = Lexer(source: source, bytes: source.bytes)
        return lexer.run()
    }

    // MARK: - Implementation

    /// The file diagnostics refer to.
    let source: SourceFile
    /// The bytes being read; the source's own, except in tests of malformed UTF-8.
    let bytes: [UInt8]
    /// The offset of the next unread byte.
    private var offset = 0
    /// The tokens so far.
    private var tokens: [Token] = []
    /// The comments so far.
    private var comments: [Comment] = []
    /// The problems so far.
    private var diagnostics: [Diagnostic] = []

    /// Creates a lexer over `bytes`, reporting problems against `source`.
    init(source: SourceFile, bytes: [UInt8]) {
        self.source = source
        self.bytes = bytes
    }

    /// Reads every byte and returns what was found.
    mutating func run() -> Lexed {
        while offset < bytes.count {
            scanToken()
        }
        tokens.append(Token(kind: .endOfFile, span: .at(bytes.count)))
        return Lexed(tokens: tokens, comments: comments, diagnostics: diagnostics)
    }

    /// The byte at `offset + distance`, or 0 past the end.
    private func byte(_ distance: Int = 0) -> UInt8 {
        let index = offset + distance
        return index < bytes.count ? bytes[index] : 0
    }

    /// Adds a token that started at `start` and ends at the current offset.
    private mutating func add(_ kind: TokenKind, from start: Int) {
        tokens.append(Token(kind: kind, span: Span(start: start, end: offset)))
    }

    /// Adds a punctuation token `length` bytes long at the current offset.
    private mutating func punctuation(_ kind: TokenKind, length: Int) {
        let start = offset
        offset += length
        add(kind, from: start)
    }

    /// Adds a one-byte punctuation token, or a two-byte one when `=` follows.
    private mutating func punctuation(_ single: TokenKind, orWithEquals double: TokenKind) {
        if byte(1) == Ascii.equals {
            punctuation(double, length: 2)
        } else {
            punctuation(single, length: 1)
        }
    }

    /// Records a problem.
    private mutating func report(_ problem: SyntaxMessage, _ span: Span) {
        diagnostics.append(Diagnostic(problem, source: source, span: span))
    }

    /// Reads one token, comment, run of white space or run of bad bytes.
    private mutating func scanToken() {
        let first = byte()
        switch first {
        case Ascii.space, Ascii.tab, Ascii.newline, Ascii.carriageReturn:
            offset += 1
            while offset < bytes.count, Ascii.isWhitespace(bytes[offset]) { offset += 1 }
        case Ascii.slash where byte(1) == Ascii.slash:
            scanComment()
        case Ascii.slash where byte(1) == Ascii.star:
            skipBlockComment()
        case Ascii.quote:
            scanString()
        case Ascii.minus where Ascii.isDigit(byte(1)):
            scanNumber()
        case Ascii.minus where byte(1) == Ascii.greater:
            punctuation(.arrow, length: 2)
        case Ascii.minus: punctuation(.minus, length: 1)
        case Ascii.plus: punctuation(.plus, length: 1)
        case Ascii.star: punctuation(.star, length: 1)
        case Ascii.slash: punctuation(.slash, length: 1)
        case Ascii.dollar: punctuation(.dollar, length: 1)
        case _ where Ascii.isDigit(first):
            scanNumber()
        case _ where Ascii.isIdentifierStart(first):
            let start = offset
            while offset < bytes.count, Ascii.isIdentifierContinue(bytes[offset]) { offset += 1 }
            add(.identifier(text(start, offset)), from: start)
        case Ascii.leftBrace: punctuation(.leftBrace, length: 1)
        case Ascii.rightBrace: punctuation(.rightBrace, length: 1)
        case Ascii.leftBracket: punctuation(.leftBracket, length: 1)
        case Ascii.rightBracket: punctuation(.rightBracket, length: 1)
        case Ascii.leftParen: punctuation(.leftParen, length: 1)
        case Ascii.rightParen: punctuation(.rightParen, length: 1)
        case Ascii.colon: punctuation(.colon, length: 1)
        case Ascii.comma: punctuation(.comma, length: 1)
        case Ascii.pipe: punctuation(.pipe, length: 1)
        case Ascii.question: punctuation(.questionMark, length: 1)
        case Ascii.equals: punctuation(.equals, orWithEquals: .equalEqual)
        case Ascii.less: punctuation(.less, orWithEquals: .lessEqual)
        case Ascii.greater: punctuation(.greater, orWithEquals: .greaterEqual)
        case Ascii.bang where byte(1) == Ascii.equals:
            punctuation(.bangEqual, length: 2)
        case Ascii.dot:
            scanDots()
        default:
            scanUnexpected()
        }
    }

    /// A `/*` comment, reported once at its `/*` and skipped through its
    /// `*/`, or to the end of the line when it has none, so that its words
    /// give no further errors.
    private mutating func skipBlockComment() {
        let start = offset
        offset += 2
        while offset < bytes.count, !(bytes[offset] == Ascii.star && byte(1) == Ascii.slash) { offset += 1 }
        if offset < bytes.count {
            offset += 2
        } else {
            offset = start + 2
            while offset < bytes.count, bytes[offset] != Ascii.newline { offset += 1 }
        }
        report(.blockComment, Span(start: start, end: start + 2))
    }

    /// `//` to the end of the line.
    private mutating func scanComment() {
        let start = offset
        while offset < bytes.count, bytes[offset] != Ascii.newline { offset += 1 }
        var end = offset
        if end > start + 2, bytes[end - 1] == Ascii.carriageReturn { end -= 1 }
        var index = start + 2
        while index < end {
            if let length = Self.scalarLength(in: bytes, at: index) {
                if Self.isBidiControl(bytes, at: index, length: length),
                    let scalar = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first
                {
                    report(.bidiControlInComment(scalar.escaped), Span(start: index, end: index + length))
                }
                index += length
            } else {
                let bad = index
                while index < end, Self.scalarLength(in: bytes, at: index) == nil { index += 1 }
                report(.invalidUTF8, Span(start: bad, end: index))
            }
        }
        let text = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        comments.append(Comment(text: text, span: Span(start: start, end: end)))
    }

    /// Whether the UTF-8 sequence of `length` bytes at `index` is a
    /// bidirectional control (see `Unicode.Scalar.isBidiControl`): U+061C
    /// is `D8 9C`; U+200E, U+200F and U+202A to U+202E are `E2 80 xx`;
    /// U+2066 to U+2069 are `E2 81 A6` to `E2 81 A9`.
    static func isBidiControl(_ bytes: [UInt8], at index: Int, length: Int) -> Bool {
        switch length {
        case 2: return bytes[index] == 0xD8 && bytes[index + 1] == 0x9C
        case 3:
            guard bytes[index] == 0xE2 else { return false }
            let last = bytes[index + 2]
            switch bytes[index + 1] {
            case 0x80: return last == 0x8E || last == 0x8F || (0xAA...0xAE).contains(last)
            case 0x81: return (0xA6...0xA9).contains(last)
            default: return false
            }
        default: return false
        }
    }

    /// `.`, `...`, `..<`, or the invalid `..`.
    private mutating func scanDots() {
        guard byte(1) == Ascii.dot else {
            punctuation(.dot, length: 1)
            return
        }
        switch byte(2) {
        case Ascii.dot:
            punctuation(.closedRange, length: 3)
        case Ascii.less:
            punctuation(.halfOpenRange, length: 3)
        default:
            report(.invalidOperator(".."), Span(start: offset, end: offset + 2))
            punctuation(.closedRange, length: 2)
        }
    }

    /// A run of characters that start no token, or of bytes that are not UTF-8.
    private mutating func scanUnexpected() {
        let start = offset
        guard let length = Self.scalarLength(in: bytes, at: offset) else {
            while offset < bytes.count, Self.scalarLength(in: bytes, at: offset) == nil { offset += 1 }
            report(.invalidUTF8, Span(start: start, end: offset))
            return
        }
        offset += length
        if !isInvisible(start, offset) {
            // Join a run of visible stray characters into one problem.
            while offset < bytes.count, !Ascii.isTokenStartOrSpace(bytes[offset]),
                let next = Self.scalarLength(in: bytes, at: offset), !isInvisible(offset, offset + next)
            {
                offset += next
            }
        }
        report(.unexpectedCharacters(text(start, offset)), Span(start: start, end: offset))
    }

    /// Whether the character in `start..<end` would not show in a message.
    private func isInvisible(_ start: Int, _ end: Int) -> Bool {
        SyntaxMessage.shown(text(start, end)).hasPrefix("U+")
    }

    /// A number: `-`? digits, then an optional fraction and exponent.
    ///
    /// A `.` belongs to the number only when a digit follows, so `1...5`
    /// is `1`, `...`, `5`. Digits right after a single `.`, as in
    /// `labels.0.name`, are a step of a key path, so they take no fraction
    /// or exponent: the parser says how to write an index. A malformed
    /// number is reported and repaired.
    private mutating func scanNumber() {
        let start = offset
        let negative = byte() == Ascii.minus
        if negative { offset += 1 }
        let integerStart = offset
        while Ascii.isDigit(byte()) { offset += 1 }
        if start >= 1, bytes[start - 1] == Ascii.dot, start < 2 || bytes[start - 2] != Ascii.dot {
            add(.integer(text(start, offset)), from: start)
            return
        }
        var integerDigits = text(integerStart, offset)
        var problem: SyntaxMessage.NumberProblem?
        if integerDigits.count > 1, integerDigits.hasPrefix("0") {
            integerDigits = String(integerDigits.drop { $0 == "0" })
            if integerDigits.isEmpty { integerDigits = "0" }
            problem = .leadingZero(repaired: "")
        }
        var fraction = ""
        if byte() == Ascii.dot, Ascii.isDigit(byte(1)) {
            let fractionStart = offset
            offset += 1
            while Ascii.isDigit(byte()) { offset += 1 }
            fraction = text(fractionStart, offset)
        } else if byte() == Ascii.dot, byte(1) != Ascii.dot {
            offset += 1
            problem = problem ?? .missingFractionDigits
        }
        var exponent = ""
        if byte() == Ascii.lowerE || byte() == Ascii.upperE {
            let hasSign = byte(1) == Ascii.plus || byte(1) == Ascii.minus
            let digitsAt = hasSign ? 2 : 1
            if Ascii.isDigit(byte(digitsAt)) {
                let exponentStart = offset
                offset += digitsAt
                while Ascii.isDigit(byte()) { offset += 1 }
                exponent = text(exponentStart, offset)
            } else if hasSign || !Ascii.isIdentifierContinue(byte(1)) {
                offset += digitsAt
                problem = problem ?? .missingExponentDigits
            }
        }
        let repaired = (negative ? "-" : "") + integerDigits + fraction + exponent
        let kind: TokenKind = fraction.isEmpty && exponent.isEmpty ? .integer(repaired) : .decimal(repaired)
        if let problem {
            let written = text(start, offset)
            let span = Span(start: start, end: offset)
            switch problem {
            case .leadingZero: report(.invalidNumber(written, .leadingZero(repaired: repaired)), span)
            case .missingFractionDigits, .missingExponentDigits: report(.invalidNumber(written, problem), span)
            }
        }
        add(kind, from: start)
    }

    /// A double-quoted string on one line, decoding its escapes.
    private mutating func scanString() {
        let start = offset
        offset += 1
        var value: [UInt8] = []
        while true {
            let current = byte()
            if offset >= bytes.count || current == Ascii.newline || current == Ascii.carriageReturn {
                report(.unterminatedString, Span(start: start, end: offset))
                break
            }
            if current == Ascii.quote {
                offset += 1
                break
            }
            if current == Ascii.backslash {
                scanEscape(into: &value)
            } else if current < 0x80 {
                // A run of plain ASCII goes in at once.
                let run = offset
                while offset < bytes.count, Self.isPlainStringByte(bytes[offset]) { offset += 1 }
                value.append(contentsOf: bytes[run..<offset])
            } else if let length = Self.scalarLength(in: bytes, at: offset) {
                value.append(contentsOf: bytes[offset..<(offset + length)])
                offset += length
            } else {
                let bad = offset
                while offset < bytes.count, Self.scalarLength(in: bytes, at: offset) == nil { offset += 1 }
                report(.invalidUTF8, Span(start: bad, end: offset))
                value.append(contentsOf: [0xEF, 0xBF, 0xBD])
            }
        }
        add(.string(String(decoding: value, as: UTF8.self)), from: start)
    }

    /// One escape sequence, at the backslash.
    private mutating func scanEscape(into value: inout [UInt8]) {
        let start = offset
        let simple: UInt8?
        switch byte(1) {
        case Ascii.quote: simple = Ascii.quote
        case Ascii.backslash: simple = Ascii.backslash
        case Ascii.lowerN: simple = Ascii.newline
        case Ascii.lowerR: simple = Ascii.carriageReturn
        case Ascii.lowerT: simple = Ascii.tab
        case Ascii.zero: simple = 0
        // JSON's `\/`, so JSON pasted into a test block reads as JSON does. Its `\b`
        // and `\f` stay errors: `"\bword\b"` in a pattern means a word boundary.
        case Ascii.slash: simple = Ascii.slash
        default: simple = nil
        }
        if let simple {
            value.append(simple)
            offset += 2
            return
        }
        if offset + 1 >= bytes.count || byte(1) == Ascii.newline || byte(1) == Ascii.carriageReturn {
            // The string is unterminated; that is the one problem to report.
            offset += 1
            return
        }
        guard byte(1) == Ascii.lowerU else {
            let length = Self.scalarLength(in: bytes, at: offset + 1) ?? 1
            offset += 1 + length
            report(.invalidEscape(text(start, offset)), Span(start: start, end: offset))
            value.append(contentsOf: bytes[(start + 1)..<offset])
            return
        }
        guard byte(2) == Ascii.leftBrace else {
            if let unit = hexUnit(at: offset + 2) {
                scanJSONUnicodeEscape(unit, into: &value)
                return
            }
            offset += 2
            report(.invalidUnicodeEscape(text(start, offset), .missingBrace), Span(start: start, end: offset))
            return
        }
        offset += 3
        let digitsStart = offset
        while Ascii.hexValue(byte()) != nil { offset += 1 }
        let digits = text(digitsStart, offset)
        guard byte() == Ascii.rightBrace, !digits.isEmpty else {
            let problem: SyntaxMessage.UnicodeEscapeProblem = digits.isEmpty ? .noDigits : .unclosed
            if byte() == Ascii.rightBrace { offset += 1 }
            report(.invalidUnicodeEscape(text(start, offset), problem), Span(start: start, end: offset))
            return
        }
        offset += 1
        let written = text(start, offset)
        guard digits.count <= 8 else {
            report(.invalidUnicodeEscape(written, .tooManyDigits), Span(start: start, end: offset))
            return
        }
        guard let number = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(number) else {
            report(.invalidUnicodeEscape(written, .notAScalar), Span(start: start, end: offset))
            return
        }
        value.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// JSON's `\uXXXX`, at the backslash, its four digits `unit`: a
    /// scalar, or a surrogate pair written as two; a lone surrogate is no
    /// scalar.
    private mutating func scanJSONUnicodeEscape(_ unit: UInt32, into value: inout [UInt8]) {
        let start = offset
        offset += 6
        var number = unit
        if (0xD800..<0xDC00).contains(unit), byte() == Ascii.backslash, byte(1) == Ascii.lowerU,
            let low = hexUnit(at: offset + 2), (0xDC00..<0xE000).contains(low)
        {
            offset += 6
            number = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(number) else {
            report(.invalidUnicodeEscape(text(start, offset), .notAScalar), Span(start: start, end: offset))
            return
        }
        value.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// The value of the four hex digits at `index`, if there are four.
    private func hexUnit(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var unit: UInt32 = 0
        for position in index..<index + 4 {
            guard let digit = Ascii.hexValue(bytes[position]) else { return nil }
            unit = unit << 4 + UInt32(digit)
        }
        return unit
    }

    /// The text of `start..<end`, with bad bytes replaced.
    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether a byte inside a string literal stands for itself: ASCII other
    /// than the quote, the backslash and the line breaks, which end or
    /// interrupt a run of such bytes.
    private static func isPlainStringByte(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != Ascii.quote && byte != Ascii.backslash && byte != Ascii.newline
            && byte != Ascii.carriageReturn
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or `nil` if
    /// the bytes there are not one.
    static func scalarLength(in bytes: [UInt8], at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for position in 1..<length {
            let continuation = bytes[index + position]
            let (min, max) = position == 1 ? (low, high) : (0x80, 0xBF)
            guard continuation >= min, continuation <= max else { return nil }
        }
        return length
    }
}

/// The ASCII bytes the lexer looks at, by name.
enum Ascii {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let bang = UInt8(ascii: "!")
    static let quote = UInt8(ascii: "\"")
    static let leftParen = UInt8(ascii: "(")
    static let rightParen = UInt8(ascii: ")")
    static let plus = UInt8(ascii: "+")
    static let dollar = UInt8(ascii: "$")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let zero = UInt8(ascii: "0")
    static let colon = UInt8(ascii: ":")
    static let less = UInt8(ascii: "<")
    static let equals = UInt8(ascii: "=")
    static let greater = UInt8(ascii: ">")
    static let question = UInt8(ascii: "?")
    static let upperE = UInt8(ascii: "E")
    static let leftBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let rightBracket = UInt8(ascii: "]")
    static let underscore = UInt8(ascii: "_")
    static let lowerE = UInt8(ascii: "e")
    static let lowerN = UInt8(ascii: "n")
    static let lowerR = UInt8(ascii: "r")
    static let lowerT = UInt8(ascii: "t")
    static let lowerU = UInt8(ascii: "u")
    static let leftBrace = UInt8(ascii: "{")
    static let pipe = UInt8(ascii: "|")
    static let rightBrace = UInt8(ascii: "}")

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= UInt8(ascii: "9") }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == newline || byte == tab || byte == carriageReturn }

    static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == underscore }

    static func isIdentifierContinue(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case zero...UInt8(ascii: "9"): return byte - zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Whether a byte is white space or may begin a token, so a run of stray characters ends before it.
    static func isTokenStartOrSpace(_ byte: UInt8) -> Bool {
        if isIdentifierContinue(byte) { return true }
        switch byte {
        case space, tab, newline, carriageReturn, quote, leftParen, rightParen, comma, minus, dot, slash, colon,
            less, equals, greater, question, leftBracket, rightBracket, leftBrace, pipe, rightBrace, bang, plus, star,
            dollar:
            return true
        default:
            return false
        }
    }
}
