/// Runs a compiled `Plan` over JSON values.
///
/// The interpreter walks the JSON and the plan together: for each field it
/// reads the planned key paths, runs the planned transformers, converts to the
/// field's type and checks the planned rules. It never looks at the syntax
/// tree. Errors are collected, not thrown, so one run reports every problem in
/// a record.
struct Interpreter: Sendable {
    /// The compiled rules.
    let plan: Plan
    /// Where each record's coverage is counted, for `--coverage`; `nil` when nothing asks.
    var coverage: CoverageRecorder?

    /// Maps one record to a model.
    ///
    /// - Parameters:
    ///   - value: The record.
    ///   - target: The model, or choice of models, to map it to.
    ///   - path: Where the record is in its document, such as `$[3]`.
    /// - Returns: The mapped value when there were no errors, every error
    ///   found, and the elements `lossy` fields dropped.
    func map(_ value: JSONValue, target: RecordTarget, at path: JSONPath) -> MappedRecord {
        var context = MappingContext(path: path, model: plan.name(of: target))
        return map(value, target: target, &context)
    }

    /// Maps one record as `map(_:target:at:)` does, and records what each
    /// field, check and choice did (`maplang run --explain`).
    func explain(_ value: JSONValue, target: RecordTarget, at path: JSONPath) -> (record: MappedRecord, trace: [TraceEntry]) {
        var context = MappingContext(path: path, model: plan.name(of: target))
        context.trace = []
        let record = map(value, target: target, &context)
        return (record, context.trace ?? [])
    }

    /// Maps one record in a context made for it.
    private func map(_ value: JSONValue, target: RecordTarget, _ context: inout MappingContext) -> MappedRecord {
        let record = context.path
        if coverage != nil { context.coverage = [] }
        let mapped: MappedValue? =
            switch target {
            case .model(let index): mapModel(value, model: index, &context)
            case .choice(let index): mapChoice(value, choice: index, &context)
            }
        coverage?.add(context.coverage ?? [])
        if plan.deepensOutput, let mapped, mapped.nests(deeperThan: Plan.deepestOutput(enclosedBy: record.components.count)) {
            context.path = record
            context.fail(
                .outputTooDeep(limit: Plan.deepestOutput(enclosedBy: record.components.count)), model: plan.name(of: target), field: nil,
                site: plan.site(of: target))
        }
        // A failing record reports its drops too: one may be why a rule failed.
        let (errors, drops) = context.kept(at: record)
        guard errors.isEmpty else { return MappedRecord(index: nil, value: nil, errors: errors, drops: drops) }
        return MappedRecord(index: nil, value: mapped, errors: [], drops: drops)
    }

    /// Maps an object to a model, then runs the model's checks if every field mapped.
    func mapModel(_ value: JSONValue, model index: Int, _ context: inout MappingContext) -> MappedValue? {
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
        if context.coverage != nil {
            // A model read with `from $` shares its object with the model
            // around it, whose keys are that model's to report; one that
            // keeps unknown keys reads them all.
            let keeps = if case .keep = model.unknownKeys { true } else { false }
            let unknown =
                model.knowsEveryKey || keeps || context.readsEnclosingObject
                ? [] : object.members.map(\.key).filter { !model.knownKeys.contains(ExactKey(string: $0)) }
            context.readsEnclosingObject = false
            context.coverage?.append(.object(model: index, unknown: unknown, path: context.path))
        }
        var members: [MappedMember] = []
        members.reserveCapacity(model.fields.count)
        var failed = false
        for (fieldIndex, field) in model.fields.enumerated() {
            if field.isComputed {
                // Worked out below, once every field it may read has mapped.
                members.append(MappedMember(key: field.name, value: .null))
            } else if model.unknownKeys == .keep(fieldIndex) {
                let mark = context.beginTrace(of: field)
                let kept = unknownMembers(of: object, model: model)
                context.endTrace(mark, value: kept)
                members.append(MappedMember(key: field.name, value: kept))
            } else if let mapped = mapField(field, in: object, known: model.knownKeys, coverage: (index, fieldIndex), &context) {
                members.append(MappedMember(key: field.name, value: mapped))
            } else {
                failed = true
            }
        }
        if model.unknownKeys == .reject, !model.knowsEveryKey {
            let unknown = object.members.map(\.key).filter { !model.knownKeys.contains(ExactKey(string: $0)) }
            if !unknown.isEmpty {
                context.fail(
                    .unknownKeys(model: model.name, keys: unknown), model: model.name, field: nil, site: model.site,
                    help: InputKeySuggestion.help(forUnknown: unknown, in: object, known: model.knownKeys))
                failed = true
            }
        }
        guard !failed else { return nil }
        var values = members.map(\.value)
        if model.hasComputedFields {
            guard computeFields(of: model, values: &values, input: object, &context) else { return nil }
            for (index, value) in values.enumerated() { members[index].value = value }
        }
        if context.coverage != nil { context.coverage? += model.checks.indices.map { .check(model: index, check: $0) } }
        guard checksHold(model, values: values, input: object, &context) else { return nil }
        guard model.omitsNulls || model.flattens else { return .object(MappedObject(members)) }
        // Checks have seen every field; the output leaves out the nulls it
        // omits, and writes a flattened model's members in its place.
        var output: [MappedMember] = []
        output.reserveCapacity(members.count)
        for (field, member) in zip(model.fields, members) {
            if field.flattens {
                if case .object(let nested) = member.value { output += nested.members }
            } else if !(field.omitsNull && member.value == .null) {
                output.append(member)
            }
        }
        return .object(MappedObject(output))
    }

