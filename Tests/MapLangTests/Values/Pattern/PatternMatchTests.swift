import Testing

@testable import MapLang

/// One row of a match table: a pattern, an input, and whether the pattern
/// should match somewhere in the input.
///
/// Expected values were checked against Python's `re.search` with `re.ASCII`
/// (with `$` read as `\Z`, since Python's `$` also matches before a final
/// newline).
struct PatternMatchCase: Sendable, CustomTestStringConvertible {
    /// The pattern source.
    let pattern: String
    /// The string searched.
    let input: String
    /// Whether the pattern matches the input.
    let expected: Bool

    init(_ pattern: String, _ input: String, _ expected: Bool) {
        self.pattern = pattern
        self.input = input
        self.expected = expected
    }

    var testDescription: String {
        "\(pattern) ~ \(input.debugDescription) → \(expected)"
    }

    /// Compiles the pattern and checks the result against `expected`.
    func check(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let compiled = try Pattern(pattern)
        #expect(compiled.matches(input) == expected, sourceLocation: sourceLocation)
    }
}

struct PatternMatchTests {
    static let literals: [PatternMatchCase] = [
        .init(#""#, "", true),
        .init(#""#, "abc", true),
        .init(#"a"#, "", false),
        .init(#"abc"#, "xabcx", true),
        .init(#"abc"#, "abx", false),
        .init(#"abc"#, "ABC", false),
        .init(#"a b"#, "a b", true),
        .init(#"a b"#, "ab", false),
        .init(#"é"#, "café", true),
        .init(#"é"#, "cafe", false),
        .init(#"-"#, "a-b", true),
        .init(#","#, "a,b", true),
        .init(#"<>"#, "a<>b", true),
        .init(#"="#, "x", false),
    ]

    @Test(arguments: literals) func literal(_ row: PatternMatchCase) throws { try row.check() }

    static let dots: [PatternMatchCase] = [
        .init(#"."#, "", false),
        .init(#"."#, "a", true),
        .init(#"."#, "\n", false),
        .init(#"."#, "\r", true),
        .init(#"a.c"#, "abc", true),
        .init(#"a.c"#, "a\nc", false),
        .init(#"a.c"#, "ac", false),
        .init(#"a.c"#, "aéc", true),
        .init(#"^.$"#, "é", true),
        .init(#"^.$"#, "e\u{301}", false),
        .init(#"^..$"#, "e\u{301}", true),
        .init(#"^.$"#, "😀", true),
        .init(#"^...$"#, "🇫🇷x", true),
        .init(#"^.*$"#, "two\nlines", false),
        .init(#"^.*$"#, "", true),
    ]

    @Test(arguments: dots) func dot(_ row: PatternMatchCase) throws { try row.check() }

    static let classes: [PatternMatchCase] = [
        .init(#"[abc]"#, "b", true),
        .init(#"[abc]"#, "d", false),
        .init(#"^[a-z]+$"#, "hello", true),
        .init(#"^[a-z]+$"#, "Hello", false),
        .init(#"^[a-z0-9_]+$"#, "snake_case_9", true),
        .init(#"^[a-z0-9_]+$"#, "kebab-case", false),
        .init(#"[^abc]"#, "abc", false),
        .init(#"[^abc]"#, "abcd", true),
        .init(#"^[^0-9]*$"#, "no digits", true),
        .init(#"^[^0-9]*$"#, "r2d2", false),
        .init(#"[^\n]"#, "\n", false),
        .init(#"[^a]"#, "", false),
        .init(#"[a-]"#, "-", true),
        .init(#"[-a]"#, "-", true),
        .init(#"^[a-c-e]+$"#, "a-e", true),
        .init(#"^[a-c-e]+$"#, "d", false),
        .init(#"[\]]"#, "]", true),
        .init(#"[\[]"#, "[", true),
        .init(#"[[]"#, "[", true),
        .init(#"[\\]"#, "\\", true),
        .init(#"[.]"#, "a", false),
        .init(#"[.]"#, ".", true),
        .init(#"[$^]"#, "^", true),
        .init(#"[a^]"#, "^", true),
        .init(#"[\^]"#, "^", true),
        .init(#"[\-]"#, "-", true),
        .init(#"[a\-z]"#, "b", false),
        .init(#"[a\-z]"#, "-", true),
        .init(#"[*+?{}()|]"#, "|", true),
        .init(#"[*+?{}()|]"#, "a", false),
        .init(#"^[\d]+$"#, "123", true),
        .init(#"[\D]"#, "123", false),
        .init(#"[\w-]"#, "-", true),
        .init(#"[\s]"#, "a b", true),
        .init(#"[\S]"#, "   ", false),
        .init(#"[^\s]"#, " x ", true),
        .init(#"[\D\s]"#, "5", false),
        .init(#"[\W\d]"#, "a", false),
        .init(#"[\W\d]"#, "!", true),
        .init(#"[^\W]"#, "_", true),
        .init(#"[^\W]"#, "!", false),
        .init(#"[^\d\s]"#, "1 2", false),
        .init(#"[\n]"#, "a\nb", true),
        .init(#"[\t]"#, "a b", false),
        .init(#"[\u0041-\u005A]"#, "Q", true),
        .init(#"[\x41-\x43]"#, "D", false),
        .init(#"[\u{1F600}-\u{1F64F}]"#, "hi 🙂", true),
        .init(#"[\b]"#, "\u{08}", true),
        .init(#"[\b]"#, "b", false),
        .init(#"[é-ë]"#, "ê", true),
        .init(#"[α-ω]"#, "λ", true),
        .init(#"[α-ω]"#, "Λ", false),
        .init(#"[😀-😂]"#, "😁", true),
        .init(#"[😀-😂]"#, "😃", false),
        .init(#"^[\w.+-]+@[\w-]+\.[a-z]{2,}$"#, "john.doe+tag@example.com", true),
        .init(#"^[\w.+-]+@[\w-]+\.[a-z]{2,}$"#, "john.doe@example", false),
        .init(#"^#[0-9a-fA-F]{6}$"#, "#1A2b3C", true),
        .init(#"^#[0-9a-fA-F]{6}$"#, "#1A2b3G", false),
    ]

    @Test(arguments: classes) func characterClass(_ row: PatternMatchCase) throws {
        try row.check()
    }

    static let shorthands: [PatternMatchCase] = [
        .init(#"\d"#, "abc1", true),
        .init(#"\d"#, "abc", false),
        .init(#"\d"#, "٣", false),
        .init(#"^\D+$"#, "abc", true),
        .init(#"^\D+$"#, "ab1", false),
        .init(#"\w"#, "é", false),
        .init(#"^\w+$"#, "abc_123", true),
        .init(#"^\w+$"#, "naïve", false),
        .init(#"\W"#, "abc", false),
        .init(#"\W"#, "a-b", true),
        .init(#"\W"#, "é", true),
        .init(#"\s"#, "a\tb", true),
        .init(#"\s"#, "a\u{A0}b", false),
        .init(#"\s"#, "\u{0B}", true),
        .init(#"\s"#, "\u{0C}", true),
        .init(#"\s"#, "\u{1C}", false),
        .init(#"\S"#, " \n\t", false),
        .init(#"\S"#, " é ", true),
        .init(#"^\d{4}-\d{2}-\d{2}$"#, "2024-02-29", true),
        .init(#"^\d{4}-\d{2}-\d{2}$"#, "2024-2-29", false),
    ]

    @Test(arguments: shorthands) func shorthand(_ row: PatternMatchCase) throws { try row.check() }

    static let escapes: [PatternMatchCase] = [
        .init(#"a\.b"#, "a.b", true),
        .init(#"a\.b"#, "axb", false),
        .init(#"\\"#, "\\", true),
        .init(#"\\"#, "/", false),
        .init(#"\/"#, "a/b", true),
        .init(#"\-"#, "-", true),
        .init(#"\^"#, "a^b", true),
        .init(#"\$"#, "$5", true),
        .init(#"\|"#, "|", true),
        .init(#"a\|b"#, "a", false),
        .init(#"\(\)"#, "()", true),
        .init(#"\[\]"#, "[]", true),
        .init(#"\{\}"#, "{}", true),
        .init(#"\*\+\?"#, "*+?", true),
        .init(#"\*"#, "a", false),
        .init(#"\n"#, "a\nb", true),
        .init(#"\n"#, "n", false),
        .init(#"\t"#, "\t", true),
        .init(#"\r"#, "\r\n", true),
        .init(#"\f"#, "\u{0C}", true),
        .init(#"\v"#, "\u{0B}", true),
        .init(#"\0"#, "\u{00}", true),
        .init(#"\0"#, "0", false),
        .init(#"\u00e9"#, "é", true),
        .init(#"\u00E9"#, "e\u{301}", false),
        .init(#"\u{1F600}"#, "😀", true),
        .init(#"\u{41}"#, "A", true),
        .init(#"\u{0000041}"#, "A", true),
        .init(#"\uD83D\uDE00"#, "😀", true),
        .init(#"\x41"#, "A", true),
        .init(#"\x41"#, "a", false),
        .init("\\#", "#", true),
        .init(#"\ "#, " ", true),
        .init(#"\@"#, "a@b", true),
        .init(#"\:"#, ":", true),
        .init(#"\,"#, ",", true),
        .init(#"\_"#, "_", true),
    ]

    @Test(arguments: escapes) func escape(_ row: PatternMatchCase) throws { try row.check() }
}
