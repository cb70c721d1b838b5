extension CheckExpr {
    /// Whether the condition holds for a record's field values; `null` counts as false.
    func holds(for fields: [MappedValue]) -> Bool {
        evaluate(fields) == .bool(true)
    }

    /// The expression's value for a record's field values, in declaration order.
    func evaluate(_ fields: [MappedValue]) -> MappedValue {
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
        case .count(let operand):
            return operand.evaluate(fields).length.map { .int(Int64($0)) } ?? .null
        case .not(let operand):
            guard case .bool(let flag) = operand.evaluate(fields) else { return .null }
            return .bool(!flag)
        case .and(let left, let right):
            return .bool(left.holds(for: fields) && right.holds(for: fields))
        case .or(let left, let right):
            return .bool(left.holds(for: fields) || right.holds(for: fields))
        case .compare(let op, let left, let right):
            let order = left.evaluate(fields).compare(to: right.evaluate(fields))
            switch op {
            case .equal: return .bool(order == .same)
            case .notEqual: return .bool(order != .same)
            case .less: return .bool(order == .ascending)
            case .lessOrEqual: return .bool(order == .ascending || order == .same)
            case .greater: return .bool(order == .descending)
            case .greaterOrEqual: return .bool(order == .descending || order == .same)
            }
        }
    }
}
