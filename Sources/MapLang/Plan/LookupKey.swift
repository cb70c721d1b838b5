/// A value an enum or table looks up: strings, numbers and booleans each have their own table.
enum LookupKey: Hashable, Sendable, CustomStringConvertible {
    /// A string input.
    case string(String)
    /// A number input, in canonical text.
    case number(String)
    /// A boolean input.
    case bool(Bool)

    /// The key a scalar value is looked up by: strings as they are, numbers
    /// by canonical text, booleans; `nil` for anything else.
    init?(_ value: MappedValue) {
        switch value {
        case .string(let text), .url(let text): self = .string(text)
        case .decimal(let literal): self = .number(NumberText.canonical(literal))
        case .int(let integer): self = .number(String(integer))
        case .double(let double): self = .number(NumberText.canonical(NumberText.json(double)))
        case .bool(let flag): self = .bool(flag)
        case .null, .date, .array, .object: return nil
        }
    }

    /// The key as the value reverse mapping writes back.
    var value: MappedValue {
        switch self {
        case .string(let text): .string(text)
        case .number(let text): .decimal(text)
        case .bool(let flag): .bool(flag)
        }
    }

    /// The input as the rules write it.
    var description: String {
        switch self {
        case .string(let text): JSONPath.quoted(text)
        case .number(let text): text
        case .bool(let value): value ? "true" : "false"
        }
    }
}
