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
        let document = document("[1, 2] , [3, 4")
        #expect(document.cut == 5)
        #expect(document.valueEnd == 6)
    }

    /// An element ends at its closing bracket or quote, not only at the comma after it.
    @Test func anElementIsCutWhereItEnds() {
        #expect(document(#"[{"a": 1}"#).cut == 9)
        #expect(document(#"[{"a": 1}, "b""#).cut == 14)
        #expect(document("[[1], 2").cut == 4)
        #expect(document("[1").cut == nil)
    }

    /// A comma with no element before it is no cut: the reader must see it.
    @Test func aCommaWithNoElementBeforeItIsNoCut() {
        #expect(document("[,").cut == nil)
        #expect(document("[1,,").cut == 2)
    }

    @Test func theValueEndsAtItsLastByte() {
        #expect(document(#"{"a": [1]}  "#).valueEnd == 10)
        #expect(document(#""text" "#).valueEnd == 6)
        #expect(document("12 ").valueEnd == 2)
        #expect(document("12").valueEnd == nil)
        #expect(document("[1, 2]").valueEnd == 6)
    }

    @Test func whiteSpaceAloneIsHeldForNothing() {
        #expect(document("  \n\t").holdsOnlyWhiteSpace)
        #expect(!document("  [").holdsOnlyWhiteSpace)
        #expect(!document(#"[ "  "#).holdsOnlyWhiteSpace)
        var later = document("[{}", "   ")
        later.drop(before: 3, nextIndex: 1)
        #expect(later.holdsOnlyWhiteSpace)
    }

    /// Whether an error is one whatever comes next: not the end of what has
    /// come, nor a word or escape cut short at it; limits always are.
    @Test(arguments: [
        ("[1, tru", JSONSyntaxError.Reason.unexpectedToken(found: "tru", expected: .value), 4, false),
        ("[1, x 2", .unexpectedToken(found: "x", expected: .value), 4, true),
        (#"[1, "ab"#, .unexpectedEnd(expected: .closingQuote), 7, false),
        (#"[1, "ab\u12"#, .invalidUnicodeEscape(#"\u12"#), 7, false),
        ("[1, \u{0}", .unexpectedToken(found: "\u{0}", expected: .value), 4, true),
        (#"[1, "a"# + String(repeating: "b", count: 40), .controlCharacterInString(1), 6, true),
        ("[1, " + String(repeating: "1", count: 20), .numberTooLong(limit: 10), 4, true),
    ])
    func isSettled(text: String, reason: JSONSyntaxError.Reason, offset: Int, settled: Bool) {
        let error = JSONSyntaxError(reason: reason, offset: offset, line: 1, column: offset + 1)
        #expect(document(text).isSettled(error) == settled)
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

    /// A syntax error found before a string or word not yet ended is one
    /// whatever comes next; one in it may be only the end of what has come.
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
    func firstErrorIsRealOnlyWhenSettled(text: String, index: Int?, offset: Int?) {
        let bytes = Array(text.utf8)
        let error = bytes.withUnsafeBufferPointer { JSONReader.firstError(in: $0, options: .init(), continuingAt: index) }
        let real = error.flatMap { document(text).isSettled($0) ? $0.offset : nil }
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

    /// White space after the array's `[` or a comma between elements is let
    /// go as it comes, the byte before it kept where the last space was, so
    /// the next element's offset, line and column stay those of the input.
    @Test func whiteSpaceAfterAnOpeningIsLetGoAndPlacesStayTheSame() {
        var document = StreamedDocument()
        document.append(Array("[1,".utf8))
        document.drop(before: 2, nextIndex: 1)
        for _ in 0..<100 {
            document.append(Array("  \n ".utf8))
            document.dropWhiteSpaceAfterOpening()
        }
        #expect(document.buffer == Array(",".utf8))
        // The comma stands where the last space was, 402 bytes in, on line 101 after 0 characters.
        #expect([document.start.offset, document.start.line, document.start.column] == [402, 101, 0])
        // Where the last byte let go ends a line, what follows the comma starts the next.
        document.append(Array(" \n".utf8))
        document.dropWhiteSpaceAfterOpening()
        #expect([document.start.offset, document.start.line, document.start.column] == [404, 102, -1])
        #expect(document.inputBytes == Array("\n".utf8))
        var opening = StreamedDocument()
        opening.append(Array("[   ".utf8))
        opening.dropWhiteSpaceAfterOpening()
        #expect(opening.buffer == Array("[".utf8))
        #expect(opening.start.offset == 3)
    }

    /// Only white space is let go: a string, a word or an element begun stays.
    @Test(arguments: ["[1, \"ab", "[1, tr", "[1, {", "{ ", "[[ "])
    func nothingButWhiteSpaceIsLetGo(text: String) {
        var document = StreamedDocument()
        document.append(Array(text.utf8))
        let held = document.buffer
        document.dropWhiteSpaceAfterOpening()
        #expect(document.buffer == held)
    }
}
