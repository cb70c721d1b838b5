// MARK: - The type of the values found at one position

extension RulesInference {
    /// A field's type, without `?`, and the transformer that reads it.
    struct InferredType {
        /// The type as rules write it: `Int`, `[Label]`, `[String: Date]`.
        var text: String
        /// The transformer, for dates: `iso8601`, `timestamp`, `timestamp(ms)`.
        var transformer: String? = nil
    }

    /// The type that reads every value, not `null`, found at one position.
    ///
    /// - Parameters:
    ///   - values: The values, none `null`.
    ///   - key: The key they are under, which may name a time.
    ///   - nameHint: What to name a model, enum or choice made for them.
    ///   - depth: How many arrays and dictionaries the field's type is already inside.
    mutating func valueType(_ values: [JSONValue], key: String, nameHint: String, depth: Int) -> InferredType {
        var objects: [JSONValue] = []
        var arrays: [[JSONValue]] = []
        var strings: [String] = []
        var numbers: [JSONNumber] = []
        var booleans = 0
        for value in values {
            switch value {
            case .object: objects.append(value)
            case .array(let elements): arrays.append(elements)
            case .string(let text): strings.append(text)
            case .number(let number): numbers.append(number)
            case .bool: booleans += 1
            case .null: break
            }
        }
        let kinds = [!objects.isEmpty, !arrays.isEmpty, !strings.isEmpty, !numbers.isEmpty, booleans > 0].filter { $0 }.count
        // Strings beside numbers or booleans: a `String`, which reads them as text.
        if kinds > 1, objects.isEmpty, arrays.isEmpty, !strings.isEmpty { return InferredType(text: "String") }
        // Nothing but `null`, or values of several JSON types: any value.
        guard kinds == 1 else { return InferredType(text: "JSON") }
        // Deeper arrays and dictionaries than a type may nest: any value.
        if depth >= Self.maximumNesting, !objects.isEmpty || !arrays.isEmpty { return InferredType(text: "JSON") }
        if !objects.isEmpty { return objectType(objects, nameHint: nameHint, depth: depth, exactName: nil) }
        if !arrays.isEmpty {
            let elements = arrays.flatMap { $0 }
            let present = elements.filter { $0 != .null }
            var element = valueType(present, key: key, nameHint: InferenceNames.singular(nameHint), depth: depth + 1)
            element.text = "[" + element.text + (present.count < elements.count ? "?" : "") + "]"
            return element
        }
        if !strings.isEmpty { return stringType(strings, nameHint: nameHint) }
        if !numbers.isEmpty { return numberType(numbers, key: key) }
        return InferredType(text: "Bool")
    }

    /// Dates, URLs, a few values recurring (an enum), or text.
    private mutating func stringType(_ strings: [String], nameHint: String) -> InferredType {
        if strings.allSatisfy({ (try? ISO8601DateParser.parse($0)) != nil }) {
            return InferredType(text: "Date", transformer: "iso8601")
        }
        if strings.allSatisfy({ ($0.hasPrefix("https://") || $0.hasPrefix("http://")) && URLValidator.problem(with: $0) == nil }) {
            return InferredType(text: "URL")
        }
        if let enumeration = enumeration(for: strings, nameHint: nameHint) { return InferredType(text: enumeration) }
        return InferredType(text: "String")
    }

    /// The most arrays and dictionaries a field's type is nested in, well
    /// under the grammar's limit (`RulesParser.nestingLimit`); deeper
    /// values are `JSON`.
    static let maximumNesting = 32

    /// The most distinct values an inferred enum has.
    static let enumMaximumCases = 10
    /// How many times, at least, each distinct value must occur on average.
    static let enumMinimumRepeats = 3
    /// The fewest values a string field needs to become an enum.
    static let enumMinimumValues = 10

    /// An enum's name for a string field with few distinct values over many
    /// records, each a short word; `nil` for any other field.
    private mutating func enumeration(for strings: [String], nameHint: String) -> String? {
        var distinct: [String] = []
        var seen: Set<String> = []
        for text in strings where seen.insert(text).inserted {
            distinct.append(text)
            if distinct.count > Self.enumMaximumCases { return nil }
        }
        guard distinct.count >= 2, strings.count >= Self.enumMinimumValues, strings.count >= Self.enumMinimumRepeats * distinct.count,
            distinct.allSatisfy({ text in
                (1...40).contains(text.count) && text.contains(where: \.isLetter)
                    && text.allSatisfy { $0.isLetter || $0.isNumber || " _-.".contains($0) }
            })
        else { return nil }
        if let same = enumsByValues[distinct] { return same }
        let name = names.claim(InferenceNames.type(for: nameHint, fallback: "Kind"))
        enums.append(Enumeration(name: name, values: distinct))
        enumsByValues[distinct] = name
        return name
    }

    /// Integers in 64 bits, numbers past them, fractions; a time when the key names one.
    private func numberType(_ numbers: [JSONNumber], key: String) -> InferredType {
        if let timestamp = timestampTransformer(numbers, key: key) { return InferredType(text: "Date", transformer: timestamp) }
        if numbers.allSatisfy({ $0.int64Value != nil }) { return InferredType(text: "Int") }
        // An integer past 2^53 (a `Double` would round it) or past 64 bits, or a
        // number past what a `Double` holds: the digits are kept.
        let exactOnlyAsDecimal = numbers.contains { number in
            number.isInteger && (number.int64Value.map { $0.magnitude > 1 << 53 } ?? true)
        }
        if exactOnlyAsDecimal || !numbers.allSatisfy({ $0.doubleValue.isFinite }) {
            return InferredType(text: "Decimal")
        }
        return InferredType(text: "Double")
    }

    /// `timestamp` for seconds or `timestamp(ms)` for milliseconds since 1970,
    /// when the key says the value is a time (`created_at`, `updatedAt`,
    /// `time`, `timestamp`) and every value is in the range of that unit
    /// that means a year from 1973 to about 2286, so that durations
    /// (`response_time: 0.25`) stay numbers.
    private func timestampTransformer(_ numbers: [JSONNumber], key: String) -> String? {
        let last = InferenceNames.words(of: key).last?.lowercased()
        guard ["at", "time", "timestamp", "ts"].contains(last ?? "") else { return nil }
        let values = numbers.map(\.doubleValue)
        if values.allSatisfy({ (1e8..<1e10).contains($0) }) { return "timestamp" }
        if numbers.allSatisfy({ $0.int64Value != nil }), values.allSatisfy({ (1e11..<1e13).contains($0) }) { return "timestamp(ms)" }
        return nil
    }
}
