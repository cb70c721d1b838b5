/// The static type of a check expression.
enum CheckType: Equatable {
    /// `true` or `false`.
    case bool
    /// Any number.
    case number
    /// A string.
    case string
    /// A date.
    case date
    /// A URL.
    case url
    /// A value of an enum, by index.
    case enumeration(Int)
    /// A nested model, by index.
    case model(Int)
    /// An array or dictionary.
    case collection
    /// A `JSON` field: comparable with anything for equality.
    case json
    /// The literal `null`.
    case null
    /// A bare name that is no field: it can only be an enum case, once compared with an enum.
    case caseName(String)
}

extension Checker {
    /// The functions check expressions may call.
    static let checkFunctions = ["count"]

    /// Compiles a model's `check`s against the fields of every model.
    mutating func compileChecks(
        _ name: String, members: [Sourced<ModelMember>], models: [ModelPlan], enums: [EnumPlan]
    ) -> [CheckPlan] {
        guard let modelIndex = modelDecls[name]?.index, modelIndex < models.count else { return [] }
        var checks: [CheckPlan] = []
        for member in members {
            guard case .check(let check) = member.decl else { continue }
            let saved = unit
            unit = member.unit
            defer { unit = saved }
            var context = CheckContext(models: models, enums: enums, model: modelIndex)
            guard let (condition, type) = compileExpr(check.condition, &context) else { continue }
            guard type == .bool else {
                report(.checkNotBoolean(found: describe(type, context)), at: check.condition.span)
                continue
            }
            let text = String(decoding: source.bytes[source.clamped(check.condition.span)], as: UTF8.self)
            checks.append(
                CheckPlan(
                    condition: condition, message: check.message ?? "check failed: `\(text)`",
                    site: site(check.span, "check")))
        }
        return checks
    }

    /// Compiles one expression, returning it with its static type.
    private mutating func compileExpr(_ expr: Expr, _ context: inout CheckContext) -> (CheckExpr, CheckType)? {
        switch expr.kind {
        case .literal(let literal):
            switch literal.kind {
            case .string(let text): return (.constant(.string(text)), .string)
            case .integer(let digits), .decimal(let digits): return (.constant(.decimal(digits)), .number)
            case .bool(let value): return (.constant(.bool(value)), .bool)
            case .null: return (.constant(.null), .null)
            case .word(let name): return resolveReference([Identifier(name, span: literal.span)], &context)
            case .array, .object, .range:
                report(.expectedScalar(context: "a check"), at: literal.span)
                return nil
            }
        case .reference(let names):
            return resolveReference(names, &context)
        case .call(let name, let arguments):
            guard name.name == "count" else {
                report(
                    .unknownFunction(name: name.name, suggestion: Suggestion.closest(to: name.name, among: Self.checkFunctions)),
                    at: name.span)
                return nil
            }
            guard arguments.count == 1 else {
                report(.invalidArguments(name: "count", expected: "one field"), at: expr.span)
                return nil
            }
            guard let (argument, type) = requireResolved(compileExpr(arguments[0], &context), arguments[0], context) else {
                return nil
            }
            guard type == .string || type == .collection || type == .json else {
                report(.checkOperandMismatch(operation: "`count`", found: describe(type, context)), at: arguments[0].span)
                return nil
            }
            return (.count(argument), .number)
        case .not(let operand):
            guard let (inner, type) = requireResolved(compileExpr(operand, &context), operand, context) else { return nil }
            guard type == .bool else {
                report(.checkOperandMismatch(operation: "`not`", found: describe(type, context)), at: operand.span)
                return nil
            }
            return (.not(inner), .bool)
        case .binary(let op, let left, let right):
            let lhs = compileExpr(left, &context)
            let rhs = compileExpr(right, &context)
            guard let lhs, let rhs else { return nil }
            return compileBinary(op, (lhs, left), (rhs, right), context)
        }
    }

    /// Type-checks `left op right`, resolving a bare case name against an enum on the other side.
    private mutating func compileBinary(
        _ op: BinaryOperator, _ left: ((CheckExpr, CheckType), Expr), _ right: ((CheckExpr, CheckType), Expr),
        _ context: CheckContext
    ) -> (CheckExpr, CheckType)? {
        guard let (lhs, leftType) = resolveCase(left.0, against: right.0.1, left.1, context),
            let (rhs, rightType) = resolveCase(right.0, against: left.0.1, right.1, context)
        else { return nil }
        guard let comparison = Self.comparison(op) else {
            for (type, expr) in [(leftType, left.1), (rightType, right.1)] where type != .bool {
                report(.checkOperandMismatch(operation: "`\(op.rawValue)`", found: describe(type, context)), at: expr.span)
                return nil
            }
            return (op == .and ? .and(lhs, rhs) : .or(lhs, rhs), .bool)
        }
        let comparable: Bool =
            switch comparison {
            case .equal, .notEqual:
                leftType == rightType || leftType == .null || rightType == .null || leftType == .json || rightType == .json
            case .less, .lessOrEqual, .greater, .greaterOrEqual:
                leftType == rightType && [CheckType.number, .string, .date].contains(leftType)
            }
        guard comparable else {
            report(
                .checkComparisonMismatch(left: describe(leftType, context), right: describe(rightType, context)),
                at: left.1.span.merged(with: right.1.span))
            return nil
        }
        return (.compare(comparison, lhs, rhs), .bool)
    }

