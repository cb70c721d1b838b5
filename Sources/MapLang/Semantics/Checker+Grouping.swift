/// Grouping (`from $`) and flattening (`flatten`), once every model's
/// fields are known.
extension Checker {
    /// Adds to each model's known keys those of the models and choices it
    /// reads from its own object with `from $`, so `unknown reject` takes
    /// them (a `JSON` read so knows every key), and records as a reversal
    /// problem a grouped model that would write back a key the enclosing
    /// model writes too.
    mutating func resolveWholeObjectKeys(_ models: inout [ModelPlan], choices: [ChoicePlan], members: [[Sourced<ModelMember>]]) {
        reportCycles(in: models, members: members, code: SemanticMessage.wholeObjectCycle, place: { $0.sources?.first?.span }) { field in
            guard field.readsWholeObject else { return [] }
            switch field.type.unwrapped {
            case .model(let nested): return [nested]
            case .choice(let choice): return choices[choice].variants.allValues + (choices[choice].defaultModel.map { [$0] } ?? [])
            case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .enumeration, .array, .dictionary, .optional:
                return []
            }
        }
        // Known keys pass up through chains of `from $`: at most one round per model.
        var changed = true
        var rounds = 0
        while changed, rounds <= models.count {
            changed = false
            rounds += 1
            for index in models.indices {
                for field in models[index].fields where field.readsWholeObject {
                    let before = (models[index].knownKeys.count, models[index].knowsEveryKey)
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
                    if before != (models[index].knownKeys.count, models[index].knowsEveryKey) { changed = true }
                }
            }
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

    /// Reports a flattened model whose fields would be written where
    /// another field of the same output is, and notes the keys each
    /// flattened field writes, which reverse mapping gathers.
    mutating func resolveFlattening(_ models: inout [ModelPlan], members: [[Sourced<ModelMember>]]) {
        reportCycles(in: models, members: members, code: SemanticMessage.flattenCycle, place: \.flatten) { field in
            guard field.flattens, case .model(let nested) = field.type.unwrapped else { return [] }
            return [nested]
        }
        for (index, model) in models.enumerated() {
            var written: [String: String] = [:]
            for field in model.fields where !field.flattens { written[field.name] = "the field `\(field.name)`" }
            for (fieldIndex, field) in model.fields.enumerated() where field.flattens {
                guard case .model(let nested) = field.type.unwrapped else { continue }
                var visiting: Set<Int> = [index]
                let names = outputNames(of: nested, in: models, visiting: &visiting)
                models[index].fields[fieldIndex].flattenedNames = names
                for name in names {
                    if let other = written[name] {
                        reportAt(field.name, of: members[index], \.flatten) { checker, span in
                            checker.report(.flattenNameClash(field: field.name, name: name, other: other), at: span)
                        }
                    } else {
                        written[name] = "the field `\(name)` of `\(field.name)`"
                    }
                }
            }
        }
    }

    /// The keys a model's output holds, its flattened models' keys in place
    /// of their fields; a model already being flattened adds none.
    private func outputNames(of index: Int, in models: [ModelPlan], visiting: inout Set<Int>) -> [String] {
        guard visiting.insert(index).inserted else { return [] }
        defer { visiting.remove(index) }
        return models[index].fields.flatMap { field -> [String] in
            guard field.flattens, case .model(let nested) = field.type.unwrapped else { return [field.name] }
            return outputNames(of: nested, in: models, visiting: &visiting)
        }
    }

    /// Reports each field whose link to another model (given by `targets`)
    /// closes a cycle: at the link that leaves the cycle's first model.
    private mutating func reportCycles(
        in models: [ModelPlan], members: [[Sourced<ModelMember>]], code: (String) -> SemanticMessage,
        place: (FieldDecl) -> Span?, targets: (FieldPlan) -> [Int]
    ) {
        let edges = models.map { model in model.fields.flatMap(targets) }
        guard edges.contains(where: { !$0.isEmpty }) else { return }
        let components = StrongComponents(edges: edges)
        var reported = Set<Int>()
        for (index, model) in models.enumerated() {
            for field in model.fields where targets(field).contains(where: { components.isOnCycle(index, $0) }) {
                guard reported.insert(components.component[index]).inserted else { continue }
                reportAt(field.name, of: members[index], place) { checker, span in checker.report(code(field.name), at: span) }
            }
        }
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
