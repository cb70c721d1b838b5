extension CheckExpr {
    /// Whether the condition holds for a record's field values; `null` counts as false.
    ///
    /// Conditions joined by `and`, `or` and `not`, and comparisons, are
    /// decided as they are evaluated, with no value made for their result.
    ///
    /// - Throws: The problem of arithmetic that cannot be worked out, or
    ///   of a conversion that cannot read its value (see `evaluate`).
    func holds(for fields: [MappedValue], input: JSONObject?) throws(MappingProblem) -> Bool {
        switch self {
        case .and(let left, let right):
            guard try left.holds(for: fields, input: input) else { return false }
            return try right.holds(for: fields, input: input)
        case .or(let left, let right):
            if try left.holds(for: fields, input: input) { return true }
            return try right.holds(for: fields, input: input)
        case .not(let operand):
            return try operand.evaluate(fields, input: input) == .bool(false)
        case .compare(let op, let left, let right):
            return op.holds(for: try left.evaluate(fields, input: input).compare(to: right.evaluate(fields, input: input)))
        case .constant, .field, .input, .count, .convert, .arithmetic, .concatenate, .coalesce, .conditional:
            return try evaluate(fields, input: input) == .bool(true)
        }
    }

    /// The expression's value for a record's field values, in declaration
    /// order, and its input object, when it is at hand.
    ///
    /// `null` goes through arithmetic, joining and conversion as `null`,
    /// so `a + b` is `null` when either is; `??` gives a value in its place.
    ///
    /// - Throws: `MappingProblem.arithmeticFailed` for an `Int` that
    ///   overflows, a division by zero, a `Double` that is not finite or a
    ///   `Decimal` past its digits; the conversion's problem for a value
    ///   `int(…)`, `double(…)` or `decimal(…)` cannot read.
    func evaluate(_ fields: [MappedValue], input: JSONObject?) throws(MappingProblem) -> MappedValue {
        switch self {
        case .constant(let value):
            return value
        case .field(let index, let path):
            var value = fields[index]
            for key in path {
                guard case .object(let object) = value else { return .null }
                value = object[key] ?? .null
            }
            return value
        case .input(let steps):
            guard let input else { return .null }
            return Self.read(steps, in: input)
        case .count(let operand):
            return try operand.evaluate(fields, input: input).length.map { .int(Int64($0)) } ?? .null
        case .convert(let operand, let type):
            let value = try operand.evaluate(fields, input: input)
            guard value != .null else { return .null }
            return try Self.convert(value, to: type)
        case .not(let operand):
            guard case .bool(let flag) = try operand.evaluate(fields, input: input) else { return .null }
            return .bool(!flag)
        case .and, .or, .compare:
            return .bool(try holds(for: fields, input: input))
        case .arithmetic(let op, let left, let right, let kind):
            let (a, b) = (try left.evaluate(fields, input: input), try right.evaluate(fields, input: input))
            guard a != .null, b != .null else { return .null }
            return try Arithmetic.apply(op, a, b, as: kind)
        case .concatenate(let left, let right):
            guard case .string(let a) = try left.evaluate(fields, input: input),
                case .string(let b) = try right.evaluate(fields, input: input)
            else { return .null }
            return .string(a + b)
        case .coalesce(let left, let right):
            let value = try left.evaluate(fields, input: input)
            return value == .null ? try right.evaluate(fields, input: input) : value
        case .conditional(let condition, let whenTrue, let whenFalse):
            return try condition.holds(for: fields, input: input)
                ? whenTrue.evaluate(fields, input: input) : whenFalse.evaluate(fields, input: input)
        }
    }

    /// The value at a key path of the input: a scalar as transformers see
    /// it, an array or object as JSON, `null` when a step finds nothing.
    private static func read(_ steps: [KeyStep], in input: JSONObject) -> MappedValue {
        var value = JSONValue.object(input)
        for step in steps {
            switch (step, value) {
            case (.key(let key), .object(let object)):
                guard let next = object[key] else { return .null }
                value = next
            case (.index(let index), .array(let items)):
                let position = index < 0 ? items.count + index : index
                guard items.indices.contains(position) else { return .null }
                value = items[position]
            default:
                return .null
            }
        }
        return value.scalarValue ?? value.mappedValue
    }

    /// `string(…)`, `int(…)`, `double(…)` or `decimal(…)` of a value: its
    /// text, or what a lenient field of the type reads from it.
    private static func convert(_ value: MappedValue, to type: ValueType) throws(MappingProblem) -> MappedValue {
        let scalar: MappedValue
        switch value {
        case .int(let integer): scalar = .decimal(String(integer))
        case .double, .decimal: scalar = .decimal(String(decoding: JSONWriter.serialize(value), as: UTF8.self))
        case .date(let timestamp): scalar = .string(timestamp.iso8601String)
        case .url(let text): scalar = .string(text)
        case .null, .bool, .string, .array, .object: scalar = value
        }
        if type == .string {
            switch scalar {
            case .decimal(let text): return .string(text)
            case .bool(let flag): return .string(flag ? "true" : "false")
            default: break
            }
        }
        switch Coercion.convert(scalar, to: type, lenient: true, enums: []) {
        case .success(let converted): return converted
        case .failure(let problem): throw problem
        }
    }
}

extension Comparison {
    /// Whether two values in the order `order` (`nil` when they have
    /// none) satisfy the comparison.
    func holds(for order: MappedValue.ComparisonResult?) -> Bool {
        switch self {
        case .equal: order == .same
        case .notEqual: order != .same
        case .less: order == .ascending
        case .lessOrEqual: order == .ascending || order == .same
        case .greater: order == .descending
        case .greaterOrEqual: order == .descending || order == .same
        }
    }
}
