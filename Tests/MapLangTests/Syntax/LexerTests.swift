import Testing

@testable import MapLang

struct LexerTests {
    /// Lexes text and pairs each token's kind with the source text its span covers.
    static func lex(_ text: String) -> [(TokenKind, String)] {
        let source = SourceFile(name: "t.map", text: text)
        let bytes = source.bytes
        return Lexer.tokenize(source).tokens.map { token in
            (token.kind, String(decoding: bytes[token.span.start..<token.span.end], as: UTF8.self))
        }
    }

    @Test func everyPunctuationKindWithExactSpans() {
        let text = "{ } [ ] ( ) : , . | = ? -> ... ..< == != < <= > >="
        let tokens = Lexer.tokenize(SourceFile(name: "t.map", text: text)).tokens
        let expected: [TokenKind] = [
            .leftBrace, .rightBrace, .leftBracket, .rightBracket, .leftParen, .rightParen, .colon, .comma, .dot,
            .pipe, .equals, .questionMark, .arrow, .closedRange, .halfOpenRange, .equalEqual, .bangEqual, .less,
            .lessEqual, .greater, .greaterEqual, .endOfFile,
        ]
        #expect(tokens.map(\.kind) == expected)
        let spans = tokens.map { "\($0.span)" }
        #expect(
            spans == [
                "0..<1", "2..<3", "4..<5", "6..<7", "8..<9", "10..<11", "12..<13", "14..<15", "16..<17", "18..<19",
                "20..<21", "22..<23", "24..<26", "27..<30", "31..<34", "35..<37", "38..<40", "41..<42", "43..<45",
                "46..<47", "48..<50", "50..<50",
            ])
        let written = text.split(separator: " ").map(String.init)
        #expect(tokens.dropLast().map(\.kind.spelling) == written)
    }

    @Test func punctuationWithoutSpaces() {
        let tokens = Self.lex("a:[String]?->x==y!=z<=1>=2<3>4")
        #expect(
            tokens.map(\.1) == [
                "a", ":", "[", "String", "]", "?", "->", "x", "==", "y", "!=", "z", "<=", "1", ">=", "2", "<", "3", ">",
                "4", "",
            ])
    }

    @Test func identifiersStringsAndNumbers() {
        let tokens = Self.lex(#"htmlURL _id snake_case2 "plain" 42 -1 19.99 1e-3 -0.5E+2 0 -0"#)
        let kinds = tokens.map(\.0)
        #expect(
            kinds == [
                .identifier("htmlURL"), .identifier("_id"), .identifier("snake_case2"), .string("plain"),
                .integer("42"), .integer("-1"), .decimal("19.99"), .decimal("1e-3"), .decimal("-0.5E+2"),
                .integer("0"), .integer("-0"), .endOfFile,
            ])
        #expect(
            tokens.map(\.1) == [
                "htmlURL", "_id", "snake_case2", "\"plain\"", "42", "-1", "19.99", "1e-3", "-0.5E+2", "0", "-0", "",
            ])
    }

    @Test func keywordsAreIdentifiers() {
        let kinds = Self.lex("model from check true null").map(\.0)
        #expect(
            kinds == [
                .identifier("model"), .identifier("from"), .identifier("check"), .identifier("true"),
                .identifier("null"), .endOfFile,
            ])
    }

    struct RangeCase: Sendable, CustomTestStringConvertible {
        let id: String
        let text: String
        let pieces: [String]
        var testDescription: String { id }
    }

    @Test(arguments: [
        RangeCase(id: "closed", text: "1...100", pieces: ["1", "...", "100"]),
        RangeCase(id: "half-open", text: "0..<1", pieces: ["0", "..<", "1"]),
        RangeCase(id: "open upper", text: "(1...)", pieces: ["(", "1", "...", ")"]),
        RangeCase(id: "open lower", text: "...100", pieces: ["...", "100"]),
        RangeCase(id: "decimals", text: "1.5...2.5", pieces: ["1.5", "...", "2.5"]),
        RangeCase(id: "negative", text: "-5...-1", pieces: ["-5", "...", "-1"]),
        RangeCase(id: "arrow", text: "\"a\"->1", pieces: ["\"a\"", "->", "1"]),
        RangeCase(id: "minus number", text: "x -5", pieces: ["x", "-5"]),
        RangeCase(id: "dot then digit", text: "a.5", pieces: ["a", ".", "5"]),
        RangeCase(id: "index path", text: "labels[-1].name", pieces: ["labels", "[", "-1", "]", ".", "name"]),
    ])
    func numbersAndRanges(_ example: RangeCase) {
        let tokens = Self.lex(example.text)
        #expect(tokens.map(\.1) == example.pieces + [""])
    }

    struct EscapeCase: Sendable, CustomTestStringConvertible {
        let id: String
        let text: String
        let value: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        EscapeCase(id: "quote", text: #""a\"b""#, value: "a\"b"),
        EscapeCase(id: "backslash", text: #""a\\b""#, value: "a\\b"),
        EscapeCase(id: "newline", text: #""a\nb""#, value: "a\nb"),
        EscapeCase(id: "return", text: #""a\rb""#, value: "a\rb"),
        EscapeCase(id: "tab", text: #""a\tb""#, value: "a\tb"),
        EscapeCase(id: "nul", text: #""a\0b""#, value: "a\0b"),
        EscapeCase(id: "unicode one digit", text: #""\u{41}""#, value: "A"),
        EscapeCase(id: "unicode emoji", text: #""\u{1F600}""#, value: "😀"),
        EscapeCase(id: "unicode eight digits", text: #""\u{0000004A}""#, value: "J"),
        EscapeCase(id: "raw non-ascii", text: #""café ✓""#, value: "café ✓"),
        EscapeCase(id: "JSON solidus", text: #""a\/b""#, value: "a/b"),
        EscapeCase(id: "JSON unicode", text: #""caf\u00e9 \u00C9""#, value: "café É"),
        EscapeCase(id: "JSON surrogate pair", text: #""\uD83D\ude00!""#, value: "😀!"),
        EscapeCase(id: "empty", text: #""""#, value: ""),
        EscapeCase(id: "comment marker inside", text: #""a // b""#, value: "a // b"),
        EscapeCase(id: "ascii runs between escapes and non-ascii", text: "\"ab c\\n✓d\te\\\"f\"", value: "ab c\n✓d\te\"f"),
    ])
    func escapes(_ example: EscapeCase) {
        let result = Lexer.tokenize(SourceFile(name: "t.map", text: example.text))
        #expect(result.diagnostics.isEmpty)
        #expect(result.tokens.map(\.kind) == [.string(example.value), .endOfFile])
        #expect(result.tokens[0].span == Span(start: 0, end: example.text.utf8.count))
    }

    @Test func commentsAreCollectedWithoutTheirLineEnds() {
        let text = "// first\nmodel A { // second\r\n}\n//\n// last"
        let result = Lexer.tokenize(SourceFile(name: "t.map", text: text))
        #expect(result.diagnostics.isEmpty)
        #expect(result.comments.map(\.text) == [" first", " second", "", " last"])
        #expect(result.comments.map(\.span) == [
            Span(start: 0, end: 8), Span(start: 19, end: 28), Span(start: 32, end: 34), Span(start: 35, end: 42),
        ])
        #expect(result.tokens.map(\.kind) == [.identifier("model"), .identifier("A"), .leftBrace, .rightBrace, .endOfFile])
    }

    @Test func endOfFileIsZeroWidthAtTheEnd() {
        let tokens = Lexer.tokenize(SourceFile(name: "t.map", text: "a  \n")).tokens
        #expect(tokens.last == Token(kind: .endOfFile, span: .at(4)))
        #expect(Lexer.tokenize(SourceFile(name: "t.map", text: "")).tokens == [Token(kind: .endOfFile, span: .at(0))])
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let id: String
        /// The source, with `⟨` `⟩` around the problem's span.
        let marked: String
        let code: String
        let message: String
        let help: String?
        /// The tokens' spellings that lexing still produces, without the end of file.
        let tokens: [String]
        var testDescription: String { id }
    }

    @Test(arguments: [
        ErrorCase(
            id: "unterminated string", marked: "a ⟨\"abc⟩\nb", code: "unterminated-string",
            message: "unterminated string", help: "close the string with `\"` before the end of the line",
            tokens: ["a", "\"abc", "b"]),
        ErrorCase(
            id: "unterminated at end of file", marked: "⟨\"ab\\\"⟩", code: "unterminated-string",
            message: "unterminated string", help: "close the string with `\"` before the end of the line",
            tokens: ["\"ab\\\""]),
        ErrorCase(
            id: "block comment", marked: "a ⟨/*⟩ b\n c */ d", code: "block-comment",
            message: "there are no `/* */` comments", help: "start each line of a comment with `//`",
            tokens: ["a", "d"]),
        ErrorCase(
            id: "block comment on one line", marked: "a ⟨/*⟩ b */ c", code: "block-comment",
            message: "there are no `/* */` comments", help: "start each line of a comment with `//`",
            tokens: ["a", "c"]),
        ErrorCase(
            id: "block comment not closed", marked: "a ⟨/*⟩ b * /\n c", code: "block-comment",
            message: "there are no `/* */` comments", help: "start each line of a comment with `//`",
            tokens: ["a", "c"]),
        ErrorCase(
            id: "invalid escape", marked: "\"a⟨\\q⟩b\"", code: "invalid-escape",
            message: "invalid escape `\\q` in a string",
            help: "the escapes are `\\\"`, `\\\\`, `\\/`, `\\n`, `\\r`, `\\t`, `\\0`, `\\u{…}` and JSON's `\\uXXXX`; a pattern's `\\b` is written `\\\\b`",
            tokens: ["\"a\\qb\""]),
        ErrorCase(
            id: "a word boundary written as in a pattern", marked: "\"⟨\\b⟩x\"", code: "invalid-escape",
            message: "invalid escape `\\b` in a string",
            help: "the escapes are `\\\"`, `\\\\`, `\\/`, `\\n`, `\\r`, `\\t`, `\\0`, `\\u{…}` and JSON's `\\uXXXX`; a pattern's `\\b` is written `\\\\b`",
            tokens: ["\"\\bx\""]),
        ErrorCase(
            id: "JSON lone surrogate", marked: "\"⟨\\uD83D⟩x\"", code: "invalid-escape",
            message: "`\\uD83D` is not a Unicode scalar value",
            help: "surrogates (`D800` to `DFFF`) and values above `10FFFF` are not scalars", tokens: ["\"\\uD83Dx\""]),
        ErrorCase(
            id: "unicode without brace", marked: "\"⟨\\u⟩41\"", code: "invalid-escape",
            message: "invalid Unicode escape `\\u`", help: "write one to eight hex digits in braces, as in `\\u{1F600}`",
            tokens: ["\"\\u41\""]),
        ErrorCase(
            id: "unicode without digits", marked: "\"⟨\\u{}⟩\"", code: "invalid-escape",
            message: "invalid Unicode escape `\\u{}`", help: "write one to eight hex digits in braces, as in `\\u{1F600}`",
            tokens: ["\"\\u{}\""]),
        ErrorCase(
            id: "unicode too long", marked: "\"⟨\\u{123456789}⟩\"", code: "invalid-escape",
            message: "invalid Unicode escape `\\u{123456789}`",
            help: "write one to eight hex digits in braces, as in `\\u{1F600}`", tokens: ["\"\\u{123456789}\""]),
        ErrorCase(
            id: "unicode unclosed", marked: "\"⟨\\u{41⟩ x\"", code: "invalid-escape",
            message: "invalid Unicode escape `\\u{41`", help: "close the escape with `}`", tokens: ["\"\\u{41 x\""]),
        ErrorCase(
            id: "unicode surrogate", marked: "\"⟨\\u{D800}⟩\"", code: "invalid-escape",
            message: "`\\u{D800}` is not a Unicode scalar value",
            help: "surrogates (`D800` to `DFFF`) and values above `10FFFF` are not scalars", tokens: ["\"\\u{D800}\""]),
        ErrorCase(
            id: "at sign", marked: "from ⟨@⟩type", code: "unexpected-character", message: "unexpected character `@`",
            help: "write a key holding `@` as a string, as in `from \"@type\"`", tokens: ["from", "type"]),
        ErrorCase(
            id: "hash", marked: "⟨#⟩ note", code: "unexpected-character", message: "unexpected character `#`",
            help: "comments start with `//`", tokens: ["note"]),
        ErrorCase(
            id: "run of stray characters", marked: "a ⟨@%^⟩ b", code: "unexpected-character",
            message: "unexpected characters `@%^`", help: "write a key holding `@%^` as a string, as in `from \"@type\"`",
            tokens: ["a", "b"]),
        ErrorCase(
            id: "lone bang", marked: "a ⟨!⟩ b", code: "unexpected-character", message: "unexpected character `!`",
            help: "compare with `!=` and negate with `not`", tokens: ["a", "b"]),
        ErrorCase(
            id: "single quote", marked: "⟨'⟩a", code: "unexpected-character", message: "unexpected character `'`",
            help: "strings are written in double quotes", tokens: ["a"]),
        ErrorCase(
            id: "non-ascii letter", marked: "caf⟨é⟩", code: "unexpected-character", message: "unexpected character `é`",
            help: nil, tokens: ["caf"]),
        ErrorCase(
            id: "invisible character", marked: "a⟨\u{200B}⟩b", code: "unexpected-character",
            message: "unexpected character U+200B", help: nil, tokens: ["a", "b"]),
        ErrorCase(
            id: "leading zero", marked: "⟨01⟩", code: "invalid-number", message: "number `01` has a leading zero",
            help: "write `1`", tokens: ["01"]),
        ErrorCase(
            id: "negative leading zeros", marked: "⟨-007.5⟩", code: "invalid-number",
            message: "number `-007.5` has a leading zero", help: "write `-7.5`", tokens: ["-007.5"]),
        ErrorCase(
            id: "no fraction digits", marked: "⟨1.⟩ x", code: "invalid-number",
            message: "number `1.` has no digits after its decimal point",
            help: "write digits after the `.`, as in `1.5`, or leave it out", tokens: ["1.", "x"]),
        ErrorCase(
            id: "no exponent digits", marked: "⟨1e+⟩", code: "invalid-number",
            message: "number `1e+` has no digits in its exponent", help: "write the exponent's digits, as in `1e3`",
            tokens: ["1e+"]),
        ErrorCase(
            id: "two dots", marked: "1⟨..⟩5", code: "invalid-operator", message: "`..` is not an operator",
            help: "write `...` for a range that includes its upper bound or `..<` for one that excludes it",
            tokens: ["1", "..", "5"]),
    ])
    func lexicalErrors(_ example: ErrorCase) throws {
        let (text, spans) = SyntaxTestSupport.unmark(example.marked)
        let source = SourceFile(name: "t.map", text: text)
        let result = Lexer.tokenize(source)
        #expect(result.diagnostics.count == 1)
        let problem = try #require(result.diagnostics.first)
        #expect(problem.code == example.code)
        #expect(problem.message == example.message)
        #expect(problem.help == example.help)
        #expect(problem.span == spans[0])
        #expect(problem.severity == .error)
        let written = result.tokens.dropLast().map {
            String(decoding: source.bytes[$0.span.start..<$0.span.end], as: UTF8.self)
        }
        #expect(written == example.tokens)
    }

    @Test func malformedNumbersAreRepaired() {
        let kinds = Lexer.tokenize(SourceFile(name: "t.map", text: "01 1. 1e -00 1.e5")).tokens.map(\.kind)
        #expect(kinds == [.integer("1"), .integer("1"), .integer("1"), .integer("-0"), .decimal("1e5"), .endOfFile])
    }

    @Test func aLetterAfterANumberStartsAnIdentifier() {
        #expect(Self.lex("12ab 1ex").map(\.1) == ["12", "ab", "1", "ex", ""])
    }

    @Test func invalidUTF8IsReportedAndSkipped() {
        // A `SourceFile` always holds valid UTF-8, so feed the lexer bytes directly.
        let source = SourceFile(name: "t.map", text: "")
        var bytes = Array("a ".utf8) + [0xFF, 0xFE] + Array(" \"x".utf8) + [0xC3] + Array("y\" // z".utf8) + [0x80]
        var lexer = Lexer(source: source, bytes: bytes)
        let result = lexer.run()
        #expect(result.diagnostics.map(\.code) == ["invalid-utf8", "invalid-utf8", "invalid-utf8"])
        #expect(result.diagnostics.map(\.message) == Array(repeating: "invalid UTF-8 byte sequence", count: 3))
        #expect(result.diagnostics.map(\.span) == [Span(start: 2, end: 4), Span(start: 7, end: 8), Span(start: 15, end: 16)])
        #expect(result.tokens.map(\.kind) == [.identifier("a"), .string("x\u{FFFD}y"), .endOfFile])
        #expect(result.comments.map(\.text) == [" z\u{FFFD}"])
        bytes = [0xE0, 0x80, 0x80, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80]
        lexer = Lexer(source: source, bytes: bytes)
        #expect(lexer.run().diagnostics.map(\.span) == [Span(start: 0, end: 10)])
    }

    @Test func keepsGoingAfterErrors() {
        let result = Lexer.tokenize(SourceFile(name: "t.map", text: "@ a \"x\\q\" 01 # b\n\"open"))
        #expect(result.diagnostics.map(\.code) == [
            "unexpected-character", "invalid-escape", "invalid-number", "unexpected-character", "unterminated-string",
        ])
        #expect(result.tokens.map(\.kind) == [
            .identifier("a"), .string("xq"), .integer("1"), .identifier("b"), .string("open"), .endOfFile,
        ])
    }

    @Test func tokenDescriptionsForMessages() {
        #expect(TokenKind.rightBrace.description == "`}`")
        #expect(TokenKind.identifier("foo").description == "identifier `foo`")
        #expect(TokenKind.identifier("where").description == "keyword `where`")
        #expect(TokenKind.string("x").description == "string \"x\"")
        #expect(TokenKind.string("a\"b\n").description == "string \"a\\\"b\\n\"")
        #expect(TokenKind.string(String(repeating: "a", count: 30)).description == "string \"\(String(repeating: "a", count: 24))…\"")
        #expect(TokenKind.integer("42").description == "number `42`")
        #expect(TokenKind.decimal("-1.5").description == "number `-1.5`")
        #expect(TokenKind.halfOpenRange.description == "`..<`")
        #expect(TokenKind.endOfFile.description == "end of file")
    }
}
