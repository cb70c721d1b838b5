/// How long `extends` chains may be, and how each model's chain is found.
enum Inheritance {
    /// The most models one chain may hold, the model itself included: every
    /// model's fields copy its parents', so a chain of n models is n² fields.
    static let depthLimit = 64
    /// The most members all models together may copy from the models they
    /// extend: each copy is compiled again, so models extending one large
    /// model cost the product of their number and its size.
    static let copiedMemberLimit = 200_000

    /// How far a model is from the top of its chain.
    enum Depth: Equatable {
        /// The number of models in the chain, the model itself included.
        case levels(Int)
        /// The chain comes back to a model it passed: no top.
        case cyclic
    }
}

extension Checker {
    /// Measures every model's depth in its `extends` chain, following each
    /// parent link once, without recursion. Reports each cycle once, at the
    /// first model of it declared, and each chain too long once, at the
    /// model where it passes the limit; an unknown parent is reported by
    /// `effectiveMembers(of:)`, and its child is a chain's top.
    mutating func measureInheritance() {
        var depths: [String: Inheritance.Depth] = [:]
        for model in declarations.models where depths[model.decl.name.name] == nil {
            // Up from the model until a model whose depth is known, a top, or a model on this path.
            var path: [String] = []
            var onPath: [String: Int] = [:]
            var above = Inheritance.Depth.levels(0)
            var current: String? = model.decl.name.name
            while let name = current {
                if let known = depths[name] {
                    above = known
                    break
                }
                if let start = onPath[name] {
                    reportInheritanceCycle(Array(path[start...]))
                    for member in path[start...] { depths[member] = .cyclic }
                    path.removeSubrange(start...)
                    above = .cyclic
                    break
                }
                onPath[name] = path.count
                path.append(name)
                current = modelDecls[name]?.decl.parent.flatMap { modelDecls[$0.name] != nil ? $0.name : nil }
            }
            // Down again, each model one level below the one above it.
            for name in path.reversed() {
                guard case .levels(let levels) = above else {
                    depths[name] = .cyclic
                    continue
                }
                above = .levels(levels + 1)
                depths[name] = above
                if levels + 1 == Inheritance.depthLimit + 1, let decl = modelDecls[name]?.decl,
                    let index = modelDecls[name]?.index
                {
                    let item = declarations.models[index]
                    within(item.unit) {
                        $0.report(.inheritanceTooDeep(model: name, limit: Inheritance.depthLimit), at: decl.parent?.span ?? decl.name.span)
                    }
                }
            }
        }
    }

    /// Counts the members every model copies from the models above it,
    /// before any is copied, following at most `Inheritance.depthLimit`
    /// links from each model. Reports the model whose copies take the count
    /// past `Inheritance.copiedMemberLimit`, unless `reporting` is false (a
    /// chain too deep or a cycle, reported already, is the one mistake);
    /// whether the count passed it.
    mutating func tooManyCopiedMembers(reporting: Bool) -> Bool {
        var copied = 0
        for item in declarations.models {
            var seen: Set<String> = [item.decl.name.name]
            var links = 1
            var current = item.decl.parent.flatMap { modelDecls[$0.name] }
            while let parent = current, links < Inheritance.depthLimit, seen.insert(parent.decl.name.name).inserted {
                copied += parent.decl.members.count
                links += 1
                current = parent.decl.parent.flatMap { modelDecls[$0.name] }
            }
            if copied > Inheritance.copiedMemberLimit, let parent = item.decl.parent {
                guard reporting else { return true }
                within(item.unit) {
                    $0.report(.inheritanceTooLarge(model: item.decl.name.name, limit: Inheritance.copiedMemberLimit), at: parent.span)
                }
                return true
            }
        }
        return false
    }

    /// Reports a cycle at the first of its models declared, listing it from there.
    private mutating func reportInheritanceCycle(_ members: [String]) {
        guard let first = members.min(by: { (modelDecls[$0]?.index ?? 0) < (modelDecls[$1]?.index ?? 0) }),
            let start = members.firstIndex(of: first), let index = modelDecls[first]?.index
        else { return }
        let model = declarations.models[index]
        let cycle = Array(members[start...] + members[..<start]) + [first]
        within(model.unit) { $0.report(.inheritanceCycle(cycle: cycle), at: model.decl.parent?.span ?? model.decl.name.span) }
    }

    /// A model's members once inheritance is applied: its parent's, in the
    /// parent's order, then its own; an own field named like an inherited
    /// one takes that field's place. Each member keeps the source it is
    /// written in. A parent that is unknown is reported and the chain stops
    /// there; a chain that comes back to a model, or is longer than
    /// `Inheritance.depthLimit` (both reported by `measureInheritance`),
    /// stops at that many models.
    mutating func effectiveMembers(of model: Sourced<ModelDecl>) -> [Sourced<ModelMember>] {
        var chain = [model]
        var seen: Set<String> = [model.decl.name.name]
        while chain.count < Inheritance.depthLimit, let parent = chain[chain.count - 1].decl.parent {
            let child = chain[chain.count - 1]
            guard let found = modelDecls[parent.name] else {
                modelsWithUnknownFields.insert(model.decl.name.name)
                // Reported once, for the model that names it, not for each model below.
                if chain.count == 1 {
                    within(child.unit) {
                        let suggestion = $0.suggestion(for: parent.name) { checker in checker.modelDecls.keys.sorted() }
                        $0.report(.unknownModel(name: parent.name, suggestion: suggestion), at: parent.span)
                    }
                }
                break
            }
            guard seen.insert(parent.name).inserted else { break }
            chain.append(declarations.models[found.index])
        }
        var members: [Sourced<ModelMember>] = []
        var fieldIndex: [String: Int] = [:]
        for (depth, level) in chain.reversed().enumerated() {
            var ownFields: [String: Int] = [:]
            let inherited = depth < chain.count - 1
            for member in level.decl.members {
                if case .field(let field) = member, let earlier = fieldIndex[field.name.name] {
                    members[earlier] = Sourced(decl: member, unit: level.unit, inherited: inherited)
                } else {
                    if case .field(let field) = member, ownFields[field.name.name] == nil {
                        ownFields[field.name.name] = members.count
                    }
                    members.append(Sourced(decl: member, unit: level.unit, inherited: inherited))
                }
            }
            fieldIndex.merge(ownFields) { inherited, _ in inherited }
        }
        return members
    }
}
