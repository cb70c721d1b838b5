/// The errors `Rules.decode` throws where the Swift type and the rules'
/// output disagree, with what probably went wrong: a type written for the
/// input's shape (`JSONDecoder`'s coding keys, an enum's raw values in the
/// input's spelling) rather than for the rules' output.
extension DecodingError {
    /// `keyNotFound` for a coding key the mapped object has no field for,
    /// naming the field it probably means.
    ///
    /// - Parameter fields: The object's field names, in output order.
    static func noField(_ key: some CodingKey, codingPath: [any CodingKey], fields: [String]) -> DecodingError {
        var description = "the mapped object has no field `\(key.stringValue)`"
        if let close = InputKeySuggestion.closest(to: key.stringValue, among: Array(fields.prefix(InputKeySuggestion.keysLooked))) {
            description += "; did you mean `\(close)`? `decode` fills a type shaped like the rules' output: its coding keys "
                + "are the rules' field names, not the input's keys"
        }
        return .keyNotFound(key, .init(codingPath: codingPath, debugDescription: description))
    }

    /// Decodes `T` with `decode`, adding to a failure of an enum whose raw
    /// value is a string that `decode` gives enum fields as the rules' case
    /// names, not as the input spells them.
    static func explainingRawValues<T: Decodable>(
        of type: T.Type, text: @autoclosure () -> String?, _ decode: () throws -> T
    ) throws -> T {
        do {
            return try decode()
        } catch DecodingError.dataCorrupted(let context) where T.self is any RawRepresentable.Type {
            guard let text = text() else { throw DecodingError.dataCorrupted(context) }
            let shown = JSONWriter.preview(string: text)
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: context.codingPath,
                    debugDescription: context.debugDescription + "; `decode` gives an enum field as the case name the rules "
                        + "declare (\(shown)), not as the input spells it: give the Swift case the raw value \(shown)",
                    underlyingError: context.underlyingError))
        }
    }
}
