import MapLang
import Testing

@testable import MapLangCLI

/// How `--ndjson` cuts its input into windows of whole lines and runs for
/// threads, and maps a run: every line once, in order, with rejections
/// placed where their records would have been.
struct LineBlocksTests {
    /// Calls `body` with some text's bytes.
    private func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test(arguments: [
        // (text, start, size, end)
        ("ab\ncd\nef\n", 0, 4, 3),  // the last line break within the window
        ("ab\ncd\nef\n", 0, 6, 6),  // a line break just inside the window
        ("ab\ncd\nef\n", 3, 3, 6),  // a window that starts later
        ("abcdefgh\nij\n", 0, 4, 9),  // a line longer than the window ends it
        ("abcdefgh", 0, 4, 8),  // a long last line without a line break
        ("ab\ncd", 3, 10, 5),  // the rest fits: the end of the input
        ("ab\ncd\n", 0, 6, 6),  // exactly the input
    ])
    func windowsEndAfterWholeLines(_ text: String, _ start: Int, _ size: Int, _ end: Int) {
        #expect(withBytes(text) { LineBlocks.windowEnd(in: $0, from: start, size: size) } == end)
    }

    @Test func runsAreWholeLinesCoveringTheRangeInOrder() {
        let text = (1...50).map { String(repeating: "x", count: $0 % 7) }.joined(separator: "\n") + "\n"
        for parts in 1...6 {
            let runs = withBytes(text) { LineBlocks.split(0..<text.utf8.count, of: $0, into: parts) }
            #expect(runs.count <= parts && !runs.isEmpty)
            #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == text.utf8.count)
            for (run, next) in zip(runs, runs.dropFirst()) {
                #expect(run.upperBound == next.lowerBound && !run.isEmpty)
                #expect(Array(text.utf8)[run.upperBound - 1] == UInt8(ascii: "\n"))
            }
        }
        // One line cannot be split.
        #expect(withBytes("abcdef\n") { LineBlocks.split(0..<7, of: $0, into: 4) } == [0..<7])
    }

    @Test func aRunPlacesRejectionsWhereTheirRecordsWouldBe() throws {
        let rules = try Rules(source: SourceFile(name: "o.map", text: "model O {\n  id: Int where range(1...)\n}\n"))
        let serializer = LineSerializer(rules: rules, model: try rules.model(named: nil))
        let text = "{\"id\": 1}\n\n{\"id\": 0}\r\n{\"id\": 2}\n{\"id\": 3}"
        let mapped = withBytes(text) { bytes in
            LineBlocks.map([0..<bytes.count], of: bytes, threads: 1, LineBlocks.mapper { line, output, drops in
                serializer.append(line, to: &output, drops: &drops).map(RejectReason.line)
            })
        }
        #expect(mapped.count == 1)
        let run = try #require(mapped.first)
        #expect(run.lineCount == 5)
        #expect(String(decoding: run.output, as: UTF8.self) == "{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n")
        #expect(run.rejections.map(\.index) == [1, 2])
        #expect(run.rejections.map(\.range) == [10..<10, 11..<21])
        #expect(run.rejections.map(\.outputOffset) == [9, 9])
        #expect(run.rejections.first?.rejection == .line(.emptyLine))
    }

    @Test func threadsGiveTheSameRunsAsOne() throws {
        let rules = try Rules(source: SourceFile(name: "o.map", text: "model O {\n  id: Int where range(1...)\n}\n"))
        let serializer = LineSerializer(rules: rules, model: try rules.model(named: nil))
        let text = (0..<4000).map { #"{"id": \#($0 % 13)}"# }.joined(separator: "\n")
        let (one, four) = withBytes(text) { bytes in
            let map: LineBlocks.LineMapper = { bytes, output, drops in
                let (length, rejection) = serializer.appendLine(startingAt: bytes, to: &output, drops: &drops)
                return (length, rejection.map(RejectReason.line))
            }
            let runs = LineBlocks.split(0..<bytes.count, of: bytes, into: 4)
            return (LineBlocks.map([0..<bytes.count], of: bytes, threads: 1, map), LineBlocks.map(runs, of: bytes, threads: 4, map))
        }
        #expect(four.count == 4)
        #expect(four.flatMap(\.output) == one[0].output)
        #expect(four.map(\.lineCount).reduce(0, +) == 4000)
        #expect(four.map(\.rejections.count).reduce(0, +) == one[0].rejections.count)
    }
}
