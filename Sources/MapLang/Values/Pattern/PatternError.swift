/// A problem in the text of a `pattern("…")` regular expression.
///
/// The error names where the problem starts and why. Its message is
/// lowercase, without a trailing period, and puts pattern text in backticks,
/// as every MapLang message does.
package struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem starts, counted in Characters from the start of the
    /// pattern source.
    ///
    /// For `patternTooLarge` it is the outermost repetition being expanded
    /// when the limit was crossed, or 0 when no repetition was involved.
    package var offset: Int
    /// What is wrong, with the pattern text involved.
    package var cause: Cause

    /// Creates an error at a Character offset in the pattern source.
    package init(offset: Int, cause: Cause) {
        self.offset = offset
        self.cause = cause
    }

    /// The message for `cause`, such as "unclosed group".
    package var message: String { cause.message }

    /// The message followed by the offset, for logs and test output.
    package var description: String { "\(message) (at offset \(offset))" }

    /// Why a pattern was rejected.
    ///
    /// Cases carry the pattern text they are about; the message is computed
    /// from them by `message`.
    package enum Cause: Sendable, Equatable {
        /// A backreference such as `\1` or `\k<name>`; it cannot be matched in
        /// linear time.
        case backreference(String)
        /// A character class with nothing in it: `[]` or `[^]`.
        case emptyClass(String)
        /// A class range whose ends are reversed or are not single scalars,
        /// such as `z-a` or `a-\d`.
        case invalidClassRange(String)
        /// A known escape written wrongly, such as `\u12`, `\u{110000}` or a
        /// lone surrogate `\uD800`.
        case invalidEscape(String)
        /// A named group whose name is not an identifier, such as `(?<1a>…)`.
        case invalidGroupName(String)
        /// A lookahead or lookbehind group, such as `(?=` or `(?<!`.
        case lookaround(String)
        /// A `{` that does not start `{n}`, `{n,}` or `{n,m}`; holds the text
        /// read so far.
        case malformedRepetition(String)
        /// The `(?i)` flag somewhere other than the very start of the pattern.
        case misplacedFlag(String)
        /// Groups nested deeper than the limit.
        case nestingTooDeep(limit: Int)
        /// A quantifier with no atom before it, such as `*` at the start, or a
        /// quantifier after an anchor such as `^*`.
        case nothingToRepeat(String)
        /// The compiled program would have more instructions than the limit.
        case patternTooLarge(limit: Int)
        /// A quantifier straight after another one, such as the second `*` in
        /// `a**`.
        case repeatedQuantifier(String)
        /// A repetition whose lower bound is above its upper bound, such as
        /// `{3,1}`.
        case repetitionBoundsReversed(String)
        /// A repetition bound above the limit, such as `{1001}`.
        case repetitionLimitExceeded(String, limit: Int)
        /// A `\` at the very end of the pattern.
        case trailingBackslash
        /// A `[` without its `]`.
        case unclosedClass
        /// A `(` without its `)`.
        case unclosedGroup
        /// A backslash before a letter, digit or other scalar that has no
        /// meaning as an escape, such as `\q`.
        case unknownEscape(String)
        /// A `)`, `]` or `}` with nothing open for it to close.
        case unmatchedClosing(Unicode.Scalar)
        /// A `(?` group form other than `(?:`, `(?<name>` and a leading
        /// `(?i)`, such as `(?m)` or `(?P<`.
        case unsupportedGroup(String)
    }
}

// MARK: - Messages

extension PatternError.Cause {
    /// The text shown to users: lowercase, no trailing period, pattern text in
    /// backticks.
    package var message: String {
        switch self {
        case .backreference:
            "backreferences are not supported (they cannot be matched in linear time)"
        case .emptyClass(let text):
            "empty character class `\(text)`"
        case .invalidClassRange(let text):
            "invalid range `\(text)` in character class"
        case .invalidEscape(let text):
            "invalid escape `\(text)`"
        case .invalidGroupName(let name):
            "invalid group name `\(name)`"
        case .lookaround:
            "lookaround is not supported"
        case .malformedRepetition(let text):
            "malformed repetition `\(text)`: expected `{n}`, `{n,}` or `{n,m}`"
        case .misplacedFlag(let text):
            "the `\(text)` flag is only allowed at the start of the pattern"
        case .nestingTooDeep(let limit):
            "groups are nested more than \(limit) deep"
        case .nothingToRepeat(let quantifier):
            "nothing to repeat before `\(quantifier)`"
        case .patternTooLarge(let limit):
            "pattern is too large: it compiles to more than \(limit) instructions"
        case .repeatedQuantifier(let quantifier):
            "quantifier `\(quantifier)` cannot follow another quantifier"
        case .repetitionBoundsReversed(let text):
            "invalid repetition bound `\(text)`"
        case .repetitionLimitExceeded(let text, let limit):
            "repetition bound in `\(text)` exceeds the limit of \(limit)"
        case .trailingBackslash:
            "pattern ends with an unfinished escape `\\`"
        case .unclosedClass:
            "unclosed character class"
        case .unclosedGroup:
            "unclosed group"
        case .unknownEscape(let text):
            "unknown escape `\(text)`"
        case .unmatchedClosing(let scalar):
            "unmatched `\(scalar)`"
        case .unsupportedGroup(let text):
            "unsupported group syntax `\(text)`"
        }
    }
}
