import Testing

@testable import MapLang

/// `serializeDocument(jobs:)` maps a large array's records on several
/// threads and must give exactly what one thread gives: the same records,
/// errors and offsets, in order, and the same syntax error, however the
/// guessed boundaries fall.
struct ParallelDocumentTests {
    /// Everything one run of `serializeDocument` gives.
    struct Outcome: Equatable {
        var records: [SerializedRecord] = []
        var ends: [Int] = []
        var shape: DocumentShape?
        var syntaxError: JSONSyntaxError?
    }

    static let rules = try! Rules(
        source: SourceFile(
            name: "p.map",
            text: """
                model Item {
                  id: Int where range(1...)
                  note: String?
                  tags: [String]?
                }
                """))

    /// Maps a document with `jobs` threads, in runs of about `runSize` bytes.
    static func outcome(_ text: String, jobs: Int, runSize: Int = 200, style: JSONWriter.Style = .compact) -> Outcome {
        var outcome = Outcome()
        let model = try! rules.model(named: nil)
        [UInt8](text.utf8).withUnsafeBufferPointer { buffer in
            do throws(JSONSyntaxError) {
                outcome.shape = try rules.serializeDocument(
                    in: buffer, continuingAt: nil, partial: false, to: model, options: nil, style: style, jobs: jobs, runSize: runSize
                ) { record, end in
                    outcome.records.append(SerializedRecord(index: record.index, json: record.json.map { [UInt8]($0)[...] }, errors: record.errors))
                    outcome.ends.append(end)
                }
            } catch {
                outcome.syntaxError = error
            }
        }
        return outcome
    }

    /// Records of every kind: plain, breaking a rule, with an escaped key
    /// (which only the tree reads), with strings that look like a boundary,
    /// with keys in another order than the record before, or longer.
    static func record(_ number: Int) -> String {
        switch number % 9 {
        case 1: #"{"id": 0, "note": "zero"}"#
        case 2: #"{"i\u0064": \#(number)}"#
        case 3: #"{"id": \#(number), "note": "},{\"id\": 1}, {"}"#
        case 4: #"{"id": \#(number), "tags": ["},{", "}, {"]}"#
        case 6: #"{"id": \#(number), "note": "\#(String(repeating: "}, {}, {} ", count: 20))"}"#
        case 5: "{\n  \"id\": \(number),\n  \"note\": \"n\"\n}"
        case 7: #"{"note": "first", "id": \#(number)}"#
        case 8: #"{"id": \#(number), "notes": 1, "note": "second"}"#
        default: #"{"id": \#(number), "note": "record \#(number)"}"#
        }
    }

    static func document(_ count: Int, separator: String = ",") -> String {
        "[" + (1...count).map(record).joined(separator: separator) + "]"
    }

    @Test(arguments: [2, 3, 4])
    func recordsAndErrorsAreThoseOfOneThread(_ jobs: Int) {
        for (text, count) in [(Self.document(300), 300), (Self.document(300, separator: " ,\n "), 300), ("\u{FEFF} " + Self.document(50), 50)] {
            let one = Self.outcome(text, jobs: 1)
            #expect(one.syntaxError == nil && one.records.count == count)
            #expect(Self.outcome(text, jobs: jobs) == one)
            #expect(Self.outcome(text, jobs: jobs, style: .pretty) == Self.outcome(text, jobs: 1, style: .pretty))
        }
    }

    @Test(arguments: [2, 3])
    func aSyntaxErrorLateInTheArrayIsReportedAfterTheRecordsBeforeIt(_ jobs: Int) {
        for broken in ["{\"id\": 1,}", "{\"id\": 1} x", "[1, 2", "{\"id\": \"\u{01}\"}"] {
            let text = "[" + (1...200).map(Self.record).joined(separator: ",") + "," + broken + "," + Self.record(7) + "]"
            let one = Self.outcome(text, jobs: 1)
            #expect(one.syntaxError != nil)
            #expect(Self.outcome(text, jobs: jobs) == one)
        }
    }

    @Test func arraysOfOtherValuesAndShortDocumentsGoOnOneThread() {
        for text in ["[]", "[1, 2, 3]", "{\"id\": 4}", "[" + String(repeating: "7, ", count: 500) + "7]", Self.document(3)] {
            #expect(Self.outcome(text, jobs: 2) == Self.outcome(text, jobs: 1))
        }
    }

