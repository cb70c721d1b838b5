extension Checker {
    /// Compiles a choice: its discriminator, the model each value picks and
    /// the default, and tells each of those models that the discriminator
    /// key is known to it.
    mutating func compileChoice(_ decl: ChoiceDecl, models: inout [ModelPlan]) -> ChoicePlan {
        let discriminator = compileKeyPath(decl.discriminator)
        var outputKey = discriminator.text
        if case .key(let key)? = discriminator.steps.last { outputKey = key }
        var plan = ChoicePlan(
            name: decl.name.name, discriminator: discriminator, outputKey: outputKey, variants: ValueLookup(),
            defaultModel: nil, known: [], site: site(decl.name.span, ""))
        var inputSpans = InputSpans()
        for variant in decl.variants {
            guard let model = choiceModel(variant.model, outputKey: outputKey, models: &models) else { continue }
            if case .key(let key)? = discriminator.steps.first { models[model].knownKeys.insert(ExactKey(string: key)) }
            for input in variant.inputs {
                guard let key = lookupKey(input) else { continue }
                if let first = inputSpans.claim(key, span: input.span) {
                    report(
                        .duplicateInput(input: key.description, owner: "choice `\(decl.name.name)`"), at: input.span,
                        secondary: [.init(span: first, message: "first listed here")])
                    continue
                }
                plan.variants.insert(model, for: key)
                plan.known.append(key.description)
            }
        }
        if let name = decl.defaultModel, let model = choiceModel(name, outputKey: outputKey, models: &models) {
            if case .key(let key)? = discriminator.steps.first { models[model].knownKeys.insert(ExactKey(string: key)) }
            plan.defaultModel = model
        }
        return plan
    }

    /// Resolves a model a choice picks, which may not have a field named
    /// like the member the discriminator is written under.
    private mutating func choiceModel(_ name: Identifier, outputKey: String, models: inout [ModelPlan]) -> Int? {
        guard let index = modelDecls[name.name]?.index, index < models.count else {
            let suggestion = suggestion(for: name.name) { checker in checker.modelDecls.keys.sorted() }
            report(.unknownModel(name: name.name, suggestion: suggestion), at: name.span)
            return nil
        }
        // A flattened model's fields are written into the model's own object too.
        if models[index].fieldIndex[outputKey] != nil || models[index].fields.contains(where: { $0.flattenedNames.contains(outputKey) }) {
            report(.discriminatorFieldClash(model: name.name, key: outputKey), at: name.span)
            return nil
        }
        return index
    }
}
