/// A built-in transformer's signature: what it accepts, what it produces,
/// and how its arguments compile into a `TransformStep`.
struct BuiltinTransformer: Sendable {
    /// Which transformer this is.
    let kind: Kind
    /// The name used in `using`.
    var name: String { kind.rawValue }
    /// The kinds of value it reads without coercion.
    let accepts: Set<ValueKind>
    /// The extra kinds it reads when coercion is on.
    let acceptsWhenLenient: Set<ValueKind>
    /// The kind of value it produces.
    let output: ValueKind
    /// What the transformer does, for documentation and `:help`.
    let summary: String

    /// The built-in transformers.
    enum Kind: String, Sendable {
        /// `iso8601`.
        case iso8601
        /// `timestamp`, `timestamp(ms)`.
        case timestamp
        /// `date("pattern")`.
        case date
        /// `url`.
        case url
        /// `string`.
        case string
        /// `number`.
        case number
        /// `bool`.
        case bool
        /// `trim`.
        case trim
        /// `lowercase`.
        case lowercase
        /// `uppercase`.
        case uppercase
    }

    /// The kinds it reads under the given coercion setting.
    func accepted(lenient: Bool) -> Set<ValueKind> {
        lenient ? accepts.union(acceptsWhenLenient) : accepts
    }

    /// Every built-in transformer, by name.
    static let named: [String: BuiltinTransformer] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// Every built-in transformer, in the order `grammar.md` lists them.
    static let all: [BuiltinTransformer] = [
        BuiltinTransformer(
            kind: .iso8601, accepts: [.text], acceptsWhenLenient: [], output: .date,
            summary: "reads an ISO-8601 date-time such as `2016-05-24T18:43:37Z`"),
        BuiltinTransformer(
            kind: .timestamp, accepts: [.number], acceptsWhenLenient: [.text], output: .date,
            summary: "reads a Unix timestamp in seconds, or milliseconds with `timestamp(ms)`"),
        BuiltinTransformer(
            kind: .date, accepts: [.text], acceptsWhenLenient: [], output: .date,
            summary: "reads a date in a fixed pattern, `date(\"yyyy-MM-dd HH:mm:ss\")`"),
        BuiltinTransformer(
            kind: .url, accepts: [.text], acceptsWhenLenient: [], output: .url,
            summary: "reads an absolute URL from a string"),
        BuiltinTransformer(
            kind: .string, accepts: [.text, .number, .boolean, .url, .date], acceptsWhenLenient: [], output: .text,
            summary: "writes a number, boolean, URL or date as a string"),
        BuiltinTransformer(
            kind: .number, accepts: [.text, .number], acceptsWhenLenient: [], output: .number,
            summary: "reads a number from a string such as `\"42\"`"),
        BuiltinTransformer(
            kind: .bool, accepts: [.boolean, .number, .text], acceptsWhenLenient: [], output: .boolean,
            summary: "reads `true`, `\"true\"`, `\"yes\"`, `1` and their opposites"),
        BuiltinTransformer(
            kind: .trim, accepts: [.text], acceptsWhenLenient: [.number, .boolean], output: .text,
            summary: "removes white space at both ends of a string"),
        BuiltinTransformer(
            kind: .lowercase, accepts: [.text], acceptsWhenLenient: [.number, .boolean], output: .text,
            summary: "folds a string to lower case"),
        BuiltinTransformer(
            kind: .uppercase, accepts: [.text], acceptsWhenLenient: [.number, .boolean], output: .text,
            summary: "folds a string to upper case"),
    ]
}
