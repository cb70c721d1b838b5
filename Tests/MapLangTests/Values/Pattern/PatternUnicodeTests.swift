import Testing

@testable import MapLang

/// Input and patterns beyond ASCII, and the `(?i)` flag.
struct PatternUnicodeTests {
    static let unicode: [PatternMatchCase] = [
        .init(#"^caf.$"#, "café", true),
        .init(#"^caf.$"#, "cafe\u{301}", false),
        .init(#"^caf..$"#, "cafe\u{301}", true),
        .init(#"e\u0301"#, "cafe\u{301}", true),
        .init(#"é"#, "cafe\u{301}", false),
        .init(#"^\u{1F600}+$"#, "😀😀", true),
        .init(#"^[😀😃]{2}$"#, "😃😀", true),
        .init(#"^[😀😃]{2}$"#, "😃😁", false),
        .init(#"日本"#, "こんにちは日本語", true),
        .init(#"^.{5}$"#, "日本語です", true),
        .init(#"^.{5}$"#, "日本語", false),
        .init(#"^[^a-z]+$"#, "ÀÉÎ", true),
        .init(#"👍🏽"#, "👍🏽", true),
        .init(#"👍"#, "👍🏽", true),
        .init(#"^.$"#, "👍🏽", false),
        .init(#"^..$"#, "👍🏽", true),
        .init(#"^[^\u0000-\u007F]+$"#, "ñø", true),
        .init(#"^[^\u0000-\u007F]+$"#, "ñox", false),
        .init(#"\u{10FFFF}"#, "a\u{10FFFF}", true),
        .init(#"^\W\W$"#, "€£", true),
    ]

    @Test(arguments: unicode) func unicodeInput(_ row: PatternMatchCase) throws { try row.check() }

    static let ignoringCase: [PatternMatchCase] = [
        .init(#"(?i)abc"#, "ABC", true),
        .init(#"(?i)abc"#, "xaBcx", true),
        .init(#"(?i)abc"#, "abd", false),
        .init(#"abc"#, "aBc", false),
        .init(#"(?i)^[a-z]+$"#, "HeLLo", true),
        .init(#"(?i)^[A-Z]+$"#, "hello", true),
        .init(#"(?i)^[A-Z]+$"#, "hello!", false),
        .init(#"(?i)[^a]"#, "A", false),
        .init(#"(?i)[^a]"#, "Ab", true),
        .init(#"(?i)a.c"#, "A\nC", false),
        .init(#"(?i)\d+"#, "12", true),
        .init(#"(?i)\w"#, "Q", true),
        .init(#"(?i)\bthe\b"#, "In THE end", true),
        .init(#"(?i)é"#, "É", true),
        .init(#"(?i)É"#, "é", true),
        .init(#"(?i)σ"#, "Σ", true),
        .init(#"(?i)σ"#, "ς", true),
        .init(#"(?i)k"#, "\u{212A}", true),
        .init(#"(?i)[k]"#, "\u{212A}", true),
        .init(#"(?i)[à-ÿ]"#, "Ç", true),
        .init(#"(?i)straße"#, "STRASSE", false),
        .init(#"(?i)(?:ab|cd){2}"#, "CDab", true),
    ]

    @Test(arguments: ignoringCase) func caseInsensitive(_ row: PatternMatchCase) throws {
        try row.check()
    }
}
