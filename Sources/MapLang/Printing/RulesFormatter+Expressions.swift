/// Checks and their expressions, with the parentheses the tree needs and those the source has.
extension RulesFormatter.Layout {
    /// How tightly an expression binds, loosest first, following the grammar's rules.
    enum Precedence: Int, Comparable {
        /// `if a then b else c`, which takes everything after `else`.
        case conditional
        /// `a or b`.
        case or
        /// `a and b`.
        case and
        /// `not a`.
        case not
        /// `a == b` and the other comparisons.
        case comparison
        /// `a ?? b`.
        case coalescing
        /// `a + b`, `a - b`.
        case additive
        /// `a * b`, `a / b`.
        case multiplicative
        /// A literal, a name, a call or a parenthesised expression.
        case operand

        static func < (left: Precedence, right: Precedence) -> Bool { left.rawValue < right.rawValue }
    }

    /// `check condition else "message"`.
    func written(_ check: CheckDecl) -> String {
        let message = check.message.map { " else " + RulesText.quoted($0, limit: nil) } ?? ""
        return "check " + written(check.condition, atLeast: .or) + message
    }

    /// An expression, in parentheses when its place needs something that
    /// binds more tightly or when the source has them around it.
    ///
    /// - Parameters:
    ///   - expr: The expression.
    ///   - required: The loosest precedence its place in the grammar takes
    ///     without parentheses: `a or (b or c)` keeps its parentheses because
    ///     the right operand of `or` must be an `and` expression or tighter.
    func written(_ expr: Expr, atLeast required: Precedence) -> String {
        let text: String
        switch expr.kind {
        case .literal(let literal):
            text = RulesFormatter.written(literal)
        case .reference(let path):
            text = path.map(\.name).joined(separator: ".")
        case .call(let name, let arguments):
            text = name.name + "(" + arguments.map { written($0, atLeast: .or) }.joined(separator: ", ") + ")"
        case .not(let operand):
            text = "not " + written(operand, atLeast: .not)
        case .binary(let op, let left, let right):
            switch op {
            case .or:
                text = written(left, atLeast: .or) + " or " + written(right, atLeast: .and)
            case .and:
                text = written(left, atLeast: .and) + " and " + written(right, atLeast: .not)
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
                text = written(left, atLeast: .coalescing) + " \(op.rawValue) " + written(right, atLeast: .coalescing)
            case .coalesce:
                text = written(left, atLeast: .coalescing) + " ?? " + written(right, atLeast: .additive)
            case .add, .subtract:
                text = written(left, atLeast: .additive) + " \(op.rawValue) " + written(right, atLeast: .multiplicative)
            case .multiply, .divide:
                text = written(left, atLeast: .multiplicative) + " \(op.rawValue) " + written(right, atLeast: .operand)
            }
        case .conditional(let condition, let whenTrue, let whenFalse):
            text = "if " + written(condition, atLeast: .or) + " then " + written(whenTrue, atLeast: .or) + " else "
                + written(whenFalse, atLeast: .or)
        case .input(let path):
            text = "$." + RulesFormatter.written(path)
        }
        return Self.precedence(of: expr) < required || isParenthesized(expr) ? "(" + text + ")" : text
    }

    /// How tightly an expression binds.
    static func precedence(of expr: Expr) -> Precedence {
        switch expr.kind {
        case .literal, .reference, .call, .input: .operand
        case .conditional: .conditional
        case .not: .not
        case .binary(let op, _, _):
            switch op {
            case .or: .or
            case .and: .and
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: .comparison
            case .coalesce: .coalescing
            case .add, .subtract: .additive
            case .multiply, .divide: .multiplicative
            }
        }
    }

    /// Whether the source has parentheses around an expression.
    ///
    /// The parser drops parentheses but widens the expression's span over
    /// them, so the span starts with `(` while nothing inside it does.
    func isParenthesized(_ expr: Expr) -> Bool {
        let span = expr.span
        guard byte(span.start) == UInt8(ascii: "("), byte(span.end - 1) == UInt8(ascii: ")") else { return false }
        switch expr.kind {
        case .binary(_, let left, _): return left.span.start > span.start
        case .literal, .reference, .call, .not, .conditional, .input: return true
        }
    }
}
