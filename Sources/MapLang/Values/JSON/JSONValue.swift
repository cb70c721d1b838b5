/// A JSON value as read from input.
///
/// Numbers keep their literal text and objects keep their keys in input
/// order, so nothing the input said is lost before mapping.
///
/// Equality is exact: strings and keys compare by their Unicode scalars, so
/// `"é"` precomposed and `"e\u0301"` differ, as they do in JSON; numbers
/// compare by their literals.
package enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its exact literal.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object, its members in input order.
    case object(JSONObject)

    /// Whether two values are the same JSON, comparing strings by their Unicode scalars.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.string(let left), .string(let right)): ExactKey.equal(left, right)
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _): false
        }
    }

    /// The value under a key when this is an object that has it, otherwise `nil`.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at an index when this is an array that long, otherwise `nil`.
    package subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The kind of value with its article, for messages: `a string`, `an array`, `null`.
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as messages show it: a string quoted with its first 40
    /// characters, anything else as the first 40 characters of its compact
    /// JSON, with `…` where it was cut.
    package var preview: String {
        if case .string(let text) = self { return JSONWriter.preview(string: text) }
        return JSONWriter.preview { $0.write(self) }
    }
}
