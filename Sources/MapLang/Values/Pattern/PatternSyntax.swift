/// A parsed `pattern("…")` regular expression.
///
/// The tree keeps what decides whether a string matches, and the first
/// capturing group, which `extract` gives: other groups leave no trace,
/// lazy quantifiers match the same strings as greedy ones (only `extract`,
/// which prefers fewer repetitions for them, tells them apart), and
/// escapes are already resolved to scalars or sets.
struct PatternSyntax: Sendable, Equatable {
    /// The expression.
    var root: PatternNode
    /// Whether the pattern began with `(?i)`.
    var ignoresCase: Bool
}

/// One node of a pattern's tree.
enum PatternNode: Sendable, Equatable {
    /// Matches the empty string, as `()` or an empty alternative does.
    case empty
    /// Matches one Unicode scalar.
    case scalar(Unicode.Scalar)
    /// `.`: matches any one scalar except `\n`.
    case anyExceptNewline
    /// A character class such as `[a-z]`, `[^0-9]` or `\d`: matches one scalar
    /// in, or with `isNegated` not in, the set.
    case set(PatternScalarSet)
    /// A zero-width test: `^`, `$`, `\b` or `\B`.
    case assertion(PatternAssertion)
    /// Matches each part in turn.
    case concatenation([PatternNode])
    /// Matches any one of the alternatives, as `a|b|c` does.
    case alternation([PatternNode])
    /// A quantified node, such as `a*` or `(ab){2,3}`.
    indirect case repetition(PatternRepetition)
    /// The pattern's first capturing group: `(…)` or `(?<name>…)`.
    indirect case firstCapture(PatternNode)
}

/// A quantifier applied to a node: `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` or a
/// lazy form of one of them.
struct PatternRepetition: Sendable, Equatable {
    /// The repeated node.
    var body: PatternNode
    /// The fewest repetitions that match.
    var minimum: Int
    /// The most repetitions that match, or `nil` for no limit.
    var maximum: Int?
    /// Whether the quantifier ends in `?`. It does not change whether a string
    /// matches, only which match is found first, which `extract` reports.
    var isLazy: Bool
    /// The scalar offset of the quantifier in the pattern source, for errors
    /// raised while compiling.
    var offset: Int
}

/// A test at a position between scalars that consumes nothing.
enum PatternAssertion: Sendable, Equatable, Hashable {
    /// `^`: the start of the string.
    case start
    /// `$`: the end of the string (not before a final newline).
    case end
    /// `\b`: a word scalar on exactly one side, with the ASCII `\w` definition.
    case wordBoundary
    /// `\B`: word scalars on both sides or on neither.
    case nonWordBoundary
}
