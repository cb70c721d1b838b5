import Testing

@testable import MapLang

struct JSONReaderStreamingTests {
    /// What `readDocument(forEachElement:)` did with some input.
    struct Outcome {
        var delivered: [JSONValue] = []
        var indices: [Int] = []
        var returned: JSONValue?
        var error: (any Error)?
        var offset = 0
    }

    func read(_ text: String, options: JSONReaderOptions = .init(), failAt failingIndex: Int? = nil) -> Outcome {
        var outcome = Outcome()
        var reader = JSONReader(bytes: Array(text.utf8), options: options)
        do {
            outcome.returned = try reader.readDocument { index, element in
                outcome.indices.append(index)
                outcome.delivered.append(element)
                if index == failingIndex { throw StopError(index: index) }
            }
        } catch {
            outcome.error = error
        }
        outcome.offset = reader.offset
        return outcome
    }

    struct StopError: Error, Equatable {
        let index: Int
    }

    @Test func deliversTopLevelArrayElementsInOrder() {
        let outcome = read(#" [1, {"a": [2]}, "three", [] ] "#)
        #expect(outcome.error == nil)
        #expect(outcome.returned == nil)
        #expect(outcome.indices == [0, 1, 2, 3])
        #expect(
            outcome.delivered == [
                jsonNumber("1"), jsonObject(("a", .array([jsonNumber("2")]))), .string("three"), .array([]),
            ])
        #expect(outcome.offset == 30)
    }

    @Test(
        arguments: [
            (#"{"a": 1}"#, jsonObject(("a", jsonNumber("1")))),
            ("\"text\"", .string("text")),
            ("42", jsonNumber("42")),
            ("null", .null),
        ] as [(String, JSONValue)])
    func returnsAnyOtherValueWhole(_ text: String, _ expected: JSONValue) {
        let outcome = read(text)
        #expect(outcome.error == nil)
        #expect(outcome.returned == expected)
        #expect(outcome.delivered.isEmpty)
    }

    @Test func emptyArrayDeliversNothing() {
        let outcome = read(" [ ] ")
        #expect(outcome.error == nil)
        #expect(outcome.returned == nil)
        #expect(outcome.delivered.isEmpty)
    }

    @Test(arguments: [
        ("[1, 2, x]", "expected a value, found `x`", 8),
        ("[1, 2 3]", "expected `,` or `]` after an array element, found `3`", 7),
        ("[1, 2, [3", "expected `,` or `]` after an array element, found end of input", 10),
        ("[1, 2] 3", "unexpected `3` after the end of the JSON value", 8),
    ])
    func keepsElementsDeliveredBeforeASyntaxError(_ text: String, _ message: String, _ column: Int) throws {
        let outcome = read(text)
        #expect(outcome.delivered == [jsonNumber("1"), jsonNumber("2")])
        let error = try #require(outcome.error as? JSONSyntaxError)
        #expect(error.message == message)
        #expect(error.column == column)
    }

    @Test func passesTheBodysErrorsThroughUnchanged() {
        let outcome = read("[10, 20, 30]", failAt: 1)
        #expect(outcome.error as? StopError == StopError(index: 1))
        #expect(outcome.delivered == [jsonNumber("10"), jsonNumber("20")])
        #expect(outcome.offset == 7)
    }

    @Test func topLevelArrayCountsTowardsDepth() throws {
        let outcome = read("[[1], [[2]]]", options: JSONReaderOptions(maxDepth: 2))
        #expect(outcome.delivered == [.array([jsonNumber("1")])])
        let error = try #require(outcome.error as? JSONSyntaxError)
        #expect(error.reason == .tooDeep(limit: 2))
        #expect(error.offset == 7)
    }

    /// The first bytes of text in each encoding JSON may not use here, and
    /// of UTF-8 text that merely holds zero bytes or is too short to tell.
    static let encodings: [(bytes: [UInt8], isWide: Bool)] = [
        ([0xFE, 0xFF, 0x00, 0x5B], true),  // UTF-16 byte order marks
        ([0xFF, 0xFE, 0x5B, 0x00], true),
        ([0x00, 0x5B], true),  // "[" in UTF-16, big and little endian
        ([0x5B, 0x00], true),
        ([0x00, 0x5B, 0x00, 0x5D], true),  // "[]" in UTF-16
        ([0x5B, 0x00, 0x5D, 0x00], true),
        ([0x00, 0x00, 0x00, 0x5B], true),  // "[" in UTF-32
        ([0x5B, 0x00, 0x00, 0x00], true),
        ([0x5B], false),
        ([0x5B, 0x5D], false),
        ([0x00, 0x5B, 0x00], false),  // three bytes decide nothing
        ([0x5B, 0x00, 0x00, 0x5D], false),
        ([0x00, 0x00, 0x5B, 0x5D], false),
        ([0x5B, 0x31, 0x5D, 0x00], false),
        ([0x5B, 0x31, 0x2C, 0x32, 0x5D], false),
    ]

    @Test(arguments: encodings)
    func tellsWideEncodingsFromTheFirstBytes(_ bytes: [UInt8], isWide: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            #expect(JSONScanner(bytes: buffer, options: JSONReaderOptions()).looksLikeUTF16OrUTF32 == isWide)
        }
    }

    @Test func checksEncodingFirst() throws {
        var reader = JSONReader(bytes: [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00])
        #expect(throws: JSONSyntaxError(reason: .utf16NotSupported, offset: 0, line: 1, column: 1)) {
            _ = try reader.readDocument { _, _ in }
        }
    }
}
