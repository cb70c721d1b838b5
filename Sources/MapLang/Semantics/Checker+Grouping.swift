/// How long chains of models read `from $`, or flattened, may be.
enum Grouping {
    /// The most models one chain may hold: each model gathers the keys of
    /// the models below it, so a chain of n models is n² keys.
    static let chainLimit = 64
}

/// Grouping (`from $`) and flattening (`flatten`), once every model's
/// fields are known.
extension Checker {
    /// Adds to each model's known keys those of the models and choices it
    /// reads from its own object with `from $`, so `unknown reject` takes
    /// them (a `JSON` read so knows every key), and records as a reversal
    /// problem a grouped model that would write back a key the enclosing
    /// model writes too.
    mutating func resolveWholeObjectKeys(_ models: inout [ModelPlan], choices: [ChoicePlan], members: [[Sourced<ModelMember>]]) {
        let grouped = { (field: FieldPlan) -> [Int] in
            guard field.readsWholeObject else { return [] }
            switch field.type.unwrapped {
            case .model(let nested): return [nested]
            case .choice(let choice): return choices[choice].variants.allValues + (choices[choice].defaultModel.map { [$0] } ?? [])
            case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .enumeration, .array, .dictionary, .optional:
                return []
            }
        }
        let place = { (decl: FieldDecl) in decl.sources?.first?.span }
        if let components = reportCycles(in: models, members: members, code: SemanticMessage.wholeObjectCycle, place: place, targets: grouped),
            !reportChainsTooLong(
                of: components, in: models, members: members, place: place, targets: grouped,
                code: { SemanticMessage.wholeObjectTooDeep(field: $0, limit: Grouping.chainLimit) })
        {
            gatherKnownKeys(&models, choices: choices, order: components.targetsFirst)
        }
        for (index, model) in models.enumerated() {
            let written = Dictionary(
                model.fields.compactMap { field in field.reversal.target.first.map { ($0, field.name) } }, uniquingKeysWith: { first, _ in first })
            for field in model.fields where field.readsWholeObject {
                guard case .model(let nested) = field.type.unwrapped else { continue }
                for inner in models[nested].fields {
                    guard let key = inner.reversal.target.first, let other = written[key] else { continue }
                    reportAt(field.name, of: members[index], { $0.sources?.first?.span }) { checker, span in
                        checker.reportIrreversible(.irreversibleSharedKey(field: "\(field.name).\(inner.name)", other: other, path: key), at: span)
                    }
                }
            }
        }
    }

    /// Adds to each model's known keys those of the models and choices it
    /// reads `from $`: each model once, after every model it reads, which
    /// has gathered its own already.
    private func gatherKnownKeys(_ models: inout [ModelPlan], choices: [ChoicePlan], order: [Int]) {
        for index in order {
            for field in models[index].fields where field.readsWholeObject {
                switch field.type.unwrapped {
                case .model(let nested):
                    models[index].knownKeys.formUnion(models[nested].knownKeys)
                    models[index].knowsEveryKey = models[index].knowsEveryKey || models[nested].knowsEveryKey
                case .choice(let choice):
                    let plan = choices[choice]
                    if case .key(let key)? = plan.discriminator.steps.first { models[index].knownKeys.insert(ExactKey(string: key)) }
                    for variant in plan.variants.allValues + (plan.defaultModel.map { [$0] } ?? []) {
                        models[index].knownKeys.formUnion(models[variant].knownKeys)
                        models[index].knowsEveryKey = models[index].knowsEveryKey || models[variant].knowsEveryKey
                    }
                case .json:
                    models[index].knowsEveryKey = true
                case .string, .int, .double, .decimal, .bool, .date, .url, .data, .enumeration, .array, .dictionary, .optional:
                    break  // `whole-object-type`, reported already
                }
            }
        }
    }

