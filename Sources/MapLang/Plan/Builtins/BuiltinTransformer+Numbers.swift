// MARK: - scale(n), round(n)

extension BuiltinTransformer {
    /// `scale(n)`: a number times ten to the `n`, exactly: `scale(-2)`
    /// reads cents as units. Reverse mapping scales back.
    static let scale = BuiltinTransformer(
        name: "scale", forms: ["scale(n)"], accepts: [.number], acceptsWhenLenient: [.text], output: .number,
        summary: "multiplies a number by ten to a power, exactly: `scale(-2)` reads 1250 cents as 12.5"
    ) { arguments in
        guard let power = integerArgument(arguments, in: -DecimalDigits.powerLimit...DecimalDigits.powerLimit) else {
            return .failure(.invalid(expected: "one whole number from -\(DecimalDigits.powerLimit) to \(DecimalDigits.powerLimit)"))
        }
        return .success(
            BuiltinStage(
                forward: { value, call in decimal(value, call) { scaled($0, by: power, call, value) } },
                reversal: .inverse { value, call in decimal(value, call) { scaled($0, by: -power, call, value) } }))
    }

    /// `round(n)`: a number rounded to `n` digits after the point, a half
    /// away from zero, exactly.
    static let round = BuiltinTransformer(
        name: "round", forms: ["round(n)"], accepts: [.number], acceptsWhenLenient: [.text], output: .number,
        summary: "rounds a number to a number of decimal places, a half away from zero: `round(2)`"
    ) { arguments in
        guard let places = integerArgument(arguments, in: 0...DecimalDigits.powerLimit) else {
            return .failure(.invalid(expected: "one whole number from 0 to \(DecimalDigits.powerLimit)"))
        }
        return .success(
            BuiltinStage(
                forward: { value, call in decimal(value, call) { .success($0.rounded(toPlaces: places)) } },
                reversal: .asIs))
    }

    /// A number scaled, when the result is within the limit the built-ins
    /// read, so that what `scale` writes it can read back.
    private static func scaled(
        _ digits: DecimalDigits, by power: Int, _ call: BuiltinCall, _ value: MappedValue
    ) -> Result<DecimalDigits, MappingProblem> {
        let result = digits.scaled(by: power)
        guard result.isWithinLimit else {
            return .failure(.invalidValue(transformer: call.name, found: value.preview, reason: exponentReason))
        }
        return .success(result)
    }

    /// Why a number past the exponent limit is refused.
    private static let exponentReason = "its exponent is past ±\(MappingProblem.grouped(DecimalDigits.exponentLimit))"

    /// The one whole-number argument, when it is in `range`.
    private static func integerArgument(_ arguments: [BuiltinArgument], in range: ClosedRange<Int>) -> Int? {
        guard arguments.count == 1, case .number(let text) = arguments[0], let value = Int(text), range.contains(value)
        else { return nil }
        return value
    }

    /// Runs `body` on a number's exact digits: a JSON number, or with
    /// coercion on a string holding one.
    private static func decimal(
        _ value: MappedValue, _ call: BuiltinCall, _ body: (DecimalDigits) -> Result<DecimalDigits, MappingProblem>
    ) -> Result<MappedValue, MappingProblem> {
        let literal: String
        switch value {
        case .decimal(let text): literal = text
        case .int(let integer): literal = String(integer)
        case .double(let double) where double.isFinite: literal = NumberText.json(double)
        case .string(let text) where call.lenient:
            guard let found = NumberText.literal(in: text) else { return call.mismatch("a number", value) }
            literal = found
        case .null, .bool, .double, .string, .date, .url, .array, .object:
            return call.mismatch("a number", value)
        }
        guard let digits = DecimalDigits(literal: literal) else {
            return call.invalid(value, exponentReason)
        }
        return body(digits).map { .decimal($0.literal) }
    }
}
