/// A compiled pattern: a Thompson NFA written as a list of instructions.
///
/// A thread sits at one instruction. Consuming instructions (`scalar`,
/// `anyExceptNewline`, `set`) move it on by one input scalar; the others are
/// followed without consuming input while `PatternMatcher` builds the set of
/// live threads for a position.
struct PatternProgram: Sendable, Equatable {
    /// The instructions; execution starts at index 0.
    var instructions: [PatternInstruction]
    /// The character classes that `set` instructions refer to by index.
    var sets: [PatternScalarSet]
    /// Whether the pattern began with `(?i)`. Scalars in `scalar` instructions
    /// are then already case-folded.
    var ignoresCase: Bool
    /// Whether every match must start at the beginning of the input, as for
    /// `^abc` or `^a|^b`, so no new thread need start at later positions.
    var isAnchoredAtStart: Bool
}

extension PatternProgram {
    /// Whether a consuming instruction takes `scalar`; `folded` and `upper`
    /// are the scalar case-folded and uppercased, worked out once per scalar
    /// by the caller when the program ignores case. Other instructions take none.
    func consumes(_ instruction: PatternInstruction, _ scalar: Unicode.Scalar, folded: Unicode.Scalar, upper: Unicode.Scalar) -> Bool {
        switch instruction {
        case .scalar(let expected):
            return folded == expected
        case .anyExceptNewline:
            return scalar != "\n"
        case .set(let setIndex):
            let set = sets[setIndex]
            let inRanges = set.rangesContain(scalar) || (ignoresCase && (set.rangesContain(folded) || set.rangesContain(upper)))
            return inRanges != set.isNegated
        case .assertion, .jump, .split, .save, .match:
            return false
        }
    }
}

/// One step of a `PatternProgram`.
enum PatternInstruction: Sendable, Equatable {
    /// Consumes one scalar equal to this one (after case folding when the
    /// program ignores case).
    case scalar(Unicode.Scalar)
    /// Consumes any one scalar except `\n`.
    case anyExceptNewline
    /// Consumes one scalar that the set at this index in `sets` matches.
    case set(Int)
    /// Continues only if the position passes the test; consumes nothing.
    case assertion(PatternAssertion)
    /// Continues at another instruction.
    case jump(Int)
    /// Continues at both instructions.
    case split(Int, Int)
    /// Records the position in capture slot 0 (the first group's start) or
    /// 1 (its end); consumes nothing, and only `extract` looks at it.
    case save(Int)
    /// The input matches.
    case match
}
