/// What became of one line of NDJSON: every line is either mapped or
/// rejected, so lines read = records mapped + lines rejected, always.
public struct LineOutcome: Sendable, Equatable {
    /// The line's 1-based number in the input.
    public let line: Int
    /// The input offset of the line's first byte.
    public let offset: Int
    /// The mapped record, or why the line gave none: `invalidJSON` (with
    /// positions within the line; an empty line is JSON that ends before
    /// its value) or `brokenRules`.
    public let result: Result<MappedValue, MappingFailure>
    /// The elements `lossy` fields left out of the line's record, each a
    /// warning whose problem is `MappingProblem.droppedElement`, also when
    /// the record broke the rules; empty when none were, or the line is not JSON.
    public let dropped: [MappingError]

    /// Creates an outcome.
    package init(line: Int, offset: Int, result: Result<MappedValue, MappingFailure>, dropped: [MappingError] = []) {
        self.line = line
        self.offset = offset
        self.result = result
        self.dropped = dropped
    }
}

/// Why an NDJSON line was not mapped, as `maplang run` reports it.
package enum LineRejection: Error, Sendable, Equatable {
    /// The line holds nothing but white space.
    case emptyLine
    /// The line is not one valid JSON document; positions are within the line.
    case invalidJSON(JSONSyntaxError)
    /// The document broke the rules.
    case mappingFailed([MappingError])

    /// The code of an empty line's error, which `maplang explain` describes.
    package static let emptyLineCode = "ndjson-empty-line"
    /// The code of a record `maplang run --inline-rejects` cannot write,
    /// since a top-level key of its holds the name rejects are marked with.
    package static let reservedKeyCode = "reject-key-in-record"

    /// One short reason per problem, as `--rejects` files give them:
    /// `the line is empty`, `column 10: expected …`, `$.id: 0 is not in 1...`.
    package var reasons: [String] {
        switch self {
        case .emptyLine: ["the line is empty"]
        case .invalidJSON(let error): ["column \(error.column): \(error.message)"]
        case .mappingFailed(let errors): errors.map { "\($0.path): \($0.message)" }
        }
    }

    /// The rejection as the library reports it for a line of `length`
    /// bytes: an empty line is JSON that ends where a value was expected.
    func failure(length: Int) -> MappingFailure {
        switch self {
        case .emptyLine:
            .invalidJSON(JSONSyntaxError(reason: .unexpectedEnd(expected: .value), offset: length, line: 1, column: length + 1))
        case .invalidJSON(let error): .invalidJSON(error)
        case .mappingFailed(let errors): .brokenRules(errors, mapped: nil)
        }
    }
}

extension Rules {
    /// Maps one line of NDJSON.
    ///
    /// - Parameters:
    ///   - line: The line's bytes, without its `\n`.
    ///   - model: The model to map to.
    ///   - direction: Forward from source JSON, or in reverse from model-shaped JSON.
    package func mapLine(
        _ line: ArraySlice<UInt8>, to model: ModelID, direction: MappingDirection = .forward
    ) -> Result<MappedValue, LineRejection> {
        var drops: [MappingError] = []
        return mapLine(line, to: model, direction: direction, drops: &drops)
    }

    /// Maps one line of NDJSON, adding the elements `lossy` fields dropped
    /// from its record to `drops`.
    package func mapLine(
        _ line: ArraySlice<UInt8>, to model: ModelID, direction: MappingDirection = .forward, drops: inout [MappingError]
    ) -> Result<MappedValue, LineRejection> {
        guard line.contains(where: { !JSONReader.isWhitespace($0) }) else { return .failure(.emptyLine) }
        let value: JSONValue
        do {
            value = try JSONReader.parse(line, options: readerOptions)
        } catch {
            return .failure(.invalidJSON(error))
        }
        let record = map(value, to: model, direction: direction)
        drops += record.drops
        if let mapped = record.value { return .success(mapped) }
        return .failure(.mappingFailed(record.errors))
    }

    /// Maps one line of NDJSON as the library's line sequences report it.
    func lineOutcome(_ line: ArraySlice<UInt8>, number: Int, offset: Int, to model: ModelID) -> LineOutcome {
        var drops: [MappingError] = []
        let result = mapLine(line, to: model, drops: &drops).mapError { $0.failure(length: line.count) }
        return LineOutcome(line: number, offset: offset, result: result, dropped: drops)
    }
}
