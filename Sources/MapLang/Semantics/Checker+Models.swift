extension Checker {
    /// The words of checks a field may not be named, since a check would
    /// read them as the words: `check and > 0` is no comparison.
    static let checkWords: Set<String> = ["and", "or", "not", "if", "then", "else"]
}

extension Checker {
    /// Compiles a model's settings and fields; its checks are compiled once every model's fields are known.
    ///
    /// A model's settings apply to all its fields, wherever in the body they
    /// are written; the members are the model's own and those it inherits,
    /// from `effectiveMembers(of:)`.
    mutating func compileModelFields(
        _ decl: ModelDecl, members: [Sourced<ModelMember>], tables: [TablePlan]
    ) -> ModelPlan {
        var settings = ModelSettings(
            naming: fileNaming, lenient: !fileIsStrict, unknownKeys: fileUnknownKeys, omitsNulls: fileOmitsNulls)
        for member in members {
            guard case .setting(let setting) = member.decl else { continue }
            within(member, of: decl.name.name) { $0.apply(setting, to: &settings) }
        }
        var model = ModelPlan(name: decl.name.name, fields: [], checks: [], fieldIndex: [:], site: site(decl.name.span, ""))
        var fieldSpans: [String: Span] = .init(minimumCapacity: members.count)
        var declared: [String: FieldDecl] = .init(minimumCapacity: members.count)
        var written: [(field: FieldDecl, unit: Int)] = []
        written.reserveCapacity(members.count)
        model.fields.reserveCapacity(members.count)
        model.fieldIndex.reserveCapacity(members.count)
        for member in members {
            guard case .field(let field) = member.decl else { continue }
            let name = field.name.name
            declared[name] = declared[name] ?? field
            if let only = settings.only, !only.contains(where: { $0.decl.name == name }) { continue }
            if settings.except.contains(where: { $0.decl.name == name }) { continue }
            if Self.checkWords.contains(name) {
                within(member, of: decl.name.name) { $0.report(.reservedFieldName(name: name), at: field.name.span) }
                continue
            }
            if let first = fieldSpans[name] {
                within(member, of: decl.name.name) {
                    $0.report(
                        .duplicateField(name: name, model: decl.name.name), at: field.name.span,
                        secondary: [.init(span: first, message: "first declared here")])
                }
                continue
            }
            fieldSpans[name] = field.name.span
            let compiled = within(member, of: decl.name.name) {
                $0.compileField(
                    field, naming: settings.naming, lenient: settings.lenient, omitsNulls: settings.omitsNulls, tables: tables)
            }
            if let compiled {
                model.fieldIndex[compiled.name] = model.fields.count
                model.fields.append(compiled)
                written.append((field, member.unit))
            } else {
                failedFields[decl.name.name, default: []].insert(name)
            }
        }
        for listed in (settings.only ?? []) + settings.except
        where declared[listed.decl.name] == nil && !isPlaceholder(field: listed.decl.name, of: decl.name.name) {
            // A field kept by `only` that is not there is a placeholder from here on.
            if settings.only?.contains(where: { $0.decl.span == listed.decl.span }) == true {
                failedFields[decl.name.name, default: []].insert(listed.decl.name)
            }
            within(listed, of: decl.name.name) {
                let suggestion = $0.suggestion(for: listed.decl.name) { _ in declared.keys.sorted() }
                $0.report(.unknownField(name: listed.decl.name, model: decl.name.name, suggestion: suggestion), at: listed.decl.span)
            }
        }
        model.unknownKeys = resolveUnknownKeys(settings, model: model, declared: declared)
        checkSharedReversalTargets(of: model, declared: written)
        var known = Set(settings.ignored.map(ExactKey.init))
        for (index, field) in model.fields.enumerated() where model.unknownKeys != .keep(index) {
            for source in field.sources {
                if case .key(let key)? = source.steps.first { known.insert(ExactKey(string: key)) }
            }
        }
        model.knownKeys = known
        return model
    }

