/// The static type of a check expression.
enum CheckType: Equatable {
    /// `true` or `false`.
    case bool
    /// A 64-bit integer: an `Int` field, a count, a whole literal that fits.
    case int
    /// A `Double` field, or `double(…)`.
    case double
    /// A `Decimal` field, a literal with a fraction or exponent, or a quotient.
    case decimal
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

    /// Whether the type is a number of any kind.
    var isNumber: Bool { self == .int || self == .double || self == .decimal }
}

extension Checker {
    /// The functions expressions may call, and the type each conversion gives.
    static let checkFunctions = ["count", "string", "int", "double", "decimal"]
    /// The conversions among the functions, and the field type each converts as.
    static let conversions: [String: (ValueType, CheckType)] = [
        "string": (.string, .string), "int": (.int, .int), "double": (.double, .double), "decimal": (.decimal, .decimal),
    ]

    /// Compiles a model's `check`s against the fields of every model.
    mutating func compileChecks(
        _ name: String, members: [Sourced<ModelMember>], models: [ModelPlan], enums: [EnumPlan]
    ) -> [CheckPlan] {
        guard let modelIndex = modelDecls[name]?.index, modelIndex < models.count else { return [] }
        var checks: [CheckPlan] = []
        for member in members {
            guard case .check(let check) = member.decl else { continue }
            let saved = (unit, inheritingModel)
            (unit, inheritingModel) = (member.unit, member.inherited ? name : nil)
            defer { (unit, inheritingModel) = saved }
            var context = CheckContext(models: models, enums: enums, model: modelIndex)
            guard let (condition, type) = requireResolved(compileExpr(check.condition, &context), check.condition, context) else {
                continue
            }
            guard type == .bool else {
                report(.checkNotBoolean(found: describeType(type, context)), at: check.condition.span)
                continue
            }
            if condition.readsInput { reportIrreversible(.irreversibleInputCheck, at: check.span) }
            let text = String(decoding: source.bytes[source.clamped(check.condition.span)], as: UTF8.self)
            checks.append(
                CheckPlan(
                    condition: condition, message: check.message ?? "check failed: `\(text)`",
                    site: site(check.span, "check")))
        }
        return checks
    }

