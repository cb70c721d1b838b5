/// Computed fields: `name: Type = expression`.
extension Checker {
    /// Compiles a computed field's declaration: its type, rules and `nulls`
    /// choice; its expression is compiled once every model's fields are known.
    ///
    /// A computed field reads no key, so `from`, `using`, `default`,
    /// `oneOrMany` and `lossy` are each an error on it.
    mutating func compileComputedField(_ field: FieldDecl, type: ValueType, lenient: Bool, omitsNulls: Bool) -> FieldPlan? {
        let clauses: [(String, Span?)] = [
            ("from", field.sources?.first?.span), ("using", field.pipeline?.span), ("default", field.defaultValue?.span),
            ("oneOrMany", field.oneOrMany), ("lossy", field.lossy), ("flatten", field.flatten),
        ]
        for case (let clause, let span?) in clauses {
            report(.computedFieldClause(clause: clause, field: field.name.name), at: span)
        }
        switch type.unwrapped {
        case .model, .choice, .array, .dictionary, .data:
            report(.computedFieldType(field: field.name.name, type: typeName(type)), at: field.type.span)
            return nil
        case .string, .int, .double, .decimal, .bool, .date, .url, .enumeration, .json, .optional:
            break
        }
        var plan = FieldPlan(
            name: field.name.name, type: type, sources: [], pipeline: [], defaultValue: nil, defaultOnlyWhenMissing: false,
            rules: field.rules.compactMap { compileRule($0, field: field.name.name, type: type) }, lenient: lenient,
            reversal: FieldReversal(target: [], inverse: [], defaultJSON: nil), site: site(field.name.span, ""))
        plan.omitsNull = field.nulls?.omit ?? omitsNulls
        plan.isComputed = true
        return plan
    }

    /// Compiles the expressions of a model's computed fields against the
    /// fields of every model, and checks that each gives what its field holds.
    mutating func compileComputedFields(
        _ name: String, members: [Sourced<ModelMember>], models: inout [ModelPlan], enums: [EnumPlan]
    ) {
        guard let modelIndex = modelDecls[name]?.index, modelIndex < models.count else { return }
        for member in members {
            guard case .field(let field) = member.decl, let expression = field.computed,
                let index = models[modelIndex].fieldIndex[field.name.name], models[modelIndex].fields[index].isComputed
            else { continue }
            let saved = (unit, inheritingModel)
            (unit, inheritingModel) = (member.unit, member.inherited ? name : nil)
            defer { (unit, inheritingModel) = saved }
            var context = CheckContext(models: models, enums: enums, model: modelIndex, computing: index)
            guard let (compiled, found) = requireResolved(compileExpr(expression, &context), expression, context) else { continue }
            let type = models[modelIndex].fields[index].type
            guard Self.computedType(found, fits: type) else {
                report(
                    .computedTypeMismatch(field: field.name.name, type: typeName(type), found: describeType(found, context)),
                    at: expression.span)
                continue
            }
            if compiled.readsInput {
                reportIrreversible(.irreversibleComputedField(field: field.name.name), at: expression.span)
            }
            models[modelIndex].fields[index].computed = compiled
        }
    }

    /// Whether a field of `type` holds what an expression of type `found`
    /// gives: the same type, a wider number (`Int` into `Decimal` or
    /// `Double`, `Decimal` into `Double`), `null` into an optional, or
    /// anything into `JSON`.
    static func computedType(_ found: CheckType, fits type: ValueType) -> Bool {
        if found == .null { return type.isOptional }
        switch type.unwrapped {
        case .json: return true
        case .double: return found.isNumber
        case .decimal: return found == .int || found == .decimal
        case .enumeration(let index): return found == .enumeration(index)
        case .string, .int, .bool, .date, .url: return found == CheckType(type.unwrapped)
        case .data, .model, .choice, .array, .dictionary, .optional: return false
        }
    }
}
