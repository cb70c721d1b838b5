/// The arithmetic of expressions: `+ - * /` on two numbers taken as the
/// kind the checker gave the result.
enum Arithmetic {
    /// `a op b` as a number of `kind`.
    ///
    /// - Throws: `MappingProblem.arithmeticFailed` with the reason.
    static func apply(_ op: ArithmeticOperator, _ a: MappedValue, _ b: MappedValue, as kind: NumberKind) throws(MappingProblem)
        -> MappedValue
    {
        switch kind {
        case .int:
            guard let x = a.integerValue, let y = b.integerValue else { throw mismatch(a, b, "Int") }
            return .int(try integer(op, x, y))
        case .double:
            guard let x = a.numericValue, let y = b.numericValue else { throw mismatch(a, b, "Double") }
            let result: Double =
                switch op {
                case .add: x + y
                case .subtract: x - y
                case .multiply: x * y
                case .divide: x / y
                }
            guard result.isFinite else {
                throw .arithmeticFailed(reason: y == 0 && op == .divide ? "division by zero" : "the result is too large for a `Double`")
            }
            return .double(result)
        case .decimal:
            guard let x = decimal(a), let y = decimal(b) else { throw mismatch(a, b, "Decimal") }
            let result: DecimalDigits
            do throws(DecimalDigits.ArithmeticProblem) {
                result =
                    switch op {
                    case .add: try x.adding(y)
                    case .subtract: try x.subtracting(y)
                    case .multiply: try x.multiplying(by: y)
                    case .divide: try x.dividing(by: y)
                    }
            } catch {
                switch error {
                case .divisionByZero: throw .arithmeticFailed(reason: "division by zero")
                case .tooManyDigits:
                    throw .arithmeticFailed(
                        reason: "the result needs more than \(MappingProblem.grouped(DecimalDigits.digitLimit)) digits")
                }
            }
            guard result.isWithinLimit else {
                throw .arithmeticFailed(reason: "the result is past 10^±\(MappingProblem.grouped(DecimalDigits.exponentLimit))")
            }
            return .decimal(result.literal)
        }
    }

    /// `x op y` on 64-bit integers.
    private static func integer(_ op: ArithmeticOperator, _ x: Int64, _ y: Int64) throws(MappingProblem) -> Int64 {
        let (result, overflow): (Int64, Bool) =
            switch op {
            case .add: x.addingReportingOverflow(y)
            case .subtract: x.subtractingReportingOverflow(y)
            case .multiply: x.multipliedReportingOverflow(by: y)
            case .divide: y == 0 ? (0, false) : x.dividedReportingOverflow(by: y)
            }
        if op == .divide, y == 0 { throw .arithmeticFailed(reason: "division by zero") }
        guard !overflow else {
            throw .arithmeticFailed(reason: "\(x) \(op.rawValue) \(y) does not fit in 64 bits")
        }
        return result
    }

    /// An exact decimal of an integer or a decimal value.
    private static func decimal(_ value: MappedValue) -> DecimalDigits? {
        switch value {
        case .int(let integer): DecimalDigits(literal: String(integer))
        case .decimal(let literal): DecimalDigits(literal: literal)
        case .null, .bool, .double, .string, .date, .url, .array, .object: nil
        }
    }

    /// The problem of an operand that is not a number of the kind.
    private static func mismatch(_ a: MappedValue, _ b: MappedValue, _ kind: String) -> MappingProblem {
        let found = kind == "Decimal" ? (decimal(a) == nil ? a : b) : a.numericValue == nil ? a : b
        return .typeMismatch(expected: "a number for `\(kind)` arithmetic", found: found.preview)
    }
}

extension MappedValue {
    /// The value of an expression as a field of `type` holds it: an `Int`
    /// as a `Double` or `Decimal` field's number, a `Decimal` as a
    /// `Double`'s; anything else as it is, which the checker has made sure fits.
    ///
    /// - Throws: `arithmeticFailed` for a `Decimal` too large for a `Double`.
    func converted(to type: ValueType) throws(MappingProblem) -> MappedValue {
        switch (type.unwrapped, self) {
        case (.double, .int(let integer)):
            return .double(Double(integer))
        case (.double, .decimal):
            guard let double = numericValue, double.isFinite else {
                throw .arithmeticFailed(reason: "\(preview) is too large for a `Double`")
            }
            return .double(double)
        case (.decimal, .int(let integer)):
            return .decimal(String(integer))
        default:
            return self
        }
    }
}
