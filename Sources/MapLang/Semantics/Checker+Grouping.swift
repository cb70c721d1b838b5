/// Grouping (`from $`) and flattening (`flatten`), once every model's
/// fields are known.
extension Checker {
    /// Adds to each model's known keys those of the models it reads from
    /// its own object with `from $`, so `unknown reject` takes them, and
    /// reports a flattened model whose fields would be written where
    /// another field of the same output is.
    mutating func resolveGrouping(_ models: inout [ModelPlan], members: [[Sourced<ModelMember>]]) {
        // Known keys pass up through chains of `from $`: at most one round per model.
        var changed = true
        var rounds = 0
        while changed, rounds <= models.count {
            changed = false
            rounds += 1
            for index in models.indices {
                for field in models[index].fields where field.readsWholeObject {
                    guard case .model(let nested) = field.type.unwrapped else { continue }
                    let before = models[index].knownKeys.count
                    models[index].knownKeys.formUnion(models[nested].knownKeys)
                    if models[index].knownKeys.count != before { changed = true }
                }
            }
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
                        reportFlattenClash(field: field.name, name: name, other: other, members: members[index])
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

    /// Reports a clash at the field's `flatten`.
    private mutating func reportFlattenClash(field: String, name: String, other: String, members: [Sourced<ModelMember>]) {
        for member in members {
            guard case .field(let decl) = member.decl, decl.name.name == field, let span = decl.flatten else { continue }
            within(member.unit) { $0.report(.flattenNameClash(field: field, name: name, other: other), at: span) }
            return
        }
    }
}
