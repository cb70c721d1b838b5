import MapLang
import Testing

/// Mapping NDJSON from the library: one outcome per line, in order, good and
/// bad alike, so lines read always equal records mapped plus lines rejected.
struct LibraryStreamingTests {
    static let rules = """
        root Order
        model Order {
          id: Int where range(1...)
          name: String
        }
        """

    static let feed = [
        #"{"id": 1, "name": "a"}"#,
        #"{"id": 2, "name": "b""#,
        "",
        #"{"id": 0, "name": "c"}"#,
        "  \r",
        #"{"id": 5, "name": "e"}"#,
    ].joined(separator: "\n") + "\n"

    static let expected: [String] = [
        #"1@0 {"id":1,"name":"a"}"#,
        "2@23 column 22: expected `,` or `}` after an object member, found end of input",
        "3@45 column 1: expected a value, found end of input",
        "4@46 $.id: 0 is not in 1...",
        "5@69 column 4: expected a value, found end of input",
        #"6@73 {"id":5,"name":"e"}"#,
    ]

    static func describe(_ outcome: LineOutcome) -> String {
        switch outcome.result {
        case .success(let value): "\(outcome.line)@\(outcome.offset) \(value.jsonText())"
        case .failure(.invalidJSON(let error)): "\(outcome.line)@\(outcome.offset) column \(error.column): \(error.message)"
        case .failure(let failure): "\(outcome.line)@\(outcome.offset) " + failure.errors.map { "\($0.path): \($0.message)" }.joined(separator: "; ")
        }
    }

    static func compiled() throws -> (Rules, ModelID) {
        let rules = try Rules(source: SourceFile(name: "orders.map", text: Self.rules))
        return (rules, try rules.model(named: nil))
    }

    @Test func everyLineHasOneOutcomeInOrder() throws {
        let (rules, model) = try Self.compiled()
        let outcomes = Array(rules.mapLines(Array(Self.feed.utf8), to: model))
        #expect(outcomes.map(Self.describe) == Self.expected)
        let mapped = outcomes.filter { if case .success = $0.result { true } else { false } }.count
        #expect(mapped + outcomes.count(where: { if case .failure = $0.result { true } else { false } }) == 6)
    }

    @Test func aLastLineWithoutNewlineCountsAndAnEmptyInputHasNoLines() throws {
        let (rules, model) = try Self.compiled()
        #expect(Array(rules.mapLines(Array(#"{"id": 1, "name": "a"}"#.utf8), to: model)).map(Self.describe) == [#"1@0 {"id":1,"name":"a"}"#])
        #expect(Array(rules.mapLines([], to: model)).isEmpty)
    }

    /// Bytes arriving one at a time from an asynchronous source give the same outcomes.
    @Test func asyncBytesGiveTheSameOutcomes() async throws {
        let rules = try Self.compiled().0
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in Self.feed.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        var described: [String] = []
        for try await outcome in try rules.mapLines(bytes) { described.append(Self.describe(outcome)) }
        #expect(described == Self.expected)
    }

    /// A model the rules do not have is the stream's one thrown failure,
    /// before any byte is read.
    @Test func anUnknownModelFailsBeforeReading() throws {
        let rules = try Self.compiled().0
        #expect(throws: MappingFailure.modelChoice(.unknownModel(name: "Ordr", suggestion: "Order", available: ["Order"]))) {
            _ = try rules.mapLines(AsyncStream<UInt8> { $0.finish() }, to: "Ordr")
        }
    }

    /// An empty line is, to the library, JSON that ends where a value was
    /// expected, exactly as the parser says of an empty document.
    @Test(arguments: ["", "  \t", "\r", " \r "])
    func anEmptyLineIsTheParsersEmptyDocumentError(_ line: String) async throws {
        let rules = try Self.compiled().0
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in line.utf8 + [UInt8(ascii: "\n")] { continuation.yield(byte) }
            continuation.finish()
        }
        var results: [Result<MappedValue, MappingFailure>] = []
        for try await outcome in try rules.mapLines(bytes) { results.append(outcome.result) }
        let parsed = Result { () throws(JSONSyntaxError) in try JSONReader.parse(Array(line.utf8)[...]) }
        guard case .failure(let error) = parsed else {
            Issue.record("the parser read an empty line")
            return
        }
        #expect(results == [.failure(.invalidJSON(error))])
        #expect(error.reason == .unexpectedEnd(expected: .value))
    }

    struct SourceFailed: Error, Equatable {}

    /// A failing source ends the iteration with its error after the lines before it.
    @Test func aFailingSourceStopsAfterTheLinesBeforeIt() async throws {
        let rules = try Self.compiled().0
        let bytes = AsyncThrowingStream<UInt8, any Error> { continuation in
            for byte in #"{"id": 1, "name": "a"}"#.utf8 + [UInt8(ascii: "\n"), UInt8(ascii: "{")] { continuation.yield(byte) }
            continuation.finish(throwing: SourceFailed())
        }
        var described: [String] = []
        await #expect(throws: SourceFailed.self) {
            for try await outcome in try rules.mapLines(bytes) { described.append(Self.describe(outcome)) }
        }
        #expect(described == [#"1@0 {"id":1,"name":"a"}"#])
    }

    /// The buffer hands out lines as soon as they are complete, whatever the chunking.
    @Test(arguments: [1, 2, 5, 64])
    func lineBufferSplitsAnyChunking(_ chunk: Int) {
        let bytes = Array("ab\n\r\n\nlast".utf8)
        var buffer = LineBuffer()
        var lines: [String] = []
        var offsets: [Int] = []
        var start = 0
        while start < bytes.count {
            buffer.append(bytes[start..<min(start + chunk, bytes.count)])
            start += chunk
            while let line = buffer.nextLine() {
                lines.append(String(decoding: line, as: UTF8.self))
                offsets.append(buffer.lineOffset)
            }
        }
        #expect(lines == ["ab", "\r", ""])
        buffer.finish()
        #expect(buffer.hasLine)
        #expect(buffer.nextLine().map { String(decoding: $0, as: UTF8.self) } == "last")
        #expect(buffer.lineOffset == 6)
        #expect(buffer.lineNumber == 4)
        #expect(buffer.nextLine() == nil)
        #expect(offsets == [0, 3, 5])
    }

    /// A document in memory the caller owns is mapped record by record: each
    /// record comes with the offset just past it, so the caller can let the
    /// bytes before it go (the CLI gives a mapped file's pages back).
    @Test func recordsOfAnArrayComeWithTheOffsetPastThem() throws {
        let (rules, model) = try Self.compiled()
        let text = #"[{"id": 1, "name": "a"} , {"id": 2, "name": "b"},{"id": 0, "name": "c"}]"#
        var seen: [String] = []
        let shape = try Array(text.utf8).withUnsafeBufferPointer { buffer in
            try rules.mapDocument(in: buffer, to: model) { record, end in
                let prefix = String(decoding: buffer[..<end], as: UTF8.self)
                seen.append("\(record.index ?? -1) \(record.errors.isEmpty) …\(prefix.suffix(9))")
            }
        }
        #expect(shape == .array)
        #expect(seen == [#"0 true …me": "a"}"#, #"1 true …me": "b"}"#, #"2 false …me": "c"}"#])
    }
}
