/// What became of one line of NDJSON: every line is either mapped or
/// rejected, so lines read = records mapped + lines rejected, always.
public struct LineOutcome: Sendable, Equatable {
    /// The line's 1-based number in the input.
    public var line: Int
    /// The input offset of the line's first byte.
    public var offset: Int
    /// The mapped record, or why the line was rejected.
    public var result: Result<MappedValue, LineRejection>

    /// Creates an outcome.
    public init(line: Int, offset: Int, result: Result<MappedValue, LineRejection>) {
        self.line = line
        self.offset = offset
        self.result = result
    }
}

/// Why an NDJSON line was not mapped.
public enum LineRejection: Error, Sendable, Equatable {
    /// The line holds nothing but white space.
    case emptyLine
    /// The line is not one valid JSON document; positions are within the line.
    case invalidJSON(JSONSyntaxError)
    /// The document broke the rules.
    case mappingFailed([MappingError])

    /// One short reason per problem, as `--rejects` files give them:
    /// `the line is empty`, `column 10: expected …`, `$.id: 0 is not in 1...`.
    public var reasons: [String] {
        switch self {
        case .emptyLine: ["the line is empty"]
        case .invalidJSON(let error): ["column \(error.column): \(error.message)"]
        case .mappingFailed(let errors): errors.map { "\($0.path): \($0.message)" }
        }
    }
}

extension Rules {
    /// Maps one line of NDJSON.
    ///
    /// - Parameters:
    ///   - line: The line's bytes, without its `\n`.
    ///   - number: The line's 1-based number, reported back in the outcome.
    ///   - offset: The input offset of the line's first byte.
    ///   - model: The model to map to.
    ///   - direction: Forward from source JSON, or in reverse from model-shaped JSON.
    public func mapLine(
        _ line: ArraySlice<UInt8>, number: Int, offset: Int, to model: ModelID, direction: MappingDirection = .forward
    ) -> LineOutcome {
        func outcome(_ result: Result<MappedValue, LineRejection>) -> LineOutcome {
            LineOutcome(line: number, offset: offset, result: result)
        }
        guard line.contains(where: { !JSONReader.isWhitespace($0) }) else { return outcome(.failure(.emptyLine)) }
        let value: JSONValue
        do {
            value = try JSONReader.parse(line, options: readerOptions)
        } catch {
            return outcome(.failure(.invalidJSON(error)))
        }
        let record = map(value, to: model, direction: direction)
        if let mapped = record.value { return outcome(.success(mapped)) }
        return outcome(.failure(.mappingFailed(record.errors)))
    }
}
