// MARK: - url, string, number, bool

extension BuiltinTransformer {
    /// `url`: an absolute URL from a string.
    static let url = BuiltinTransformer(
        name: "url", accepts: [.text], output: .url, isDefaultReading: true, summary: "reads an absolute URL from a string",
        reversal: .inverse { value, _ in
            guard let text = value.stringValue else { return .failure(.typeMismatch(expected: "a URL", found: value.preview)) }
            return .success(.string(text))
        }
    ) { value, call in
        guard case .string(let text) = value else { return call.mismatch("a string", value) }
        if let reason = URLValidator.problem(with: text) { return call.invalid(value, reason) }
        return .success(.url(text))
    }

    /// `string`: any scalar as text.
    static let string = BuiltinTransformer(
        name: "string", accepts: [.text, .number, .boolean, .url, .date], output: .text,
        summary: "writes a number, boolean, URL or date as a string", reversal: .asIs
    ) { value, call in
        BuiltinCall(name: call.name, lenient: true).text(of: value).map { .success(.string($0)) } ?? call.mismatch("a scalar", value)
    }

    /// `number`: a number from a string.
    static let number = BuiltinTransformer(
        name: "number", accepts: [.text, .number], output: .number,
        summary: "reads a number from a string such as `\"42\"`", reversal: .asIs
    ) { value, call in
        switch value {
        case .decimal: return .success(value)
        case .string(let text):
            guard let literal = NumberText.literal(in: text) else { return call.invalid(value, "not a number") }
            return .success(.decimal(literal))
        case .null, .bool, .int, .double, .date, .url, .array, .object:
            return call.mismatch("a string or number", value)
        }
    }

    /// `bool`: a Boolean from the words `BooleanWords` reads.
    static let bool = BuiltinTransformer(
        name: "bool", accepts: [.boolean, .number, .text], output: .boolean,
        summary: "reads `true`, `\"true\"`, `\"yes\"`, `1` and their opposites", reversal: .asIs
    ) { value, call in
        guard let flag = BooleanWords.read(value) else {
            return call.invalid(value, "not `true`, `false`, `yes`, `no`, `1` or `0`")
        }
        return .success(.bool(flag))
    }
}
