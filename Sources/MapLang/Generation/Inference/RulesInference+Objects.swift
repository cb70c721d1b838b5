// MARK: - Objects: models, dictionaries and choices

extension RulesInference {
    /// The objects found at one position, one group of the same type.
    struct ObjectGroup {
        /// The discriminator's value that names the group's type.
        var value: String
        /// Each object's members, as `members(of:)` gives them.
        var members: [[JSONMember]]
    }

    /// The type of objects found at one position: a dictionary when their
    /// keys vary, a choice when a string field names their type and their
    /// shapes differ by it, a model otherwise.
    ///
    /// - Parameters:
    ///   - objects: The objects; anything else among them is not looked at.
    ///   - nameHint: What to name a model or choice made for them: their key,
    ///     singular already for an array's elements.
    ///   - depth: How many arrays and dictionaries the field's type is already inside.
    ///   - exactName: The name to give, already taken (the root's).
    mutating func objectType(_ objects: [JSONValue], nameHint: String, depth: Int, exactName: String?) -> InferredType {
        let members = objects.map(Self.members)
        if exactName == nil, Self.isDictionary(members) {
            // A dictionary reads every member, an empty key's too.
            let values = objects.flatMap { value -> [JSONValue] in
                guard case .object(let object) = value else { return [] }
                return object.members.map(\.value)
            }
            let present = values.filter { $0 != .null }
            var element = valueType(present, key: nameHint, nameHint: InferenceNames.singular(nameHint), depth: depth + 1)
            element.text = "[String: " + element.text + (present.count < values.count ? "?" : "") + "]"
            return element
        }
        if let (key, groups) = Self.discriminator(of: members) {
            let name = exactName ?? names.claim(InferenceNames.type(for: nameHint, fallback: "Model"))
            var variants: [Variant] = []
            for group in groups {
                let variant = names.claim(InferenceNames.type(for: group.value, fallback: name))
                variants.append(Variant(value: group.value, model: model(group.members, name: variant, discriminator: key)))
            }
            choices.append(Choice(name: name, key: key, variants: variants))
            return InferredType(text: name)
        }
        let name = exactName ?? names.claim(InferenceNames.type(for: nameHint, fallback: "Model"))
        return InferredType(text: model(members, name: name, discriminator: nil))
    }

    /// An object's members, each key once (the first), keys compared by
    /// their bytes: what a model's fields read, the empty key `""` included.
    private static func members(of value: JSONValue) -> [JSONMember] {
        guard case .object(let object) = value else { return [] }
        var seen: Set<ExactKey> = []
        return object.members.filter { seen.insert(ExactKey(string: $0.key)).inserted }
    }

    /// Whether objects are keyed by data rather than by field: every key a
    /// number, or many distinct keys each in few of the objects, or no key
    /// in any of them (nothing to make fields of).
    private static func isDictionary(_ objects: [[JSONMember]]) -> Bool {
        var keys: Set<ExactKey> = []
        var mostPerObject = 0
        for members in objects {
            mostPerObject = max(mostPerObject, members.count)
            for member in members { keys.insert(ExactKey(string: member.key)) }
        }
        if keys.allSatisfy({ $0.string.allSatisfy { $0.isASCII && $0.isNumber } }) { return true }
        return objects.count >= 2 && keys.count >= 8 && keys.count > 2 * mostPerObject
    }

    /// The keys most likely to name an object's type, first.
    private static let discriminatorKeys = ["type", "kind", "@type", "_type", "event", "event_type", "eventType", "object"]

    /// The most keys tried as a discriminator, so that a wide object costs
    /// no more than a few passes over the objects.
    private static let discriminatorCandidates = 4

