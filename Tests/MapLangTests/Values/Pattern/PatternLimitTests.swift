import Testing

@testable import MapLang

/// The limits that keep compiling bounded, and patterns right at them.
struct PatternLimitTests {
    @Test func repetitionAtTheLimitMatches() throws {
        let pattern = try Pattern("^a{1000}$")
        #expect(pattern.matches(String(repeating: "a", count: 1000)))
        #expect(!pattern.matches(String(repeating: "a", count: 999)))
        #expect(!pattern.matches(String(repeating: "a", count: 1001)))
    }

    @Test func nestedRepetitionIsTooLarge() {
        // The outer `{1000}` starts at offset 9.
        #expect(throws: PatternError(offset: 9, cause: .patternTooLarge(limit: 100_000))) {
            try Pattern("(a{1000}){1000}")
        }
        #expect(throws: PatternError(offset: 11, cause: .patternTooLarge(limit: 100_000))) {
            try Pattern("(?:a{1000}){101}")
        }
    }

    @Test func programSizeBoundary() throws {
        let unit = "a{1000}"
        // `^`, 99 998 literals and the final `match`: exactly at the limit.
        let fits = "^" + String(repeating: unit, count: 99) + "a{998}"
        #expect(try Pattern(fits).matches(String(repeating: "a", count: 99_998)))
        #expect(try !Pattern(fits).matches(String(repeating: "a", count: 99_997)))
        // One more instruction is too many; no repetition is being expanded.
        #expect(throws: PatternError(offset: 0, cause: .patternTooLarge(limit: 100_000))) {
            try Pattern(String(repeating: unit, count: 100))
        }
        // The 101st repetition's `{` is at offset 701.
        #expect(throws: PatternError(offset: 701, cause: .patternTooLarge(limit: 100_000))) {
            try Pattern(String(repeating: unit, count: 101))
        }
    }

    @Test func nestingAtTheLimitMatches() throws {
        let depth = Pattern.maximumNesting
        let source =
            String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)
        #expect(try Pattern(source).matches("xa"))
    }

    @Test func nestingBeyondTheLimitIsRejected() {
        let depth = Pattern.maximumNesting + 1
        let source =
            String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)
        #expect(throws: PatternError(offset: 256, cause: .nestingTooDeep(limit: 256))) {
            try Pattern(source)
        }
    }

    @Test func deepNestingFailsFastWithoutOverflowingTheStack() {
        let source = String(repeating: "(", count: 100_000)
        #expect(throws: PatternError(offset: 256, cause: .nestingTooDeep(limit: 256))) {
            try Pattern(source)
        }
    }

    @Test func patternsCompareBySource() throws {
        #expect(try Pattern("a+") == Pattern("a+"))
        #expect(try Pattern("a+") != Pattern("a*"))
        #expect(try Pattern("a+").description == "a+")
    }
}
