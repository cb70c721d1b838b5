@testable import MapLang
import Testing

/// What a terminal is shown of text from an input: its control characters
/// escaped, line breaks and tabs kept.
struct VisibleTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a\u{1B}[2Jb", "a\\u001B[2Jb"),
        ("\u{7F}\u{85}\u{9B}", "\\u007F\\u0085\\u009B"),
        ("\u{202E}txt", "\\u202Etxt"),
        ("line\nand\ttab", "line\nand\ttab"),
        ("\u{0}", "\\u0000"),
    ])
    func escapes(_ text: String, _ shown: String) {
        #expect(VisibleText.escaped(text) == shown)
    }

    /// JSON paths and previews quote with the same escapes, C1 included.
    @Test func quotedKeysEscapeTheSame() {
        #expect(JSONPath.quoted("a\u{85}\u{1B}") == "\"a\\u0085\\u001B\"")
    }
}
