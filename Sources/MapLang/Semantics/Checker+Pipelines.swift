/// A pipeline, or a named transformer, compiled and typed.
struct ExpandedPipeline: Sendable {
    /// The stages to run, user-declared transformers already expanded.
    var stages: [PipelineStage]
    /// The kinds of value the first stage reads.
    var accepts: Set<ValueKind>
    /// The kind of value the last stage produces.
    var output: ValueKind
    /// How many stages, from the first, run once on the key's whole value:
    /// through the one that changes its shape (`split`, `join`, `json`);
    /// the rest run on each scalar. 0 when no stage changes the shape.
    var wholeValueStages = 0
    /// How the stage that changes the value's shape does, if one does.
    var shape = BuiltinShape.scalar
}

extension Checker {
    /// Compiles `using a | b | c`, checking that each stage can read what the one before it produces.
    ///
    /// - Returns: The compiled pipeline, or `nil` when a stage is unknown or does not fit.
    mutating func compilePipeline(_ pipeline: Pipeline, lenient: Bool) -> ExpandedPipeline? {
        var result: ExpandedPipeline?
        var previousName = ""
        for call in pipeline.stages {
            guard let unit = compileCall(call, lenient: lenient) else { return nil }
            guard var compiled = result else {
                result = unit
                previousName = call.name.name
                continue
            }
            // Taken out, so appending does not copy the stages again.
            result = nil
            guard unit.accepts.contains(compiled.output) else {
                report(
                    .transformerInputMismatch(
                        transformer: call.name.name, accepts: unit.accepts.sorted(by: { $0.rawValue < $1.rawValue }),
                        found: compiled.output, producer: previousName),
                    at: call.name.span)
                return nil
            }
            if unit.shape != .scalar {
                guard compiled.shape == .scalar else {
                    report(.secondReshapingStage(transformer: call.name.name), at: call.name.span)
                    return nil
                }
                compiled.wholeValueStages = compiled.stages.count + unit.wholeValueStages
                compiled.shape = unit.shape
            }
            compiled.stages += unit.stages
            guard compiled.stages.count <= TransformGraph.stageLimit else {
                report(.pipelineTooLong(limit: TransformGraph.stageLimit), at: pipeline.span)
                return nil
            }
            compiled.output = unit.output
            result = compiled
            previousName = call.name.name
        }
        return result
    }

    /// Compiles one `name(args)` of a pipeline: a built-in, a table or a declared transformer.
    private mutating func compileCall(_ call: TransformCall, lenient: Bool) -> ExpandedPipeline? {
        let name = call.name.name
        if let builtin = BuiltinTransformer.named[name] {
            guard let step = builtinStep(builtin, call) else { return nil }
            let stage = PipelineStage(step: step, name: name, site: site(call.span, "transformer `\(name)`"))
            return ExpandedPipeline(
                stages: [stage], accepts: builtin.accepted(lenient: lenient), output: builtin.output,
                wholeValueStages: builtin.shape == .scalar ? 0 : 1, shape: builtin.shape)
        }
        if let table = tableDecls[name] {
            if !call.arguments.isEmpty {
                report(.unexpectedArguments(name: name), at: call.span)
            }
            let stage = PipelineStage(step: .table(table.index), name: name, site: site(call.span, "table `\(name)`"))
            return ExpandedPipeline(
                stages: [stage], accepts: [.text, .number, .boolean], output: tableOutputKind(table.decl) ?? .json)
        }
        if transformDecls[name] != nil {
            if !call.arguments.isEmpty {
                report(.unexpectedArguments(name: name), at: call.span)
            }
            return expandTransform(named: call.name)
        }
        if let custom = customTransformers[name] {
            if !call.arguments.isEmpty {
                report(.unexpectedArguments(name: name), at: call.span)
            }
            let stage = PipelineStage(step: .custom(custom), name: name, site: site(call.span, "transformer `\(name)`"))
            return ExpandedPipeline(stages: [stage], accepts: custom.accepts, output: custom.output)
        }
        let suggestion =
            suggestion(for: name) { checker in
                BuiltinTransformer.all.map(\.name) + checker.tableDecls.keys.sorted() + checker.transformDecls.keys.sorted()
                    + checker.customTransformers.keys.sorted()
            }
        report(.unknownTransformer(name: name, suggestion: suggestion), at: call.name.span)
        return nil
    }

    /// Expands a `transform` declaration once, reporting one that refers to itself.
    mutating func expandTransform(named name: Identifier) -> ExpandedPipeline? {
        if let done = expandedTransforms[name.name] { return done }
        guard let item = transformDecls[name.name], !failedTransforms.contains(name.name) else { return nil }
        let decl = item.decl
        if let start = transformsInProgress.firstIndex(of: name.name) {
            let cycle = Array(transformsInProgress[start...]) + [name.name]
            within(item.unit) { $0.report(.recursiveTransform(cycle: cycle), at: decl.name.span) }
            failedTransforms.formUnion(cycle)
            return nil
        }
        transformsInProgress.append(name.name)
        defer { transformsInProgress.removeLast() }
        guard let expanded = within(item.unit, { $0.compilePipeline(decl.pipeline, lenient: true) }) else {
            failedTransforms.insert(name.name)
            return nil
        }
        expandedTransforms[name.name] = expanded
        return expanded
    }

    /// Compiles a built-in's arguments into its step, reporting arguments
    /// it does not take.
    private mutating func builtinStep(_ builtin: BuiltinTransformer, _ call: TransformCall) -> TransformStep? {
        let arguments = call.arguments.map { argument -> BuiltinArgument in
            switch argument.kind {
            case .word(let word): .word(word)
            case .string(let text): .string(text)
            case .integer(let digits), .decimal(let digits): .number(digits)
            case .bool(let flag): .bool(flag)
            case .null, .array, .object, .range: .other
            }
        }
        switch builtin.compile(arguments) {
        case .success(let stage):
            return .builtin(builtin, stage)
        case .failure(.unexpected):
            report(.unexpectedArguments(name: builtin.name), at: call.span)
        case .failure(.invalid(let expected)):
            report(.invalidArguments(name: builtin.name, expected: expected), at: call.span)
        case .failure(.invalidDatePattern(let index, let offset, let reason)):
            report(.invalidDatePattern(reason: reason), at: spanInside(call.arguments[index], byteOffset: offset))
        }
        return nil
    }

    /// The kinds of pipeline output a field of this type takes.
    func kindsAccepted(by type: ValueType, lenient: Bool) -> Set<ValueKind> {
        switch type.elementType {
        case .string: lenient ? [.text, .url, .date, .number, .boolean] : [.text, .url, .date]
        case .int, .double, .decimal: lenient ? [.number, .text] : [.number]
        case .bool: lenient ? [.boolean, .number, .text] : [.boolean]
        case .date: [.date, .text, .number]
        case .url: [.url, .text]
        case .data: [.data, .text]
        case .enumeration: [.text, .number, .boolean]
        case .json: [.text, .number, .boolean, .date, .url, .data, .json]
        case .model, .choice, .array, .dictionary, .optional: []
        }
    }
}
