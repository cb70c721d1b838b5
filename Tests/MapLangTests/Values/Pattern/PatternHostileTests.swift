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

/// A pattern of hundreds of alternatives keeps hundreds of threads alive at
/// every scalar: linear, but a long string would take seconds. A match stops
/// past `Pattern.stepLimit(scalars:)` and says so, as a rule's own error.
struct PatternStepLimitTests {
    /// `(x0y|x1y|…|x399y)`, which every `x` starts 400 threads of.
    static let alternatives = "(" + (0..<400).map { "x\($0)y" }.joined(separator: "|") + ")"

    /// With a limit of the same shape, smaller so the test is quick.
    @Test func manyAlternativesOnALongStringStop() throws {
        let pattern = try Pattern(Self.alternatives)
        let matcher = PatternMatcher(program: pattern.program, stepLimit: { 100_000 + 1_024 * $0 })
        #expect(matcher.run(String(repeating: "x", count: 2_000)) == .tooCostly)
        // The same pattern on a short string answers.
        #expect(matcher.run(String(repeating: "x", count: 20) + "x399y") == .matched)
        #expect(matcher.run(String(repeating: "x", count: 20)) == .notMatched)
        // A simple pattern on the same string finishes well within the limit.
        let simple = PatternMatcher(program: try Pattern("^x+$").program, stepLimit: { 100_000 + 1_024 * $0 })
        #expect(simple.run(String(repeating: "x", count: 200_000)) == .matched)
    }

    @Test(arguments: [(10, PatternMatcher.Outcome.tooCostly), (10_000, .matched)])
    func theLimitIsInSteps(limit: Int, expected: PatternMatcher.Outcome) throws {
        let pattern = try Pattern("b$")
        let matcher = PatternMatcher(program: pattern.program, stepLimit: { _ in limit })
        #expect(matcher.run(String(repeating: "a", count: 100) + "b") == expected)
    }

    @Test func aFieldReportsTheRuleItCouldNotDecide() throws {
        let rules = "model R { s: String where pattern(\"\(Self.alternatives)\") }"
        let record = try RulesTestSupport.map(rules, #"{"s": "\#(String(repeating: "x", count: 20_000))"}"#)
        #expect(record.errors.map(\.problem.code) == ["pattern-too-costly"])
        #expect(
            record.errors.first?.message
                == "matching the pattern `\(Self.alternatives)` against \"" + String(repeating: "x", count: 40)
                + "…\", 20,000 characters long, takes more than 30,480,000 steps; it is not known whether it matches")
    }
}