    @Test func laterRunsAreUsedWhenTheirGuessesHold() throws {
        let text = "[" + (1...400).map { #"{"id": \#($0), "note": "plain"}"# }.joined(separator: ",") + "]"
        let bytes = [UInt8](text.utf8)
        let rules = Self.rules
        let target = try rules.model(named: nil).target
        var runs: [ParallelElements.Run] = []
        let after = try bytes.withUnsafeBufferPointer { buffer in
            let elements = ParallelElements(
                mapper: DirectMapper(interpreter: Interpreter(plan: rules.plan), direct: rules.plan.direct), target: target,
                bytes: buffer, options: rules.readerOptions, style: .compact, jobs: 3, runSize: 500)
            return try #require(elements.map(from: 1) { runs.append($0) })
        }
        #expect(runs.count > 6)
        #expect(runs.allSatisfy { $0.records.allSatisfy { $0.json != nil } })
        let records = runs.flatMap(\.records)
        // The last run takes what is left, to the end of the array.
        #expect(records.count == 400)
        #expect(after == records.last?.end)
        // The records follow on from each other, element by element.
        for (record, next) in zip(records, records.dropFirst()) {
            #expect(bytes[record.end] == UInt8(ascii: ",") && next.start == record.end + 1)
        }
    }

    @Test func aRunGuessedInsideAnElementStartsAgainAtTheNextGuess() throws {
        let extra = (1...6).map { #"{"a": \#($0)}"# }.joined(separator: ",")
        let elements = (1...3).map { #"{"id": \#($0), "extra": [\#(extra)]}"# }
        let text = "[" + elements.joined(separator: ",") + "]"
        let bytes = [UInt8](text.utf8)
        let rules = Self.rules
        let target = try rules.model(named: nil).target
        let second = 1 + elements[0].utf8.count + 1
        let third = second + elements[1].utf8.count + 1
        // Just past the first `},{` inside the first element's `extra`.
        let inside = try #require(text.utf8.indices.first { text.utf8[$0...].starts(with: #"{"a": 2}"#.utf8) })
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: inside)
        bytes.withUnsafeBufferPointer { buffer in
            let parallel = ParallelElements(
                mapper: DirectMapper(interpreter: Interpreter(plan: rules.plan), direct: rules.plan.direct), target: target,
                bytes: buffer, options: rules.readerOptions, style: .compact, jobs: 2, runSize: 100)
            let guessed = parallel.run(from: offset, until: bytes.count, guessed: true, writingAfter: [])
            #expect(guessed.start == second)
            #expect(guessed.records.map(\.start) == [second, third])
            #expect(guessed.records.allSatisfy { $0.json != nil })
            #expect(guessed.next == nil)
            // A run that starts where the array is walked to stays where it stopped.
            let walked = parallel.run(from: offset, until: bytes.count, guessed: false, writingAfter: [])
            #expect(walked.start == offset && walked.next == nil)
        }
        let large = "[" + (1...300).map { #"{"id": \#($0), "extra": [\#(extra)]}"# }.joined(separator: ",") + "]"
        #expect(Self.outcome(large, jobs: 2, runSize: 400) == Self.outcome(large, jobs: 1))
    }

    @Test func theDefaultRunSizeMapsLargeArraysOnSeveralThreads() {
        let text = Self.document(60_000)
        #expect(Self.outcome(text, jobs: 2, runSize: ParallelElements.runSize) == Self.outcome(text, jobs: 1))
    }

    @Test func runsGuessedInsideALargeElementAreDroppedAndMappingGoesOnAfterIt() {
        // Guesses inside `extra` find whole records that map, run after run,
        // so only the run before them can show that they lie inside an element.
        let inner = (1...150).map { #"{"id": \#($0), "note": "inner"}"# }.joined(separator: ",")
        let large = #"{"id": 5000, "tags": ["a"], "extra": [\#(inner)]}"#
        for position in [1, 40, 99] {
            var records = (1...100).map(Self.record)
            records.insert(large, at: position)
            let text = "[" + records.joined(separator: ",") + "]"
            let one = Self.outcome(text, jobs: 1)
            #expect(one.records.count == 101)
            for jobs in [2, 3] {
                #expect(Self.outcome(text, jobs: jobs, runSize: 150) == one)
            }
        }
    }
}
