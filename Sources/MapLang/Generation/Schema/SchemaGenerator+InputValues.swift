// MARK: - The input side: the JSON a field's type and transformers read

extension SchemaGenerator {
    /// A JSON number in a string, white space around it allowed, as lenient
    /// fields read one (`NumberText.literal(in:)`). ECMA-262's `\s` lacks
    /// U+0085, which Swift counts as white space.
    static let numericText = #"^[\s\u0085]*-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?[\s\u0085]*$"#

    /// The words a lenient `Bool` reads, in any case (`BooleanWords`).
    static let booleanWords =
        #"^[\s\u0085]*(?:[tT][rR][uU][eE]|[yY][eE][sS]|[yY]|[oO][nN]|1|[fF][aA][lL][sS][eE]|[nN][oO]|[nN]|[oO][fF][fF]|0)[\s\u0085]*$"#

    /// A string holding a number.
    private static var numericString: MappedValue {
        SchemaObject.type("string").adding("pattern", .string(numericText)).value
    }

    /// The JSON a field reads, not `null`: what its type reads, or what
    /// its first transformer reads, and the rules the schema can express.
    mutating func inputLeaf(_ field: FieldPlan, in model: ModelPlan) -> MappedValue {
        let type = field.type.unwrapped
        if let first = field.wholeValuePipeline.first {
            note("\(place(field, in: model)): the value is read through `\(pipelineText(field)); the schema asks only for what `\(first.name)` reads")
            noteRulesUnchecked(field, in: model, because: "the rule sees the value after the transformers")
            return stageInput(first, field: field, model: model)
        }
        let stage = field.pipeline.first
        if let stage {
            note(
                "\(place(field, in: model)): the value is read through `\(pipelineText(field)); the schema asks only for what `\(stage.name)` reads")
        }
        // `iso8601` alone on a `Date`, `url` alone on a `URL`: the rules see the value as read.
        var readsAsItIs = stage == nil
        if field.pipeline.count == 1, case .builtin(let builtin, _) = field.pipeline[0].step, builtin.isDefaultReading { readsAsItIs = true }
        var schema = inputShape(type, field: field, model: model, stage: stage, top: true)
        switch type {
        case .array, .dictionary:
            addRules(of: field, in: model, type: type, sight: .input(lenient: field.lenient, lossy: field.dropSite != nil), to: &schema)
        case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .model, .enumeration, .choice, .optional:
            if readsAsItIs {
                addRules(of: field, in: model, type: type, sight: .input(lenient: field.lenient, lossy: false), to: &schema)
            } else {
                noteRulesUnchecked(field, in: model, because: "the rule sees the value after the transformers")
            }
        }
        // What a missing key reads as, written as the input would hold it; not through transformers.
        if let value = field.defaultValue, stage == nil { schema["default"] = inputForm(of: value, type: field.type) }
        return schema.value
    }

    /// A mapped value as the input holds it: an enum's case as its first
    /// input, dates and URLs as their text, the rest as they are.
    private func inputForm(of value: MappedValue, type: ValueType) -> MappedValue {
        switch (type, value) {
        case (.optional(let wrapped), _):
            return value == .null ? .null : inputForm(of: value, type: wrapped)
        case (.enumeration(let index), .string(let name)):
            let enumeration = plan.enums[index]
            return enumeration.cases.firstIndex(of: name).map { enumeration.preferredInputs[$0].value } ?? value
        case (.array(let element), .array(let elements)):
            return .array(elements.map { inputForm(of: $0, type: element) })
        case (.dictionary(let element), .object(let object)):
            return .object(MappedObject(object.members.map { MappedMember(key: $0.key, value: inputForm(of: $0.value, type: element)) }))
        case (.string, _), (.int, _), (.double, _), (.decimal, _), (.bool, _), (.date, _), (.url, _), (.data, _), (.json, _),
            (.model, _), (.choice, _), (.enumeration, _), (.array, _), (.dictionary, _):
            return Self.json(value)
        }
    }

