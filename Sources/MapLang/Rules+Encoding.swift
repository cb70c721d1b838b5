#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Encoding Swift types back to the source's JSON

extension Rules {
    /// Turns a value of your own `Encodable` type, shaped like the model (as
    /// `decode` fills it), into the source's JSON through reverse mapping:
    /// field names back to their keys, key paths rebuilt as nested objects,
    /// dates, URLs, enum cases and table outputs back to the form the rules
    /// read (grammar.md 5.5).
    ///
    /// ```swift
    /// let body = try rules.encode(issue)          // {"html_url": …, "user": {"login": …}, …}
    /// ```
    ///
    /// Most rules are written straight from the value to JSON; when the
    /// value holds something that path leaves to reverse mapping (a key no
    /// field has, a value it cannot write as reverse mapping would, an
    /// error), the value is encoded again through reverse mapping, so its
    /// `encode(to:)` runs twice, the first time with an empty `codingPath`.
    ///
    /// - Parameters:
    ///   - value: A record, or an array of records.
    ///   - model: The model the value has the shape of; the root model when `nil`.
    /// - Returns: Compact JSON in the source's shape.
    /// - Throws: Only `EncodingError`, as `JSONEncoder` does:
    ///   `invalidValue` whose `underlyingError` is the `MappingFailure`:
    ///   `brokenRules` with every error when the value does not fit the
    ///   model, `irreversibleRules` when some field cannot be mapped back
    ///   (`reversalProblems`), or `modelChoice`.
    public func encode(_ value: some Encodable, model: String? = nil) throws -> Data {
        if let written = encodedDirectly(value, model: model) { return Data(written) }
        return try encodedThroughReverseMapping(value, model: model)
    }

    /// `encode` through the interpreter: the value as a model-shaped tree,
    /// mapped back, then written.
    package func encodedThroughReverseMapping(_ value: some Encodable, model: String?) throws -> Data {
        let encoded = try MappedValueEncoder.encode(value)
        do {
            return Data(try reverse(encoded, from: model).jsonBytes())
        } catch {
            throw EncodingError.invalidValue(
                value, .init(codingPath: error.codingPath, debugDescription: error.codingDescription, underlyingError: error))
        }
    }

    /// The value written straight to source-shaped JSON, when its model is
    /// on that path (`DirectReversePlan`) and the value holds nothing the
    /// path leaves to reverse mapping; `nil` otherwise, and for every
    /// error, which `encode` then gives by encoding the value again through
    /// the interpreter. Coverage is counted, and coercions audited, only there.
    package func encodedDirectly(_ value: some Encodable, model name: String?) -> [UInt8]? {
        guard coverage == nil, plan.coercionAudit == .allow, plan.reversalProblems.isEmpty, let id = try? chosenModel(name),
            case .model(let model) = id.target
        else { return nil }
        let reverse = directReverse.plan
        guard reverse.models[model] != nil else { return nil }
        return try? DirectSourceWriter(plan: reverse).document(value, model: model)
    }
}
