// MARK: - The output side: what `maplang run` writes

extension SchemaGenerator {
    /// `2016-05-24T18:43:37Z`, with 3, 6 or 9 fraction digits when needed.
    static let writtenDate = #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{3}|\.[0-9]{6}|\.[0-9]{9})?Z$"#
    /// Standard, padded base64.
    static let writtenBase64 = #"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"#

    /// A model's object: its fields in order, flattened models' fields
    /// through their own definitions. Open: where it is used closes it.
    mutating func outputModel(_ index: Int) -> MappedValue {
        let model = plan.models[index]
        var schema = SchemaObject.type("object")
        describe(&schema, site: model.site)
        var properties: [MappedMember] = []
        var required: [String] = []
        var flattened: [MappedValue] = []
        for field in model.fields {
            if field.flattens, case .model(let inner) = field.type.unwrapped {
                let reference = SchemaObject.reference(plan.models[inner].name).value
                guard field.type.isOptional, !field.flattenedNames.isEmpty else {
                    flattened.append(reference)
                    continue
                }
                // A `null` optional writes none of its fields.
                let none = SchemaObject("not", SchemaObject("anyOf", .array(field.flattenedNames.map { SchemaObject("required", .strings([$0])).value })).value)
                flattened.append(SchemaObject("anyOf", .array([reference, none.value])).value)
                continue
            }
            var value = outputValue(field.type.unwrapped)
            addRules(of: field, in: model, type: field.type.unwrapped, sight: .exact, to: &value)
            describe(&value, site: field.site)
            // A field that leaves out its key when `null` is never `null` when there.
            let canBeNull = field.type.isOptional || field.type == .json
            let written =
                !canBeNull ? value.value : field.omitsNull ? Self.nonNull(value.value) : Self.nullable(value.value)
            properties.append(MappedMember(key: field.name, value: written))
            if !(canBeNull && field.omitsNull) { required.append(field.name) }
        }
        for check in model.checks {
            note("`\(model.name)`: the check at \(Self.location(check.site)) holds for every record written, which the schema does not say")
        }
        if !properties.isEmpty { schema["properties"] = .object(MappedObject(properties)) }
        if !required.isEmpty { schema["required"] = .strings(required) }
        if !flattened.isEmpty { schema["allOf"] = .array(flattened) }
        return schema.value
    }

    /// The schema of a value of a type, not `null` at the top.
    private func outputValue(_ type: ValueType) -> SchemaObject {
        switch type {
        case .string: return .type("string")
        case .int: return .type("integer")
        case .double, .decimal: return .type("number")
        case .bool: return .type("boolean")
        // No `format`: MapLang writes years from 0000 and URLs that RFC 3339's
        // `date-time` and RFC 3986's `uri` do not take (an IRI, `a[b]`).
        case .date: return SchemaObject.type("string").adding("pattern", .string(Self.writtenDate))
        case .url: return .type("string")
        case .data: return SchemaObject.type("string").adding("pattern", .string(Self.writtenBase64))
        case .json: return SchemaObject()
        case .enumeration(let index): return .reference(plan.enums[index].name)
        case .choice(let index): return .reference(plan.choices[index].name)
        case .model(let index):
            return SchemaObject.reference(plan.models[index].name).adding("unevaluatedProperties", .bool(false))
        case .array(let element):
            return SchemaObject.type("array").adding("items", elementValue(element))
        case .dictionary(let element):
            return SchemaObject.type("object").adding("additionalProperties", elementValue(element))
        case .optional(let wrapped):
            return SchemaObject("anyOf", .array([SchemaObject.type("null").value, outputValue(wrapped).value]))
        }
    }

    /// An element's schema: `null` allowed when the element type is optional.
    private func elementValue(_ type: ValueType) -> MappedValue {
        guard case .optional(let wrapped) = type else { return outputValue(type).value }
        return Self.nullable(outputValue(wrapped).value)
    }

    /// A choice's object: one model's, with the discriminator's value
    /// first under the choice's output key, as it was read.
    mutating func outputChoice(_ index: Int) -> MappedValue {
        let choice = plan.choices[index]
        let listed = Self.lookupSchema(choice.variants.entries.map(\.key))
        var branches: [MappedValue] = []
        for model in variantModels(of: index) {
            let values = Self.lookupSchema(discriminatorKeys(of: index, for: model))
            var discriminator = values.schema
            if model == choice.defaultModel {
                // Any value no variant lists, or `null` when the key was missing.
                let other = SchemaObject("not", listed.exactly).value
                discriminator = values.exactly.isNoSchema ? other : SchemaObject("anyOf", .array([values.schema, other])).value
            }
            var branch = SchemaObject.reference(plan.models[model].name)
            branch["properties"] = .object(MappedObject([MappedMember(key: choice.outputKey, value: discriminator)]))
            branch["required"] = .strings([choice.outputKey])
            branch["unevaluatedProperties"] = .bool(false)
            branches.append(branch.value)
        }
        var schema = SchemaObject.type("object")
        describe(&schema, site: choice.site)
        schema[listed.isExact ? "oneOf" : "anyOf"] = .array(branches)
        if !listed.isExact { noteInexactChoice("`\(choice.name)` (\(Self.location(choice.site)))") }
        return schema.value
    }

    /// An enum's values: its case names.
    func outputEnum(_ index: Int) -> MappedValue {
        let enumeration = plan.enums[index]
        return SchemaObject.type("string").adding("enum", .strings(enumeration.cases)).value
    }
}
