extension Checker {
    /// The validation rules the language knows.
    static let ruleNames = BuiltinRule.all.map(\.name)

    /// Compiles a `where` rule, checking it fits the field's type.
    mutating func compileRule(_ rule: RuleCall, field: String, type: ValueType) -> RulePlan? {
        let valueType = type.unwrapped
        let ruleSite = site(rule.span, "rule `\(rule.name.name)`")
        func wrongType(_ checker: inout Checker, _ expected: String) -> RulePlan? {
            checker.report(
                .ruleTypeMismatch(rule: rule.name.name, expected: expected, field: field, type: checker.typeName(type)),
                at: rule.name.span)
            return nil
        }
        func arguments(_ checker: inout Checker, _ expected: String) -> RulePlan? {
            checker.report(.invalidArguments(name: rule.name.name, expected: expected), at: rule.span)
            return nil
        }
        switch rule.name.name {
        case "nonEmpty":
            guard rule.arguments.isEmpty else { return arguments(&self, "no arguments") }
            guard valueType.hasLength else { return wrongType(&self, "a String, array or dictionary") }
            return RulePlan(kind: .nonEmpty, site: ruleSite)
        case "length":
            guard rule.arguments.count == 1, let range = numericRange(rule.arguments[0], integersOnly: true) else {
                return arguments(&self, "a range of whole numbers such as `1...256`, or one length")
            }
            guard valueType.hasLength else { return wrongType(&self, "a String, array or dictionary") }
            return RulePlan(kind: .length(range), site: ruleSite)
        case "range":
            guard rule.arguments.count == 1, case .range = rule.arguments[0].kind,
                let range = numericRange(rule.arguments[0], integersOnly: false)
            else { return arguments(&self, "a range such as `1...100`, `0...` or `..<1`") }
            switch valueType {
            case .int, .double, .decimal: return RulePlan(kind: .range(range), site: ruleSite)
            default: return wrongType(&self, "a number")
            }
        case "pattern":
            guard rule.arguments.count == 1, case .string(let source) = rule.arguments[0].kind else {
                return arguments(&self, "one regular expression string")
            }
            guard valueType == .string || valueType == .url else { return wrongType(&self, "a String or URL") }
            do {
                return RulePlan(kind: .pattern(try Pattern(source), source: source), site: ruleSite)
            } catch {
                let byteOffset = String(source.prefix(error.offset)).utf8.count
                report(.invalidPattern(reason: error.message), at: spanInside(rule.arguments[0], byteOffset: byteOffset))
                return nil
            }
        case "oneOf":
            guard !rule.arguments.isEmpty else { return arguments(&self, "at least one value") }
            switch valueType {
            case .string, .int, .double, .decimal, .bool, .enumeration:
                let choices = rule.arguments.compactMap { compileLiteral($0, as: valueType, context: "`oneOf` choice") }
                guard choices.count == rule.arguments.count else { return nil }
                return RulePlan(kind: .oneOf(choices), site: ruleSite)
            default:
                return wrongType(&self, "a String, number, Bool or enum")
            }
        default:
            reportUnknownRule(rule)
            return nil
        }
    }

    /// Reports a rule no built-in has the name of, with the closest name.
    mutating func reportUnknownRule(_ rule: RuleCall) {
        report(
            .unknownRule(name: rule.name.name, suggestion: Suggestion.closest(to: rule.name.name, among: Self.ruleNames)),
            at: rule.name.span)
    }

    /// Reads `a...b`, `a..<b`, `a...`, `...b`, or (for `length`) a single number, as bounds.
    private func numericRange(_ literal: Literal, integersOnly: Bool) -> NumericRange? {
        func bound(_ literal: Literal?) -> NumberBound?? {
            guard let literal else { return .some(nil) }
            switch literal.kind {
            case .integer(let digits):
                let number = JSONNumber(literal: digits)
                return NumberBound(literal: digits, value: number.doubleValue, integer: number.int64Value)
            case .decimal(let digits) where !integersOnly:
                return NumberBound(literal: digits, value: JSONNumber(literal: digits).doubleValue, integer: nil)
            default:
                return nil
            }
        }
        switch literal.kind {
        case .range(let lower, let upper, let includesUpper):
            guard let low = bound(lower), let high = bound(upper) else { return nil }
            return NumericRange(lower: low, upper: high, includesUpper: includesUpper)
        case .integer where integersOnly:
            guard let exact = bound(literal) else { return nil }
            return NumericRange(lower: exact, upper: exact, includesUpper: true)
        default:
            return nil
        }
    }
}

extension ValueType {
    /// Whether `length` and `nonEmpty` apply: strings, arrays and dictionaries.
    var hasLength: Bool {
        switch self {
        case .string, .array, .dictionary: true
        case .int, .double, .decimal, .bool, .date, .url, .data, .json, .model, .enumeration, .choice, .optional: false
        }
    }
}
