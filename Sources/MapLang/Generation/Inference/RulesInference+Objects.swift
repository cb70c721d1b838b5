// MARK: - Objects: models, dictionaries and choices

extension RulesInference {
    /// The type of objects found at one position: a dictionary when their
    /// keys vary, a choice when a string field names their type and their
    /// shapes differ by it, a model otherwise.
    ///
    /// - Parameters:
    ///   - objects: What the objects held.
    ///   - nameHint: What to name a model or choice made for them: their key,
    ///     singular already for an array's elements.
    ///   - depth: How many arrays and dictionaries the field's type is already inside.
    ///   - exactName: The name to give, already taken (the root's).
    mutating func objectType(_ objects: ObjectSummary, nameHint: String, depth: Int, exactName: String?) -> InferredType {
        if exactName == nil, Self.isDictionary(objects) {
            // A dictionary reads every member, an empty key's too.
            let values = objects.allValues()
            var element = valueType(values, key: nameHint, nameHint: InferenceNames.singular(nameHint), depth: depth + 1)
            element.text = "[String: " + element.text + (values.nulls > 0 ? "?" : "") + "]"
            return element
        }
        if let choice = Self.discriminator(of: objects) {
            let name = exactName ?? names.claim(InferenceNames.type(for: nameHint, fallback: "Model"))
            var variants: [Variant] = []
            for group in choice.groups {
                let variant = names.claim(InferenceNames.type(for: group.value, fallback: name))
                variants.append(Variant(value: group.value, model: model(group.objects, name: variant, discriminator: choice.key)))
            }
            choices.append(Choice(name: name, key: choice.key, variants: variants))
            return InferredType(text: name)
        }
        let name = exactName ?? names.claim(InferenceNames.type(for: nameHint, fallback: "Model"))
        return InferredType(text: model(objects, name: name, discriminator: nil))
    }

    /// Whether objects are keyed by data rather than by field: every key a
    /// number, or many distinct keys each in few of the objects, or no key
    /// in any of them (nothing to make fields of).
    private static func isDictionary(_ objects: ObjectSummary) -> Bool {
        if objects.allKeysNumeric { return true }
        let keys = objects.order.count
        return objects.count >= 2 && keys >= 8 && keys > 2 * objects.mostPerObject
    }

    /// The first key that may name the objects' type (`type`, `kind`,
    /// `event_type`, `@type`…) whose string values, one in every object,
    /// split the objects into 2 to 20 groups of different shapes; `nil`
    /// when there is none.
    private static func discriminator(of objects: ObjectSummary) -> ChoiceSummary? {
        guard objects.count >= 2 else { return nil }
        for choice in objects.choices ?? [] where choice.isViable && (2...ChoiceSummary.mostGroups).contains(choice.groups.count) {
            let shapes = Set(choice.groups.map { shape(of: $0.objects, excluding: choice.key) })
            if shapes.count > 1 { return choice }
        }
        return nil
    }

    /// The keys of some objects and, one level down, of the objects they hold, as text.
    private static func shape(of objects: ObjectSummary, excluding excluded: String) -> String {
        var keys: [String: Set<String>] = [:]
        for key in objects.order where !ExactKey.equal(key, excluded) {
            keys[key] = Set(objects.values(of: key)?.objects?.order ?? [])
        }
        return keys.keys.sorted().map { $0 + "{" + (keys[$0] ?? []).sorted().joined(separator: ",") + "}" }.joined(separator: ";")
    }

    /// A model of objects' members, or an earlier model with the same
    /// fields; its name either way.
    ///
    /// - Parameter discriminator: For a choice's model, the key that picked
    ///   it, which the model does not read and no field may be named.
    private mutating func model(_ objects: ObjectSummary, name: String, discriminator: String?) -> String {
        // Where to come back to, forgetting what this model's fields made, should an earlier model take its place.
        let mark = (models: models.count, enums: enums.count, choices: choices.count, names: names.count)
        let index = models.count
        models.append(Model(name: name, fields: []))
        var fields: [Field] = []
        var fieldNames = UniqueNames(reserved: discriminator.map { [$0] } ?? [])
        for key in objects.order where discriminator.map({ !ExactKey.equal($0, key) }) ?? true {
            guard let values = objects.values(of: key) else { continue }
            let type = valueType(values, key: key, nameHint: key, depth: 0)
            fields.append(
                Field(
                    name: fieldNames.claim(InferenceNames.field(for: key)), key: key, type: type.text,
                    optional: values.present < objects.count || values.present == 0, transformer: type.transformer))
        }
        if index != 0, let same = modelsByFields[fields] {
            for made in models[mark.models...] where modelsByFields[made.fields] == made.name { modelsByFields[made.fields] = nil }
            for made in enums[mark.enums...] { enumsByValues[made.values] = nil }
            models.removeLast(models.count - mark.models)
            enums.removeLast(enums.count - mark.enums)
            choices.removeLast(choices.count - mark.choices)
            names.release(after: mark.names)
            return same
        }
        models[index].fields = fields
        if !fields.isEmpty { modelsByFields[fields] = name }
        return name
    }
}
