extension TransformStep {
    /// Applies the step to a value: a string, a number as `.decimal` literal
    /// text, a boolean, or an earlier step's date or URL.
    func apply(to value: MappedValue, lenient: Bool, tables: [TablePlan]) -> Result<MappedValue, MappingProblem> {
        switch self {
        case .builtin(let builtin, let stage):
            return stage.forward(value, BuiltinCall(name: builtin.name, lenient: lenient))
        case .table(let index):
            let table = tables[index]
            guard let result = table.inputs.find(value, lenient: lenient) ?? table.defaultValue else {
                return .failure(.tableMiss(table: table.name, found: value.preview))
            }
            return .success(result)
        case .custom(let transformer):
            return applyCustom(transformer, to: value)
        }
    }

    /// Runs a transformer registered from Swift, holding its output to the
    /// kind it declared and numbers to the `.decimal` form stages pass on.
    private func applyCustom(_ transformer: CustomTransformer, to value: MappedValue) -> Result<MappedValue, MappingProblem> {
        let output: MappedValue
        do {
            output = try transformer.transform(value)
        } catch {
            return .failure(.invalidValue(transformer: transformer.name, found: value.preview, reason: "\(error)"))
        }
        let normalized: MappedValue? =
            switch (transformer.output, output) {
            case (.json, _): output
            case (.text, .string), (.boolean, .bool), (.date, .date), (.url, .url), (.number, .decimal): output
            case (.data, .string(let text)) where (try? Base64.decode(text)) != nil: output
            case (.number, .int(let integer)): .decimal(String(integer))
            case (.number, .double(let double)) where double.isFinite: .decimal(NumberText.json(double))
            default: nil
            }
        guard let normalized else {
            return .failure(
                .invalidValue(
                    transformer: transformer.name, found: value.preview,
                    reason: "it gave \(output.preview), which is not the \(transformer.output) it declares"))
        }
        return .success(normalized)
    }
}
