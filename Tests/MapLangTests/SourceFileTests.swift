import Testing
@testable import MapLang

struct SourceFileTests {
    @Test func locationsCountCharactersAndExpandTabs() {
        let file = SourceFile(name: "t.map", text: "ab\n\tcé d\r\nlast")
        #expect(file.lineStarts == [0, 3, 11])
        #expect(file.location(of: 0) == SourceLocation(line: 1, column: 1))
        #expect(file.location(of: 4) == SourceLocation(line: 2, column: 5))
        // `é` is two bytes but one column.
        #expect(file.location(of: 8) == SourceLocation(line: 2, column: 8))
        #expect(file.location(of: 11) == SourceLocation(line: 3, column: 1))
        #expect(file.lineText(at: 1) == "\tcé d")
        #expect(file.location(of: 15) == SourceLocation(line: 3, column: 5))
    }
}
