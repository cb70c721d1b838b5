import MapLang
import Testing

@testable import MapLangCLI

/// `RecordOutput` lays out a top-level array: compact elements end to end,
/// pretty elements each on its own lines, indented one level.
struct RecordOutputTests {
    /// Collects what is written.
    final class Collected: OutputSink {
        var bytes: [UInt8] = []
        func write(_ bytes: [UInt8]) throws(ConsoleError) { self.bytes += bytes }
        func commit() throws(ConsoleError) {}
        func abandon() {}
    }

    /// The text `RecordOutput` writes for an array of these elements.
    static func array(of elements: [String], pretty: Bool) throws -> String {
        let sink = Collected()
        var output = RecordOutput(pretty: pretty, sink: sink)
        output.beginArray()
        for element in elements { output.writeElement(json: Array(element.utf8)[...]) }
        output.endArray()
        try output.finish()
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    /// Indents each line of `element` by two spaces, the slow and obvious way.
    static func indented(_ element: String) -> String {
        "\n  " + element.replacing("\n", with: "\n  ")
    }

    @Test func compactElementsGoEndToEnd() throws {
        #expect(try Self.array(of: ["{\"a\":1}", "[]", "2"], pretty: false) == "[{\"a\":1},[],2]\n")
        #expect(try Self.array(of: [], pretty: false) == "[]\n")
    }

    @Test func prettyElementsAreIndentedOneLevel() throws {
        let element = "{\n  \"title\": \"a\",\n  \"labels\": [\n    \"bug\"\n  ]\n}"
        let expected = """
            [
              {
                "title": "a",
                "labels": [
                  "bug"
                ]
              },
              1
            ]

            """
        #expect(try Self.array(of: [element, "1"], pretty: true) == expected)
    }

    /// Every length of line and of value around the eight bytes copied at
    /// once, with line breaks at every position within a word, first and
    /// last byte included.
    @Test(arguments: 0..<24)
    func prettyElementsOfEveryLineLength(lineLength: Int) throws {
        for lines in 1...4 {
            for tail in 0..<10 {
                let line = String(repeating: "x", count: lineLength)
                let element = Array(repeating: line, count: lines).joined(separator: "\n") + String(repeating: "y", count: tail)
                let leadingBreak = "\n" + element
                for value in [element, leadingBreak, element + "\n"] {
                    #expect(try Self.array(of: [value, value], pretty: true) == "[\(Self.indented(value)),\(Self.indented(value))\n]\n")
                }
            }
        }
    }

    @Test func prettyEmptyElement() throws {
        #expect(try Self.array(of: [""], pretty: true) == "[\n  \n]\n")
    }

    /// Keeps each write apart, and fails them all when told to.
    final class Writes: OutputSink {
        let failing: Bool
        var writes: [[UInt8]] = []
        init(failing: Bool = false) { self.failing = failing }
        func write(_ bytes: [UInt8]) throws(ConsoleError) {
            writes.append(bytes)
            if failing { throw ConsoleError(message: "disk full") }
        }
        func commit() throws(ConsoleError) {}
        func abandon() {}
    }

    /// A megabyte of NDJSON lines and a line break.
    static let largeLines = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20) + [UInt8(ascii: "\n")]

    /// A buffer of NDJSON lines of `directThreshold` bytes or more goes to
    /// the sink in one write, as it is, when nothing waits before it;
    /// otherwise it waits after what waits, and smaller ones are collected,
    /// the order kept either way.
    @Test(arguments: [RecordOutput.directThreshold - 1, RecordOutput.directThreshold, 50_000, 1 << 20])
    func buffersOfLinesFromTheThresholdGoToTheSinkAsTheyAre(size: Int) throws {
        let sink = Writes()
        var output = RecordOutput(pretty: false, sink: sink)
        let lines = [UInt8](repeating: UInt8(ascii: "b"), count: size - 1) + [UInt8(ascii: "\n")]
        let small = Array("1\n".utf8)
        output.writeLines(lines)
        output.writeLines(lines)
        output.writeLines(small)
        output.writeLines(lines)
        try output.finish()
        let direct = size >= RecordOutput.directThreshold
        #expect(sink.writes.map(\.count) == (direct ? [size, size, small.count + size] : [3 * size + small.count]))
        #expect(Array(sink.writes.joined()) == lines + lines + small + lines)
    }

    /// After a write fails, nothing more is handed to the sink, and
    /// finishing reports the failure.
    @Test func aFailedWriteStopsTheWritesAndIsReported() {
        let sink = Writes(failing: true)
        var output = RecordOutput(pretty: false, sink: sink)
        output.writeLines(Self.largeLines)
        output.writeLines(Self.largeLines)
        output.writeLines(Array("2\n".utf8))
        output.flush()
        #expect(throws: ConsoleError(message: "disk full")) { try output.finish() }
        #expect(sink.writes.count == 1)
        #expect(output.writeFailure == ConsoleError(message: "disk full"))
    }

    /// Documents that are one record each, as several inputs of one run
    /// give: each goes to the sink once what waits passes the flush
    /// threshold, not when the run ends, so memory stays that of a record.
    @Test func singleRecordsGoOutAsTheyEnd() throws {
        let sink = Collected()
        var output = RecordOutput(pretty: false, sink: sink)
        let record = Array(("{\"s\":\"" + String(repeating: "x", count: 600_000) + "\"}").utf8)
        output.writeSingle(json: record[...])
        output.endDocument()
        #expect(sink.bytes.isEmpty, "a small document waits for the next")
        output.writeSingle(json: record[...])
        #expect(sink.bytes.count == 2 * record.count + 1, "two documents pass the threshold and go out")
        output.endDocument()
        #expect(sink.bytes.count == 2 * record.count + 1)
        try output.finish()
        #expect(sink.bytes.count == 2 * record.count + 2)
        #expect(sink.bytes.last == UInt8(ascii: "\n"))
    }
}
