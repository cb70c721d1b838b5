/// What a run asks of the rules beyond what they say themselves, as
/// `maplang run`'s flags set it.
package struct CompileOptions: Sendable, Equatable {
    /// Leave out keys whose value is `null` wherever a model or field does
    /// not say otherwise, as if each file began with `nulls omit`
    /// (`--omit-nulls`).
    package var omittingNulls: Bool
    /// Treat the elements a `lossy` field would drop as errors of the
    /// record, as if no field were `lossy` (`--drops-fail`).
    package var dropsFail: Bool
    /// What to do with each value lenient coercion converts (`--warn-coercions`).
    package var coercions: CoercionAudit
    /// Count what the rules see in every record mapped forward (`--coverage`).
    package var countsCoverage: Bool

    /// Creates options; the defaults are the rules as written.
    package init(
        omittingNulls: Bool = false, dropsFail: Bool = false, coercions: CoercionAudit = .allow, countsCoverage: Bool = false
    ) {
        self.omittingNulls = omittingNulls
        self.dropsFail = dropsFail
        self.coercions = coercions
        self.countsCoverage = countsCoverage
    }
}

/// What a run does with a value that lenient coercion converts rather
/// than reads as its own type (`"100"` into an `Int`).
package enum CoercionAudit: Sendable, Equatable {
    /// Converts it quietly, as the rules say.
    case allow
    /// Converts it and reports a warning (`--warn-coercions`).
    case warn
    /// Refuses it: an error of its record (`--warn-coercions=error`).
    case refuse
}
