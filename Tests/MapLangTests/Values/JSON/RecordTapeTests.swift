import Testing

@testable import MapLang

/// The index `Rules.decode` reads mapped JSON through: one entry per value,
/// each knowing where the next value starts.
struct RecordTapeTests {
    func tape(_ json: String) throws -> RecordTape {
        try #require(RecordTape(json: Array(json.utf8)))
    }

    @Test func everyValueHasAnEntryAndEveryContainerKnowsItsEnd() throws {
        let tape = try tape(#"{"a":[1,"x",{}],"b\"q":null,"c":true,"d":false,"e":[]}"#)
        let kinds = tape.entries.map(\.kind)
        #expect(
            kinds == [
                .object, .string, .array, .number, .string, .object, .escapedString, .null, .string, .true, .string, .false, .string, .array,
            ])
        #expect(tape[0].next == 14)
        #expect(tape[2].next == 6)
        #expect(tape[2].extra == 3)
        #expect(tape[5].next == 6)
        #expect(tape[13].extra == 0)
        #expect(tape[13].next == 14)
        #expect(TapeScalars.text(tape, 6) == #"b"q"#)
        #expect(TapeScalars.text(tape, 4) == "x")
    }

    /// The sixteen-byte search for a string's end finds a quote or backslash
    /// wherever it falls in its sixteen bytes, and after escapes.
    @Test func stringsEndWhereverTheQuoteFalls() throws {
        for length in 0..<40 {
            let text = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length % 7)
            for escaped in [false, true] {
                let body = escaped ? text + #"\"\\"# + text : text
                let tape = try tape("[\"\(body)\",1]")
                #expect(tape.entries.map(\.kind) == [.array, escaped ? .escapedString : .string, .number])
                #expect(TapeScalars.text(tape, 1) == (escaped ? text + #""\"# + text : text))
            }
        }
    }

    /// Nesting far deeper than any call stack allows is indexed, not recursed into.
    @Test func deepNestingIsIndexedWithoutRecursion() throws {
        let depth = 100_000
        let tape = try tape(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(tape.entries.count == depth)
        #expect(tape[0].next == Int32(depth))
        #expect(tape[depth - 1].extra == 0)
    }

    /// Records written end to end, as a run of them is, share one tape;
    /// each value's first entry is where `starts` says.
    @Test func valuesEndToEndShareOneTape() throws {
        let json = Array(#"{"a":1}[2,3]"x"{}"#.utf8)
        let tape = try #require(RecordTape(json: json, values: [0..<7, 7..<12, 12..<15, 15..<17]))
        #expect(tape.starts == [0, 3, 6, 7])
        #expect(tape.entries.map(\.kind) == [.object, .string, .number, .array, .number, .number, .string, .object])
        #expect(tape[0].next == 3)
        #expect(tape[3].next == 6)
        #expect(tape[3].extra == 2)
        #expect(tape[7].next == 8)
        #expect(TapeScalars.text(tape, 6) == "x")
        // A range must hold exactly one value.
        #expect(RecordTape(json: json, values: [0..<12]) == nil)
        #expect(RecordTape(json: json, values: [0..<6]) == nil)
        #expect(RecordTape(json: json, values: [0..<18]) == nil)
        #expect(try #require(RecordTape(json: json, values: [])).entries.isEmpty)
    }

    @Test(arguments: [
        "", "[", "]", "{", #"{"a"}"#, #"{"a":}"#, "[1,]", "[1 2]", #"{"a":1,}"#, #""abc"#, "tru", "[1]]", "{]", "[}", "01", #"{1:2}"#,
    ])
    func whatIsNotJSONHasNoTape(_ text: String) {
        #expect(RecordTape(json: Array(text.utf8)) == nil)
    }
}
