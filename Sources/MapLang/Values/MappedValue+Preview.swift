extension MappedValue {
    /// The value as error messages show it: a string or URL quoted with its
    /// first 40 characters, a date as ISO-8601, anything else as the first 40
    /// characters of its compact JSON, with `…` where it was cut.
    var preview: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .date(let timestamp): timestamp.iso8601String
        case .string(let text), .url(let text): JSONWriter.preview(string: text)
        case .decimal, .array, .object: JSONWriter.preview { $0.write(self) }
        }
    }

    /// The value as a `Double`, when it is a number.
    var numericValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .decimal(let literal): JSONNumber(literal: literal).doubleValue
        case .null, .bool, .string, .date, .url, .array, .object: nil
        }
    }

    /// The exact digits of an integer or decimal value; `nil` for any other
    /// value, and for a decimal past `DecimalDigits.exponentLimit`.
    var exactDigits: DecimalDigits? {
        switch self {
        case .int(let value): DecimalDigits(literal: String(value))
        case .decimal(let literal): DecimalDigits(literal: literal)
        case .null, .bool, .double, .string, .date, .url, .array, .object: nil
        }
    }

    /// The value as an exact integer, when it is a whole number that fits in 64 bits.
    var integerValue: Int64? {
        switch self {
        case .int(let value): value
        case .decimal(let literal): JSONNumber(literal: literal).int64Value
        case .null, .bool, .double, .string, .date, .url, .array, .object: nil
        }
    }

    /// Compares two values the way rules and checks do: numbers by value
    /// (exactly when both are integers), strings by Unicode scalars, dates by
    /// instant; `nil` when they cannot be ordered.
    func compare(to other: MappedValue) -> ComparisonResult? {
        // Values of one kind that is not a number, first: what checks compare most.
        switch (self, other) {
        case (.string(let left), .string(let right)), (.url(let left), .url(let right)):
            return Self.order(of: left, right)
        case (.date(let left), .date(let right)):
            return left < right ? .ascending : left > right ? .descending : .same
        default:
            break
        }
        if let left = integerValue, let right = other.integerValue {
            return left < right ? .ascending : left > right ? .descending : .same
        }
        // Two exact numbers are compared exactly: a `Double` would take
        // 12345678901234567891 and …890 for one number.
        if let left = exactDigits, let right = other.exactDigits {
            let order = left.compared(to: right)
            return order < 0 ? .ascending : order > 0 ? .descending : .same
        }
        if let left = numericValue, let right = other.numericValue {
            return left < right ? .ascending : left > right ? .descending : .same
        }
        switch (self, other) {
        case (.bool(let left), .bool(let right)):
            return left == right ? .same : nil
        case (.null, .null):
            return .same
        default:
            return self == other ? .same : nil
        }
    }

    /// The order of two strings by their Unicode scalars, which is the
    /// order of their UTF-8 bytes; when the left's scalars are not the
    /// smaller, `same` for text equal as Unicode though its scalars differ.
    private static func order(of left: String, _ right: String) -> ComparisonResult {
        if left.utf8.elementsEqual(right.utf8) { return .same }
        return left.utf8.lexicographicallyPrecedes(right.utf8) ? .ascending : left == right ? .same : .descending
    }

    /// The order of two values.
    enum ComparisonResult {
        /// The first is smaller.
        case ascending
        /// They are equal.
        case same
        /// The first is larger.
        case descending
    }
}
