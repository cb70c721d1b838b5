/// The lines of an NDJSON document held in memory, each mapped as it is
/// reached: a `Sequence` of `LineOutcome`, one per line, in input order.
///
/// ```swift
/// for outcome in rules.mapLines(bytes, to: model) { … }
/// ```
package struct NDJSONRecords: Sequence, Sendable {
    /// The rules to map with.
    let rules: Rules
    /// The model each line maps to.
    let model: ModelID
    /// The whole input.
    let bytes: [UInt8]

    /// Returns an iterator over the lines' outcomes.
    package func makeIterator() -> Iterator {
        var buffer = LineBuffer()
        buffer.append(bytes)
        buffer.finish()
        return Iterator(rules: rules, model: model, buffer: buffer)
    }

    /// Maps one line each time it is asked for the next outcome.
    package struct Iterator: IteratorProtocol {
        let rules: Rules
        let model: ModelID
        var buffer: LineBuffer

        /// The next line's outcome, or `nil` after the last line.
        package mutating func next() -> LineOutcome? {
            guard let line = buffer.nextLine() else { return nil }
            return rules.lineOutcome(line, number: buffer.lineNumber, offset: buffer.lineOffset, to: model)
        }
    }
}

/// The lines of an NDJSON stream of bytes, each mapped as soon as it is
/// complete: an `AsyncSequence` of `LineOutcome`, one per line, in input
/// order, holding no more than one line of input at a time.
///
/// ```swift
/// for try await outcome in try rules.mapLines(fileHandle.bytes) {
///     switch outcome.result {
///     case .success(let record): save(record)
///     case .failure(let failure): log(outcome.line, failure)
///     }
/// }
/// ```
///
/// A line that cannot be mapped is an outcome like any other, so one bad
/// line never ends the stream.
///
/// Errors thrown by the byte source end the iteration with that error; the
/// lines before it have all been delivered.
public struct AsyncNDJSONRecords<Bytes: AsyncSequence & Sendable>: AsyncSequence, Sendable where Bytes.Element == UInt8 {
    /// Each element is one line's outcome.
    public typealias Element = LineOutcome

    /// The rules to map with.
    let rules: Rules
    /// The model each line maps to.
    let model: ModelID
    /// Where the bytes come from.
    let bytes: Bytes

    /// Returns an iterator that reads bytes as lines are asked for.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(rules: rules, model: model, bytes: bytes.makeAsyncIterator())
    }

    /// Reads bytes up to the end of the next line, then maps it.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let rules: Rules
        let model: ModelID
        var bytes: Bytes.AsyncIterator
        var buffer = LineBuffer()
        /// Bytes gathered since the last hand-over to `buffer`.
        var pending: [UInt8] = []
        var ended = false

        init(rules: Rules, model: ModelID, bytes: Bytes.AsyncIterator) {
            self.rules = rules
            self.model = model
            self.bytes = bytes
        }

        /// The next line's outcome, or `nil` after the last line.
        ///
        /// - Throws: Whatever the byte source throws.
        public mutating func next() async throws -> LineOutcome? {
            while true {
                if let line = buffer.nextLine() {
                    return rules.lineOutcome(line, number: buffer.lineNumber, offset: buffer.lineOffset, to: model)
                }
                if ended { return nil }
                // Gather one line's worth of bytes before handing them over, so
                // the buffer is searched once per line, not once per byte.
                while let byte = try await bytes.next() {
                    pending.append(byte)
                    if byte == UInt8(ascii: "\n") { break }
                }
                if pending.last != UInt8(ascii: "\n") {
                    ended = true
                    buffer.append(pending)
                    buffer.finish()
                } else {
                    buffer.append(pending)
                }
                pending.removeAll(keepingCapacity: true)
            }
        }
    }
}

extension Rules {
    /// Maps NDJSON held in memory, one line at a time, as the sequence is iterated.
    ///
    /// - Parameters:
    ///   - bytes: The whole input.
    ///   - model: The model each line maps to.
    package func mapLines(_ bytes: [UInt8], to model: ModelID) -> NDJSONRecords {
        NDJSONRecords(rules: self, model: model, bytes: bytes)
    }

    /// Maps NDJSON (one JSON document per line) arriving as an asynchronous
    /// sequence of bytes, one line at a time, as the sequence is iterated:
    /// the streaming API, holding no more than one line at a time.
    ///
    /// - Parameters:
    ///   - bytes: The input, such as a file handle's or a response's bytes.
    ///   - model: The model each line maps to; the root model when `nil`.
    /// - Returns: One `LineOutcome` per line, in input order.
    /// - Throws: `MappingFailure.modelChoice` for a model that cannot be
    ///   chosen; each line's own failure is in its outcome.
    public func mapLines<Bytes: AsyncSequence & Sendable>(
        _ bytes: Bytes, to model: String? = nil
    ) throws(MappingFailure) -> AsyncNDJSONRecords<Bytes> where Bytes.Element == UInt8 {
        AsyncNDJSONRecords(rules: self, model: try chosenModel(model), bytes: bytes)
    }
}
