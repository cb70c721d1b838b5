extension Checker {
    /// Compiles a model's settings and fields; its checks are compiled once every model's fields are known.
    ///
    /// A model's settings apply to all its fields, wherever in the body they are written.
    mutating func compileModelFields(_ decl: ModelDecl, tables: [TablePlan]) -> ModelPlan {
        var naming = fileNaming
        var lenient = !fileIsStrict
        var model = ModelPlan(
            name: decl.name.name, fields: [], checks: [], fieldIndex: [:],
            site: site(decl.name.span, ""))
        var fieldSpans: [String: Span] = [:]
        for case .setting(let setting) in decl.members {
            switch setting.kind {
            case .root:
                report(.settingNotAllowedInModel(setting: "root"), at: setting.span)
            case .strict:
                lenient = false
            case .lenient:
                lenient = true
            case .keys(let name):
                naming = namingStrategy(name) ?? naming
            }
        }
        for case .field(let field) in decl.members {
            if let first = fieldSpans[field.name.name] {
                report(
                    .duplicateField(name: field.name.name, model: decl.name.name), at: field.name.span,
                    secondary: [.init(span: first, message: "first declared here")])
                continue
            }
            fieldSpans[field.name.name] = field.name.span
            if let plan = compileField(field, naming: naming, lenient: lenient, tables: tables) {
                model.fieldIndex[plan.name] = model.fields.count
                model.fields.append(plan)
            }
        }
        return model
    }

    /// Compiles one field: its type, keys, pipeline, default and rules.
    private mutating func compileField(
        _ field: FieldDecl, naming: NamingStrategy, lenient: Bool, tables: [TablePlan]
    ) -> FieldPlan? {
        guard let type = resolveType(field.type) else { return nil }
        let sources = field.sources.map { $0.map(compileKeyPath) }
            ?? [KeyPathPlan(steps: [.key(naming.key(for: field.name.name))], text: naming.key(for: field.name.name))]
        var stages: [PipelineStage] = []
        if let pipeline = field.pipeline {
            if case .model = type.elementType {
                report(.pipelineOnModel(field: field.name.name, type: typeName(type)), at: pipeline.span)
            } else if let compiled = compilePipeline(pipeline, lenient: lenient) {
                let accepted = kindsAccepted(by: type, lenient: lenient)
                if accepted.contains(compiled.output) {
                    stages = compiled.stages
                } else {
                    report(
                        .pipelineOutputMismatch(field: field.name.name, type: typeName(type), output: compiled.output),
                        at: pipeline.span)
                }
            }
        }
        let defaultValue = field.defaultValue.flatMap { compileLiteral($0.value, as: type, context: "default") }
        let rules = field.rules.compactMap { compileRule($0, field: field.name.name, type: type) }
        var plan = FieldPlan(
            name: field.name.name, type: type, sources: sources, pipeline: stages, defaultValue: defaultValue,
            defaultOnlyWhenMissing: field.defaultValue?.onlyWhenMissing ?? false, rules: rules, lenient: lenient,
            reversal: FieldReversal(target: [], inverse: [], defaultJSON: nil), site: site(field.name.span, ""))
        plan.reversal = reversal(of: plan, decl: field, tables: tables)
        return plan
    }

    /// Splits a written key path into steps and its display text.
    private func compileKeyPath(_ path: KeyPath) -> KeyPathPlan {
        var steps: [KeyStep] = []
        var text = ""
        for component in path.components {
            switch component.kind {
            case .key(let key, _):
                steps.append(.key(key))
                let plain = JSONPath.isPlainWord(key)
                text += (text.isEmpty || !plain ? "" : ".") + (plain ? key : "[\(JSONPath.quoted(key))]")
            case .index(let index):
                steps.append(.index(index))
                text += "[\(index)]"
            }
        }
        return KeyPathPlan(steps: steps, text: text)
    }
}