    /// A string field present in every object, whose key says it names a
    /// type (`type`, `kind`, `event_type`, `@type`…) and whose values split
    /// the objects into 2 to 20 groups of different shapes, with the groups
    /// in the order their values first appear; `nil` when there is none.
    private static func discriminator(of objects: [[JSONMember]]) -> (key: String, groups: [ObjectGroup])? {
        guard objects.count >= 2, let first = objects.first else { return nil }
        let named = first.map(\.key).filter { key in
            discriminatorKeys.contains(key) || ["type", "kind"].contains(InferenceNames.words(of: key).last?.lowercased() ?? "")
        }
        guard !named.isEmpty else { return nil }
        let ordered = named.sorted { (discriminatorKeys.firstIndex(of: $0) ?? .max) < (discriminatorKeys.firstIndex(of: $1) ?? .max) }
            .prefix(discriminatorCandidates)
        let wanted = Set(ordered.map { ExactKey(string: $0) })
        // Each object's candidate values, found in one pass over its members.
        let values: [[ExactKey: JSONValue]] = objects.map { members in
            var found: [ExactKey: JSONValue] = [:]
            for member in members where wanted.contains(ExactKey(string: member.key)) { found[ExactKey(string: member.key)] = member.value }
            return found
        }
        for key in ordered {
            let exact = ExactKey(string: key)
            var groups: [ObjectGroup] = []
            var index: [String: Int] = [:]
            var named = true
            for (position, members) in objects.enumerated() {
                guard case .string(let value)? = values[position][exact], (1...64).contains(value.count), value.contains(where: \.isLetter)
                else {
                    named = false
                    break
                }
                if let at = index[value] {
                    groups[at].members.append(members)
                } else {
                    index[value] = groups.count
                    groups.append(ObjectGroup(value: value, members: [members]))
                }
                if groups.count > 20 { break }
            }
            guard named, (2...20).contains(groups.count) else { continue }
            let shapes = Set(groups.map { shape(of: $0.members, excluding: key) })
            if shapes.count > 1 { return (key, groups) }
        }
        return nil
    }

    /// The keys of some objects and, one level down, of the objects they hold, as text.
    private static func shape(of objects: [[JSONMember]], excluding excluded: String) -> String {
        var keys: [String: Set<String>] = [:]
        for members in objects {
            for member in members where !ExactKey.equal(member.key, excluded) {
                var inner = keys[member.key] ?? []
                if case .object(let object) = member.value { inner.formUnion(object.members.map(\.key)) }
                keys[member.key] = inner
            }
        }
        return keys.keys.sorted().map { $0 + "{" + (keys[$0] ?? []).sorted().joined(separator: ",") + "}" }.joined(separator: ";")
    }

    /// A model of objects' members, or an earlier model with the same
    /// fields; its name either way.
    ///
    /// - Parameter discriminator: For a choice's model, the key that picked
    ///   it, which the model does not read and no field may be named.
    private mutating func model(_ objects: [[JSONMember]], name: String, discriminator: String?) -> String {
        // Where to come back to, forgetting what this model's fields made, should an earlier model take its place.
        let mark = (models: models.count, enums: enums.count, choices: choices.count, names: names.count)
        let index = models.count
        models.append(Model(name: name, fields: []))
        var order: [String] = []
        var values: [ExactKey: [JSONValue]] = [:]
        for members in objects {
            for member in members where discriminator.map({ !ExactKey.equal($0, member.key) }) ?? true {
                let key = ExactKey(string: member.key)
                if values[key] == nil { order.append(member.key) }
                values[key, default: []].append(member.value)
            }
        }
        var fields: [Field] = []
        var fieldNames = UniqueNames(reserved: discriminator.map { [$0] } ?? [])
        for key in order {
            let found = values[ExactKey(string: key)] ?? []
            let present = found.filter { $0 != .null }
            let type = valueType(present, key: key, nameHint: key, depth: 0)
            fields.append(
                Field(
                    name: fieldNames.claim(InferenceNames.field(for: key)), key: key, type: type.text,
                    optional: present.count < objects.count || present.isEmpty, transformer: type.transformer))
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
