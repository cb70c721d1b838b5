#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MapLang
import Testing

/// `Rules.mapJSON`, the one-call fast path: the same bytes `map` then
/// `jsonBytes()` give, and the same errors.
struct LibraryFastPathTests {
    static let rules = try! Rules(
        source: SourceFile(name: "r.map", text: "model R {\n  id: Int where range(1...)\n  name: String from user.login\n}\n"))

    @Test(arguments: [
        #"[{"id": 1, "user": {"login": "a"}}, {"id": 2, "user": {"login": "b"}}]"#,
        #"{"id": 7, "user": {"login": "c"}, "extra": [1, 2]}"#,
        "[]", " [ ] ",
    ])
    func givesWhatMapAndJSONBytesGive(_ text: String) throws {
        let bytes = Array(text.utf8)
        #expect(try Self.rules.mapJSON(bytes) == Self.rules.map(bytes).jsonBytes())
        #expect(try Self.rules.mapJSON(Data(bytes)) == Data(Self.rules.map(bytes).jsonBytes()))
    }

    @Test func everyExampleGivesWhatMapGives() throws {
        for name in ["github", "twitter", "user-profile", "book"] {
            let folder = TestFiles.packageRoot + "/examples/\(name)"
            let rules = try Rules(source: SourceFile(name: "\(name).map", text: try TestFiles.text("\(folder)/\(name).map")))
            let input = try TestFiles.read("\(folder)/input.json")
            #expect(try rules.mapJSON(input) == rules.map(input).jsonBytes(), "\(name)")
        }
    }

    @Test func aRecordThatBreaksTheRulesThrowsEveryErrorAndTheRecordsThatMapped() {
        let bytes = Array(#"[{"id": 0, "user": {"login": "a"}}, {"id": 2, "user": {"login": "b"}}, {"id": 3}]"#.utf8)
        do {
            _ = try Self.rules.mapJSON(bytes)
            Issue.record("mapped")
        } catch let failure {
            #expect(failure.errors.map { "\($0.path)" } == ["$[0].id", "$[2].user.login"])
            #expect(failure.mapped?.jsonText() == #"[{"id":2,"name":"b"}]"#)
        }
        #expect(throws: MappingFailure.invalidJSON(JSONSyntaxError(reason: .unexpectedEnd(expected: .value), offset: 3, line: 1, column: 4))) {
            try Self.rules.mapJSON(Array("[1,".utf8))
        }
        #expect(throws: MappingFailure.modelChoice(.unknownModel(name: "Nope", suggestion: nil, available: ["R"]))) {
            try Self.rules.mapJSON(Array("{}".utf8), to: "Nope")
        }
    }
}
