extension Interpreter {
    /// Converts the value a field's key holds to the field's type: through
    /// the stages that run on the whole value first, when it has them
    /// (`split`, `join`, `json`), then as `convert` does.
    func convertField(_ value: JSONValue, field: FieldPlan, _ context: inout MappingContext) -> MappedValue? {
        guard !field.wholeValuePipeline.isEmpty else { return convert(value, to: field.type, field: field, &context) }
        guard let current = run(field.wholeValuePipeline, on: value.scalarValue ?? value.mappedValue, field: field, &context)
        else { return nil }
        guard let reshaped = JSONValue(exactly: current) else {
            return mismatch(Coercion.expectation(for: field.type, enums: plan.enums), value, field, &context)
        }
        // A key that held a value, reshaped to `null` (`json` of "null"), is read as `null` is.
        if reshaped == .null {
            if field.type.isOptional { return .null }
            context.fail(.nullValue(key: field.sources.first?.text ?? field.name), model: context.model, field: field.name, site: field.site)
            return nil
        }
        return convert(reshaped, to: field.type, field: field, &context)
    }

    /// Converts a JSON value to a field's type, running the field's
    /// transformers on each scalar; `nil` means an error was recorded.
    func convert(_ value: JSONValue, to type: ValueType, field: FieldPlan, _ context: inout MappingContext) -> MappedValue? {
        switch type {
        case .optional(let wrapped):
            return value == .null ? .null : convert(value, to: wrapped, field: field, &context)
        case .array(let element):
            guard case .array(let items) = value else {
                // `oneOrMany`: a single value, at the field's own level, is an array of one.
                guard field.acceptsSingle, type == field.type.unwrapped else { return mismatch("an array", value, field, &context) }
                return convert(value, to: element, field: field, &context).map { .array([$0]) }
            }
            if let site = field.dropSite, type == field.type.unwrapped {
                return .array(
                    context.mapEachDroppingFailures(items, at: { index, _ in .index(index) }, field: field.name, site: site) {
                        item, context in convert(item, to: element, field: field, &context)
                    }.map(\.value))
            }
            return context.mapEach(items, at: { index, _ in .index(index) }) { item, context in
                convert(item, to: element, field: field, &context)
            }.map(MappedValue.array)
        case .dictionary(let element):
            guard case .object(let object) = value else { return mismatch("an object", value, field, &context) }
            if let site = field.dropSite, type == field.type.unwrapped {
                let members = object.members
                let kept = context.mapEachDroppingFailures(members, at: { _, member in .key(member.key) }, field: field.name, site: site) {
                    member, context in convert(member.value, to: element, field: field, &context)
                }
                return .object(MappedObject(kept.map { MappedMember(key: members[$0.index].key, value: $0.value) }))
            }
            return context.mapEach(object.members, at: { _, member in .key(member.key) }) { member, context in
                convert(member.value, to: element, field: field, &context)
            }.map { .object(MappedObject(zip(object.members, $0).map { MappedMember(key: $0.key, value: $1) })) }
        case .model(let index):
            guard case .object = value else {
                return mismatch("an object for `\(plan.models[index].name)`", value, field, &context)
            }
            context.traceDepth += 1
            defer { context.traceDepth -= 1 }
            return mapModel(value, model: index, &context)
        case .choice(let index):
            guard case .object = value else {
                return mismatch("an object for `\(plan.choices[index].name)`", value, field, &context)
            }
            context.traceDepth += 1
            defer { context.traceDepth -= 1 }
            return mapChoice(value, choice: index, &context)
        case .json where field.pipeline.isEmpty || !value.isScalar:
            return value.mappedValue
        case .string, .int, .double, .decimal, .bool, .date, .url, .data, .enumeration, .json:
            return convertScalar(value, to: type, field: field, &context)
        }
    }