    /// Reports a flattened model whose fields would be written where
    /// another field of the same output is, and notes the keys each
    /// flattened field writes, which reverse mapping gathers.
    mutating func resolveFlattening(_ models: inout [ModelPlan], members: [[Sourced<ModelMember>]]) {
        let flattened = { (field: FieldPlan) -> [Int] in
            guard field.flattens, case .model(let nested) = field.type.unwrapped else { return [] }
            return [nested]
        }
        guard let components = reportCycles(in: models, members: members, code: SemanticMessage.flattenCycle, place: \.flatten, targets: flattened),
            !reportChainsTooLong(
                of: components, in: models, members: members, place: \.flatten, targets: flattened,
                code: { SemanticMessage.flattenTooDeep(field: $0, limit: Grouping.chainLimit) })
        else { return }
        // The keys each model's output holds, its flattened models' keys in
        // place of their fields: each model's after those of the models it flattens.
        var outputNames = [[String]](repeating: [], count: models.count)
        for index in components.targetsFirst {
            let model = models[index]
            var written: [String: String] = [:]
            for field in model.fields where !field.flattens { written[field.name] = "the field `\(field.name)`" }
            for (fieldIndex, field) in model.fields.enumerated() {
                guard field.flattens, case .model(let nested) = field.type.unwrapped else {
                    outputNames[index].append(field.name)
                    continue
                }
                // A model on a cycle with this one (`flatten-cycle`, reported) adds none.
                let names = components.isOnCycle(index, nested) ? [] : outputNames[nested]
                models[index].fields[fieldIndex].flattenedNames = names
                // Each name once in the output, and one clash reported for the
                // field: two fields flattening one model cannot double the names.
                var clashed = false
                for name in names {
                    if let other = written[name] {
                        guard !clashed else { continue }
                        clashed = true
                        reportAt(field.name, of: members[index], \.flatten) { checker, span in
                            checker.report(.flattenNameClash(field: field.name, name: name, other: other), at: span)
                        }
                    } else {
                        written[name] = "the field `\(name)` of `\(field.name)`"
                        outputNames[index].append(name)
                    }
                }
            }
        }
    }

    /// Reports each link that makes a chain of models (linked by `targets`)
    /// longer than `Grouping.chainLimit`, at the model where the chain
    /// passes the limit; whether it reported any.
    private mutating func reportChainsTooLong(
        of components: StrongComponents, in models: [ModelPlan], members: [[Sourced<ModelMember>]],
        place: (FieldDecl) -> Span?, targets: (FieldPlan) -> [Int], code: (String) -> SemanticMessage
    ) -> Bool {
        let lengths = components.chainLengths
        var reported = false
        for (index, model) in models.enumerated() where lengths[index] == Grouping.chainLimit + 1 {
            guard let field = model.fields.first(where: { targets($0).contains { lengths[$0] == Grouping.chainLimit } }) else { continue }
            reportAt(field.name, of: members[index], place) { checker, span in checker.report(code(field.name), at: span) }
            reported = true
        }
        return reported
    }

    /// Reports each field whose link to another model (given by `targets`)
    /// closes a cycle: at the link that leaves the cycle's first model. The
    /// graph's components, or `nil` when no model links to another.
    private mutating func reportCycles(
        in models: [ModelPlan], members: [[Sourced<ModelMember>]], code: (String) -> SemanticMessage,
        place: (FieldDecl) -> Span?, targets: (FieldPlan) -> [Int]
    ) -> StrongComponents? {
        let edges = models.map { model in model.fields.flatMap(targets) }
        guard edges.contains(where: { !$0.isEmpty }) else { return nil }
        let components = StrongComponents(edges: edges)
        var reported = Set<Int>()
        for (index, model) in models.enumerated() {
            for field in model.fields where targets(field).contains(where: { components.isOnCycle(index, $0) }) {
                guard reported.insert(components.component[index]).inserted else { continue }
                reportAt(field.name, of: members[index], place) { checker, span in checker.report(code(field.name), at: span) }
            }
        }
        return components
    }

    /// Reports a problem of a field at a place in its declaration, in the
    /// source that declares it.
    private mutating func reportAt(
        _ field: String, of members: [Sourced<ModelMember>], _ place: (FieldDecl) -> Span?, _ report: (inout Checker, Span) -> Void
    ) {
        for member in members {
            guard case .field(let decl) = member.decl, decl.name.name == field, let span = place(decl) else { continue }
            within(member.unit) { report(&$0, span) }
            return
        }
    }
}
