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
