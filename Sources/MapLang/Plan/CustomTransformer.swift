/// A transformer written in Swift and registered when rules are compiled,
/// used in rules files exactly like a built-in: `using trim | slug`.
///
/// ```swift
/// let slug = CustomTransformer(name: "slug", input: .text, output: .text) { value in
///     .string(value.stringValue!.lowercased().split(separator: " ").joined(separator: "-"))
/// }
/// let rules = try Rules(source: source, transformers: [slug])
/// ```
///
/// The checker treats it like a built-in: a stage before it must produce
/// its `input` kind, the stage or field after it must take its `output`
/// kind, and a name no built-in, table, `transform` or registered
/// transformer has is still an error.
public struct CustomTransformer: Sendable {
    /// The name rules files call it by.
    public let name: String
    /// The kind of value it reads; `.json` for any.
    public let input: ValueKind
    /// The kind of value it gives.
    public let output: ValueKind
    /// Turns one value into another. A thrown error rejects the value, with
    /// the error's description as the reason.
    public let transform: @Sendable (MappedValue) throws -> MappedValue
    /// Turns an output back into the input, for reverse mapping; `nil` when
    /// the transformer cannot be reversed.
    public let inverse: (@Sendable (MappedValue) throws -> MappedValue)?

    /// Creates a transformer.
    ///
    /// - Parameters:
    ///   - name: The name rules files call it by; it may not be a built-in's.
    ///   - input: The kind of value it reads. Strings arrive as `.string`,
    ///     numbers from the input as `.decimal` with their exact digits,
    ///     booleans as `.bool`, an earlier stage's dates and URLs as `.date`
    ///     and `.url`.
    ///   - output: The kind of value it gives: `.string` for `.text`, any
    ///     number case for `.number`, `.bool`, `.date`, `.url`, or any value
    ///     for `.json`. A value of another kind is rejected at run time.
    ///   - inverse: The way back, for reverse mapping, if there is one.
    ///   - transform: The conversion.
    public init(
        name: String, input: ValueKind, output: ValueKind,
        inverse: (@Sendable (MappedValue) throws -> MappedValue)? = nil,
        transform: @escaping @Sendable (MappedValue) throws -> MappedValue
    ) {
        self.name = name
        self.input = input
        self.output = output
        self.inverse = inverse
        self.transform = transform
    }

    /// The kinds of value a stage before it may produce.
    var accepts: Set<ValueKind> {
        input == .json ? [.json, .text, .number, .boolean, .date, .url] : [input]
    }
}
