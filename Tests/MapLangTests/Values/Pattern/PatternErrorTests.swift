import Testing

@testable import MapLang

/// One rejected pattern with the exact error expected.
struct PatternErrorCase: Sendable, CustomTestStringConvertible {
    /// The pattern source.
    let pattern: String
    /// The expected Character offset.
    let offset: Int
    /// The expected message.
    let message: String

    init(_ pattern: String, _ offset: Int, _ message: String) {
        self.pattern = pattern
        self.offset = offset
        self.message = message
    }

    var testDescription: String { "\(pattern) → \(offset): \(message)" }
}

struct PatternErrorTests {
    static let backreference =
        "backreferences are not supported (they cannot be matched in linear time)"

    static let cases: [PatternErrorCase] = [
        // Groups.
        .init(#"(abc"#, 0, "unclosed group"),
        .init(#"a(b(c)"#, 1, "unclosed group"),
        .init(#"(?:a"#, 0, "unclosed group"),
        .init(#"(?<name>a"#, 0, "unclosed group"),
        .init(#"(?<name"#, 0, "unclosed group"),
        .init(#"abc)"#, 3, "unmatched `)`"),
        .init(#"(a))"#, 3, "unmatched `)`"),
        .init(#"a]"#, 1, "unmatched `]`"),
        .init(#"a}"#, 1, "unmatched `}`"),
        .init(#"(?<1a>x)"#, 3, "invalid group name `1a`"),
        .init(#"(?<a-b>x)"#, 3, "invalid group name `a-b`"),
        .init(#"a(?i)b"#, 1, "the `(?i)` flag is only allowed at the start of the pattern"),
        .init(#"(?i)(?i)a"#, 4, "the `(?i)` flag is only allowed at the start of the pattern"),
        .init(#"(?m)a"#, 0, "unsupported group syntax `(?m)`"),
        .init(#"(?i:a)"#, 0, "unsupported group syntax `(?i:`"),
        .init(#"(?P<n>a)"#, 0, "unsupported group syntax `(?P<`"),
        .init(#"x(?#note)"#, 1, "unsupported group syntax `(?#`"),
        .init(#"(?"#, 0, "unsupported group syntax `(?`"),
        // Lookaround and backreferences.
        .init(#"(?=a)"#, 0, "lookaround is not supported"),
        .init(#"a(?!b)"#, 1, "lookaround is not supported"),
        .init(#"(?<=a)b"#, 0, "lookaround is not supported"),
        .init(#"(?<!a)b"#, 0, "lookaround is not supported"),
        .init(#"(a)\1"#, 3, backreference),
        .init(#"(a)\12"#, 3, backreference),
        .init(#"(?<n>a)\k<n>"#, 7, backreference),
        .init(#"[\1]"#, 1, backreference),
        // Quantifiers.
        .init(#"*a"#, 0, "nothing to repeat before `*`"),
        .init(#"a|+b"#, 2, "nothing to repeat before `+`"),
        .init(#"(*)"#, 1, "nothing to repeat before `*`"),
        .init(#"?"#, 0, "nothing to repeat before `?`"),
        .init(#"a|*?"#, 2, "nothing to repeat before `*?`"),
        .init(#"{2}"#, 0, "nothing to repeat before `{2}`"),
        .init(#"^*"#, 1, "nothing to repeat before `*`"),
        .init(#"a$+"#, 2, "nothing to repeat before `+`"),
        .init(#"\b+"#, 2, "nothing to repeat before `+`"),
        .init(#"(?i)*"#, 4, "nothing to repeat before `*`"),
        .init(#"a**"#, 2, "quantifier `*` cannot follow another quantifier"),
        .init(#"a{2}{3}"#, 4, "quantifier `{3}` cannot follow another quantifier"),
        .init(#"a+??"#, 3, "quantifier `?` cannot follow another quantifier"),
        .init(#"a{3,1}"#, 1, "invalid repetition bound `{3,1}`"),
        .init(#"a{1001}"#, 1, "repetition bound in `{1001}` exceeds the limit of 1000"),
        .init(#"a{2,1001}"#, 1, "repetition bound in `{2,1001}` exceeds the limit of 1000"),
        .init(
            #"a{99999999999999999999}"#,
            1,
            "repetition bound in `{99999999999999999999}` exceeds the limit of 1000"
        ),
        .init(#"a{"#, 1, "malformed repetition `{`: expected `{n}`, `{n,}` or `{n,m}`"),
        .init(#"a{x}"#, 1, "malformed repetition `{x`: expected `{n}`, `{n,}` or `{n,m}`"),
        .init(#"a{2"#, 1, "malformed repetition `{2`: expected `{n}`, `{n,}` or `{n,m}`"),
        .init(#"a{,3}"#, 1, "malformed repetition `{,`: expected `{n}`, `{n,}` or `{n,m}`"),
        .init(#"a{2,x}"#, 1, "malformed repetition `{2,x`: expected `{n}`, `{n,}` or `{n,m}`"),
        .init(#"a{1 }"#, 1, "malformed repetition `{1 `: expected `{n}`, `{n,}` or `{n,m}`"),
        // Escapes.
        .init(#"\q"#, 0, #"unknown escape `\q`"#),
        .init(#"ab\z"#, 2, #"unknown escape `\z`"#),
        .init(#"\p{L}"#, 0, #"unknown escape `\p`"#),
        .init(#"\é"#, 0, #"unknown escape `\é`"#),
        .init(#"[\B]"#, 1, #"unknown escape `\B`"#),
        .init(#"[a\q]"#, 2, #"unknown escape `\q`"#),
        .init(#"\"#, 0, #"pattern ends with an unfinished escape `\`"#),
        .init(#"ab\\\"#, 4, #"pattern ends with an unfinished escape `\`"#),
        .init(#"\u12"#, 0, #"invalid escape `\u12`"#),
        .init(#"\u12G4"#, 0, #"invalid escape `\u12G`"#),
        .init(#"\u{}"#, 0, #"invalid escape `\u{}`"#),
        .init(#"\u{110000}"#, 0, #"invalid escape `\u{110000}`"#),
        .init(#"\u{12"#, 0, #"invalid escape `\u{12`"#),
        .init(#"\u{12x}"#, 0, #"invalid escape `\u{12x`"#),
        .init(#"\u{D800}"#, 0, #"invalid escape `\u{D800}`"#),
        .init(#"a\uD800"#, 1, #"invalid escape `\uD800`"#),
        .init(#"\uD800\u0041"#, 0, #"invalid escape `\uD800`"#),
        .init(#"\uDE00"#, 0, #"invalid escape `\uDE00`"#),
        .init(#"\x4"#, 0, #"invalid escape `\x4`"#),
        .init(#"\xG1"#, 0, #"invalid escape `\xG`"#),
        .init(#"\01"#, 0, #"invalid escape `\01`"#),
        // Classes.
        .init(#"[abc"#, 0, "unclosed character class"),
        .init(#"x[a-"#, 1, "unclosed character class"),
        .init(#"[\]"#, 0, "unclosed character class"),
        .init(#"[]"#, 0, "empty character class `[]`"),
        .init(#"a[^]"#, 1, "empty character class `[^]`"),
        .init(#"[z-a]"#, 1, "invalid range `z-a` in character class"),
        .init(#"[a-\d]"#, 1, #"invalid range `a-\d` in character class"#),
        .init(#"[ab\w-z]"#, 3, #"invalid range `\w-z` in character class"#),
        // Offsets count Characters, not scalars or bytes.
        .init("é(", 1, "unclosed group"),
        .init("e\u{301}(", 1, "unclosed group"),
        .init("日本)", 2, "unmatched `)`"),
        .init("👍🏽*(", 2, "unclosed group"),
    ]

    @Test(arguments: cases) func rejects(_ row: PatternErrorCase) {
        do {
            _ = try Pattern(row.pattern)
            Issue.record("`\(row.pattern)` compiled, but should have been rejected")
        } catch {
            #expect(error.offset == row.offset)
            #expect(error.message == row.message)
        }
    }

    @Test func errorCarriesCauseAndDescription() {
        #expect(throws: PatternError(offset: 2, cause: .nothingToRepeat("*"))) {
            try Pattern("a|*")
        }
        let error = PatternError(offset: 0, cause: .unclosedGroup)
        #expect(error.description == "unclosed group (at offset 0)")
    }
}