    /// Runs the pipeline on a scalar and converts the result to the field's type.
    private func convertScalar(
        _ value: JSONValue, to type: ValueType, field: FieldPlan, _ context: inout MappingContext
    ) -> MappedValue? {
        guard let scalar = value.scalarValue else {
            return mismatch(Coercion.expectation(for: type, enums: plan.enums), value, field, &context)
        }
        guard let current = run(field.pipeline, on: scalar, field: field, &context) else { return nil }
        switch Coercion.convert(current, to: type, lenient: field.lenient, enums: plan.enums) {
        case .success(let converted):
            if context.coverage != nil, case .enumeration(let index) = type, case .string(let name) = converted,
                let position = plan.enums[index].cases.firstIndex(of: name)
            {
                context.coverage?.append(.enumCase(enumeration: index, position: position))
            }
            guard plan.coercionAudit != .allow || context.trace != nil, field.lenient,
                Coercion.isCoercion(current, to: type, read: field.pipeline.isEmpty, enums: plan.enums)
            else { return converted }
            let typeName = Coercion.name(of: type, enums: plan.enums)
            context.traceField { [path = context.path] in
                $0.steps.append(TraceStep(by: typeName, site: TracedSite(field.site), path: path, value: converted, coerced: true))
            }
            guard plan.coercionAudit != .allow else { return converted }
            let result = "\(typeName) \(converted.preview)"
            return audit(current, becoming: result, by: nil, field: field, site: field.site, &context) ? converted : nil
        case .failure(let problem):
            // A value the transformers made is not the input's: the error is the last one's, and says so.
            if let last = field.pipeline.last {
                context.fail(
                    problem, model: context.model, field: field.name, site: last.site,
                    help: "\(current.preview) is what `\(last.name)` gave, from \(scalar.preview) in the input")
            } else if let reshaping = field.wholeValuePipeline.last {
                context.fail(
                    problem, model: context.model, field: field.name, site: reshaping.site,
                    help: "\(current.preview) is what `\(reshaping.name)` gave")
            } else {
                context.fail(problem, model: context.model, field: field.name, site: field.site)
            }
            return nil
        }
    }

    /// Runs stages of a field's pipeline in order; `nil` when one fails,
    /// its error recorded at the stage.
    private func run(
        _ stages: [PipelineStage], on value: MappedValue, field: FieldPlan, _ context: inout MappingContext
    ) -> MappedValue? {
        var current = value
        for stage in stages {
            switch stage.step.apply(to: current, lenient: field.lenient, tables: plan.tables) {
            case .success(let next):
                // A stage that reads the value only with coercion on (a number
                // given to `uppercase`, a table's row of another JSON type).
                let coerced =
                    (plan.coercionAudit != .allow || context.trace != nil) && field.lenient
                    && stage.step.apply(to: current, lenient: false, tables: plan.tables).isFailure
                context.traceField { [path = context.path] in
                    $0.steps.append(TraceStep(by: stage.site.description, site: TracedSite(stage.site), path: path, value: next, coerced: coerced))
                }
                if coerced, plan.coercionAudit != .allow,
                    !audit(current, becoming: next.preview, by: stage.site.description, field: field, site: stage.site, &context)
                {
                    return nil
                }
                current = next
            case .failure(let problem):
                context.fail(problem, model: context.model, field: field.name, site: stage.site)
                return nil
            }
        }
        return current
    }

    /// Reports a value coercion converted, as `--warn-coercions` asks: a
    /// warning, or, with `=error`, an error; `false` when it is an error.
    ///
    /// - Parameter reader: The transformer or table that read it so, or
    ///   `nil` for the field's own type.
    private func audit(
        _ value: MappedValue, becoming result: String, by reader: String?, field: FieldPlan, site: RuleSite,
        _ context: inout MappingContext
    ) -> Bool {
        let found = value.preview
        if plan.coercionAudit == .refuse {
            context.fail(.coercionRefused(found: found, result: result, by: reader), model: context.model, field: field.name, site: site)
            return false
        }
        context.warn(
            MappingError(
                path: context.path, model: context.model, field: field.name, problem: .coerced(found: found, result: result, by: reader),
                site: site))
        return true
    }

    /// Records that a value has the wrong shape.
    func mismatch(
        _ expected: String, _ value: JSONValue, _ field: FieldPlan, _ context: inout MappingContext
    ) -> MappedValue? {
        context.fail(
            .typeMismatch(expected: expected, found: value.preview), model: context.model, field: field.name,
            site: field.site)
        return nil
    }
}

extension JSONValue {
    /// Whether the value is a string, number, boolean or null.
    var isScalar: Bool {
        switch self {
        case .null, .bool, .number, .string: true
        case .array, .object: false
        }
    }

    /// The value as transformers see it: strings as strings, numbers as their
    /// exact literal text, booleans as booleans; `nil` for `null`, arrays and objects.
    var scalarValue: MappedValue? {
        switch self {
        case .string(let text): .string(text)
        case .number(let number): .decimal(number.literal)
        case .bool(let flag): .bool(flag)
        case .null, .array, .object: nil
        }
    }
}

extension Result {
    /// Whether it is a failure.
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
