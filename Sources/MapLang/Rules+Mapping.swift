// MARK: - Mapping whole documents

/// A document in which some records broke the rules: every error, and what
/// the records that did map came to.
public struct MappingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every error, in input order.
    public let errors: [MappingError]
    /// For a top-level array, the array of the records that mapped; for a
    /// single record, `nil`.
    public let mapped: MappedValue?

    /// Creates a failure.
    public init(errors: [MappingError], mapped: MappedValue?) {
        self.errors = errors
        self.mapped = mapped
    }

    /// The errors as `maplang run` prints them, naming the input `input`.
    public var description: String {
        errors.map { DiagnosticRenderer().render($0, input: "input") }.joined()
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
    /// - Throws: `ModelChoiceError` for a model that cannot be chosen,
    ///   `JSONSyntaxError` for invalid JSON, `MappingFailure` when any record
    ///   breaks the rules.
    public func map(_ bytes: [UInt8], to model: String? = nil) throws -> MappedValue {
        let id = try self.model(named: model)
        var records: [MappedValue] = []
        var single: MappedValue?
        var errors: [MappingError] = []
        let shape = try mapDocument(bytes, to: id) { record in
            errors += record.errors
            guard let value = record.value else { return }
            if record.index == nil { single = value } else { records.append(value) }
        }
        let mapped: MappedValue? = shape == .array ? .array(records) : single
        guard errors.isEmpty, let mapped else {
            throw MappingFailure(errors: errors, mapped: shape == .array ? mapped : nil)
        }
        return mapped
    }

    /// Maps a JSON document given as text; see `map(_:to:)` for bytes.
    public func map(_ text: String, to model: String? = nil) throws -> MappedValue {
        try map(Array(text.utf8), to: model)
    }

    /// Maps one record already parsed.
    ///
    /// - Throws: `ModelChoiceError` for a model that cannot be chosen,
    ///   `MappingFailure` when the record breaks the rules.
    public func map(_ value: JSONValue, to model: String? = nil) throws -> MappedValue {
        let record = map(value, to: try self.model(named: model))
        guard let mapped = record.value else { throw MappingFailure(errors: record.errors, mapped: nil) }
        return mapped
    }
}
