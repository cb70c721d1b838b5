import Testing

@testable import MapLang

/// `JSONScanner.escapesAsWritten` lets the direct path copy a string
/// literal with escapes as it is; it must say so exactly when `JSONWriter`
/// would write the string the literal stands for byte for byte the same.
struct EscapesAsWrittenTests {
    /// Whether the writer writes what a literal's text stands for as that text.
    static func writerKeeps(_ text: String) throws -> Bool {
        guard case .string(let string) = try JSONReader.parse(Array("\"\(text)\"".utf8)).mappedValue else {
            Issue.record("`\(text)` is no string literal")
            return false
        }
        return JSONWriter.serialize(MappedValue.string(string)) == Array("\"\(text)\"".utf8)
    }

    static func says(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { JSONScanner.escapesAsWritten($0) }
    }

    /// Every escape there is of a character below U+0100, in both cases,
    /// alone and between other text.
    @Test func agreesWithTheWriterOnEveryEscapeOfTheFirst256Characters() throws {
        var escapes = ["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"]
        for unit in 0..<0x100 {
            let hex = String(unit, radix: 16)
            let padded = String(repeating: "0", count: 4 - hex.count) + hex
            escapes += ["\\u" + padded, "\\u" + padded.uppercased()]
        }
        for escape in Set(escapes) {
            for text in [escape, "a" + escape, escape + "é", "x" + escape + "y" + escape] {
                #expect(Self.says(text) == (try Self.writerKeeps(text)), "\(text)")
            }
        }
    }

    @Test func takesTextWithoutEscapesAsWritten() throws {
        #expect(Self.says(""))
        #expect(Self.says("plain é 😀"))
        #expect(try Self.writerKeeps("plain é 😀"))
    }

    @Test func refusesSurrogatePairsWhichTheWriterWritesAsUTF8() throws {
        #expect(!Self.says("\\ud83d\\ude00"))
        #expect(try !Self.writerKeeps("\\ud83d\\ude00"))
    }
}
