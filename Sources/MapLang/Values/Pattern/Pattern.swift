/// A compiled `pattern("…")` regular expression that matches in linear time.
///
/// Swift's `Regex` and `NSRegularExpression` backtrack, so a pattern such as
/// `(a+)+$` can take exponential time on input like `aaaa…b`. `Pattern`
/// simulates a Thompson NFA instead: matching takes time proportional to the
/// pattern's compiled size times the input length, whatever either holds.
///
/// Matching uses search semantics, like JSON Schema's `pattern`: the pattern
/// matches a string if it matches any part of it. `^` and `$` anchor to the
/// start and end of the whole string; there is no multiline mode. Patterns
/// and input are read as Unicode scalars, so `.` matches one scalar.
///
/// | Syntax | Meaning |
/// |---|---|
/// | `a`, `é` | that scalar |
/// | `.` | any scalar except `\n` |
/// | `[abc]`, `[a-z0-9_]`, `[^…]` | a scalar in (or not in) the class; escapes allowed inside |
/// | `\d` `\D` | ASCII digit `[0-9]`, or not |
/// | `\w` `\W` | ASCII word scalar `[A-Za-z0-9_]`, or not |
/// | `\s` `\S` | ASCII space, `\t`, `\n`, `\v`, `\f`, `\r`, or not |
/// | `\n` `\t` `\r` `\f` `\v` `\0` | control scalars (`\b` is backspace inside a class) |
/// | `\uXXXX`, `\u{X…}`, `\xHH` | a scalar by hex code; `\uD83D\uDE00` pairs join |
/// | `\.` `\\` `\/` `\-` `\$` … | any printable ASCII punctuation, literally |
/// | `^` `$` | start and end of the whole string |
/// | `\b` `\B` | ASCII word boundary, or not |
/// | `(…)`, `(?:…)`, `(?<name>…)` | grouping; `extract` gives the first group that is not `(?:…)` |
/// | `a\|b` | alternation, lowest precedence |
/// | `*` `+` `?` `{n}` `{n,}` `{n,m}` | repetition; a trailing `?` (lazy) matches the same strings and makes `extract` prefer fewer |
/// | `(?i)` at the very start | simple case-insensitive matching |
///
/// Backreferences, lookaround, other `(?…)` groups, `[]`, `[^]` and a
/// quantifier straight after another are errors. Limits keep compilation
/// bounded: `maximumRepetition`, `maximumInstructions`, `maximumNesting`.
package struct Pattern: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The largest bound allowed in `{n}`, `{n,}` and `{n,m}`.
    package static let maximumRepetition = 1000
    /// The most instructions a compiled pattern may have, after counted
    /// repetitions are expanded.
    package static let maximumInstructions = 100_000
    /// The deepest groups may be nested.
    package static let maximumNesting = 256
    /// The steps (threads advanced or followed) one match may take before
    /// it stops, for a string of `scalars` Unicode scalars: ten million,
    /// and 1,024 more per scalar. Simple patterns take a few steps per scalar
    /// and always finish; one that keeps hundreds of threads alive at every
    /// scalar (hundreds of alternatives) stops on a long string, so a match
    /// costs time linear in the string whatever the pattern.
    package static func stepLimit(scalars: Int) -> Int {
        let (perScalar, overflow) = 1_024.multipliedReportingOverflow(by: max(scalars, 0))
        return overflow || perScalar > Int.max - 10_000_000 ? Int.max : 10_000_000 + perScalar
    }

    /// The pattern as written.
    package let source: String
    /// The compiled NFA.
    let program: PatternProgram
    /// The program as a deterministic automaton over ASCII text, when it is small enough.
    let automaton: PatternDFA?

    /// Parses and compiles a pattern.
    ///
    /// - Parameter source: The pattern text, without delimiters.
    /// - Throws: `PatternError` for invalid or unsupported syntax and for
    ///   patterns over the limits; its offset counts Characters in `source`.
    package init(_ source: String) throws(PatternError) {
        do throws(PatternError) {
            program = try PatternCompiler.compile(PatternParser.parse(source))
        } catch {
            throw PatternError(
                offset: Self.characterOffset(of: error.offset, in: source),
                cause: error.cause
            )
        }
        self.source = source
        automaton = PatternDFA(program)
    }

    /// Whether the pattern matches `string` or any substring of it.
    ///
    /// Takes time proportional to the compiled pattern size times the number
    /// of Unicode scalars in `string`, and memory proportional to the pattern
    /// size alone.
    ///
    /// - Parameter string: The text to search.
    /// - Returns: `true` if some substring matches, `false` otherwise, and
    ///   `false` as well when the match stops at `stepLimit(scalars:)`.
    package func matches(_ string: String) -> Bool {
        outcome(string) == .matched
    }

    /// How matching `string` ends: a match, none, or stopped at `stepLimit(scalars:)`.
    ///
    /// ASCII text goes through the pattern's automaton, when it has one.
    func outcome(_ string: String) -> PatternMatcher.Outcome {
        if let automaton, let outcome = automaton.outcome(string.utf8) { return outcome }
        return PatternMatcher(program: program).run(string)
    }

    /// The pattern as written.
    package var description: String { source }

    /// Whether two patterns have the same source (and so the same program).
    package static func == (lhs: Pattern, rhs: Pattern) -> Bool {
        lhs.source == rhs.source
    }

    /// Hashes the source.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(source)
    }

    // MARK: - Implementation

    /// The index of the Character that contains the scalar at `scalarOffset`
    /// (or the Character count, for an offset at the end).
    private static func characterOffset(of scalarOffset: Int, in source: String) -> Int {
        let scalars = source.unicodeScalars
        let limit = scalars.endIndex
        let target = scalars.index(scalars.startIndex, offsetBy: scalarOffset, limitedBy: limit)
        var characterCount = 0
        var index = source.startIndex
        while index < source.endIndex {
            let nextIndex = source.index(after: index)
            if let target, target < nextIndex { break }
            characterCount += 1
            index = nextIndex
        }
        return characterCount
    }
}
