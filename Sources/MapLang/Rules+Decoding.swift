#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Decoding into Swift types

extension Rules {
    /// Maps a JSON document with the rules, then fills a `Decodable` type
    /// from the result: the type's property names are the model's field
    /// names, and it needs no `CodingKeys`, custom `init(from:)` or date
    /// strategy, because the rules did that work.
    ///
    /// ```swift
    /// struct Issue: Decodable {
    ///     let title: String
    ///     let htmlURL: URL
    ///     let createdAt: Date
    ///     let state: State      // enum State: String, Decodable { case open, closed }
    ///     let reporterLogin: String?
    /// }
    /// let issues = try rules.decode([Issue].self, from: data)
    /// ```
    ///
    /// Records are mapped on the fast path and decoded from the JSON it
    /// writes, with no tree in between; an array of records fills a Swift
    /// array one record at a time, so beside the values decoded only a
    /// bounded buffer of mapped records is held. Where the process may use
    /// more than one core, a large array's records are mapped on a helper
    /// thread ahead of the decoding, which does no work once the call has
    /// returned; `type`'s initializers still run on the calling thread, one
    /// record after another, and so does all mapping when the rules have
    /// transformers written in Swift. A `Date` property reads a date field
    /// (or any ISO-8601 string), and a `MappedValue` anywhere in the type
    /// holds the field's JSON, as a `JSON` field does; only
    /// `decode(MappedValue.self, …)` gives what `map(_:to:)` gives, typed
    /// cases included. An integer property takes a number that is exactly a
    /// whole number in range (`3`, `3.0`, `3e0`), never one rounded.
    ///
    /// - Parameters:
    ///   - type: The type to fill: the model's shape, or an array of it for a
    ///     document that is an array of records.
    ///   - bytes: The document's UTF-8 bytes.
    ///   - model: The model to map to; the root model when `nil`.
    /// - Throws: Only `DecodingError`, as `JSONDecoder` does: when the
    ///   document cannot be mapped, `dataCorrupted` whose `underlyingError`
    ///   is the `MappingFailure` (`brokenRules` with every error, each naming
    ///   the input path, the model and field, and the rule; `invalidJSON`;
    ///   `modelChoice`); the usual errors when the mapped value does not
    ///   fit `type`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], model: String? = nil) throws -> T {
        try bytes.withUnsafeBufferPointer { try decode(type, in: $0, model: model) }
    }

    /// Maps and decodes a JSON document given as `Data`, without copying
    /// it; see `decode(_:from:model:)`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, model: String? = nil) throws -> T {
        try data.withUnsafeBytes { raw in
            try raw.withMemoryRebound(to: UInt8.self) { try decode(type, in: $0, model: model) }
        }
    }

    /// Maps and decodes a JSON document given as text; see `decode(_:from:model:)`.
    public func decode<T: Decodable>(_ type: T.Type, from text: String, model: String? = nil) throws -> T {
        try decode(type, from: Array(text.utf8), model: model)
    }

    /// Maps a JSON document given as `Data`; see `map(_:to:)`.
    public func map(_ data: Data, to model: String? = nil) throws(MappingFailure) -> MappedValue {
        try map([UInt8](data), to: model)
    }

    /// Maps a JSON document given as `Data`, with the elements `lossy`
    /// fields dropped; see `mapReportingDrops(_:to:)`.
    public func mapReportingDrops(
        _ data: Data, to model: String? = nil
    ) throws(MappingFailure) -> (value: MappedValue, dropped: [MappingError]) {
        try mapReportingDrops([UInt8](data), to: model)
    }
}

extension MappingFailure {
    /// The failure as Swift code that expects decoding errors sees it: data
    /// corrupted at the first error's input path, with its message and rule,
    /// and this failure as the underlying error.
    var decodingError: DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: codingDescription, underlyingError: self))
    }

    /// The first error's input path as coding keys; empty for a failure of
    /// the whole document.
    var codingPath: [any CodingKey] {
        errors.first?.path.components.map(JSONPathKey.init) ?? []
    }

    /// The failure in one line for a `DecodingError` or `EncodingError`:
    /// the first error's path, message and rule, or what kept the document
    /// from mapping at all.
    var codingDescription: String {
        switch self {
        case .brokenRules(let errors, _):
            errors.first.map { error in
                let rule = error.rule.isEmpty ? "" : error.rule + " at "
                return "\(error.path): \(error.message) (\(rule)\(error.ruleFile):\(error.ruleLocation))"
            } ?? "the document did not map"
        case .invalidJSON(let error): "The data is not valid JSON: \(error)"
        case .modelChoice(let error): error.message
        case .irreversibleRules(let error): "the rules cannot map back: \(error.description)"
        }
    }
}

/// A component of a JSON path, or an array position, as a coding key.
struct JSONPathKey: CodingKey {
    /// The key, or `Index N` for a position.
    let stringValue: String
    /// The position, for an array element.
    let intValue: Int?

    /// The key for one path component.
    init(_ component: JSONPath.Component) {
        switch component {
        case .key(let key):
            stringValue = key
            intValue = nil
        case .index(let index):
            stringValue = "Index \(index)"
            intValue = index
        }
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init?(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
