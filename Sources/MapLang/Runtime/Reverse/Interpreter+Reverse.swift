extension Interpreter {
    /// Maps one record in either direction.
    func run(
        _ value: JSONValue, target: RecordTarget, at path: JSONPath, direction: MappingDirection
    ) -> MappedRecord {
        switch direction {
        case .forward:
            return map(value, target: target, at: path)
        case .reverse:
            let (mapped, errors) = reverse(value.mappedValue, target: target, at: path)
            return MappedRecord(index: nil, value: mapped, errors: errors)
        }
    }

    /// Maps a model-shaped record, as forward mapping writes it, back to
    /// source-shaped JSON (grammar.md 5.5).
    ///
    /// - Returns: The source-shaped value when there were no errors, and every error found.
    func reverse(_ value: MappedValue, target: RecordTarget, at path: JSONPath) -> (value: MappedValue?, errors: [MappingError]) {
        var context = MappingContext(path: path, model: plan.name(of: target))
        let written: MappedValue? =
            switch target {
            case .model(let index): reverseModel(value, model: index, &context)
            case .choice(let index): reverseChoice(value, choice: index, &context)
            }
        let errors = context.kept(at: path).errors
        return (errors.isEmpty ? written : nil, errors)
    }

    /// Writes a model's fields back at their keys.
    func reverseModel(_ value: MappedValue, model index: Int, _ context: inout MappingContext) -> MappedValue? {
        let model = plan.models[index]
        guard case .object(let object) = value else {
            context.fail(
                .typeMismatch(expected: "an object for `\(model.name)`", found: value.preview), model: model.name,
                field: nil, site: model.site)
            return nil
        }
        let outerModel = context.model
        context.model = model.name
        defer { context.model = outerModel }
        let values = MemberLookup(object)
        var builder = SourceObjectBuilder()
        var failed = false
        // What forward mapping gives each field from what is written, for the checks; none without checks.
        var forward: [MappedValue]? = model.checks.isEmpty ? nil : []
        forward?.reserveCapacity(model.fields.count)
        for (index, field) in model.fields.enumerated() {
            guard model.unknownKeys != .keep(index), !field.reversal.target.isEmpty || field.readsWholeObject else {
                forward?.append(values[field.name] ?? (model.unknownKeys == .keep(index) ? .object(MappedObject()) : .null))
                continue
            }
            // A flattened model's fields are gathered from among the enclosing ones.
            let value = field.flattens ? gathered(field.flattenedNames, from: object) : values[field.name]
            if !field.flattens { context.path.append(.key(field.name)) }
            defer { if !field.flattens { context.path.removeLast() } }
            switch reverseField(field, value, &context) {
            case .write(let written, let value):
                if !field.readsWholeObject {
                    builder.insert(written, at: field.reversal.target[...])
                } else if case .object(let members) = written {
                    // `from $`: the model's keys go back into the object it was read from.
                    builder.merge(members)
                }
                forward?.append(value)
            case .omit(let value):
                forward?.append(value)
            case .failed:
                failed = true
            }
        }
        if case .keep(let index) = model.unknownKeys, case .object(let kept)? = values[model.fields[index].name] {
            builder.merge(kept)
        }
        guard !failed else { return nil }
        if var values = forward {
            // Computed fields are not written back; the checks see them worked out again.
            if model.hasComputedFields, !computeFields(of: model, values: &values, input: nil, &context) { return nil }
            guard checksHold(model, values: values, input: nil, &context) else { return nil }
        }
        return builder.value
    }

    /// The members of a model-shaped object that a flattened model wrote,
    /// as that model's object; `nil` when it wrote none.
    private func gathered(_ names: [String], from object: MappedObject) -> MappedValue? {
        let wanted = Set(names)
        let members = object.members.filter { wanted.contains($0.key) }
        return members.isEmpty ? nil : .object(MappedObject(members))
    }

    /// What becomes of one field's value, with the value forward mapping
    /// gives the field from what is written.
    private enum Reversed {
        /// Written at the field's key.
        case write(MappedValue, forward: MappedValue)
        /// Left out: forward mapping gives the same value without it.
        case omit(forward: MappedValue)
        /// An error was recorded.
        case failed
    }

    /// Decides whether a field is written, and what.
    ///
    /// `null` and an absent field are left out, since forward mapping reads
    /// an absent key as `null` or the default; so is a value equal to the
    /// default. Only a field whose default applies `when missing` writes an
    /// explicit `null`, which forward mapping keeps when the field is
    /// optional; for a required field it is the error forward mapping gives.
    /// A field whose nulls forward mapping leaves out reads an absent key as
    /// the `null` it left out.
    private func reverseField(_ field: FieldPlan, _ value: MappedValue?, _ context: inout MappingContext) -> Reversed {
        let value = value ?? (field.omitsNull && field.type.isOptional ? .null : nil)
        guard let value, value != .null else {
            let writesNull = value == .null && field.defaultOnlyWhenMissing
            if field.type.isOptional || (field.defaultValue != nil && !writesNull) {
                return writesNull ? .write(.null, forward: .null) : .omit(forward: absentValue(of: field, sawNull: false) ?? .null)
            }
            let problem: MappingProblem = value == nil ? .missingKey(keys: [field.name]) : .nullValue(key: field.name)
            context.fail(problem, model: context.model, field: field.name, site: field.site)
            return .failed
        }
        if let defaultJSON = field.reversal.defaultJSON, JSONWriter.serialize(value) == defaultJSON {
            return .omit(forward: field.defaultValue ?? value)
        }
        guard let unconverted = unconvert(value, from: field.type, field: field, &context),
            let written = invert(unconverted, through: field.reversal.wholeInverse, field: field, &context)
        else { return .failed }
        if field.type.holdsModels && field.wholeValuePipeline.isEmpty { return .write(written, forward: value) }
        return rereads(written, field: field, &context).map { .write(written, forward: $0) } ?? .failed
    }

    /// What forward mapping makes of what reverse mapping wrote for a
    /// field: the value read, run through the field's transformers,
    /// converted and validated, as a forward run would, recording the
    /// errors that run would give; `nil` when it fails. So nothing is
    /// written that cannot be read back: not `1.5` or `2^64` for an `Int`,
    /// `1e400` for a `Double`, a timestamp or year out of range, or a value
    /// its rules refuse.
    ///
    /// A field that holds models is left to those models' own fields.
    private func rereads(_ written: MappedValue, field: FieldPlan, _ context: inout MappingContext) -> MappedValue? {
        guard let json = JSONValue(exactly: written) else {
            context.fail(
                .typeMismatch(expected: Coercion.expectation(for: field.type, enums: plan.enums), found: written.preview),
                model: context.model, field: field.name, site: field.site)
            return nil
        }
        guard let converted = convertField(json, field: field, &context),
            validate(converted, field: field, &context)
        else { return nil }
        return converted
    }

    /// Turns a model-shaped value of a field's type back into what the
    /// field's key held.
    private func unconvert(
        _ value: MappedValue, from type: ValueType, field: FieldPlan, _ context: inout MappingContext
    ) -> MappedValue? {
        switch type {
        case .optional(let wrapped):
            return value == .null ? .null : unconvert(value, from: wrapped, field: field, &context)
        case .array(let element):
            guard case .array(let items) = value else { return mismatch("an array", value, field, &context) }
            return context.mapEach(items, at: { index, _ in .index(index) }) { item, context in
                unconvert(item, from: element, field: field, &context)
            }.map(MappedValue.array)
        case .dictionary(let element):
            guard case .object(let object) = value else { return mismatch("an object", value, field, &context) }
            return context.mapEach(object.members, at: { _, member in .key(member.key) }) { member, context in
                unconvert(member.value, from: element, field: field, &context)
            }.map { .object(MappedObject(zip(object.members, $0).map { MappedMember(key: $0.key, value: $1) })) }
        case .model(let index):
            return reverseModel(value, model: index, &context)
        case .choice(let index):
            return reverseChoice(value, choice: index, &context)
        case .json where field.reversal.inverse.isEmpty:
            return value
        case .string, .int, .double, .decimal, .bool, .date, .url, .data, .enumeration, .json:
            guard let scalar = typedScalar(value, of: type, field: field, &context) else { return nil }
            return invert(scalar, through: field.reversal.inverse, field: field, &context)
        }
    }

    /// A model-shaped scalar as forward mapping's last stage gave it: dates
    /// and URLs typed, numbers as their literal, enum cases as their
    /// preferred input.
    private func typedScalar(
        _ value: MappedValue, of type: ValueType, field: FieldPlan, _ context: inout MappingContext
    ) -> MappedValue? {
        switch (type, value) {
        case (.string, .string), (.bool, .bool), (.json, _), (.date, .date):
            return value
        case (.data, .string(let text)):
            // Written as forward mapping writes it, whatever spare bits the text had.
            guard let canonical = try? Base64.canonical(text) else { return mismatch("base64 text", value, field, &context) }
            return .string(canonical)
        case (.url, .url(let text)), (.url, .string(let text)):
            if let reason = URLValidator.problem(with: text) {
                context.fail(
                    .invalidValue(transformer: "url", found: value.preview, reason: reason), model: context.model,
                    field: field.name, site: field.site)
                return nil
            }
            return .url(text)
        case (.int, .int(let integer)), (.double, .int(let integer)), (.decimal, .int(let integer)):
            return .decimal(String(integer))
        case (.double, .double(let double)), (.decimal, .double(let double)):
            guard double.isFinite else {
                context.fail(.typeMismatch(expected: "a finite number", found: "\(double)"), model: context.model, field: field.name, site: field.site)
                return nil
            }
            return .decimal(NumberText.json(double))
        case (.int, .decimal), (.double, .decimal), (.decimal, .decimal):
            return value
        case (.date, .string(let text)):
            guard let timestamp = try? ISO8601DateParser.parse(text) else {
                return mismatch("an ISO-8601 date", value, field, &context)
            }
            return .date(timestamp)
        case (.date, _):
            // Forward mapping writes every date as an ISO-8601 string.
            return mismatch("an ISO-8601 date", value, field, &context)
        case (.enumeration(let index), .string(let name)):
            let plan = plan.enums[index]
            guard let found = plan.cases.firstIndex(of: name) else {
                context.fail(
                    .unknownEnumValue(enumName: plan.name, found: value.preview, known: plan.cases.map { JSONPath.quoted($0) }),
                    model: context.model, field: field.name, site: field.site)
                return nil
            }
            return plan.preferredInputs[found].value
        default:
            return mismatch(Coercion.expectation(for: type, enums: plan.enums), value, field, &context)
        }
    }

    /// Runs inverse steps of a field, last transformer first.
    private func invert(
        _ value: MappedValue, through steps: [InverseStep], field: FieldPlan, _ context: inout MappingContext
    ) -> MappedValue? {
        var current = value
        for step in steps {
            switch step.apply(to: current, tables: plan.tables) {
            case .success(let previous):
                current = previous
            case .failure(let problem):
                context.fail(problem, model: context.model, field: field.name, site: field.site)
                return nil
            }
        }
        return current
    }

    /// Records that a model-shaped value has the wrong shape.
    private func mismatch(
        _ expected: String, _ value: MappedValue, _ field: FieldPlan, _ context: inout MappingContext
    ) -> MappedValue? {
        context.fail(
            .typeMismatch(expected: expected, found: value.preview), model: context.model, field: field.name,
            site: field.site)
        return nil
    }
}

extension InverseStep {
    /// Turns what a transformer gave back into what it read.
    func apply(to value: MappedValue, tables: [TablePlan]) -> Result<MappedValue, MappingProblem> {
        switch self {
        case .builtin(let name, let inverse):
            return inverse(value, BuiltinCall(name: name, lenient: false))
        case .table(let index):
            let table = tables[index]
            guard let key = LookupKey(value), let input = table.preferredInputs[key] else {
                return .failure(.notATableOutput(table: table.name, found: value.preview))
            }
            return .success(input.value)
        case .custom(let name, let inverse):
            do {
                return .success(try inverse(value))
            } catch {
                return .failure(.invalidValue(transformer: name, found: value.preview, reason: "\(error)"))
            }
        }
    }
}
