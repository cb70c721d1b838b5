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
