extension RuleKind {
    /// The problem with a value under this rule, or `nil` when it passes.
    func violation(by value: MappedValue) -> MappingProblem? {
        switch self {
        case .range(let range):
            return range.contains(value) ? nil : .outOfRange(found: value.preview, range: range.description)
        case .length(let range):
            guard let count = value.length else { return nil }
            return range.contains(.int(Int64(count))) ? nil : .lengthOutOfRange(count: count, range: range.description)
        case .pattern(let pattern, let source):
            switch value {
            case .string(let text), .url(let text):
                switch pattern.outcome(text) {
                case .matched: return nil
                case .notMatched: return .patternMismatch(found: value.preview, pattern: source)
                case .tooCostly: return .patternTooCostly(found: value.preview, pattern: source, scalars: text.unicodeScalars.count)
                }
            default:
                return nil
            }
        case .oneOf(let choices):
            return choices.contains(where: { value.compare(to: $0) == .same })
                ? nil : .notOneOf(found: value.preview, choices: choices.map(\.preview))
        case .nonEmpty:
            return value.length == 0 ? .empty(found: value.preview) : nil
        }
    }
}

extension NumericRange {
    /// Whether a number lies within the bounds, comparing exactly when both are integers.
    func contains(_ value: MappedValue) -> Bool {
        if let lower, let order = value.compare(to: lower.mappedValue), order == .ascending { return false }
        if let upper, let order = value.compare(to: upper.mappedValue) {
            return includesUpper ? order != .descending : order == .ascending
        }
        return true
    }
}

extension NumberBound {
    /// The bound as a value to compare with.
    var mappedValue: MappedValue { integer.map { .int($0) } ?? .double(value) }
}

extension MappedValue {
    /// The number of characters of a string, or elements of an array or object.
    var length: Int? {
        switch self {
        case .string(let text): text.count
        case .array(let items): items.count
        case .object(let object): object.members.count
        case .null, .bool, .int, .double, .decimal, .date, .url: nil
        }
    }
}
