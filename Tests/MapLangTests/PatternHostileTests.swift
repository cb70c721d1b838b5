import Testing

@testable import MapLang

/// A pattern that makes backtracking engines take exponential time, with an
/// input built by repeating a unit.
struct PatternHostileCase: Sendable, CustomTestStringConvertible {
    /// The pattern source.
    let pattern: String
    /// The text repeated to build the input.
    let unit: String
    /// How many times `unit` is repeated.
    let count: Int
    /// Text appended after the repeated units.
    let suffix: String
    /// Whether the pattern matches the input.
    let expected: Bool

    var input: String { String(repeating: unit, count: count) + suffix }

    var testDescription: String {
        "\(pattern) ~ \(unit.debugDescription)×\(count)+\(suffix.debugDescription)"
    }
}

/// Hostile patterns must simply finish: a backtracking matcher would hang the
/// suite here. No timing is asserted.
struct PatternHostileTests {
    static let cases: [PatternHostileCase] = [
        .init(pattern: #"(a+)+$"#, unit: "a", count: 100_000, suffix: "b", expected: false),
        .init(pattern: #"(a+)+$"#, unit: "a", count: 100_000, suffix: "", expected: true),
        .init(pattern: #"(a|aa)*$"#, unit: "a", count: 100_000, suffix: "b", expected: true),
        .init(pattern: #"^(a|aa)*$"#, unit: "a", count: 100_000, suffix: "b", expected: false),
        .init(pattern: #"^(a|a?)+$"#, unit: "a", count: 100_000, suffix: "b", expected: false),
        .init(pattern: #"(a*)*b"#, unit: "a", count: 100_000, suffix: "", expected: false),
        .init(pattern: #"(x+x+)+y"#, unit: "x", count: 100_000, suffix: "", expected: false),
        .init(pattern: #"(x+x+)+y"#, unit: "x", count: 10_000, suffix: "y", expected: true),
        .init(pattern: #"^(\w+\s?)+$"#, unit: "word ", count: 20_000, suffix: "!", expected: false),
        .init(pattern: #"(.*a){20}"#, unit: "b", count: 10_000, suffix: "", expected: false),
        .init(pattern: #"^(a?){30}a{30}$"#, unit: "a", count: 30, suffix: "", expected: true),
        .init(
            pattern: #"^([a-z0-9]+[-.]?)+@"#,
            unit: "ab-",
            count: 30_000,
            suffix: "!",
            expected: false
        ),
    ]

    @Test(arguments: cases) func finishes(_ row: PatternHostileCase) throws {
        #expect(try Pattern(row.pattern).matches(row.input) == row.expected)
    }
}
