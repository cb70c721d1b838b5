/// The scalars on either side of a position in the input.
struct PatternPosition {
    /// The scalar before the position, or `nil` at the start.
    var previous: Unicode.Scalar?
    /// The scalar after the position, or `nil` at the end.
    var current: Unicode.Scalar?

    /// Whether the position passes a zero-width test.
    func satisfies(_ assertion: PatternAssertion) -> Bool {
        switch assertion {
        case .start: previous == nil
        case .end: current == nil
        case .wordBoundary:
            PatternScalarSet.isWord(previous) != PatternScalarSet.isWord(current)
        case .nonWordBoundary:
            PatternScalarSet.isWord(previous) == PatternScalarSet.isWord(current)
        }
    }
}
