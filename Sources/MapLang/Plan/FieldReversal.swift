/// How a field's value is written back into source-shaped JSON by reverse
/// mapping: where, and through which inverse transformers.
struct FieldReversal: Sendable {
    /// The keys of the field's first key path, outermost first.
    var target: [String]
    /// The inverse of each pipeline stage that changes the value, last stage first.
    var inverse: [InverseStep]
    /// The field's default as JSON text: a value equal to it is left out.
    var defaultJSON: [UInt8]?
    /// The inverse of each stage that ran on the key's whole value, last
    /// stage first, applied once the scalars' inverses have run.
    var wholeInverse: [InverseStep] = []
}

/// The inverse of one transformer: from what it gives back to what it read.
///
/// Built-ins written back as they are (`BuiltinReversal.asIs`) have no step.
enum InverseStep: Sendable {
    /// A built-in's inverse, from its declaration.
    case builtin(name: String, inverse: @Sendable (MappedValue, BuiltinCall) -> Result<MappedValue, MappingProblem>)
    /// A table's output written as the preferred input that gives it, by
    /// index into `Plan.tables`.
    case table(Int)
    /// A transformer registered from Swift, through its inverse.
    case custom(name: String, inverse: @Sendable (MappedValue) throws -> MappedValue)
}