    /// The comparison an operator compiles to; `nil` for `and` and `or`.
    private static func comparison(_ op: BinaryOperator) -> Comparison? {
        switch op {
        case .and, .or: nil
        case .equal: .equal
        case .notEqual: .notEqual
        case .less: .less
        case .lessOrEqual: .lessOrEqual
        case .greater: .greater
        case .greaterOrEqual: .greaterOrEqual
        }
    }

    /// Turns a bare case name into a constant when the other side is an enum; reports it as an unknown field otherwise.
    private mutating func resolveCase(
        _ side: (CheckExpr, CheckType), against other: CheckType, _ expr: Expr, _ context: CheckContext
    ) -> (CheckExpr, CheckType)? {
        guard case .caseName(let name) = side.1 else { return side }
        if case .enumeration(let index) = other {
            let plan = context.enums[index]
            if plan.cases.contains(name) { return (.constant(.string(name)), other) }
            let suggestion = suggestion(for: name) { _ in plan.cases }
            report(
                .unknownEnumCase(name: name, enumName: plan.name, suggestion: suggestion),
                at: expr.span)
            return nil
        }
        reportUnknownField(name, span: expr.span, model: context.models[context.model])
        return nil
    }

    /// An operand that must be a field or literal: a bare name that is no field is reported here.
    private mutating func requireResolved(
        _ result: (CheckExpr, CheckType)?, _ expr: Expr, _ context: CheckContext
    ) -> (CheckExpr, CheckType)? {
        guard let result else { return nil }
        if case .caseName(let name) = result.1 {
            reportUnknownField(name, span: expr.span, model: context.models[context.model])
            return nil
        }
        return result
    }

    /// Resolves `a` or `a.b.c` to a field, or leaves a single bare name as a possible case name.
    private mutating func resolveReference(_ names: [Identifier], _ context: inout CheckContext) -> (CheckExpr, CheckType)? {
        var model = context.models[context.model]
        var first: Int?
        var type = CheckType.null
        for (position, name) in names.enumerated() {
            guard let index = model.fieldIndex[name.name] else {
                if names.count == 1 { return (.constant(.null), .caseName(name.name)) }
                reportUnknownField(name.name, span: name.span, model: model)
                return nil
            }
            first = first ?? index
            type = CheckType(model.fields[index].type)
            if position < names.count - 1 {
                guard case .model(let nested) = type else {
                    report(.notAModelField(field: name.name), at: name.span)
                    return nil
                }
                model = context.models[nested]
            }
        }
        guard let first else { return nil }
        return (.field(first, names.dropFirst().map(\.name)), type)
    }

    /// Reports a name that is not a field of the model.
    private mutating func reportUnknownField(_ name: String, span: Span, model: ModelPlan?) {
        let suggestion = suggestion(for: name) { _ in model?.fields.map(\.name) ?? [] }
        report(
            .unknownField(name: name, model: model?.name, suggestion: suggestion),
            at: span)
    }

    /// A check type as messages name it.
    private func describe(_ type: CheckType, _ context: CheckContext) -> String {
        switch type {
        case .bool: "a Bool"
        case .number: "a number"
        case .string: "a String"
        case .date: "a Date"
        case .url: "a URL"
        case .enumeration(let index): "a `\(context.enums[index].name)`"
        case .model(let index): "a `\(context.models[index].name)`"
        case .collection: "an array or dictionary"
        case .json: "a JSON value"
        case .null: "null"
        case .caseName(let name): "`\(name)`"
        }
    }
}

/// What a check is compiled against.
struct CheckContext {
    /// Every model's fields.
    let models: [ModelPlan]
    /// Every enum.
    let enums: [EnumPlan]
    /// The model the check belongs to.
    let model: Int
}

extension CheckType {
    /// The check type of a field's type.
    init(_ type: ValueType) {
        switch type {
        case .string: self = .string
        case .int, .double, .decimal: self = .number
        case .bool: self = .bool
        case .date: self = .date
        case .url: self = .url
        case .json, .choice: self = .json
        case .model(let index): self = .model(index)
        case .enumeration(let index): self = .enumeration(index)
        case .array, .dictionary: self = .collection
        case .optional(let wrapped): self = CheckType(wrapped)
        }
    }
}
