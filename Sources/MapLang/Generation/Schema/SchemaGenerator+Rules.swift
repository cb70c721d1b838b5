// MARK: - Validation rules as keywords

extension SchemaGenerator {
    /// What JSON a rule's keywords are sure to see as the value it checks.
    enum RuleSight {
        /// The value itself, as mapping wrote it: the output side.
        case exact
        /// The input value before conversion; with `lenient` a value of
        /// another JSON type may still convert, so only values already of
        /// the field's own JSON type are constrained.
        case input(lenient: Bool, lossy: Bool)
    }

    /// Adds the keywords that express a field's rules to the schema of its
    /// value (not `null`: rules skip it), noting each rule it cannot express.
    ///
    /// Every keyword added constrains one JSON type only (`minimum` numbers,
    /// `minLength` strings), except `enum`, which under lenient input is
    /// put behind an `if` on the type.
    mutating func addRules(
        of field: FieldPlan, in model: ModelPlan, type: ValueType, sight: RuleSight, to schema: inout SchemaObject
    ) {
        for rule in field.rules {
            if let reason = add(rule.kind, type: type, sight: sight, to: &schema) {
                note("\(place(field, in: model)): \(rule.site.description) at \(Self.location(rule.site)) is not checked: \(reason)")
            } else if let general = Self.generalNote(for: rule.kind, type: type) {
                note(general)
            }
        }
        if case .input(lenient: true, _) = sight, !field.rules.isEmpty, type.jsonType != nil {
            note(
                "With coercion on, a field also reads other JSON types (`\"42\"` for a number, `42` for a string); "
                    + "its rules are checked only on values already of its own type")
        }
    }

    /// Adds one rule's keywords; why it cannot, if it cannot.
    private func add(_ kind: RuleKind, type: ValueType, sight: RuleSight, to schema: inout SchemaObject) -> String? {
        let lossy: Bool
        let lenient: Bool
        switch sight {
        case .exact: (lossy, lenient) = (false, false)
        case .input(let isLenient, let isLossy): (lossy, lenient) = (isLossy, isLenient)
        }
        switch kind {
        case .range(let range):
            guard type.isNumber else { return nil }
            if let lower = range.lower { schema["minimum"] = .decimal(lower.literal) }
            if let upper = range.upper { schema[range.includesUpper ? "maximum" : "exclusiveMaximum"] = .decimal(upper.literal) }
            return nil
        case .length(let range):
            return addLength(range, type: type, lossy: lossy, to: &schema)
        case .nonEmpty:
            return addLength(NumericRange(lower: NumberBound(literal: "1", value: 1, integer: 1), upper: nil, includesUpper: true),
                type: type, lossy: lossy, to: &schema)
        case .pattern(_, let source):
            do {
                schema["pattern"] = .string(try ECMAPattern.translate(source))
                return nil
            } catch {
                return error.reason
            }
        case .oneOf(let values):
            return addOneOf(values, type: type, lenient: lenient, to: &schema)
        }
    }

    /// `length` and `nonEmpty`: counts of characters, elements or members.
    private func addLength(_ range: NumericRange, type: ValueType, lossy: Bool, to schema: inout SchemaObject) -> String? {
        if lossy, type.isCollection {
            return "the field is `lossy`: elements that fail are dropped before the rule counts them"
        }
        let lower = range.lower?.integer
        let upper = range.upper?.integer.map { range.includesUpper ? $0 : $0 - 1 }
        let names: (minimum: String, maximum: String)
        switch type {
        case .string:
            // A JSON Schema length counts code points; MapLang counts characters, never more.
            if let lower { schema["minLength"] = .int(max(lower, 0)) }
            return upper == nil ? nil : "JSON Schema counts a string's code points, MapLang its characters (`é` may be two code points)"
        case .array: names = ("minItems", "maxItems")
        case .dictionary: names = ("minProperties", "maxProperties")
        case .int, .double, .decimal, .bool, .date, .url, .data, .json, .model, .enumeration, .choice, .optional: return nil
        }
        if let upper { schema[names.maximum] = .int(max(upper, 0)) }
        if let lower { schema[names.minimum] = .int(max(lower, 0)) }
        return nil
    }

    /// `oneOf`: the values allowed, of an enum field the cases allowed.
    private func addOneOf(_ values: [MappedValue], type: ValueType, lenient: Bool, to schema: inout SchemaObject) -> String? {
        if case .enumeration(let index) = type, side == .input {
            // The inputs of the cases not allowed are refused; anything else reaches a case allowed, or fails anyway.
            let enumeration = plan.enums[index]
            let allowed = Set(values.compactMap { value -> Int? in
                guard case .string(let name) = value else { return nil }
                return enumeration.cases.firstIndex(of: name)
            })
            let refused = enumeration.inputs.entries.filter { !allowed.contains($0.value) }.map(\.key)
            let exclusion = Self.lookupSchema(refused).exactly
            if !refused.isEmpty, !exclusion.isNoSchema { schema["not"] = exclusion }
            if let fallback = enumeration.defaultCase, !allowed.contains(fallback) {
                return "values the enum does not list become `\(enumeration.cases[fallback])`, which the rule refuses"
            }
            return lenient ? "with coercion on, a number also finds a string the enum lists, and a string a number" : nil
        }
        let allowed = SchemaObject("enum", .array(values.map(Self.json)))
        guard lenient, let jsonType = type.jsonType else {
            schema["enum"] = allowed["enum"]
            return nil
        }
        schema["if"] = SchemaObject.type(jsonType).value
        schema["then"] = allowed.value
        return nil
    }

    /// What every schema with such a rule notes once: how MapLang's rule and
    /// the schema's keyword may differ, for values few records hold.
    private static func generalNote(for kind: RuleKind, type: ValueType) -> String? {
        switch kind {
        case .pattern:
            "On a very long string a `pattern` may need more than 10 million steps; MapLang then refuses the value (`pattern-too-costly`)"
        case .range, .oneOf:
            type == .double || type == .decimal
                ? "`range` and `oneOf` compare a number with a fraction by its `Double` value (`0.10000000000000000001` is `0.1`); a validator may compare exactly"
                : nil
        case .length, .nonEmpty:
            nil
        }
    }

    /// A value as JSON: dates and URLs as their text.
    static func json(_ value: MappedValue) -> MappedValue {
        switch value {
        case .date(let timestamp): .string(timestamp.iso8601String)
        case .url(let text): .string(text)
        case .array(let elements): .array(elements.map(json))
        case .object(let object): .object(MappedObject(object.members.map { MappedMember(key: $0.key, value: json($0.value)) }))
        case .null, .bool, .int, .double, .decimal, .string: value
        }
    }
}

extension ValueType {
    /// Whether values are numbers.
    var isNumber: Bool {
        switch self {
        case .int, .double, .decimal: true
        case .string, .bool, .date, .url, .data, .json, .model, .enumeration, .choice, .array, .dictionary, .optional: false
        }
    }

    /// The JSON type of a scalar that coercion converts (grammar.md 3.6);
    /// `nil` for the types it does not.
    var jsonType: String? {
        switch self {
        case .string: "string"
        case .int: "integer"
        case .double, .decimal: "number"
        case .bool: "boolean"
        case .date, .url, .data, .enumeration, .json, .model, .choice, .array, .dictionary, .optional: nil
        }
    }

    /// Whether values are arrays or dictionaries.
    var isCollection: Bool {
        switch self {
        case .array, .dictionary: true
        case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .model, .enumeration, .choice, .optional: false
        }
    }
}
