#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLang

/// Base64 text: both alphabets, padding or none, the errors; and `Data`
/// fields and `base64` through mapping, reverse mapping, `decode` and `encode`.
struct Base64Tests {
    @Test(arguments: [
        ("", []), ("Zg==", [0x66]), ("Zg", [0x66]), ("Zm8=", [0x66, 0x6F]), ("Zm9v", [0x66, 0x6F, 0x6F]),
        ("+/8=", [0xFB, 0xFF]), ("AAECAwQF", [0, 1, 2, 3, 4, 5]),
    ] as [(String, [UInt8])])
    func readsAndWritesTheStandardAlphabet(_ text: String, _ bytes: [UInt8]) throws {
        #expect(try Base64.decode(text) == bytes)
        #expect(Base64.encode(bytes) == (text.count % 4 == 0 ? text : text + String(repeating: "=", count: 4 - text.count % 4)))
        #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
    }

    @Test func readsTheURLSafeAlphabet() throws {
        #expect(try Base64.decode("-_8", urlSafe: true) == [0xFB, 0xFF])
        #expect(Base64.encodeURLSafe([0xFB, 0xFF]) == "-_8")
        #expect(throws: Base64.Problem.self) { try Base64.decode("-_8") }
        #expect(throws: Base64.Problem.self) { try Base64.decode("+/8", urlSafe: true) }
    }

    @Test(arguments: [
        ("Zm9v!", "it holds `!` at 5, which is not in the base64 alphabet"), ("Z", "its length, 1, is no base64 length"),
        ("Zg=", "its `=` padding does not make its length a multiple of four"), ("Zm 9v", "it holds ` ` at 3, which is not in the base64 alphabet"),
    ])
    func refusesWhatIsNotBase64(_ text: String, _ reason: String) {
        #expect(throws: Base64.Problem(reason: reason)) { try Base64.decode(text) }
    }

    static let rules = """
        root File
        model File {
          name: String
          content: Data
          thumb: Data? using base64(url)
          sig: Data? default "AAE="
        }
        """

    @Test func dataFieldsMapBackAndDecode() throws {
        struct File: Codable, Equatable {
            let name: String
            let content: Data
            let thumb: Data?
        }
        let rules = try Rules(source: SourceFile(name: "f.map", text: Self.rules))
        let input = #"{"name": "a", "content": "aGVsbG8", "thumb": "-_8"}"#
        let mapped = try rules.map(input)
        #expect(mapped.jsonText() == #"{"name":"a","content":"aGVsbG8=","thumb":"+/8=","sig":"AAE="}"#)
        #expect(try rules.reverse(mapped).jsonText() == #"{"name":"a","content":"aGVsbG8=","thumb":"-_8"}"#)
        let file = try rules.decode(File.self, from: input)
        #expect(file == File(name: "a", content: Data("hello".utf8), thumb: Data([0xFB, 0xFF])))
        #expect(try String(decoding: rules.encode(file), as: UTF8.self) == #"{"name":"a","content":"aGVsbG8=","thumb":"-_8"}"#)
        #expect(try rules.mapJSON(Array(input.utf8)) == mapped.jsonBytes())
    }

    /// Spare bits in the last character are dropped both ways, so reverse then forward gives the record back.
    @Test func spareBitsAreWrittenAsForwardMappingWritesThem() throws {
        let rules = try Rules(source: SourceFile(name: "f.map", text: Self.rules))
        let record = MappedValue.object(MappedObject([MappedMember(key: "name", value: .string("q")), MappedMember(key: "content", value: .string("QR=="))]))
        #expect(try rules.reverse(record).jsonText() == #"{"name":"q","content":"QQ=="}"#)
    }

    @Test func badBase64IsAnErrorOfTheField() throws {
        let record = try RulesTestSupport.map(Self.rules, #"{"name": "b", "content": "!!"}"#)
        #expect(record.errors.map(RulesTestSupport.line) == [
            "$.content File.content: `Data` cannot read \"!!\": it holds `!` at 1, which is not in the base64 alphabet @4:3"
        ])
        #expect(
            RulesTestSupport.compileErrors("model A {\n  d: Data default \"!\"\n}\n").map(\.code) == ["invalid-literal"])
    }
}
