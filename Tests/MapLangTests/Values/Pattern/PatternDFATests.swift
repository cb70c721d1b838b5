import Testing

@testable import MapLang

/// The automaton a pattern matches ASCII text with answers exactly what the
/// NFA simulation answers, on every pattern feature and on generated text.
struct PatternDFATests {
    static let patterns = [
        #"^[0-9a-fA-F]{6}$"#, #"abc"#, #"^abc"#, #"abc$"#, #"^$"#, #"a|b|^c$"#, #"\bcat\b"#, #"\Bat\B"#,
        #"^\w+@\w+\.(com|org)$"#, #"(?i)^HeLLo"#, #"(?i)[a-c]+x"#, #"[^a-z]"#, #"a.c"#, #"^.*$"#, #"\d{2,3}-\d+"#,
        #"^(a|ab)(c|bcd)(d*)$"#, #"x*"#, #"^(ab)*?c"#, #"\s+$"#, #"^[\-._]+"#, #"\b"#, #"\B"#, #"a{0}b"#, #"^(?:a|b){3,5}$"#,
    ]

    /// Every text up to four bytes long over a small alphabet that the
    /// patterns above tell apart, and some longer ones.
    static let texts: [String] = {
        let alphabet = ["a", "b", "c", "x", "A", "H", "1", "f", "-", " ", "@", ".", "\n", "_"]
        var texts = [""]
        var layer = [""]
        for _ in 0..<3 {
            layer = layer.flatMap { prefix in alphabet.map { prefix + $0 } }
            texts += layer
        }
        return texts + ["d73a4a", "D73A4G", "hello world", "a cat sat", "ab@cd.com", "12-345", "abcbcdddd", "ababc"]
    }()

    @Test(arguments: patterns) func agreesWithTheMatcher(_ source: String) throws {
        let pattern = try Pattern(source)
        let automaton = try #require(pattern.automaton)
        for text in Self.texts {
            let expected = PatternMatcher(program: pattern.program).run(text)
            #expect(automaton.outcome(text.utf8) == expected, "\(source) on \(text.debugDescription)")
        }
    }

    @Test func textPastASCIIGoesToTheMatcher() throws {
        let pattern = try Pattern(#"^caf.$"#)
        #expect(pattern.automaton?.outcome("café".utf8) == nil)
        #expect(pattern.matches("café"))
        #expect(!pattern.matches("cafés"))
    }

    /// A pattern whose automaton would take long to build has none, and still matches.
    @Test func anAutomatonCostlyToBuildIsNotBuilt() throws {
        var alternatives: [String] = []
        var state: UInt64 = 7
        for _ in 0..<100 {
            var word = ""
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                word.append(Character(Unicode.Scalar(UInt8(0x41 + (state >> 33) % 26))))
            }
            alternatives.append(word)
        }
        let pattern = try Pattern("(" + alternatives.joined(separator: "|") + ")")
        #expect(pattern.automaton == nil)
        #expect(pattern.matches("xx" + alternatives[42] + "yy"))
    }

    @Test func aLargeProgramHasNoAutomaton() throws {
        // Each `.{n}` after an `a` anywhere needs a state per set of the last n+1 positions.
        #expect(try Pattern(#"a.{12}$"#).automaton == nil)
        #expect(try Pattern("(" + (0..<400).map { "x\($0)y" }.joined(separator: "|") + ")").automaton == nil)
    }
}