    /// Works out a model's computed fields in order, each from the values
    /// before it, and checks each against its rules; `false` when any failed.
    /// A computed field that reads one that failed fails with no error of its
    /// own: one mistake gives one error.
    func computeFields(
        of model: ModelPlan, values: inout [MappedValue], input: JSONObject?, _ context: inout MappingContext
    ) -> Bool {
        // The computed fields that failed, directly or through one they read.
        var failedFields: Set<Int> = []
        for (index, field) in model.fields.enumerated() {
            guard let expression = field.computed else { continue }
            let mark = context.beginTrace(of: field)
            if !failedFields.isEmpty {
                var read: Set<Int> = []
                expression.addFieldsRead(to: &read)
                guard read.isDisjoint(with: failedFields) else {
                    failedFields.insert(index)
                    context.endTrace(mark, value: nil)
                    continue
                }
            }
            do throws(MappingProblem) {
                let value = try expression.evaluate(values, input: input).converted(to: field.type)
                guard value != .null || field.type.isOptional else { throw .computedNull }
                values[index] = value
                let valid = validate(value, field: field, &context)
                if !valid { failedFields.insert(index) }
                context.endTrace(mark, value: valid ? value : nil)
            } catch {
                context.fail(error, model: model.name, field: field.name, site: field.site)
                context.endTrace(mark, value: nil)
                failedFields.insert(index)
            }
        }
        return failedFields.isEmpty
    }

    /// Whether every check of a model holds, recording each one that does not.
    func checksHold(_ model: ModelPlan, values: [MappedValue], input: JSONObject?, _ context: inout MappingContext) -> Bool {
        var failed = false
        for check in model.checks {
            var holds: Bool?
            defer {
                context.trace(
                    .check(
                        CheckTrace(
                            model: model.name, site: TracedSite(check.site), path: context.path, depth: context.traceDepth, holds: holds,
                            message: check.message)))
            }
            do throws(MappingProblem) {
                holds = try check.condition.holds(for: values, input: input)
                if holds == true { continue }
                context.fail(.checkFailed(check.message), model: model.name, field: nil, site: check.site)
            } catch {
                context.fail(error, model: model.name, field: nil, site: check.site)
            }
            failed = true
        }
        return !failed
    }

    /// The members of an object whose keys the model does not mention, for
    /// its `unknown keep` field.
    private func unknownMembers(of object: JSONObject, model: ModelPlan) -> MappedValue {
        .object(
            MappedObject(
                object.members.filter { !model.knownKeys.contains(ExactKey(string: $0.key)) }.map {
                    MappedMember(key: $0.key, value: $0.value.mappedValue)
                }))
    }

    /// Reads, converts and validates one field; `nil` means an error was recorded.
    ///
    /// - Parameters:
    ///   - known: The keys the model reads, which a did-you-mean for a
    ///     missing key does not offer.
    ///   - coverage: The model's and the field's index, where `--coverage`
    ///     counts which key path gave the value.
    func mapField(
        _ field: FieldPlan, in object: JSONObject, known: Set<ExactKey>, coverage: (model: Int, field: Int)?,
        _ context: inout MappingContext
    ) -> MappedValue? {
        guard context.trace != nil else { return readField(field, in: object, known: known, coverage: coverage, &context) }
        let mark = context.beginTrace(of: field)
        let value = readField(field, in: object, known: known, coverage: coverage, &context)
        context.endTrace(mark, value: value)
        return value
    }

