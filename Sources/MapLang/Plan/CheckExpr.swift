/// A compiled expression, evaluated over a record's mapped fields and its
/// input: the condition of a check, or the value of a computed field.
indirect enum CheckExpr: Sendable {
    /// A fixed value: a literal or an enum case name.
    case constant(MappedValue)
    /// A field's value: the field's index in its model, then the names of
    /// fields in nested models, looked up by key since a nested model's
    /// output may leave out keys (`nulls omit`).
    case field(Int, [String])
    /// `$.a.b`: a value of the record's input, as a scalar reads it
    /// (numbers as their exact text); `null` when absent.
    case input([KeyStep])
    /// The number of elements of an array or dictionary, or characters of a string.
    case count(CheckExpr)
    /// `string(x)`, `int(x)`, `double(x)`, `decimal(x)`: a value converted
    /// as a lenient field of that type converts it.
    case convert(CheckExpr, ValueType)
    /// Logical negation.
    case not(CheckExpr)
    /// Both sides true; the right is not evaluated when the left is false.
    case and(CheckExpr, CheckExpr)
    /// Either side true; the right is not evaluated when the left is true.
    case or(CheckExpr, CheckExpr)
    /// A comparison of two values.
    case compare(Comparison, CheckExpr, CheckExpr)
    /// `+ - * /` on numbers, both sides taken as the kind of the result.
    case arithmetic(ArithmeticOperator, CheckExpr, CheckExpr, NumberKind)
    /// `+` on two strings.
    case concatenate(CheckExpr, CheckExpr)
    /// `a ?? b`: the left side, or the right when the left is `null`.
    case coalesce(CheckExpr, CheckExpr)
    /// `if a then b else c`.
    case conditional(CheckExpr, CheckExpr, CheckExpr)
}

/// How a check compares two values.
enum Comparison: Sendable, Equatable {
    /// `==`.
    case equal
    /// `!=`.
    case notEqual
    /// `<`.
    case less
    /// `<=`.
    case lessOrEqual
    /// `>`.
    case greater
    /// `>=`.
    case greaterOrEqual
}

/// The arithmetic operators.
enum ArithmeticOperator: String, Sendable, Equatable {
    /// `+`.
    case add = "+"
    /// `-`.
    case subtract = "-"
    /// `*`.
    case multiply = "*"
    /// `/`.
    case divide = "/"
}

/// The kind of number an arithmetic expression gives.
enum NumberKind: Sendable, Equatable {
    /// A 64-bit integer; overflow is an error.
    case int
    /// A 64-bit binary floating-point number; a result that is not finite is an error.
    case double
    /// An exact decimal (see `DecimalDigits`).
    case decimal
}

extension CheckExpr {
    /// Adds the indices of the model's own fields the expression reads.
    func addFieldsRead(to fields: inout Set<Int>) {
        forEachPart {
            if case .field(let index, _) = $0 { fields.insert(index) }
        }
    }

    /// Whether the expression reads the record's input with `$.`.
    var readsInput: Bool {
        var found = false
        forEachPart { if case .input = $0 { found = true } }
        return found
    }

    /// Calls `body` with the expression and every expression inside it.
    func forEachPart(_ body: (CheckExpr) -> Void) {
        body(self)
        switch self {
        case .constant, .field, .input:
            break
        case .count(let operand), .not(let operand), .convert(let operand, _):
            operand.forEachPart(body)
        case .and(let left, let right), .or(let left, let right), .compare(_, let left, let right),
            .arithmetic(_, let left, let right, _), .concatenate(let left, let right), .coalesce(let left, let right):
            left.forEachPart(body)
            right.forEachPart(body)
        case .conditional(let condition, let whenTrue, let whenFalse):
            condition.forEachPart(body)
            whenTrue.forEachPart(body)
            whenFalse.forEachPart(body)
        }
    }
}
