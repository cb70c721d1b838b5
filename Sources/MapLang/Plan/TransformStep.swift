/// One compiled transformer in a field's pipeline.
///
/// User-declared `transform`s are expanded into these by the checker, and
/// tables are resolved to their index, so applying a pipeline is a loop over
/// an array of plain values.
enum TransformStep: Sendable {
    /// `trim`: removes white space and line breaks at both ends of a string.
    case trim
    /// `lowercase`: folds a string to lower case.
    case lowercase
    /// `uppercase`: folds a string to upper case.
    case uppercase
    /// `iso8601`: reads an ISO-8601 date-time string.
    case iso8601
    /// `timestamp`, `timestamp(ms)`: reads a Unix timestamp.
    case timestamp(TimestampUnit)
    /// `date("pattern")`: reads a date written in a fixed pattern.
    case datePattern(DatePattern, source: String)
    /// `url`: reads an absolute URL from a string.
    case url
    /// `string`: writes a number or boolean as a string.
    case string
    /// `number`: reads a number from a string.
    case number
    /// `bool`: reads `true`/`false`, `"true"`/`"yes"`/`"no"`…, or `1`/`0`.
    case bool
    /// A user-declared `table`, by index into `Plan.tables`.
    case table(Int)
    /// A transformer registered from Swift.
    case custom(CustomTransformer)
}