    /// Records a reversal problem for each field written back at the same
    /// key as an earlier field, unless both hold models: forward mapping
    /// reads both from the key, but it can hold only one of two scalars
    /// (`a: Date from t` and `b: String from t`). Objects written at one key
    /// are merged, so two views of the same objects go back together.
    ///
    /// - Parameter declared: The declaration of each of the model's fields, in order, with its unit.
    private mutating func checkSharedReversalTargets(of model: ModelPlan, declared: [(field: FieldDecl, unit: Int)]) {
        // The index of the first field written back at each key.
        var first: [[String]: Int] = .init(minimumCapacity: model.fields.count)
        for index in model.fields.indices where model.unknownKeys != .keep(index) {
            let target = model.fields[index].reversal.target
            guard !target.isEmpty else { continue }
            guard let earlier = first[target] else {
                first[target] = index
                continue
            }
            let (field, other) = (model.fields[index], model.fields[earlier])
            if field.type.holdsModels && other.type.holdsModels { continue }
            let decl = declared[index].field
            within(declared[index].unit) {
                $0.reportIrreversible(
                    .irreversibleSharedKey(field: field.name, other: other.name, path: field.sources[0].text),
                    at: decl.sources?.first?.span ?? decl.name.span)
            }
        }
        checkNestedReversalTargets(of: model, declared: declared, first: first)
    }

    /// Records a reversal problem for each field whose key path runs
    /// through the key another field is written back at, where that field
    /// writes no single object the path could go on in (`d` and `d.e`, `d`
    /// a `String`); and for a `JSON` field read from the whole object
    /// (`from $`) beside fields written back into that object.
    ///
    /// - Parameter first: The index of the first field written back at each key.
    private mutating func checkNestedReversalTargets(
        of model: ModelPlan, declared: [(field: FieldDecl, unit: Int)], first: [[String]: Int]
    ) {
        let written = model.fields.indices.filter { model.unknownKeys != .keep($0) && !model.fields[$0].reversal.target.isEmpty }
        for index in model.fields.indices where model.unknownKeys != .keep(index) {
            let field = model.fields[index]
            let decl = declared[index].field
            let span = decl.sources?.first?.span ?? decl.name.span
            if field.readsWholeObject, case .json = field.type.unwrapped, let other = written.first {
                within(declared[index].unit) {
                    $0.reportIrreversible(.irreversibleWholeObject(field: field.name, other: model.fields[other].name), at: span)
                }
                continue
            }
            let target = field.reversal.target
            for length in (1..<max(1, target.count)).reversed() {
                guard let outer = first[Array(target.prefix(length))] else { continue }
                switch model.fields[outer].type.unwrapped {
                case .model, .choice:
                    continue
                case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .enumeration, .array, .dictionary, .optional:
                    break
                }
                within(declared[index].unit) {
                    $0.reportIrreversible(
                        .irreversibleNestedKey(
                            field: field.name, other: model.fields[outer].name, path: field.sources[0].text,
                            outer: target.prefix(length).joined(separator: ".")),
                        at: span)
                }
                break
            }
        }
    }

    /// Applies one of a model's settings.
    private mutating func apply(_ setting: Setting, to settings: inout ModelSettings) {
        switch setting.kind {
        case .root:
            report(.settingNotAllowedInModel(setting: "root"), at: setting.span)
        case .strict:
            settings.lenient = false
        case .lenient:
            settings.lenient = true
        case .keys(let name):
            settings.naming = namingStrategy(name) ?? settings.naming
        case .only(let names):
            settings.only = names.map { Sourced(decl: $0, unit: unit, inherited: inheritingModel != nil) }
        case .except(let names):
            settings.except += names.map { Sourced(decl: $0, unit: unit, inherited: inheritingModel != nil) }
        case .ignore(let keys):
            settings.ignored.formUnion(keys.map(\.name))
        case .unknownKeys(let policy):
            settings.unknownKeys = policy
            settings.unknownKeysUnit = unit
        case .nulls(let omit):
            settings.omitsNulls = omit
        }
    }

