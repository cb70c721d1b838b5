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
    ///   - values: What was found there.
    ///   - key: The key they are under, which may name a time.
    ///   - nameHint: What to name a model, enum or choice made for them.
    ///   - depth: How many arrays and dictionaries the field's type is already inside.
    mutating func valueType(_ values: ValueSummary, key: String, nameHint: String, depth: Int) -> InferredType {
        let objects = values.objects.map { $0.count > 0 } ?? false
        let arrays = values.arrays.map { $0.count > 0 } ?? false
        let strings = values.strings.map { $0.count > 0 } ?? false
        let numbers = values.numbers.map { $0.count > 0 } ?? false
        let kinds = [objects, arrays, strings, numbers, values.booleans > 0].filter { $0 }.count
        // Strings beside numbers or booleans: a `String`, which reads them as text.
        if kinds > 1, !objects, !arrays, strings { return InferredType(text: "String") }
        // Nothing but `null`, or values of several JSON types: any value.
        guard kinds == 1 else { return InferredType(text: "JSON") }
        // Deeper arrays and dictionaries than a type may nest: any value.
        if depth >= Self.maximumNesting, objects || arrays { return InferredType(text: "JSON") }
        if objects, let summary = values.objects { return objectType(summary, nameHint: nameHint, depth: depth, exactName: nil) }
        if arrays, let elements = values.arrays?.elements {
            var element = valueType(elements, key: key, nameHint: InferenceNames.singular(nameHint), depth: depth + 1)
            element.text = "[" + element.text + (elements.nulls > 0 ? "?" : "") + "]"
            return element
        }
        if strings, let summary = values.strings { return stringType(summary, nameHint: nameHint) }
        if numbers, let summary = values.numbers { return numberType(summary, key: key) }
        return InferredType(text: "Bool")
    }

    /// Dates, URLs, a few values recurring (an enum), or text.
    private mutating func stringType(_ strings: StringSummary, nameHint: String) -> InferredType {
        if strings.allDates { return InferredType(text: "Date", transformer: "iso8601") }
        if strings.allURLs { return InferredType(text: "URL") }
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
    private mutating func enumeration(for strings: StringSummary, nameHint: String) -> String? {
        guard let distinct = strings.distinct, distinct.count >= 2, strings.count >= Self.enumMinimumValues,
            strings.count >= Self.enumMinimumRepeats * distinct.count,
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
    private func numberType(_ numbers: NumberSummary, key: String) -> InferredType {
        if let timestamp = timestampTransformer(numbers, key: key) { return InferredType(text: "Date", transformer: timestamp) }
        if numbers.allInt64 { return InferredType(text: "Int") }
        // An integer past 2^53 (a `Double` would round it) or past 64 bits, or a
        // number past what a `Double` holds: the digits are kept.
        if numbers.needsExactDigits || !numbers.allFinite { return InferredType(text: "Decimal") }
        return InferredType(text: "Double")
    }

    /// `timestamp` for seconds or `timestamp(ms)` for milliseconds since 1970,
    /// when the key says the value is a time (`created_at`, `updatedAt`,
    /// `time`, `timestamp`) and every value is in the range of that unit
    /// that means a year from 1973 to about 2286, so that durations
    /// (`response_time: 0.25`) stay numbers.
    private func timestampTransformer(_ numbers: NumberSummary, key: String) -> String? {
        let last = InferenceNames.words(of: key).last?.lowercased()
        guard ["at", "time", "timestamp", "ts"].contains(last ?? "") else { return nil }
        if numbers.allSeconds { return "timestamp" }
        if numbers.allInt64, numbers.allMilliseconds { return "timestamp(ms)" }
        return nil
    }
}