    /// `mapField` itself, which `--explain` brackets with the field's entry.
    private func readField(
        _ field: FieldPlan, in object: JSONObject, known: Set<ExactKey>, coverage: (model: Int, field: Int)?,
        _ context: inout MappingContext
    ) -> MappedValue? {
        // The first key that held `null`, where that error is reported.
        var firstNull: Int?
        for (index, source) in field.sources.enumerated() {
            let found = lookUp(source, in: object, &context, field: field)
            context.traceField { $0.keys.append(KeyAttempt(key: source.text, outcome: found.outcome)) }
            switch found {
            case .found(let value, let steps):
                if let coverage, context.coverage != nil {
                    context.coverage?.append(.source(model: coverage.model, field: coverage.field, source: index))
                }
                let depth = context.path.components.count
                for step in steps { context.path.append(step) }
                defer { context.path.truncate(to: depth) }
                context.traceField { [path = context.path] in $0.input = TracedInput(path: path, value: value) }
                if context.coverage != nil { context.readsEnclosingObject = field.readsWholeObject }
                // Taken by the model the object maps to, if any; a `JSON` field takes none.
                defer { context.readsEnclosingObject = false }
                guard let converted = convertField(value, field: field, &context) else { return nil }
                return validate(converted, field: field, &context) ? converted : nil
            case .null:
                firstNull = firstNull ?? index
            case .missing:
                continue
            case .failed:
                return nil
            }
        }
        let absent = absentValue(of: field, sawNull: firstNull != nil)
        if let coverage, context.coverage != nil {
            context.coverage?.append(
                .absent(
                    model: coverage.model, field: coverage.field, null: firstNull != nil,
                    defaulted: absent != nil && absent != .null))
        }
        context.traceField {
            $0.absent = AbsentTrace(
                sawNull: firstNull != nil, defaulted: absent != nil && absent != .null,
                defaultPassedOver: firstNull != nil && field.defaultOnlyWhenMissing && field.defaultValue != nil, value: absent)
        }
        if let absent { return absent }
        let keys = field.sources.map(\.text)
        var path = context.path
        if let shown = firstNull ?? (field.sources.count == 1 ? 0 : nil) {
            for step in field.sources[shown].steps { path.append(step.pathComponent) }
        }
        let problem: MappingProblem = firstNull.map { .nullValue(key: keys[$0]) } ?? .missingKey(keys: keys)
        var error = MappingError(path: path, model: context.model, field: field.name, problem: problem, site: field.site)
        if firstNull == nil { error.help = InputKeySuggestion.help(for: field.sources, in: object, known: known) }
        context.record(error)
        return nil
    }

    /// What a field holds when none of its keys has a value: its default or
    /// `null` when it may; `nil` when that is an error.
    ///
    /// - Parameter sawNull: Whether some key held an explicit `null`.
    func absentValue(of field: FieldPlan, sawNull: Bool) -> MappedValue? {
        if sawNull && field.defaultOnlyWhenMissing { return field.type.isOptional ? .null : nil }
        return field.defaultValue ?? (field.type.isOptional ? .null : nil)
    }

    /// Checks a converted value against the field's rules, recording each one it breaks.
    func validate(_ value: MappedValue, field: FieldPlan, _ context: inout MappingContext) -> Bool {
        guard value != .null else { return true }
        var valid = true
        for rule in field.rules {
            let problem = rule.kind.violation(by: value)
            context.traceField { [path = context.path] in $0.rules.append(RuleOutcome(site: TracedSite(rule.site), path: path, holds: problem == nil)) }
            if let problem {
                context.fail(problem, model: context.model, field: field.name, site: rule.site)
                valid = false
            }
        }
        return valid
    }
}

/// The state of mapping one record: where in the input it is and what went wrong.
struct MappingContext {
    /// The path of the value being mapped.
    var path: JSONPath
    /// The model being mapped.
    var model: String
    /// The errors so far, the first `keptLimit` of them; the rest are counted in `omittedErrors`.
    private(set) var errors: [MappingError] = []
    /// The warnings so far (elements `lossy` fields dropped, coercions), the
    /// first `keptLimit` of them; the rest are counted in `omittedDrops`.
    private(set) var drops: [MappingError] = []
    /// The first error past `keptLimit`, and how many there are.
    private var omittedErrors: (first: MappingError, count: Int)?
    /// The first warning past `keptLimit`, and how many there are.
    private var omittedDrops: (first: MappingError, count: Int)?
    /// The first coercion warning past `keptLimit`, and how many there are:
    /// counted apart from the drops, so the summary tells them apart.
    private var omittedCoercions: (first: MappingError, count: Int)?

    /// A context for a record at `path`, of `model`.
    init(path: JSONPath, model: String) {
        self.path = path
        self.model = model
    }

