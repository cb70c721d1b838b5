extension Interpreter {
    /// Maps an object to the model its discriminator chooses, writing the
    /// discriminator's value first, under the choice's output key.
    func mapChoice(_ value: JSONValue, choice index: Int, _ context: inout MappingContext) -> MappedValue? {
        let choice = plan.choices[index]
        guard case .object = value else {
            context.fail(
                .typeMismatch(expected: "an object for `\(choice.name)`", found: value.preview), model: choice.name,
                field: nil, site: choice.site)
            return nil
        }
        let found = Self.find(choice.discriminator.steps, in: value)
        let discriminator = found?.value
        let listed = discriminator?.scalarValue.flatMap { choice.variants.find($0, lenient: false) }
        let chosen = listed ?? choice.defaultModel
        context.trace(
            .choice(
                ChoiceTrace(
                    choice: choice.name, site: TracedSite(choice.site), path: context.path, depth: context.traceDepth,
                    discriminator: choice.discriminator.text, found: discriminator,
                    foundPath: found.map { JSONPath(components: context.path.components + $0.path) }, foundPosition: nil, known: choice.known,
                    chosen: chosen.map { plan.models[$0].name }, byDefault: listed == nil && chosen != nil)))
        guard let model = chosen else {
            failChoice(choice, found: discriminator, &context)
            return nil
        }
        context.coverage?.append(.choice(choice: index, model: model))
        guard case .object(let mapped)? = mapModel(value, model: model, &context) else { return nil }
        let written = MappedMember(key: choice.outputKey, value: discriminator?.mappedValue ?? .null)
        return .object(MappedObject([written] + mapped.members))
    }

    /// Maps a model-shaped object back through the model its discriminator
    /// member names, writing the discriminator back at its key path first.
    func reverseChoice(_ value: MappedValue, choice index: Int, _ context: inout MappingContext) -> MappedValue? {
        let choice = plan.choices[index]
        guard case .object(let object) = value else {
            context.fail(
                .typeMismatch(expected: "an object for `\(choice.name)`", found: value.preview), model: choice.name,
                field: nil, site: choice.site)
            return nil
        }
        let discriminator = object[choice.outputKey].flatMap { $0 == .null ? nil : $0 }
        let chosen = discriminator.flatMap { choice.variants.find(Self.lookupForm($0), lenient: false) } ?? choice.defaultModel
        guard let model = chosen else {
            context.fail(
                .unknownVariant(choice: choice.name, found: discriminator?.preview ?? "nothing", known: choice.known),
                model: choice.name, field: nil, site: choice.site)
            return nil
        }
        guard case .object(let written)? = reverseModel(value, model: model, &context) else { return nil }
        var builder = SourceObjectBuilder()
        if let discriminator {
            builder.insert(discriminator, at: choice.discriminator.steps.compactMap(\.key)[...])
        }
        builder.merge(written)
        return builder.value
    }

    /// Records why no model could be chosen.
    private func failChoice(_ choice: ChoicePlan, found: JSONValue?, _ context: inout MappingContext) {
        let depth = context.path.components.count
        for step in choice.discriminator.steps { context.path.append(step.pathComponent) }
        defer { context.path.truncate(to: depth) }
        let problem: MappingProblem =
            if let found, found != .null {
                .unknownVariant(choice: choice.name, found: found.preview, known: choice.known)
            } else {
                .missingDiscriminator(choice: choice.name, key: choice.discriminator.text, known: choice.known)
            }
        context.fail(problem, model: choice.name, field: nil, site: choice.site)
    }

    /// The value at a key path, or `nil` when any step is missing or of another shape.
    static func value(at steps: [KeyStep], in value: JSONValue) -> JSONValue? {
        find(steps, in: value)?.value
    }

    /// The value at a key path and the steps that lead to it, indices from
    /// the end (`[-1]`) counted from the start; `nil` when any step is
    /// missing or of another shape.
    static func find(_ steps: [KeyStep], in value: JSONValue) -> (value: JSONValue, path: [JSONPath.Component])? {
        var current = value
        var path: [JSONPath.Component] = []
        for step in steps {
            switch (step, current) {
            case (.key(let key), .object(let members)):
                guard let next = members[key] else { return nil }
                current = next
                path.append(.key(key))
            case (.index(let index), .array(let items)):
                let position = index < 0 ? items.count + index : index
                guard items.indices.contains(position) else { return nil }
                current = items[position]
                path.append(.index(position))
            case (.key, _), (.index, _):
                return nil
            }
        }
        return (current, path)
    }

    /// A model-shaped scalar in the form lookups take: numbers as literals.
    private static func lookupForm(_ value: MappedValue) -> MappedValue {
        switch value {
        case .int(let integer): .decimal(String(integer))
        case .double(let double): .decimal(NumberText.json(double))
        case .null, .bool, .decimal, .string, .date, .url, .array, .object: value
        }
    }
}

extension KeyStep {
    /// The step's key, when it reads one.
    var key: String? {
        if case .key(let key) = self { return key }
        return nil
    }
}