    /// Compiles one expression, returning it with its static type.
    mutating func compileExpr(_ expr: Expr, _ context: inout CheckContext) -> (CheckExpr, CheckType)? {
        switch expr.kind {
        case .literal(let literal):
            switch literal.kind {
            case .string(let text): return (.constant(.string(text)), .string)
            case .integer(let digits):
                if let value = Int64(digits) { return (.constant(.int(value)), .int) }
                return (.constant(.decimal(digits)), .decimal)
            case .decimal(let digits): return (.constant(.decimal(digits)), .decimal)
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
            return compileCall(name, arguments, span: expr.span, &context)
        case .not(let operand):
            guard let (inner, type) = requireResolved(compileExpr(operand, &context), operand, context) else { return nil }
            guard type == .bool else {
                report(.checkOperandMismatch(operation: "`not`", found: describeType(type, context)), at: operand.span)
                return nil
            }
            return (.not(inner), .bool)
        case .binary(let op, let left, let right):
            let lhs = compileExpr(left, &context)
            let rhs = compileExpr(right, &context)
            guard let lhs, let rhs else { return nil }
            return compileBinary(op, (lhs, left), (rhs, right), context)
        case .conditional(let condition, let whenTrue, let whenFalse):
            let test = requireResolved(compileExpr(condition, &context), condition, context)
            let yes = requireResolved(compileExpr(whenTrue, &context), whenTrue, context)
            let no = requireResolved(compileExpr(whenFalse, &context), whenFalse, context)
            guard let test, let yes, let no else { return nil }
            guard test.1 == .bool else {
                report(.checkOperandMismatch(operation: "`if`", found: describeType(test.1, context)), at: condition.span)
                return nil
            }
            guard let type = Self.unified(yes.1, no.1) else {
                report(
                    .operandsMismatch(operation: "`if`", left: describeType(yes.1, context), right: describeType(no.1, context)),
                    at: whenTrue.span.merged(with: whenFalse.span))
                return nil
            }
            return (.conditional(test.0, yes.0, no.0), type)
        case .input(let path):
            let steps = compileKeyPath(path).steps
            return (.input(steps), .json)
        }
    }

    /// Compiles a call: `count(x)`, or a conversion `string(x)`, `int(x)`, `double(x)`, `decimal(x)`.
    private mutating func compileCall(
        _ name: Identifier, _ arguments: [Expr], span: Span, _ context: inout CheckContext
    ) -> (CheckExpr, CheckType)? {
        let conversion = Self.conversions[name.name]
        guard name.name == "count" || conversion != nil else {
            report(
                .unknownFunction(name: name.name, suggestion: Suggestion.closest(to: name.name, among: Self.checkFunctions)),
                at: name.span)
            return nil
        }
        guard arguments.count == 1 else {
            report(.invalidArguments(name: name.name, expected: "one value"), at: span)
            return nil
        }
        let reported = diagnostics.count
        guard let (argument, type) = requireResolved(compileExpr(arguments[0], &context), arguments[0], context) else {
            // A placeholder's function still has its type, so what uses it is
            // checked; no plan is built, as its field's error was reported.
            guard diagnostics.count == reported else { return nil }
            return (.constant(.null), conversion?.1 ?? .int)
        }
        if let (valueType, result) = conversion {
            switch type {
            case .model, .collection:
                report(.checkOperandMismatch(operation: "`\(name.name)`", found: describeType(type, context)), at: arguments[0].span)
                return nil
            case .bool, .int, .double, .decimal, .string, .date, .url, .enumeration, .json, .null, .caseName:
                return (.convert(argument, valueType), result)
            }
        }
        guard type == .string || type == .collection || type == .json else {
            report(.checkOperandMismatch(operation: "`count`", found: describeType(type, context)), at: arguments[0].span)
            return nil
        }
        return (.count(argument), .int)
    }

    /// The type of a value that is one of two: the same type, the other's
    /// when one is `null`, the wider of two numbers, or `JSON` beside anything.
    static func unified(_ left: CheckType, _ right: CheckType) -> CheckType? {
        if left == right { return left }
        if left == .null { return right }
        if right == .null { return left }
        if left.isNumber && right.isNumber { return left == .double || right == .double ? .double : .decimal }
        if left == .json || right == .json { return .json }
        return nil
    }

    /// Type-checks `left op right`, resolving a bare case name against an enum on the other side.
    private mutating func compileBinary(
        _ op: BinaryOperator, _ left: ((CheckExpr, CheckType), Expr), _ right: ((CheckExpr, CheckType), Expr),
        _ context: CheckContext
    ) -> (CheckExpr, CheckType)? {
        guard let (lhs, leftType) = resolveCase(left.0, against: right.0.1, left.1, context),
            let (rhs, rightType) = resolveCase(right.0, against: left.0.1, right.1, context)
        else { return nil }
        switch op {
        case .coalesce:
            guard let type = Self.unified(leftType, rightType) else {
                report(
                    .operandsMismatch(operation: "`??`", left: describeType(leftType, context), right: describeType(rightType, context)),
                    at: left.1.span.merged(with: right.1.span))
                return nil
            }
            return (.coalesce(lhs, rhs), type)
        case .add, .subtract, .multiply, .divide:
            return compileArithmetic(op, (lhs, leftType, left.1), (rhs, rightType, right.1), context)
        case .or, .and, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            break
        }
        guard let comparison = Self.comparison(op) else {
            for (type, expr) in [(leftType, left.1), (rightType, right.1)] where type != .bool {
                report(.checkOperandMismatch(operation: "`\(op.rawValue)`", found: describeType(type, context)), at: expr.span)
                return nil
            }
            return (op == .and ? .and(lhs, rhs) : .or(lhs, rhs), .bool)
        }
        let comparable: Bool =
            switch comparison {
            case .equal, .notEqual:
                leftType == rightType || (leftType.isNumber && rightType.isNumber) || leftType == .null || rightType == .null
                    || leftType == .json || rightType == .json
            case .less, .lessOrEqual, .greater, .greaterOrEqual:
                (leftType.isNumber && rightType.isNumber) || (leftType == rightType && [CheckType.string, .date].contains(leftType))
            }
        guard comparable else {
            report(
                .checkComparisonMismatch(left: describeType(leftType, context), right: describeType(rightType, context)),
                at: left.1.span.merged(with: right.1.span))
            return nil
        }
        return (.compare(comparison, lhs, rhs), .bool)
    }

    /// Type-checks `+ - * /`: two strings joined by `+`, or two numbers.
    /// The result is a `Double` when either side is one; otherwise a quotient,
    /// or a sum, difference or product with a `Decimal`, is a `Decimal`; an
    /// `Int` otherwise.
    private mutating func compileArithmetic(
        _ op: BinaryOperator, _ left: (CheckExpr, CheckType, Expr), _ right: (CheckExpr, CheckType, Expr), _ context: CheckContext
    ) -> (CheckExpr, CheckType)? {
        if op == .add, left.1 == .string, right.1 == .string { return (.concatenate(left.0, right.0), .string) }
        guard left.1.isNumber, right.1.isNumber else {
            report(
                .operandsMismatch(operation: "`\(op.rawValue)`", left: describeType(left.1, context), right: describeType(right.1, context)),
                at: left.2.span.merged(with: right.2.span))
            return nil
        }
        let kind: NumberKind =
            left.1 == .double || right.1 == .double ? .double : op == .divide || left.1 == .decimal || right.1 == .decimal ? .decimal : .int
        guard let arithmetic = ArithmeticOperator(rawValue: op.rawValue) else { return nil }
        let type: CheckType =
            switch kind {
            case .int: .int
            case .double: .double
            case .decimal: .decimal
            }
        return (.arithmetic(arithmetic, left.0, right.0, kind), type)
    }

    /// The comparison an operator compiles to; `nil` for `and`, `or` and the
    /// operators that are no comparison.
    private static func comparison(_ op: BinaryOperator) -> Comparison? {
        switch op {
        case .and, .or, .coalesce, .add, .subtract, .multiply, .divide: nil
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
    mutating func requireResolved(
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
        // The keys to follow in the nested models' output, where a
        // flattened model's fields stand in the enclosing object.
        var path: [String] = []
        var type = CheckType.null
        for (position, name) in names.enumerated() {
            guard let index = model.fieldIndex[name.name] else {
                if failedFields[model.name]?.contains(name.name) == true { return nil }
                if names.count == 1 { return (.constant(.null), .caseName(name.name)) }
                reportUnknownField(name.name, span: name.span, model: model)
                return nil
            }
            if first == nil, let computing = context.computing, model.fields[index].isComputed, index >= computing {
                report(.computedFieldOrder(field: model.fields[computing].name, reference: name.name), at: name.span)
                return nil
            }
            if first != nil, !model.fields[index].flattens { path.append(name.name) }
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
        return (.field(first, path), type)
    }

    /// Reports a name that is not a field of the model, unless it may stand
    /// for one whose problem was reported already.
    private mutating func reportUnknownField(_ name: String, span: Span, model: ModelPlan?) {
        if let model, isPlaceholder(field: name, of: model.name) { return }
        let suggestion = suggestion(for: name) { _ in model?.fields.map(\.name) ?? [] }
        report(
            .unknownField(name: name, model: model?.name, suggestion: suggestion),
            at: span)
    }

    /// A check type as messages name it.
    func describeType(_ type: CheckType, _ context: CheckContext) -> String {
        switch type {
        case .bool: "a Bool"
        case .int: "an Int"
        case .double: "a Double"
        case .decimal: "a Decimal"
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
    /// The index of the computed field whose expression this is, which may
    /// read only the fields that are not computed and the computed ones before it.
    var computing: Int?
}

extension CheckType {
    /// The check type of a field's type.
    init(_ type: ValueType) {
        switch type {
        case .string: self = .string
        case .int: self = .int
        case .double: self = .double
        case .decimal: self = .decimal
        case .bool: self = .bool
        case .date: self = .date
        case .url: self = .url
        case .data: self = .string
        case .json, .choice: self = .json
        case .model(let index): self = .model(index)
        case .enumeration(let index): self = .enumeration(index)
        case .array, .dictionary: self = .collection
        case .optional(let wrapped): self = CheckType(wrapped)
        }
    }
}
