import Testing

@testable import MapLang

/// The first capturing group of the leftmost match, as `extract` reads it:
/// the same group a backtracking engine reports, in linear time.
struct PatternCaptureTests {
    static func capture(_ source: String, _ text: String) throws -> String? {
        let pattern = try Pattern(source)
        switch pattern.firstCapture(in: text) {
        case .matched(let range?): return String(String.UnicodeScalarView(Array(text.unicodeScalars)[range]))
        case .matched(nil): return "<no group>"
        case .notMatched: return nil
        case .tooCostly: return "<too costly>"
        }
    }

    /// Each answer is the one Python's `re.search(...).group(1)` gives.
    @Test(arguments: [
        ("v([0-9.]+)", "release v12.3-beta", "12.3"), ("^v?(\\d+)", "v12.3", "12"), ("(a|ab)(c|bcd)", "abcd", "a"),
        ("(a+)(a*)", "aaa", "aaa"), ("(a+?)(a*)", "aaa", "a"), ("<(.+?)>", "<a><b>", "a"), ("(a{1,3}?)", "aaa", "a"), ("x(\\d*)y", "x12y x3y", "12"), ("(?:a)(b)", "ab", "b"),
        ("(?<year>\\d{4})-\\d{2}", "on 2024-07-01", "2024"), ("(?i)name: *([a-z]+)", "NAME:   Ada", "Ada"),
        ("(x)|y", "y", "<no group>"), ("é(.)", "café!", "!"), ("(\\b\\w+)$", "one two", "two"), ("()", "abc", ""),
        ("(z)", "abc", nil),
    ] as [(String, String, String?)])
    func givesTheLeftmostFirstGroup(_ source: String, _ text: String, _ expected: String?) throws {
        #expect(try Self.capture(source, text) == expected)
    }

    /// A pattern that backtracks exponentially elsewhere finishes here.
    @Test func hostilePatternsFinish() throws {
        let text = String(repeating: "a", count: 50_000)
        #expect(try Self.capture("(a+)+b", text) == nil)
        #expect(try Self.capture("(a|aa)+$", text) != nil)
    }

    @Test func onlyTheFirstCapturingGroupIsKept() throws {
        #expect(try Pattern("(?:a)b").hasCapture == false)
        #expect(try Pattern("(a)(b)").hasCapture)
        #expect(try Pattern("(a)(b)").matches("xaby"))
    }
}
