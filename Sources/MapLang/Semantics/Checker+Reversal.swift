extension Checker {
    /// Works out how a field maps back to source-shaped JSON, recording in
    /// `reversalProblems` why it cannot when it cannot.
    ///
    /// - Parameters:
    ///   - field: The compiled field.
    ///   - decl: Its declaration, for the places problems point at.
    ///   - tables: The compiled tables.
    mutating func reversal(of field: FieldPlan, decl: FieldDecl, tables: [TablePlan]) -> FieldReversal {
        var target: [String] = []
        for step in field.sources[0].steps {
            switch step {
            case .key(let key):
                target.append(key)
            case .index:
                let span = decl.sources?.first?.span ?? decl.name.span
                reportIrreversible(.irreversibleKeyPath(field: field.name, path: field.sources[0].text), at: span)
            }
        }
        let span = decl.pipeline?.span ?? decl.name.span
        let whole = field.wholeValuePipeline
        var reversal = FieldReversal(
            target: target, inverse: inverses(of: field.pipeline, after: whole.last, field: field.name, tables: tables, at: span),
            defaultJSON: field.defaultValue.map { JSONWriter.serialize($0) })
        reversal.wholeInverse = inverses(of: whole, after: nil, field: field.name, tables: tables, at: span)
        // The stage whose text coercion read: the last of the scalar pipeline,
        // or a `join` that made the whole value one text (after `split`,
        // coercion read each element, which `join`'s inverse writes as it is).
        let coerced = field.pipeline.last ?? whole.last.flatMap { $0.step.name == "join" ? $0 : nil }
        if let last = coerced, outputKind(of: last.step, tables: tables) == .text,
            let coercion = Self.textCoercion(into: field.type.elementType)
        {
            // Coercion turned the text the last stage gave into the field's
            // number or Bool (`"12"` from `removeSuffix("px")` or `join(",")`
            // into 12): its inverses read text, so the value goes back to text first.
            if !field.pipeline.isEmpty {
                if !reversal.inverse.isEmpty { reversal.inverse.insert(coercion, at: 0) }
            } else if !reversal.wholeInverse.isEmpty {
                reversal.wholeInverse.insert(coercion, at: 0)
            }
        }
        return reversal
    }

    /// The step that writes a number or a Bool as the text lenient coercion
    /// read it from, for a field of that type; `nil` for other types.
    private static func textCoercion(into type: ValueType) -> InverseStep? {
        switch type {
        case .int, .double, .decimal, .bool:
            return .builtin(name: "string") { value, call in
                switch value {
                case .string: .success(value)
                case .decimal(let text): .success(.string(text))
                case .int(let integer): .success(.string(String(integer)))
                case .double(let double) where double.isFinite: .success(.string(NumberText.json(double)))
                case .bool(let bool): .success(.string(bool ? "true" : "false"))
                case .double, .null, .date, .url, .array, .object: call.mismatch("a number or a Bool", value)
                }
            }
        case .string, .date, .url, .data, .json, .enumeration, .array, .dictionary, .optional, .model, .choice:
            return nil
        }
    }

    /// The inverses of a run of stages, last stage first, reporting each
    /// stage that has none; `before` is the stage that runs before the first.
    private mutating func inverses(
        of stages: [PipelineStage], after before: PipelineStage?, field: String, tables: [TablePlan], at span: Span
    ) -> [InverseStep] {
        var inverse: [InverseStep] = []
        for (position, stage) in stages.enumerated().reversed() {
            let previous = position > 0 ? stages[position - 1] : before
            switch inverseStep(of: stage.step, after: previous?.step, tables: tables) {
            case .success(let step?):
                inverse.append(step)
            case .success(nil):
                continue
            case .failure(let reason):
                reportIrreversible(.irreversibleTransformer(field: field, transformer: stage.name, reason: reason.text), at: span)
            }
        }
        return inverse
    }

    /// Records a problem that only matters when the rules are reversed,
    /// once: a field or check that models inherit is compiled for each.
    mutating func reportIrreversible(_ problem: SemanticMessage, at span: Span) {
        let diagnostic = Diagnostic(problem, source: source, span: span)
        guard reportedIrreversible.insert("\(unit):\(span.start):\(span.end):\(diagnostic.message)").inserted else { return }
        reversalProblems.append(diagnostic)
    }

    /// The inverse of one step, `nil` when the value goes back as it is.
    private func inverseStep(
        of step: TransformStep, after previous: TransformStep?, tables: [TablePlan]
    ) -> Result<InverseStep?, IrreversibleReason> {
        switch step {
        case .builtin(let builtin, let stage):
            switch stage.reversal {
            case .inverse(let inverse): return .success(.builtin(name: builtin.name, inverse: inverse))
            case .irreversible(let reason): return .failure(IrreversibleReason(text: reason))
            case .asIs: break
            }
        case .table(let index):
            if let reason = tables[index].irreversibility { return .failure(IrreversibleReason(text: reason)) }
            return .success(.table(index))
        case .custom(let transformer):
            guard let inverse = transformer.inverse else {
                return .failure(IrreversibleReason(text: "it was registered without an inverse"))
            }
            return .success(.custom(name: transformer.name, inverse: inverse))
        }
        // Written back as it is, which is only what the stage before read
        // when that stage gives the same kind of value.
        guard let previous else { return .success(nil) }
        let before = outputKind(of: previous, tables: tables)
        let after = outputKind(of: step, tables: tables)
        guard before == after || before == .json else {
            return .failure(
                IrreversibleReason(
                    text: "it turns the \(before) from `\(previous.name)` into a \(after), which cannot be turned back"))
        }
        return .success(nil)
    }

    /// The kind of value a step gives.
    private func outputKind(of step: TransformStep, tables: [TablePlan]) -> ValueKind {
        switch step {
        case .builtin(let builtin, _): builtin.output
        case .table(let index): tables[index].outputKind
        case .custom(let transformer): transformer.output
        }
    }
}

/// Why a transformer cannot be reversed, in words for a diagnostic.
struct IrreversibleReason: Error {
    /// The reason, lowercase, with no trailing period.
    let text: String
}
