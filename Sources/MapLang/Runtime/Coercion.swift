/// Converts a scalar to a field's type, following the coercion table in `grammar.md`.
///
/// With coercion off (`strict`) a value must already be of the field's JSON
/// type; dates and URLs are always read from their usual JSON forms, since
/// JSON has no type of its own for them.
enum Coercion {
    /// Converts `value` (a string, a number as `.decimal` literal text, a
    /// boolean, or a transformer's date or URL) to `type`.
    static func convert(
        _ value: MappedValue, to type: ValueType, lenient: Bool, enums: [EnumPlan]
    ) -> Result<MappedValue, MappingProblem> {
        // Built only on the way out of a failure: a preview costs more than a conversion.
        var failure: MappingProblem { .typeMismatch(expected: expectation(for: type, enums: enums), found: value.preview) }
        switch (type, value) {
        case (.string, .string), (.url, .url), (.date, .date), (.bool, .bool), (.decimal, .decimal):
            return .success(value)
        case (.string, .url(let text)):
            return .success(.string(text))
        case (.string, .date(let timestamp)):
            return .success(.string(timestamp.iso8601String))
        case (.string, .decimal(let literal)) where lenient:
            return .success(.string(literal))
        case (.string, .bool(let flag)) where lenient:
            return .success(.string(flag ? "true" : "false"))
        case (.int, .decimal(let literal)):
            if let integer = integer(literal, lenient: lenient) { return .success(.int(integer)) }
            // Strict reads only an integer literal; lenient, any whole number.
            let number = JSONNumber(literal: literal)
            if lenient ? number.isWhole : number.isInteger { return .failure(.integerOutOfRange(found: literal)) }
            return .failure(lenient ? .notAnInteger(found: literal) : failure)
        case (.int, .string(let text)) where lenient:
            guard let literal = NumberText.literal(in: text) else { return .failure(failure) }
            if let integer = integer(literal, lenient: true) { return .success(.int(integer)) }
            return .failure(
                JSONNumber(literal: literal).isWhole ? .integerOutOfRange(found: value.preview) : .notAnInteger(found: value.preview))
        case (.double, .decimal(let literal)):
            return double(literal)
        case (.double, .string(let text)) where lenient:
            return NumberText.literal(in: text).map(double) ?? .failure(failure)
        case (.decimal, .string(let text)) where lenient:
            return NumberText.literal(in: text).map { .success(.decimal($0)) } ?? .failure(failure)
        case (.bool, .decimal), (.bool, .string):
            return lenient ? BooleanWords.read(value).map { .success(.bool($0)) } ?? .failure(failure) : .failure(failure)
        case (.date, .string(let text)):
            do {
                return .success(.date(try ISO8601DateParser.parse(text)))
            } catch {
                return .failure(.invalidValue(transformer: "iso8601", found: value.preview, reason: error.message))
            }
        case (.date, .decimal(let literal)):
            do {
                return .success(.date(try UnixTimestamp.timestamp(fromLiteral: literal, unit: .seconds)))
            } catch {
                return .failure(.invalidValue(transformer: "timestamp", found: literal, reason: error.message))
            }
        case (.url, .string(let text)):
            if let reason = URLValidator.problem(with: text) {
                return .failure(.invalidValue(transformer: "url", found: value.preview, reason: reason))
            }
            return .success(.url(text))
        case (.data, .string(let text)):
            // Kept as its standard, padded base64 text, which output writes.
            do throws(Base64.Problem) {
                return .success(.string(try Base64.canonical(text)))
            } catch {
                return .failure(.invalidValue(transformer: "Data", found: value.preview, reason: error.reason))
            }
        case (.enumeration(let index), _):
            return enumCase(value, enums[index], lenient: lenient)
        case (.json, _):
            return .success(value)
        case (.optional(let wrapped), _):
            return value == .null ? .success(.null) : convert(value, to: wrapped, lenient: lenient, enums: enums)
        case (.string, _), (.int, _), (.double, _), (.decimal, _), (.bool, _), (.date, _), (.url, _), (.data, _), (.model, _),
            (.choice, _), (.array, _), (.dictionary, _):
            return .failure(failure)
        }
    }

    /// Whether `convert` with coercion on turns `value` into `type` by
    /// coercion rather than reading it as its own type: a number or boolean
    /// into a `String`, a string or a number with a fraction or exponent
    /// (`1.0`) into an `Int`, a string into a `Double` or `Decimal`, a
    /// number or word into a `Bool`, a value an enum lists only in another
    /// JSON type (`1` for `"1"`), and, when the value is `read` straight
    /// from the input with no transformer, a string or number into a `Date`.
    static func isCoercion(_ value: MappedValue, to type: ValueType, read: Bool, enums: [EnumPlan]) -> Bool {
        switch (type, value) {
        case (.string, .decimal), (.string, .bool), (.int, .string), (.double, .string), (.decimal, .string), (.bool, .decimal),
            (.bool, .string):
            return true
        case (.int, .decimal(let literal)):
            return !JSONNumber(literal: literal).isInteger
        case (.date, .string), (.date, .decimal):
            return read
        case (.enumeration(let index), _):
            return enums[index].inputs.find(value, lenient: false) == nil && enums[index].inputs.find(value, lenient: true) != nil
        case (.optional(let wrapped), _):
            return isCoercion(value, to: wrapped, read: read, enums: enums)
        case (.string, _), (.int, _), (.double, _), (.decimal, _), (.bool, _), (.date, _), (.url, _), (.data, _), (.json, _),
            (.model, _), (.choice, _), (.array, _), (.dictionary, _):
            return false
        }
    }

    /// A scalar type's name as rules write it, for messages: `Int`, an enum's name.
    static func name(of type: ValueType, enums: [EnumPlan]) -> String {
        // Only scalars are converted, so no model or choice is named.
        type.unwrapped.written(models: { _ in "model" }, enums: { enums[$0].name }, choices: { _ in "choice" })
    }

    /// What a field of this type expects, for messages: "a string", "an integer".
    static func expectation(for type: ValueType, enums: [EnumPlan]) -> String {
        switch type {
        case .string: "a string"
        case .int: "an integer"
        case .double, .decimal: "a number"
        case .bool: "a boolean"
        case .date: "a date (an ISO-8601 string or a Unix timestamp)"
        case .url: "a URL string"
        case .data: "base64 text"
        case .json: "a JSON value"
        case .model, .choice: "an object"
        case .enumeration(let index): "a value of `\(enums[index].name)`"
        case .array: "an array"
        case .dictionary: "an object"
        case .optional(let wrapped): expectation(for: wrapped, enums: enums)
        }
    }

    /// The exact integer a literal stands for; in lenient mode `3.0` and `3e2` count too.
    private static func integer(_ literal: String, lenient: Bool) -> Int64? {
        let number = JSONNumber(literal: literal)
        return lenient ? number.integralInt64Value : number.int64Value
    }

    /// A finite `Double` from a literal.
    private static func double(_ literal: String) -> Result<MappedValue, MappingProblem> {
        let value = JSONNumber(literal: literal).doubleValue
        return value.isFinite ? .success(.double(value)) : .failure(.notFinite(found: literal))
    }

    /// Looks a value up in an enum.
    private static func enumCase(_ value: MappedValue, _ plan: EnumPlan, lenient: Bool) -> Result<MappedValue, MappingProblem> {
        let index = plan.inputs.find(value, lenient: lenient)
        if let found = index ?? plan.defaultCase { return .success(.string(plan.cases[found])) }
        return .failure(.unknownEnumValue(enumName: plan.name, found: value.preview, known: plan.inputDescriptions))
    }
}