    /// A field's transformers as written, with where each is:
    /// `trim | lowercase` (at issues.map:4:20, issues.map:4:27).
    private func pipelineText(_ field: FieldPlan) -> String {
        let stages = field.wholeValuePipeline + field.pipeline
        return stages.map(\.name).joined(separator: " | ") + "` (at " + stages.map { Self.location($0.site) }.joined(separator: ", ") + ")"
    }

    /// Notes each of a field's rules as not checked.
    private mutating func noteRulesUnchecked(_ field: FieldPlan, in model: ModelPlan, because reason: String) {
        for rule in field.rules {
            note("\(place(field, in: model)): \(rule.site.description) at \(Self.location(rule.site)) is not checked: \(reason)")
        }
    }

    /// The JSON a type reads: arrays, dictionaries and optionals around
    /// what each scalar reads, given by the first transformer when there
    /// is one, else by the type under the field's coercion setting.
    private mutating func inputShape(_ type: ValueType, field: FieldPlan, model: ModelPlan, stage: PipelineStage?, top: Bool)
        -> SchemaObject
    {
        switch type {
        case .array(let element):
            var array = SchemaObject.type("array")
            let elements = inputShape(element, field: field, model: model, stage: stage, top: false)
            if top && field.dropSite != nil {
                note("\(place(field, in: model)): the field is `lossy`, so an element that fails is dropped, not refused")
            } else {
                array["items"] = elements.value
            }
            guard top && field.acceptsSingle else { return array }
            // A single value is one that is not an array; it is never dropped, even from a `lossy` field.
            let single = SchemaObject("allOf", .array([SchemaObject("not", SchemaObject.type("array").value).value, elements.value]))
            return SchemaObject("anyOf", .array([array.value, single.value]))
        case .dictionary(let element):
            var object = SchemaObject.type("object")
            let members = inputShape(element, field: field, model: model, stage: stage, top: false)
            if top && field.dropSite != nil {
                note("\(place(field, in: model)): the field is `lossy`, so a member that fails is dropped, not refused")
            } else {
                object["additionalProperties"] = members.value
            }
            return object
        case .optional(let wrapped):
            let inner = inputShape(wrapped, field: field, model: model, stage: stage, top: false)
            guard case .object(let object) = Self.nullable(inner.value) else { return inner }
            return SchemaObject(members: object.members)
        case .model(let index):
            return .reference(plan.models[index].name)
        case .choice(let index):
            return .reference(plan.choices[index].name)
        case .enumeration(let index):
            if let stage { return SchemaObject(members: members(of: stageInput(stage, field: field, model: model))) }
            return enumUse(index, field: field)
        case .json:
            // Transformers run on a `JSON` value's scalars; arrays and objects pass untouched.
            return SchemaObject()
        case .string, .int, .double, .decimal, .bool, .date, .url, .data:
            if let stage { return SchemaObject(members: members(of: stageInput(stage, field: field, model: model))) }
            return coercion(type, field: field, model: model)
        }
    }

    /// A schema's keywords.
    private func members(of schema: MappedValue) -> [MappedMember] {
        guard case .object(let object) = schema else { return [] }
        return object.members
    }

