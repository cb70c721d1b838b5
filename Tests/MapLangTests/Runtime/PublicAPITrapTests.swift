#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLang

/// Values an app can hand the library at the edges of their types: each
/// gives a result or an error, never a trap.
struct PublicAPITrapTests {
    @Test func aTimestampCarriesNanosecondsAndStopsAtTheEndsOfItsRange() {
        #expect(Timestamp(seconds: 0, nanoseconds: -1) == Timestamp(seconds: -1, nanoseconds: 999_999_999))
        #expect(Timestamp(seconds: 0, nanoseconds: -1_000_000_000) == Timestamp(seconds: -1, nanoseconds: 0))
        #expect(Timestamp(seconds: 0, nanoseconds: 2_000_000_001) == Timestamp(seconds: 2, nanoseconds: 1))
        let last = Timestamp(seconds: .max, nanoseconds: 1_000_000_000)
        #expect((last.seconds, last.nanoseconds) == (.max, 999_999_999))
        let first = Timestamp(seconds: .min, nanoseconds: -1)
        #expect((first.seconds, first.nanoseconds) == (.min, 0))
    }

    @Test(arguments: [Int64.min, -62_167_219_201, Int64.max])
    func wallClockFieldsOfAnyInstant(seconds: Int64) {
        let fields = DateTimeFields(utc: Timestamp(seconds: seconds))
        #expect((0..<86_400).contains(fields.hour * 3600 + fields.minute * 60 + fields.second))
    }

    @Test func aDateNoPatternCanWriteIsAnErrorWhenEncoded() throws {
        struct Event: Encodable { let at: Date }
        let rules = try Rules(source: SourceFile(name: "e.map", text: "model E {\n  at: Date using date(\"yyyy-MM-dd\")\n}\n"))
        let id = try rules.model(named: "E")
        let record = rules.reverse(.object(MappedObject([MappedMember(key: "at", value: .date(Timestamp(seconds: .min)))])), from: id)
        #expect(record.value == nil)
        #expect(
            record.errors.map { "\($0.path) \($0.message)" } == [
                "$.at expected a date in the years 0000 to 9999, which `date` writes and reads back, found -292277022657-01-27T08:29:52Z"
            ])
        #expect(throws: EncodingError.self) { try rules.encode(Event(at: Date(timeIntervalSince1970: -0x1p62))) }
    }

    static let two = try! Rules(source: SourceFile(name: "a.map", text: "model A {\n  x: Int\n}\nmodel B {\n  y: Int\n}\n"))
    static let one = try! Rules(source: SourceFile(name: "c.map", text: "model C {\n  x: Int\n}\nmodel B {\n  y: String\n}\n"))

    /// A model chosen from other rules stands for the model of its name in
    /// these rules, or, when they have none, fails every record.
    @Test func aModelFromOtherRulesIsFoundByNameOrFails() throws {
        let b = try Self.two.model(named: "B")
        let mapped = Self.one.map(try JSONReader.parse(Array(#"{"y": "s"}"#.utf8)), to: b)
        #expect(mapped.value?.jsonText() == #"{"y":"s"}"#)
        let a = try Self.two.model(named: "A")
        let failed = Self.one.map(try JSONReader.parse(Array(#"{"x": 1}"#.utf8)), to: a)
        #expect(failed.value == nil)
        #expect(failed.errors.map(\.message) == ["expected a model of these rules, found `A`, from other rules"])
        let line = Self.one.serializeLine(Array(#"{"x": 1}"#.utf8)[...], to: a)
        guard case .failure(.mappingFailed(let errors)) = line else {
            Issue.record("\(line)")
            return
        }
        #expect(errors.map(\.path.description) == ["$"])
        var paths: [String] = []
        _ = try Array("[{\"x\": 1}, {\"x\": 2}]".utf8).withUnsafeBufferPointer { buffer in
            try Self.one.serializeDocument(in: buffer, to: a) { record, _ in
                #expect(record.json == nil)
                paths += record.errors.map(\.path.description)
            }
        }
        #expect(paths == ["$[0]", "$[1]"])
    }

    @Test func anyNumberOfJobsMapsALargeArray() throws {
        let rules = try Rules(source: SourceFile(name: "a.map", text: "model A {\n  x: Int\n}\n"))
        let text = "[" + String(repeating: #"{"x":1},"#, count: 70_000) + #"{"x":1}]"#
        var count = 0
        _ = try Array(text.utf8).withUnsafeBufferPointer { buffer in
            try rules.serializeDocument(in: buffer, to: try rules.model(named: "A"), jobs: .max) { record, _ in
                if record.json != nil { count += 1 }
            }
        }
        #expect(count == 70_001)
    }

    @Test func edgesOfSmallerTypes() {
        #expect(Pattern.stepLimit(scalars: .max) == .max)
        #expect(Pattern.stepLimit(scalars: 2) == 10_002_048)
        #expect(SourceFile(name: "a", text: "x\n").lineText(at: 99) == "")
        var path = JSONPath.root
        path.removeLast()
        #expect(path == .root)
        let excerpt = DiagnosticRenderer().render(
            JSONSyntaxError(reason: .utf16NotSupported, offset: -1, line: 1, column: 1), input: "x", bytes: [0x7B])
        #expect(excerpt.hasPrefix("x:1:1: error[json-not-utf8]:"), "\(excerpt)")
    }

    /// A syntax tree given with another source than its own is checked
    /// without reading past that source's end.
    @Test func aTreeWithAnotherSourceDoesNotReadPastItsEnd() {
        let parsed = RulesParser.parse(SourceFile(name: "a", text: "model A {\n  x: Int\n  check x > 0 else \"x\"\n}\n"))
        #expect(throws: Never.self) {
            _ = try? Rules(units: [RulesUnit(source: SourceFile(name: "a", text: ""), file: parsed.file)])
        }
    }
}
