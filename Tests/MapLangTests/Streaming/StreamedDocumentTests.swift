import Testing

@testable import MapLang

/// How a document read in chunks is outlined: where whole elements end,
/// and how far an error is one whatever comes next.
struct StreamedDocumentTests {
    /// The document after `chunks` arrived one after another.
    func document(_ chunks: String...) -> StreamedDocument {
        var document = StreamedDocument()
        for chunk in chunks { document.append(Array(chunk.utf8)) }
        return document
    }

    @Test func cutsAtTheLastTopLevelComma() {
        let text = #"[{"a": [1, 2]}, "x,y", 3"#
        let document = document(text)
        #expect(document.isArray)
        #expect(document.cut == text.utf8.count - 3)
    }

    @Test func commasInStringsObjectsAndNestedArraysAreNotCuts() {
        #expect(document(#"[{"a": 1, "b": [2, 3], "c": "\",\"""#).cut == nil)
        #expect(document(#"[["#, #"1, 2"#, #"], "#).cut == 7)
    }

    @Test func anEscapedQuoteSplitAcrossChunksKeepsTheStringOpen() {
        let document = document(#"[ "a\"#, #"""#, #"", 1"#)
        #expect(document.cut == 7)
        #expect(document.settled == 9)
    }

    @Test(arguments: [#"{"a": 1, "b": 2"#, #""a,b""#, "1", "\u{FEFF}{\"a\": 1,"])
    func aDocumentThatIsNotAnArrayHasNoCuts(text: String) {
        let document = document(text)
        #expect(!document.isArray)
        #expect(document.cut == nil)
    }

    @Test func aByteOrderMarkComesBeforeTheArray() {
        let document = document("\u{FEFF}[1, 2")
        #expect(document.isArray)
        #expect(document.cut == 5)
    }

    @Test func nothingAfterTheArrayIsCut() {
        #expect(document("[1, 2] , [3, 4").cut == 2)
    }

    @Test(arguments: [
        ("[1, tru", 4), (#"[1, "ab"#, 4), ("[1, -1.5e", 4), ("[1, 2 ", 6), ("[1, \u{0}", 5), ("[1, 2}", 6),
    ])
    func settledStopsAtAStringOrWordNotYetEnded(text: String, settled: Int) {
        #expect(document(text).settled == settled)
    }

    @Test func droppingMovesTheCutAndThePosition() {
        var document = document("[\"é\",\n 2, 3", ", 4")
        document.drop(before: 9, nextIndex: 2)
        #expect(document.buffer == Array(", 3, 4".utf8))
        #expect(document.cut == 3)
        #expect(document.nextIndex == 2)
        #expect(document.start == InputPosition(offset: 9, line: 2, column: 2))
        #expect(document.context == Array("[\"é\",\n 2".utf8))
    }

    @Test func aPositionPlacesAnErrorFoundAfterIt() {
        let start = InputPosition(offset: 100, line: 3, column: 7)
        let first = start.place(JSONSyntaxError(reason: .unexpectedEnd(expected: .value), offset: 4, line: 1, column: 5))
        #expect(first == JSONSyntaxError(reason: .unexpectedEnd(expected: .value), offset: 104, line: 3, column: 12))
        let later = start.place(JSONSyntaxError(reason: .unexpectedEnd(expected: .value), offset: 9, line: 2, column: 2))
        #expect(later == JSONSyntaxError(reason: .unexpectedEnd(expected: .value), offset: 109, line: 4, column: 2))
    }

    @Test func aByteOrderMarkAtTheInputStartTakesNoColumn() {
        var position = InputPosition()
        position.advance(over: Array("\u{FEFF}[1".utf8)[...], atInputStart: true)
        #expect(position == InputPosition(offset: 5, line: 1, column: 2))
    }

    /// A syntax error before `settled` is one whatever comes next; one at
    /// or past it may be only the end of what has come so far.
    @Test(arguments: [
        ("[1, 2, \u{0} 3", nil, 7 as Int?),
        (", 2 3 ", 1, 4),
        (#"{"a" 1 "#, nil, 5),
        ("[1, 2, x", nil, nil),
        (", 2 3", 1, nil),
        ("[1, 2", nil, nil),
        (#"{"a": "b"#, nil, nil),
        (#"{"a": "#, nil, nil),
    ])
    func firstErrorIsRealOnlyBeforeSettled(text: String, index: Int?, offset: Int?) {
        let bytes = Array(text.utf8)
        let error = bytes.withUnsafeBufferPointer { JSONReader.firstError(in: $0, options: .init(), continuingAt: index) }
        let real = error.flatMap { $0.offset < document(text).settled ? $0.offset : nil }
        #expect(real == offset)
    }
}

extension InputPosition {
    init(offset: Int, line: Int, column: Int) {
        self.init()
        self.offset = offset
        self.line = line
        self.column = column
    }
}
