extension Checker {
    /// A model's members once inheritance is applied: its parent's, in the
    /// parent's order, then its own; an own field named like an inherited
    /// one takes that field's place. Each member keeps the source it is
    /// written in. A parent that is unknown, or a chain that comes back to
    /// a model, is reported and the chain stops there.
    mutating func effectiveMembers(of model: Sourced<ModelDecl>) -> [Sourced<ModelMember>] {
        var chain = [model]
        var seen: Set<String> = [model.decl.name.name]
        while let parent = chain[chain.count - 1].decl.parent {
            let child = chain[chain.count - 1]
            guard let found = modelDecls[parent.name] else {
                let names = modelDecls.keys.sorted()
                within(child.unit) {
                    $0.report(.unknownModel(name: parent.name, suggestion: Suggestion.closest(to: parent.name, among: names)), at: parent.span)
                }
                break
            }
            let parentDecl = declarations.models[found.index]
            guard !seen.contains(parent.name) else {
                // Reported once, by the cycle's first declared model.
                let members = chain.map(\.decl.name.name)
                let first = members.min { (modelDecls[$0]?.index ?? 0) < (modelDecls[$1]?.index ?? 0) }
                if parent.name == model.decl.name.name, first == model.decl.name.name {
                    let cycle = members + [parent.name]
                    within(model.unit) { $0.report(.inheritanceCycle(cycle: cycle), at: model.decl.parent?.span ?? model.decl.name.span) }
                }
                break
            }
            seen.insert(parent.name)
            chain.append(parentDecl)
        }
        var members: [Sourced<ModelMember>] = []
        for level in chain.reversed() {
            let levelStart = members.count
            for member in level.decl.members {
                if case .field(let field) = member,
                    let inherited = members[..<levelStart].firstIndex(where: { Self.fieldName(of: $0.decl) == field.name.name })
                {
                    members[inherited] = Sourced(decl: member, unit: level.unit)
                } else {
                    members.append(Sourced(decl: member, unit: level.unit))
                }
            }
        }
        return members
    }

    /// The name of a member that is a field.
    private static func fieldName(of member: ModelMember) -> String? {
        if case .field(let field) = member { return field.name.name }
        return nil
    }
}