    /// Resolves `unknown keep field` to the field, which must be a `JSON`
    /// or `[String: JSON]` field that reads no key of its own.
    private mutating func resolveUnknownKeys(
        _ settings: ModelSettings, model: ModelPlan, declared: [String: FieldDecl]
    ) -> UnknownKeysPlan {
        switch settings.unknownKeys {
        case .ignore: return .ignore
        case .reject: return .reject
        case .keep(let name):
            guard let index = model.fieldIndex[name.name], let decl = declared[name.name] else {
                if isPlaceholder(field: name.name, of: model.name) { return .ignore }
                within(settings.unknownKeysUnit) {
                    let suggestion = $0.suggestion(for: name.name) { _ in model.fields.map(\.name) }
                    $0.report(.unknownField(name: name.name, model: model.name, suggestion: suggestion), at: name.span)
                }
                return .ignore
            }
            let type = model.fields[index].type.unwrapped
            let reason: String? =
                if type != .json && type != .dictionary(.json) {
                    "it is `\(typeName(model.fields[index].type))`, not `JSON` or `[String: JSON]`"
                } else if decl.sources != nil {
                    "it reads a key of its own with `from`"
                } else {
                    nil
                }
            if let reason {
                within(settings.unknownKeysUnit) { $0.report(.catchAllFieldInvalid(field: name.name, reason: reason), at: name.span) }
                return .ignore
            }
            return .keep(index)
        }
    }

    /// Compiles one field: its type, keys, pipeline, default and rules.
    mutating func compileField(
        _ field: FieldDecl, naming: NamingStrategy, lenient: Bool, omitsNulls: Bool, tables: [TablePlan]
    ) -> FieldPlan? {
        guard let type = resolveType(field.type) else {
            // The field is a placeholder from here on, but its other clauses
            // may hold mistakes of their own: names no type decides.
            if let pipeline = field.pipeline { _ = compilePipeline(pipeline, lenient: true) }
            for rule in field.rules where !Self.ruleNames.contains(rule.name.name) { reportUnknownRule(rule) }
            return nil
        }
        if field.computed != nil { return compileComputedField(field, type: type, lenient: lenient, omitsNulls: omitsNulls) }
        let sources = field.sources.map { $0.map(compileKeyPath) }
            ?? [KeyPathPlan(steps: [.key(naming.key(for: field.name.name))], text: naming.key(for: field.name.name))]
        var stages: [PipelineStage] = []
        var wholeValue: [PipelineStage] = []
        if let pipeline = field.pipeline {
            let parses = pipeline.stages.contains { BuiltinTransformer.named[$0.name.name]?.shape == .parses }
            if case .model = type.elementType, !parses {
                report(.pipelineOnModel(field: field.name.name, type: typeName(type)), at: pipeline.span)
            } else if let compiled = compilePipeline(pipeline, lenient: lenient),
                fits(compiled, field: field.name.name, type: type, lenient: lenient, at: pipeline.span)
            {
                wholeValue = Array(compiled.stages[..<compiled.wholeValueStages])
                stages = Array(compiled.stages[compiled.wholeValueStages...])
            }
        }
        let defaultValue = field.defaultValue.flatMap { compileLiteral($0.value, as: type, context: "default") }
        let rules = field.rules.compactMap { compileRule($0, field: field.name.name, type: type) }
        var plan = FieldPlan(
            name: field.name.name, type: type, sources: sources, pipeline: stages, defaultValue: defaultValue,
            defaultOnlyWhenMissing: field.defaultValue?.onlyWhenMissing ?? false, rules: rules, lenient: lenient,
            reversal: FieldReversal(target: [], inverse: [], defaultJSON: nil), site: site(field.name.span, ""))
        plan.omitsNull = field.nulls?.omit ?? omitsNulls
        plan.wholeValuePipeline = wholeValue
        if let span = field.oneOrMany {
            if case .array = type.unwrapped {
                plan.acceptsSingle = true
            } else {
                report(.oneOrManyNotArray(field: field.name.name, type: typeName(type)), at: span)
            }
        }
        if let paths = field.sources, let path = paths.first(where: \.components.isEmpty) {
            switch type.unwrapped {
            case .model, .choice, .json:
                if paths.count > 1 { report(.wholeObjectNotAlone(field: field.name.name), at: path.span) }
            case .string, .int, .double, .decimal, .bool, .date, .url, .data, .enumeration, .array, .dictionary, .optional:
                report(.wholeObjectType(field: field.name.name, type: typeName(type)), at: path.span)
            }
        }
        if let span = field.oneOrMany, !wholeValue.isEmpty {
            report(.oneOrManyWithReshaping(field: field.name.name), at: span)
        }
        if let span = field.flatten {
            switch type.unwrapped {
            case .model:
                plan.flattens = true
            case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .enumeration, .choice, .array, .dictionary,
                .optional:
                report(.flattenNotModel(field: field.name.name, type: typeName(type)), at: span)
            }
        }
        if let span = field.lossy {
            switch type.unwrapped {
            case .array, .dictionary:
                if !dropsFail { plan.dropSite = site(span, "clause `lossy`") }
            case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .enumeration, .model, .choice, .optional:
                report(.lossyNotCollection(field: field.name.name, type: typeName(type)), at: span)
            }
        }
        plan.reversal = reversal(of: plan, decl: field, tables: tables)
        return plan
    }

