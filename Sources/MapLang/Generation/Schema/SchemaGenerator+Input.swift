// MARK: - The input side: objects, key paths, fallback keys and choices

extension SchemaGenerator {
    /// Whether a value may be missing and whether it may be `null`.
    struct Presence {
        /// Whether the key may be absent.
        var missing: Bool
        /// Whether the value, or a step on its path, may be `null`.
        var null: Bool

        /// What a field accepts: an optional field both, a default either,
        /// or only a missing key with `default … when missing`.
        init(of field: FieldPlan) {
            let defaulted = field.defaultValue != nil
            missing = field.type.isOptional || defaulted
            null = field.type.isOptional || (defaulted && !field.defaultOnlyWhenMissing)
        }

        /// A presence given directly.
        init(missing: Bool, null: Bool) {
            self.missing = missing
            self.null = null
        }
    }

    /// A model's object: every key path its fields read, its fallback keys
    /// in the order they are tried, the models it reads `from $`, and with
    /// `unknown reject` no key it does not mention.
    mutating func inputModel(_ index: Int) -> MappedValue {
        let model = plan.models[index]
        var schema = SchemaObject.type("object")
        describe(&schema, site: model.site)
        var properties: [(key: String, constraints: [MappedValue])] = []
        var required: [String] = []
        var allOf: [MappedValue] = []
        for (position, field) in model.fields.enumerated() where model.unknownKeys != .keep(position) {
            if field.isComputed {
                note("\(place(field, in: model)): a computed field; the schema does not check that its expression can be worked out")
                continue
            }
            if field.readsWholeObject {
                switch field.type.unwrapped {
                case .model(let read): allOf.append(SchemaObject.reference(plan.models[read].name).value)
                case .choice(let read): allOf.append(SchemaObject.reference(plan.choices[read].name).value)
                case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .enumeration, .array, .dictionary, .optional: break
                }
                continue
            }
            let leaf = inputLeaf(field, in: model)
            let presence = Presence(of: field)
            if field.sources.count == 1, case .key(let first)? = field.sources[0].steps.first {
                let value = value(at: field.sources[0].steps.dropFirst(), leaf: leaf, presence: presence, place: place(field, in: model))
                if let position = properties.firstIndex(where: { ExactKey.equal($0.key, first) }) {
                    properties[position].constraints.append(value)
                } else {
                    properties.append((first, [value]))
                }
                if !presence.missing, !required.contains(where: { ExactKey.equal($0, first) }) { required.append(first) }
            } else {
                allOf.append(fallbacks(field, leaf: leaf, presence: presence, model: model))
            }
        }
        if model.unknownKeys == .reject, !model.knowsEveryKey {
            for key in model.knownKeys.map(\.string).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            where !properties.contains(where: { ExactKey.equal($0.key, key) }) {
                properties.append((key, []))
            }
        }
        for check in model.checks {
            note("`\(model.name)`: the check at \(Self.location(check.site)) compares fields, which the schema does not")
        }
        if !properties.isEmpty {
            schema["properties"] = .object(
                MappedObject(
                    properties.map { property in
                        let value: MappedValue =
                            switch property.constraints.count {
                            case 0: .anySchema
                            case 1: property.constraints[0]
                            default: SchemaObject("allOf", .array(property.constraints)).value
                            }
                        return MappedMember(key: property.key, value: value)
                    }))
        }
        if !required.isEmpty { schema["required"] = .strings(required) }
        if !allOf.isEmpty { schema["allOf"] = .array(allOf) }
        if model.unknownKeys == .reject, !model.knowsEveryKey { schema["additionalProperties"] = .bool(false) }
        return schema.value
    }

    /// The schema of the value a key path starts at: for a step, the
    /// object or array it steps into; for no step, the field's own value.
    ///
    /// A step into `null` makes the path `null`, one into an absent key or
    /// past an array's end makes it missing; any other value in the way is
    /// the wrong shape, which mapping refuses.
    ///
    /// - Parameter place: What notes name: the field, or the choice, whose path it is.
    private mutating func value(at steps: ArraySlice<KeyStep>, leaf: MappedValue, presence: Presence, place: String) -> MappedValue {
        guard let step = steps.first else { return presence.null ? Self.nullable(leaf) : Self.nonNull(leaf) }
        let inner = value(at: steps.dropFirst(), leaf: leaf, presence: presence, place: place)
        switch step {
        case .key(let key):
            var schema = presence.null ? SchemaObject.type("object", "null") : SchemaObject.type("object")
            schema["properties"] = .object(MappedObject([MappedMember(key: key, value: inner)]))
            if !presence.missing { schema["required"] = .strings([key]) }
            return schema.value
        case .index(let index):
            var schema = presence.null ? SchemaObject.type("array", "null") : SchemaObject.type("array")
            if index >= 0 {
                schema["prefixItems"] = .array(Array(repeating: .anySchema, count: index) + [inner])
                if !presence.missing { schema["minItems"] = .int(Int64(index) + 1) }
            } else {
                if !presence.missing { schema["minItems"] = .int(-Int64(index)) }
                note("\(place): the element at index \(index), counted from the end, is not checked")
            }
            return schema.value
        }
    }

