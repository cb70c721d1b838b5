/// A resolved field type: what the checker makes of a `TypeRef`.
///
/// Models and enums are referred to by their index in the `Plan`, so a type
/// can refer to its own model (a comment whose replies are comments).
indirect enum ValueType: Sendable, Equatable {
    /// `String`.
    case string
    /// `Int`: a 64-bit integer, exact.
    case int
    /// `Double`: a finite binary floating-point number.
    case double
    /// `Decimal`: a number kept as its exact digits.
    case decimal
    /// `Bool`.
    case bool
    /// `Date`: an instant, written as ISO-8601 UTC.
    case date
    /// `URL`: an absolute URL, written as a string.
    case url
    /// `Data`: bytes, read and written as base64 text.
    case data
    /// `JSON`: any value, passed through untouched.
    case json
    /// A model, by index into `Plan.models`.
    case model(Int)
    /// An enum, by index into `Plan.enums`.
    case enumeration(Int)
    /// One of several models chosen by a discriminator, by index into `Plan.choices`.
    case choice(Int)
    /// `[Element]`.
    case array(ValueType)
    /// `[String: Value]`.
    case dictionary(ValueType)
    /// `Wrapped?`.
    case optional(ValueType)

    /// The type without its outermost `?`.
    var unwrapped: ValueType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether `null` is a valid value.
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type that transformers and rules apply to: arrays and dictionaries
    /// pass them on to their elements.
    var elementType: ValueType {
        switch self {
        case .array(let element), .dictionary(let element): element.unwrapped.elementType
        case .optional(let wrapped): wrapped.elementType
        case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .model, .enumeration, .choice: self
        }
    }

    /// Whether the values are objects of models: a model, a choice, or
    /// arrays and dictionaries of them.
    var holdsModels: Bool {
        switch elementType {
        case .model, .choice: true
        case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .enumeration, .array, .dictionary, .optional: false
        }
    }

    /// The built-in types by the name they are written with.
    static let builtins: [String: ValueType] = [
        "String": .string, "Int": .int, "Double": .double, "Decimal": .decimal, "Bool": .bool,
        "Date": .date, "URL": .url, "Data": .data, "JSON": .json,
    ]
}

/// What a value is, as far as transformers are concerned: the checker tracks
/// these through a pipeline to catch a transformer applied to the wrong input.
public enum ValueKind: String, Sendable, Equatable, CustomStringConvertible {
    /// Any JSON value: what a key holds before any transformer has run.
    case json = "JSON"
    /// A string.
    case text = "String"
    /// A number.
    case number = "number"
    /// A boolean.
    case boolean = "Bool"
    /// A date.
    case date = "Date"
    /// A URL.
    case url = "URL"
    /// Bytes, as base64 text.
    case data = "Data"

    /// The kind's name in messages.
    public var description: String { rawValue }
}

extension ValueType {
    /// The type as rules write it, `[String: Int]?`, with each declared
    /// type's name, by its index, given by `models`, `enums` and `choices`.
    func written(models: (Int) -> String, enums: (Int) -> String, choices: (Int) -> String) -> String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .decimal: "Decimal"
        case .bool: "Bool"
        case .date: "Date"
        case .url: "URL"
        case .data: "Data"
        case .json: "JSON"
        case .model(let index): models(index)
        case .enumeration(let index): enums(index)
        case .choice(let index): choices(index)
        case .array(let element): "[\(element.written(models: models, enums: enums, choices: choices))]"
        case .dictionary(let value): "[String: \(value.written(models: models, enums: enums, choices: choices))]"
        case .optional(let wrapped): wrapped.written(models: models, enums: enums, choices: choices) + "?"
        }
    }
}