    /// Whether a field of `type` takes what a pipeline gives, reporting
    /// why not: a scalar its type reads; after `split`, an array field whose
    /// elements read what the stages after it give; after `join`, a field
    /// that is not an array; after `json`, any field.
    private mutating func fits(
        _ pipeline: ExpandedPipeline, field: String, type: ValueType, lenient: Bool, at span: Span
    ) -> Bool {
        let (isArray, isCollection): (Bool, Bool) =
            switch type.unwrapped {
            case .array: (true, true)
            case .dictionary: (false, true)
            case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .enumeration, .model, .choice, .optional:
                (false, false)
            }
        switch pipeline.shape {
        case .parses:
            return true
        case .splits where !isArray:
            report(.reshapingMismatch(field: field, type: typeName(type), transformer: "split", gives: "an array"), at: span)
            return false
        case .joins where isCollection:
            report(.reshapingMismatch(field: field, type: typeName(type), transformer: "join", gives: "one string"), at: span)
            return false
        case .scalar, .splits, .joins:
            guard kindsAccepted(by: type, lenient: lenient).contains(pipeline.output) else {
                report(.pipelineOutputMismatch(field: field, type: typeName(type), output: pipeline.output), at: span)
                return false
            }
            return true
        }
    }

    /// Splits a written key path into steps and its display text.
    func compileKeyPath(_ path: KeyPath) -> KeyPathPlan {
        var steps: [KeyStep] = []
        var text = ""
        for component in path.components {
            switch component.kind {
            case .key(let key, _):
                steps.append(.key(key))
                let plain = JSONPath.isPlainWord(key)
                text += (text.isEmpty || !plain ? "" : ".") + (plain ? key : "[\(JSONPath.quoted(key))]")
            case .index(let index):
                steps.append(.index(index))
                text += "[\(index)]"
            }
        }
        return KeyPathPlan(steps: steps, text: steps.isEmpty ? "$" : text)
    }
}

/// A model's settings as they stand after its own and inherited ones.
struct ModelSettings {
    /// How field names become keys.
    var naming: NamingStrategy
    /// Whether values may be coerced.
    var lenient: Bool
    /// What to do with keys the model does not mention.
    var unknownKeys: UnknownKeysPolicy
    /// Whether output leaves out the model's keys whose value is `null`.
    var omitsNulls: Bool
    /// The source `unknownKeys` was set in, for its problems.
    var unknownKeysUnit = 0
    /// `only`: the fields to keep, when set.
    var only: [Sourced<Identifier>]?
    /// `except`: the fields to drop.
    var except: [Sourced<Identifier>] = []
    /// `ignore`: keys the model knows of and does not map.
    var ignored: Set<String> = []
}
