/// How a field's value is written back into source-shaped JSON by reverse
/// mapping: where, and through which inverse transformers.
struct FieldReversal: Sendable {
    /// The keys of the field's first key path, outermost first.
    var target: [String]
    /// The inverse of each pipeline stage that changes the value, last stage first.
    var inverse: [InverseStep]
    /// The field's default as JSON text: a value equal to it is left out.
    var defaultJSON: [UInt8]?
}

/// The inverse of one transformer: from what it gives back to what it read.
///
/// Transformers that only normalise (`trim`, `lowercase`, `uppercase`) or
/// change a value's JSON kind the way forward mapping undoes (`string`,
/// `number`, `bool`) have no step: the value is written as it is.
enum InverseStep: Sendable {
    /// A date written as ISO-8601, which `iso8601` reads.
    case iso8601
    /// A date written as a Unix timestamp in the unit `timestamp` read.
    case timestamp(TimestampUnit)
    /// A date written in the pattern `date("…")` read.
    case datePattern(DatePattern)
    /// A URL written as its string.
    case url
    /// A table's output written as the preferred input that gives it, by
    /// index into `Plan.tables`.
    case table(Int)
    /// A transformer registered from Swift, through its inverse.
    case custom(name: String, inverse: @Sendable (MappedValue) throws -> MappedValue)
}