    /// What a scalar type reads with and without coercion (grammar.md 3.4, 3.6).
    private mutating func coercion(_ type: ValueType, field: FieldPlan, model: ModelPlan) -> SchemaObject {
        let lenient = field.lenient
        let place = place(field, in: model)
        if lenient, type.jsonType != nil, type != .string {
            note("With coercion on, a number in a string is taken by its form; whether it fits the field's type is not checked")
        }
        switch type {
        case .string:
            return lenient ? .type("string", "number", "boolean") : .type("string")
        case .int:
            // No bounds: a validator may read `9223372036854775807.0` as a `Double`, which 64 bits do not bound exactly.
            let integer = SchemaObject.type("integer")
            note("An `Int` refuses an integer past 64 bits")
            if !lenient {
                note(
                    "A strict `Int` refuses a number written with a fraction or an exponent, such as `3.0` or `1e2`, "
                        + "which JSON Schema counts as an integer")
            }
            return lenient ? SchemaObject("anyOf", .array([integer.value, Self.numericString])) : integer
        case .double, .decimal:
            if type == .double { note("A `Double` refuses a number past what it holds, such as `1e400`") }
            return lenient ? SchemaObject("anyOf", .array([SchemaObject.type("number").value, Self.numericString])) : .type("number")
        case .bool:
            guard lenient else { return .type("boolean") }
            return SchemaObject(
                "anyOf",
                .array([
                    SchemaObject.type("boolean").value, SchemaObject("enum", .array([.int(0), .int(1)])).value,
                    SchemaObject.type("string").adding("pattern", .string(Self.booleanWords)).value,
                ]))
        case .date:
            note("\(place): a `Date` reads an ISO-8601 string or a number of Unix seconds; the schema does not check the text or the year's range")
            return .type("string", "number")
        case .url:
            note("\(place): a `URL` reads a string that is an absolute URL; the schema does not check that it is one")
            return .type("string")
        case .data:
            note("\(place): `Data` reads base64 text; the schema does not check the alphabet or the length")
            return .type("string")
        case .json, .model, .choice, .enumeration, .array, .dictionary, .optional:
            return SchemaObject()
        }
    }

    /// The JSON a transformer reads, first in a pipeline.
    private mutating func stageInput(_ stage: PipelineStage, field: FieldPlan, model: ModelPlan) -> MappedValue {
        switch stage.step {
        case .builtin(let builtin, _):
            if builtin.shape == .joins {
                return SchemaObject.type("array").adding("items", SchemaObject.type("string", "number", "boolean").value).value
            }
            var types: [String] = []
            let kinds = builtin.accepted(lenient: field.lenient)
            if kinds.contains(.json) { return .anySchema }
            if !kinds.isDisjoint(with: [.text, .url, .data]) { types.append("string") }
            if kinds.contains(.number) { types.append("number") }
            if kinds.contains(.boolean) { types.append("boolean") }
            return types.isEmpty ? .noSchema : SchemaObject("type", types.count == 1 ? .string(types[0]) : .strings(types)).value
        case .table:
            return SchemaObject.type("string", "number", "boolean").value
        case .custom(let transformer):
            note("\(place(field, in: model)): `\(transformer.name)` is a transformer registered from Swift; the schema does not know what it reads")
            return .anySchema
        }
    }

    /// An enum's inputs, as read without coercion: the values it lists, or
    /// with a default case any scalar.
    mutating func inputEnum(_ index: Int) -> MappedValue {
        let enumeration = plan.enums[index]
        guard enumeration.defaultCase == nil else { return SchemaObject.type("string", "number", "boolean").value }
        let lookup = Self.lookupSchema(enumeration.inputs.entries.map(\.key))
        if !lookup.isExact {
            note(
                "`\(enumeration.name)`: a listed string past ASCII is also found by other Unicode forms of it, and a number past 2^53 "
                    + "by numbers near it; the schema takes any string or number there")
        }
        return lookup.schema
    }

    /// An enum read by a field: with coercion on, a string holding a
    /// number also finds a number it lists, and a number a string it lists
    /// that holds one (grammar.md 3.8).
    private mutating func enumUse(_ index: Int, field: FieldPlan) -> SchemaObject {
        let enumeration = plan.enums[index]
        let reference = SchemaObject.reference(enumeration.name)
        guard field.lenient, enumeration.defaultCase == nil else { return reference }
        var alternatives: [MappedValue] = []
        let keys = enumeration.inputs.entries.map(\.key)
        if keys.contains(where: { if case .number = $0 { true } else { false } }) { alternatives.append(Self.numericString) }
        if keys.contains(where: { if case .string(let text) = $0 { NumberText.literal(in: text) != nil } else { false } }) {
            alternatives.append(SchemaObject.type("number").value)
        }
        guard !alternatives.isEmpty else { return reference }
        note("With coercion on, an enum's numbers and numbers in strings are taken by their form, not by the value listed")
        return SchemaObject("anyOf", .array([reference.value] + alternatives))
    }
}
