// MARK: - Mapping whole documents

/// Why a document, a value or a line gave no mapped value: the one error
/// `map`, `mapJSON`, `reverse` and `mapLines` report, and the underlying
/// error of the `DecodingError` and `EncodingError` that `decode` and
/// `encode` throw.
public enum MappingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The model asked for cannot be chosen.
    case modelChoice(ModelChoiceError)
    /// The input is not valid JSON.
    case invalidJSON(JSONSyntaxError)
    /// Some records broke the rules: every error, in input order, each
    /// naming the input path, the model and field, and the rule; for a
    /// top-level array, `mapped` is the array of the records that did map.
    case brokenRules([MappingError], mapped: MappedValue?)
    /// The rules cannot map back to the source's shape: the diagnostics of
    /// `Rules.reversalProblems`.
    case irreversibleRules(RulesError)

    /// The records' errors; empty unless the failure is `brokenRules`.
    public var errors: [MappingError] {
        guard case .brokenRules(let errors, _) = self else { return [] }
        return errors
    }

    /// For a top-level array whose records broke the rules, the array of
    /// the records that mapped; otherwise `nil`.
    public var mapped: MappedValue? {
        guard case .brokenRules(_, let mapped) = self else { return nil }
        return mapped
    }

    /// The failure for people, naming the input `input`: each record's
    /// errors as `maplang run` prints them, the JSON error with its line and
    /// column, the model that cannot be chosen with help, or the rules'
    /// diagnostics with their count.
    public var description: String {
        switch self {
        case .modelChoice(let error): "error: \(error.message)\n  = help: \(error.help)\n"
        case .invalidJSON(let error): "input:\(error.line):\(error.column): error[\(error.code)]: \(error.message)\n"
        case .brokenRules(let errors, _): errors.map { DiagnosticRenderer().render($0, input: "input") }.joined()
        case .irreversibleRules(let error): error.description
        }
    }
}

extension Rules {
    /// Maps a JSON document: a top-level array record by record, anything
    /// else as one record.
    ///
    /// ```swift
    /// let issues = try rules.map(bytes)
    /// let login = issues[0]?["assignee"]?["login"]?.stringValue
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The document's UTF-8 bytes.
    ///   - model: The model to map to; the root model when `nil`.
    /// - Returns: The mapped record, or an array of them.
    /// - Throws: `MappingFailure`: `modelChoice`, `invalidJSON`, or
    ///   `brokenRules` with every error and the records that mapped.
    public func map(_ bytes: [UInt8], to model: String? = nil) throws(MappingFailure) -> MappedValue {
        try mapReportingDrops(bytes, to: model).value
    }

    /// Maps a JSON document as `map(_:to:)` does, and gives the elements
    /// that `lossy` fields left out of the records, which `map(_:to:)`
    /// leaves out without a word.
    ///
    /// ```swift
    /// let (issues, dropped) = try rules.mapReportingDrops(bytes)
    /// for drop in dropped { log(drop.path, drop.message) }
    /// ```
    ///
    /// - Returns: The mapped record or records, and each dropped element as
    ///   a warning: its path, model, field and the `lossy` clause, its
    ///   problem `MappingProblem.droppedElement` with the element's errors.
    /// - Throws: `MappingFailure`, as `map(_:to:)` throws it.
    public func mapReportingDrops(
        _ bytes: [UInt8], to model: String? = nil
    ) throws(MappingFailure) -> (value: MappedValue, dropped: [MappingError]) {
        let id = try chosenModel(model)
        var records: [MappedValue] = []
        var single: MappedValue?
        var errors: [MappingError] = []
        var dropped: [MappingError] = []
        let shape: DocumentShape
        do {
            shape = try mapDocument(bytes, to: id) { record in
                errors += record.errors
                dropped += record.drops
                guard let value = record.value else { return }
                if record.index == nil { single = value } else { records.append(value) }
            }
        } catch {
            throw .invalidJSON(error)
        }
        let mapped: MappedValue? = shape == .array ? .array(records) : single
        guard errors.isEmpty, let mapped else {
            throw .brokenRules(errors, mapped: shape == .array ? mapped : nil)
        }
        return (mapped, dropped)
    }

    /// Maps a JSON document given as text; see `map(_:to:)` for bytes.
    public func map(_ text: String, to model: String? = nil) throws(MappingFailure) -> MappedValue {
        try map(Array(text.utf8), to: model)
    }

    /// Maps one record already parsed.
    ///
    /// - Throws: `MappingFailure`: `modelChoice`, or `brokenRules` when the
    ///   record breaks the rules.
    package func map(_ value: JSONValue, to model: String? = nil) throws(MappingFailure) -> MappedValue {
        let record = map(value, to: try chosenModel(model))
        guard let mapped = record.value else { throw .brokenRules(record.errors, mapped: nil) }
        return mapped
    }

    /// Maps a model-shaped value, such as a mapped record changed by the
    /// app, back to the source's shape: field names back to their keys, key
    /// paths rebuilt as nested objects, dates, URLs, enum cases and table
    /// outputs back to the form the rules read (grammar.md 5.5).
    ///
    /// ```swift
    /// let body = try rules.reverse(issue).jsonBytes()
    /// ```
    ///
    /// - Parameters:
    ///   - value: One record shaped like the model, or an array of them,
    ///     as `map` gives for a document that is an array.
    ///   - model: The model each record has the shape of; the root model when `nil`.
    /// - Returns: The record, or the array of records, in the source's shape.
    /// - Throws: `MappingFailure`: `modelChoice`, `irreversibleRules` when
    ///   some field cannot be mapped back, or `brokenRules` when a record
    ///   does not fit the model, with every error and, for an array, the
    ///   records that did map back.
    public func reverse(_ value: MappedValue, from model: String? = nil) throws(MappingFailure) -> MappedValue {
        let (source, errors) = reverseDocument(value, from: try reversibleModel(model))
        guard errors.isEmpty, let source else {
            throw .brokenRules(errors, mapped: value.arrayValue == nil ? nil : source)
        }
        return source
    }

    /// Maps a model-shaped record, or each of an array of them, back to the
    /// source's shape: the result (for an array, the records that mapped
    /// back) and every error, with paths from the array.
    func reverseDocument(_ value: MappedValue, from model: ModelID) -> (MappedValue?, [MappingError]) {
        guard let records = value.arrayValue else {
            let record = reverse(value, from: model)
            return (record.value, record.errors)
        }
        var written: [MappedValue] = []
        var errors: [MappingError] = []
        for (index, record) in records.enumerated() {
            let result = reverse(record, from: model)
            errors += result.errors.map { $0.inside(.index(index)) }
            if let source = result.value { written.append(source) }
        }
        return (.array(written), errors)
    }

    /// The model named, or the root model, when the rules can map back to
    /// the source's shape.
    func reversibleModel(_ name: String?) throws(MappingFailure) -> ModelID {
        let id = try chosenModel(name)
        guard reversalProblems.isEmpty else { throw .irreversibleRules(RulesError(diagnostics: reversalProblems)) }
        return id
    }

    /// The model named, or the root model, as these entry points choose it.
    func chosenModel(_ name: String?) throws(MappingFailure) -> ModelID {
        do {
            return try self.model(named: name)
        } catch {
            throw .modelChoice(error)
        }
    }
}
