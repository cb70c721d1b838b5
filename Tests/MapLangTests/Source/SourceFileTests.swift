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

    /// A byte order mark at the start is no part of the rules: left out
    /// whether the file comes as text or bytes, so columns count from after
    /// it and the rules compile; one anywhere else stays.
    @Test func aLeadingByteOrderMarkIsLeftOut() throws {
        let rules = "root R\nmodel R { id: Int }\n"
        for file in [SourceFile(name: "t.map", text: "\u{FEFF}" + rules), SourceFile(name: "t.map", bytes: [0xEF, 0xBB, 0xBF] + Array(rules.utf8))] {
            #expect(file.text == rules)
            #expect(file.bytes == Array(rules.utf8))
            #expect(file.location(of: 0) == SourceLocation(line: 1, column: 1))
            _ = try Rules(source: file)
        }
        #expect(SourceFile(name: "t.map", text: "a\u{FEFF}").bytes.count == 4)
    }
}
