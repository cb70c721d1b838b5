extension Checker {
    /// Compiles an enum's cases and inputs into lookup tables.
    mutating func compileEnum(_ decl: EnumDecl) -> EnumPlan {
        var plan = EnumPlan(
            name: decl.name.name, cases: [], inputs: ValueLookup(), defaultCase: nil,
            inputDescriptions: [], preferredInputs: [])
        var caseSpans: [String: Span] = [:]
        var inputSpans = InputSpans()
        for enumCase in decl.cases {
            if let first = caseSpans[enumCase.name.name] {
                report(
                    .duplicateEnumCase(name: enumCase.name.name), at: enumCase.name.span,
                    secondary: [.init(span: first, message: "first declared here")])
                continue
            }
            caseSpans[enumCase.name.name] = enumCase.name.span
            let index = plan.cases.count
            plan.cases.append(enumCase.name.name)
            let inputs = enumCase.inputs.isEmpty
                ? [Literal(kind: .string(enumCase.name.name), span: enumCase.name.span)] : enumCase.inputs
            plan.preferredInputs.append(.string(enumCase.name.name))
            var preferred: LookupKey?
            for input in inputs {
                guard let key = lookupKey(input) else { continue }
                if preferred == nil {
                    preferred = key
                    plan.preferredInputs[index] = key
                }
                if let first = inputSpans.claim(key, span: input.span) {
                    report(
                        .duplicateInput(input: key.description, owner: "enum `\(decl.name.name)`"), at: input.span,
                        secondary: [.init(span: first, message: "first listed here")])
                    continue
                }
                plan.inputs.insert(index, for: key)
                plan.inputDescriptions.append(key.description)
            }
        }
        if let defaultName = decl.defaultCase {
            if let index = plan.cases.firstIndex(of: defaultName.name) {
                plan.defaultCase = index
            } else {
                let suggestion = suggestion(for: defaultName.name) { _ in plan.cases }
                report(
                    .unknownEnumCase(name: defaultName.name, enumName: decl.name.name, suggestion: suggestion),
                    at: defaultName.span)
            }
        }
        return plan
    }

    /// Compiles a table's rows into lookups, requiring one kind of output.
    mutating func compileTable(_ decl: TableDecl) -> TablePlan {
        let outputKind = tableOutputKind(decl) ?? .json
        var plan = TablePlan(
            name: decl.name.name, inputs: ValueLookup(), defaultValue: nil,
            outputKind: outputKind, preferredInputs: [:], irreversibility: nil)
        // An output that is no scalar (`null`) is reported once, as `expected-scalar`, not as differing too.
        let outputs = (decl.rows.map(\.output) + (decl.defaultValue.map { [$0] } ?? [])).filter { literalKind($0) != nil }
        if let first = outputs.first, let mismatch = outputs.first(where: { literalKind($0) != literalKind(first) }) {
            report(
                .tableOutputsDiffer(table: decl.name.name), at: mismatch.span,
                secondary: [.init(span: first.span, message: "the first row gives \(literalKind(first)?.description ?? "null")")])
        }
        var inputSpans = InputSpans()
        for row in decl.rows {
            guard let output = tableOutput(row.output) else { continue }
            var preferred: LookupKey?
            for input in row.inputs {
                guard let key = lookupKey(input) else { continue }
                if preferred == nil, let outputKey = LookupKey(output) {
                    preferred = key
                    if let earlier = plan.preferredInputs[outputKey] {
                        plan.irreversibility = plan.irreversibility
                            ?? "rows give \(outputKey) for both \(earlier) and \(key), so either could have been read"
                    } else {
                        plan.preferredInputs[outputKey] = key
                    }
                }
                if let first = inputSpans.claim(key, span: input.span) {
                    report(
                        .duplicateInput(input: key.description, owner: "table `\(decl.name.name)`"), at: input.span,
                        secondary: [.init(span: first, message: "first listed here")])
                    continue
                }
                plan.inputs.insert(output, for: key)
            }
        }
        plan.defaultValue = decl.defaultValue.flatMap { tableOutput($0) }
        if let defaultValue = plan.defaultValue, let key = LookupKey(defaultValue), plan.preferredInputs[key] == nil {
            plan.irreversibility = plan.irreversibility
                ?? "its default gives \(key), which no row gives, so the input it came from is unknown"
        }
        return plan
    }

    /// The kind of value a table gives, from its first row or default that is a scalar.
    func tableOutputKind(_ decl: TableDecl) -> ValueKind? {
        (decl.rows.map(\.output) + (decl.defaultValue.map { [$0] } ?? [])).lazy.compactMap { literalKind($0) }.first
    }

    /// The kind of a scalar literal, or `nil` for `null` and non-scalars.
    func literalKind(_ literal: Literal) -> ValueKind? {
        switch literal.kind {
        case .string: .text
        case .integer, .decimal: .number
        case .bool: .boolean
        case .null, .word, .array, .object, .range: nil
        }
    }

    /// A table row's output as the value the pipeline carries on.
    private mutating func tableOutput(_ literal: Literal) -> MappedValue? {
        switch literal.kind {
        case .string(let text): return .string(text)
        case .integer(let digits), .decimal(let digits): return .decimal(digits)
        case .bool(let value): return .bool(value)
        case .null, .word, .array, .object, .range:
            report(.expectedScalar(context: "a table output"), at: literal.span)
            return nil
        }
    }

    /// An enum or table input as the key it is looked up by.
    mutating func lookupKey(_ literal: Literal) -> LookupKey? {
        switch literal.kind {
        case .string(let text): return .string(text)
        case .integer(let digits), .decimal(let digits): return .number(NumberText.canonical(digits))
        case .bool(let value): return .bool(value)
        case .null, .word, .array, .object, .range:
            report(.expectedScalar(context: "an input"), at: literal.span)
            return nil
        }
    }
}

/// Where each input of an enum or table was first listed, to report duplicates.
struct InputSpans {
    /// The first span of each key.
    private var spans: [LookupKey: Span] = [:]

    /// Records a key, returning the span it was first listed at if it is a duplicate.
    mutating func claim(_ key: LookupKey, span: Span) -> Span? {
        if let first = spans[key] { return first }
        spans[key] = span
        return nil
    }
}
