import Testing

@testable import MapLangCLI

/// Positions in the protocol's UTF-16 code units against the text's UTF-8
/// bytes, and incremental edits.
struct TextDocumentTests {
    @Test func positionsCountUTF16UnitsAfterNonASCIIText() {
        // `é` is 2 bytes and 1 unit; `🙂` is 4 bytes and 2 units.
        let document = TextDocument(uri: "file:///r.map", version: 1, text: "a é🙂 b\nsecond\r\nthird")
        let bOffset = Array("a é🙂 ".utf8).count
        #expect(document.position(of: bOffset) == TextPosition16(line: 0, character: 6))
        #expect(document.offset(of: TextPosition16(line: 0, character: 6)) == bOffset)
        #expect(document.offset(of: TextPosition16(line: 0, character: 3)) == Array("a é".utf8).count)
        // Inside the emoji's surrogate pair: its start.
        #expect(document.offset(of: TextPosition16(line: 0, character: 4)) == Array("a é".utf8).count)
        #expect(document.position(of: document.offset(of: TextPosition16(line: 1, character: 2))) == TextPosition16(line: 1, character: 2))
        // Past the end of a line (before its CR LF): the line's end.
        #expect(document.offset(of: TextPosition16(line: 1, character: 99)) == Array("a é🙂 b\nsecond".utf8).count)
        // Past the last line: the text's end.
        #expect(document.offset(of: TextPosition16(line: 9, character: 0)) == document.bytes.count)
        #expect(document.position(of: document.bytes.count) == TextPosition16(line: 2, character: 5))
    }

    @Test func aCarriageReturnAloneBreaksALine() {
        let document = TextDocument(uri: "file:///r.map", version: 1, text: "a\rbc\r\nd")
        #expect(document.position(of: 2) == TextPosition16(line: 1, character: 0))
        #expect(document.position(of: 6) == TextPosition16(line: 2, character: 0))
        #expect(document.offset(of: TextPosition16(line: 1, character: 9)) == 4)
        #expect(document.offset(of: TextPosition16(line: 0, character: 9)) == 1)
    }

    @Test func incrementalEditsApplyInOrder() {
        var document = TextDocument(uri: "file:///r.map", version: 1, text: "model 🙂 {\n  a: Int\n}\n")
        document.replace((TextPosition16(line: 0, character: 6), TextPosition16(line: 0, character: 8)), with: "Issue")
        #expect(String(decoding: document.bytes, as: UTF8.self) == "model Issue {\n  a: Int\n}\n")
        document.replace((TextPosition16(line: 1, character: 5), TextPosition16(line: 1, character: 8)), with: "String\n  b: Int")
        #expect(String(decoding: document.bytes, as: UTF8.self) == "model Issue {\n  a: String\n  b: Int\n}\n")
        #expect(document.position(of: document.bytes.count) == TextPosition16(line: 4, character: 0))
        document.replace(nil, with: "")
        #expect(document.bytes.isEmpty)
        #expect(document.position(of: 0) == TextPosition16(line: 0, character: 0))
    }

    @Test func theFileNameIsTheURIsLastPartDecoded() {
        #expect(TextDocument.fileName(of: "file:///home/me/my%20rules.map") == "my rules.map")
        #expect(TextDocument.fileName(of: "untitled:Untitled-1") == "untitled:Untitled-1")
    }
}
