extension TransformStep {
    /// Applies the step to a value: a string, a number as `.decimal` literal
    /// text, a boolean, or an earlier step's date or URL.
    func apply(to value: MappedValue, lenient: Bool, tables: [TablePlan]) -> Result<MappedValue, MappingProblem> {
        switch self {
        case .trim:
            return text(of: value, lenient: lenient).map { .success(.string($0.trimmingWhitespace())) }
                ?? mismatch("a string", value)
        case .lowercase:
            return text(of: value, lenient: lenient).map { .success(.string($0.lowercased())) } ?? mismatch("a string", value)
        case .uppercase:
            return text(of: value, lenient: lenient).map { .success(.string($0.uppercased())) } ?? mismatch("a string", value)
        case .iso8601:
            guard case .string(let text) = value else { return mismatch("a string", value) }
            do {
                return .success(.date(try ISO8601DateParser.parse(text)))
            } catch {
                return .failure(.invalidValue(transformer: name, found: value.preview, reason: error.message))
            }
        case .timestamp(let unit):
            let literal: String
            switch value {
            case .decimal(let digits): literal = digits
            case .string(let text) where lenient:
                guard let digits = NumberText.literal(in: text) else { return mismatch("a number", value) }
                literal = digits
            default: return mismatch("a number", value)
            }
            do {
                return .success(.date(try UnixTimestamp.timestamp(fromLiteral: literal, unit: unit)))
            } catch {
                return .failure(.invalidValue(transformer: name, found: value.preview, reason: error.message))
            }
        case .datePattern(let pattern, _):
            guard case .string(let text) = value else { return mismatch("a string", value) }
            do {
                return .success(.date(try pattern.parse(text)))
            } catch {
                return .failure(.invalidValue(transformer: name, found: value.preview, reason: error.message))
            }
        case .url:
            guard case .string(let text) = value else { return mismatch("a string", value) }
            if let reason = URLValidator.problem(with: text) {
                return .failure(.invalidValue(transformer: name, found: value.preview, reason: reason))
            }
            return .success(.url(text))
        case .string:
            return text(of: value, lenient: true).map { .success(.string($0)) } ?? mismatch("a scalar", value)
        case .number:
            switch value {
            case .decimal: return .success(value)
            case .string(let text):
                guard let literal = NumberText.literal(in: text) else {
                    return .failure(.invalidValue(transformer: name, found: value.preview, reason: "not a number"))
                }
                return .success(.decimal(literal))
            default: return mismatch("a string or number", value)
            }
        case .bool:
            guard let flag = BooleanWords.read(value) else {
                return .failure(
                    .invalidValue(transformer: name, found: value.preview, reason: "not `true`, `false`, `yes`, `no`, `1` or `0`"))
            }
            return .success(.bool(flag))
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

    /// The transformer's name as written in rules.
    var name: String {
        switch self {
        case .trim: "trim"
        case .lowercase: "lowercase"
        case .uppercase: "uppercase"
        case .iso8601: "iso8601"
        case .timestamp: "timestamp"
        case .datePattern: "date"
        case .url: "url"
        case .string: "string"
        case .number: "number"
        case .bool: "bool"
        case .table: "table"
        case .custom(let transformer): transformer.name
        }
    }

    /// A value as text: strings as they are; with coercion, numbers and booleans too.
    private func text(of value: MappedValue, lenient: Bool) -> String? {
        switch value {
        case .string(let text): text
        case .url(let text): text
        case .date(let timestamp) where lenient: timestamp.iso8601String
        case .decimal(let literal) where lenient: literal
        case .bool(let flag) where lenient: flag ? "true" : "false"
        default: nil
        }
    }

    /// A failure for input of the wrong kind.
    private func mismatch(_ expected: String, _ value: MappedValue) -> Result<MappedValue, MappingProblem> {
        .failure(.typeMismatch(expected: "\(expected) for `\(name)`", found: value.preview))
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