    /// The schema of the object a key path starts in: `value(at:)` without
    /// the object's own type, which its model gives.
    private mutating func containing(_ steps: [KeyStep], leaf: MappedValue, presence: Presence, place: String) -> MappedValue {
        guard case .object(let object) = value(at: steps[...], leaf: leaf, presence: presence, place: place) else {
            return .anySchema
        }
        return .object(MappedObject(object.members.filter { $0.key != "type" }))
    }

    /// The schema that a key path holds a value, not `null`, that `leaf` accepts.
    mutating func holds(_ steps: [KeyStep], leaf: MappedValue, place: String) -> MappedValue {
        containing(steps, leaf: leaf, presence: Presence(missing: false, null: false), place: place)
    }

    /// Fallback keys: the first path that holds a value other than `null`
    /// is read and must be valid, and the later ones are not looked at;
    /// when none holds one, the field is `null`, its default, or an error.
    private mutating func fallbacks(_ field: FieldPlan, leaf: MappedValue, presence: Presence, model: ModelPlan) -> MappedValue {
        let paths = field.sources.map(\.steps)
        let fieldPlace = place(field, in: model)
        var rest: MappedValue
        switch (presence.missing, presence.null) {
        case (true, true):
            rest = .anySchema
        case (true, false):
            // `default … when missing` on a required field: a path that is `null` is an error.
            let notNull = SchemaObject("not", SchemaObject.type("null").value).value
            rest = SchemaObject(
                "allOf", .array(paths.map { containing($0, leaf: notNull, presence: Presence(missing: true, null: false), place: fieldPlace) })
            ).value
        case (false, _):
            rest = .noSchema
        }
        for path in paths.reversed() {
            let shape = containing(path, leaf: .anySchema, presence: Presence(missing: true, null: true), place: fieldPlace)
            var step = SchemaObject("if", holds(path, leaf: .anySchema, place: fieldPlace))
            step["then"] = holds(path, leaf: leaf, place: fieldPlace)
            step["else"] = rest.isAnySchema ? shape : SchemaObject("allOf", .array([shape, rest])).value
            rest = step.value
        }
        if let description = describedSources(field, in: model) {
            var described = SchemaObject("description", .string(description))
            if case .object(let object) = rest { for member in object.members { described[member.key] = member.value } }
            rest = described.value
        }
        return rest
    }

    /// `Issue.bookID: the first of id, ID, book_id that is not null`.
    private func describedSources(_ field: FieldPlan, in model: ModelPlan) -> String? {
        let texts = field.sources.map { "`" + $0.text + "`" }
        guard texts.count > 1 else { return nil }
        return "`\(model.name).\(field.name)`: the first of \(texts.joined(separator: ", ")) that is not null"
    }

    /// A choice's object: one model's, picked by the value at the
    /// discriminator's key path, exactly as listed; the default model's
    /// for a value no variant lists or a missing key.
    mutating func inputChoice(_ index: Int) -> MappedValue {
        let choice = plan.choices[index]
        let steps = choice.discriminator.steps
        let place = "`\(choice.name)` (\(Self.location(choice.site)))"
        let listed = Self.lookupSchema(choice.variants.entries.map(\.key))
        var exact = listed.isExact
        var branches: [MappedValue] = []
        for model in variantModels(of: index) {
            let values = Self.lookupSchema(discriminatorKeys(of: index, for: model))
            let chosen = holds(steps, leaf: values.schema, place: place)
            var condition: MappedValue
            if model == choice.defaultModel {
                condition = SchemaObject("not", holds(steps, leaf: listed.exactly, place: place)).value
                if !values.exactly.isNoSchema { condition = SchemaObject("anyOf", .array([chosen, condition])).value }
            } else {
                condition = chosen
            }
            var branch = SchemaObject.reference(plan.models[model].name)
            if case .object(let object) = condition { for member in object.members { branch[member.key] = member.value } }
            branches.append(branch.value)
        }
        if steps.contains(where: { if case .index(let at) = $0 { at < 0 } else { false } }) { exact = false }
        var schema = SchemaObject.type("object")
        describe(&schema, site: choice.site)
        schema[exact ? "oneOf" : "anyOf"] = .array(branches)
        if !exact { noteInexactChoice(place) }
        return schema.value
    }
}