    /// The most errors, and the most warnings, one record keeps: past them
    /// it counts, so a record of millions of bad elements holds no more
    /// than a report shows (grammar.md 6).
    static let keptLimit = 10_000
    /// What the record saw, for `--coverage`; `nil` when nothing asks.
    var coverage: [CoverageEvent]?
    /// Whether the model about to be mapped reads the object of the model
    /// around it (`from $`), for `--coverage`.
    var readsEnclosingObject = false
    /// What each field, check and choice did, for `--explain`; `nil` when nothing asks.
    var trace: [TraceEntry]?
    /// The index in `trace` of the field being mapped.
    var tracedField: Int?
    /// How many models enclose the one being mapped, inside the record.
    var traceDepth = 0

    /// Maps each element at its own path, recording every failure; `nil`
    /// when any element failed.
    ///
    /// - Parameters:
    ///   - elements: An array's items or an object's members.
    ///   - component: The path component of an element at a position.
    ///   - transform: Maps one element.
    mutating func mapEach<Element>(
        _ elements: [Element], at component: (Int, Element) -> JSONPath.Component,
        _ transform: (Element, inout MappingContext) -> MappedValue?
    ) -> [MappedValue]? {
        var results: [MappedValue] = []
        results.reserveCapacity(elements.count)
        var failed = false
        for (index, element) in elements.enumerated() {
            path.append(component(index, element))
            if let mapped = transform(element, &self) { results.append(mapped) } else { failed = true }
            path.removeLast()
        }
        return failed ? nil : results
    }

    /// Maps each element at its own path as `mapEach` does, but drops the
    /// elements that fail, each a warning at `site` holding its errors, and
    /// keeps the rest (`lossy`).
    ///
    /// - Returns: Each element's position and its value, for those that mapped.
    mutating func mapEachDroppingFailures<Element>(
        _ elements: [Element], at component: (Int, Element) -> JSONPath.Component, field: String, site: RuleSite,
        _ transform: (Element, inout MappingContext) -> MappedValue?
    ) -> [(index: Int, value: MappedValue)] {
        var results: [(index: Int, value: MappedValue)] = []
        results.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let (errorCount, dropCount, omitted) = (errors.count, drops.count, (omittedErrors, omittedDrops, omittedCoercions))
            path.append(component(index, element))
            if let mapped = transform(element, &self) {
                results.append((index, mapped))
            } else {
                let reasons = Array(errors[errorCount...])
                errors.removeSubrange(errorCount...)
                // What was dropped inside the element goes with it.
                drops.removeSubrange(dropCount...)
                (omittedErrors, omittedDrops, omittedCoercions) = omitted
                warn(MappingError(path: path, model: model, field: field, problem: .droppedElement(reasons: reasons), site: site))
            }
            path.removeLast()
        }
        return results
    }

    /// Records an error at the current path, with help when the input suggests some.
    mutating func fail(_ problem: MappingProblem, model: String, field: String?, site: RuleSite, help: String? = nil) {
        var error = MappingError(path: path, model: model, field: field, problem: problem, site: site)
        error.help = help
        record(error)
    }

    /// Keeps an error, or counts it past `keptLimit`.
    mutating func record(_ error: MappingError) {
        if errors.count < Self.keptLimit {
            errors.append(error)
        } else {
            omittedErrors = (omittedErrors?.first ?? error, (omittedErrors?.count ?? 0) + 1)
        }
    }

    /// Keeps a warning, or counts it past `keptLimit`.
    mutating func warn(_ drop: MappingError) {
        if drops.count < Self.keptLimit {
            drops.append(drop)
        } else if case .coerced = drop.problem {
            omittedCoercions = (omittedCoercions?.first ?? drop, (omittedCoercions?.count ?? 0) + 1)
        } else {
            omittedDrops = (omittedDrops?.first ?? drop, (omittedDrops?.count ?? 0) + 1)
        }
    }

    /// The record's errors and warnings, each list closed, when some were
    /// only counted, by one that says how many more there were (for the
    /// warnings, one for the drops and one for the coercions).
    func kept(at record: JSONPath) -> (errors: [MappingError], drops: [MappingError]) {
        func closed(_ list: [MappingError], _ omitted: (first: MappingError, count: Int)?) -> [MappingError] {
            guard let (first, count) = omitted else { return list }
            var note = first
            note.path = record
            note.problem = .problemsNotKept(count: count, limit: Self.keptLimit, first: first.problem.code)
            note.help = nil
            return list + [note]
        }
        return (closed(errors, omittedErrors), closed(closed(drops, omittedDrops), omittedCoercions))
    }
}

extension KeyStep {
    /// The step as a component of an input path.
    var pathComponent: JSONPath.Component {
        switch self {
        case .key(let key): .key(key)
        case .index(let index): .index(index)
        }
    }
}

extension JSONPath {
    /// Drops steps until `count` remain.
    mutating func truncate(to count: Int) {
        while components.count > count { removeLast() }
    }
}
