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
        // (text, start, size, run)
        ("ab\ncd\nef\n", 0, 4, 0..<6),  // the line that starts in the window goes on past it
        ("ab\ncd\nef\n", 0, 3, 0..<3),  // a line break just inside the window
        ("ab\ncd\nef\n", 3, 3, 3..<6),  // a window that starts a line
        ("ab\ncd\nef\n", 2, 3, 3..<6),  // a window that starts on a line break
        ("ab\ncd\nef\n", 1, 3, 3..<6),  // a window that starts inside a line
        ("abcdefgh\nij\n", 0, 4, 0..<9),  // a line longer than the window
        ("abcdefgh\nij\n", 4, 4, 8..<8),  // a window inside that line: empty
        ("abcdefgh\nij\n", 8, 4, 9..<12),  // the window with its line break
        ("abcdefgh", 4, 4, 8..<8),  // inside a last line without a line break
        ("ab\ncd", 3, 10, 3..<5),  // the rest fits: the end of the input
        ("ab\ncd\n", 0, 6, 0..<6),  // exactly the input
        ("ab\n", 2, 1, 3..<3),  // a window on the last line break starts no line
    ])
    func runsHoldTheLinesStartingInTheirWindow(_ text: String, _ start: Int, _ size: Int, _ run: Range<Int>) {
        #expect(withBytes(text) { LineBlocks.run(at: start, size: size, in: $0) } == run)
    }

    /// What may be given back once a run is written never reaches the
    /// bytes that later runs read to find their lines: a run whose last
    /// line goes on past the windows after it, and the empty runs within
    /// that line, give back no more than their own window.
    @Test func runsGiveBackOnlyWhatLaterRunsDoNotRead() {
        let text = "ab\n" + String(repeating: "x", count: 20) + "\ncd\n"
        let size = 4
        let read = withBytes(text) { bytes in
            stride(from: 0, to: bytes.count, by: size).map { start in
                LineBlocks.read(after: LineBlocks.run(at: start, size: size, in: bytes), nextWindow: start + size)
            }
        }
        // The first run holds the long line, to offset 24; the next windows read from offset 3, 7, ….
        #expect(read == [3, 7, 11, 15, 19, 23, 27])
        #expect(zip(read, read.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func runsAtEveryMultipleOfTheSizeHoldEveryLineOnce() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0..<12, using: &random)).map { _ in
                String(repeating: "x", count: Int.random(in: 0..<9, using: &random))
            }.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")
            let bytes = Array(text.utf8)
            let size = Int.random(in: 1..<8, using: &random)
            let runs = withBytes(text) { buffer in
                stride(from: 0, to: bytes.count, by: size).map { LineBlocks.run(at: $0, size: size, in: buffer) }
            }
            let lines = runs.filter { !$0.isEmpty }
            #expect(lines.first?.lowerBound ?? 0 == 0 && lines.last?.upperBound ?? 0 == bytes.count, "\(text)")
            for (run, next) in zip(lines, lines.dropFirst()) {
                #expect(run.upperBound == next.lowerBound && bytes[run.upperBound - 1] == UInt8(ascii: "\n"), "\(text)")
            }
        }
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
            let map: LineBlocks.LineMapper = { bytes, output, drops, memory in
                let (length, rejection) = serializer.appendLine(startingAt: bytes, to: &output, drops: &drops, memory: &memory)
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
