/// The inputs an enum or table lists, ready to look JSON values up.
///
/// Strings, numbers and booleans each have their own dictionary; numbers are
/// keyed by their canonical text, so `2`, `2.0` and `2e0` find the same row.
/// With coercion on, a string holding a number also finds a number row, and a
/// number a string row that holds the same number (grammar.md 3.8).
struct ValueLookup<Value: Sendable>: Sendable {
    /// The value each input string selects.
    private var strings: [String: Value] = [:]
    /// The value each input number selects, by canonical text.
    private var numbers: [String: Value] = [:]
    /// The value each input boolean selects.
    private var booleans: [Bool: Value] = [:]
    /// The string inputs that are number literals, by the number's canonical
    /// text; the first listed wins.
    private var numericStrings: [String: Value] = [:]

    /// The value each input string selects.
    var stringInputs: [String: Value] { strings }
    /// Every value some input gives.
    var allValues: [Value] { Array(strings.values) + Array(numbers.values) + Array(booleans.values) }

    /// Every input and the value it selects: strings, then numbers, then
    /// booleans, each in no particular order.
    var entries: [(key: LookupKey, value: Value)] {
        strings.map { (.string($0.key), $0.value) } + numbers.map { (.number($0.key), $0.value) }
            + booleans.map { (.bool($0.key), $0.value) }
    }

    /// Whether any input is a number, which a lenient lookup of a string can find.
    var hasNumberInputs: Bool { !numbers.isEmpty }

    /// Adds an input; the checker has already refused duplicates.
    mutating func insert(_ value: Value, for key: LookupKey) {
        switch key {
        case .string(let text):
            strings[text] = value
            if let literal = NumberText.literal(in: text), numericStrings[NumberText.canonical(literal)] == nil {
                numericStrings[NumberText.canonical(literal)] = value
            }
        case .number(let text):
            numbers[text] = value
        case .bool(let flag):
            booleans[flag] = value
        }
    }

    /// The value a JSON scalar selects, if any input lists it.
    ///
    /// - Parameters:
    ///   - value: A string, a number as `.decimal` literal text, or a boolean.
    ///   - lenient: Whether strings and numbers may find each other's rows.
    func find(_ value: MappedValue, lenient: Bool) -> Value? {
        switch value {
        case .string(let text):
            if let found = strings[text] { return found }
            guard lenient, let literal = NumberText.literal(in: text) else { return nil }
            return numbers[NumberText.canonical(literal)]
        case .decimal(let literal):
            let canonical = NumberText.canonical(literal)
            if let found = numbers[canonical] { return found }
            return lenient ? numericStrings[canonical] : nil
        case .bool(let flag):
            return booleans[flag]
        case .null, .int, .double, .date, .url, .array, .object:
            return nil
        }
    }
}
