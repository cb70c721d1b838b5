import Testing

@testable import MapLang

/// `serializeWholeDocument`, behind `Rules.mapJSON` and `maplang test`,
/// writes each record in place after the ones before it and takes a record
/// with errors out again, comma included: it must give exactly the
/// records `serializeDocument` gives one by one, joined into one array.
struct SerializeWholeDocumentTests {
    static let rules = try! Rules(
        source: SourceFile(
            name: "w.map", text: "model R {\n  id: Int where range(1...)\n  name: String from user.login\n  tags: [String] lossy\n}\n"))

    /// What `serializeDocument`'s records give, joined as an array is.
    static func joined(_ bytes: [UInt8], to model: ModelID) throws -> (json: [UInt8], errors: [MappingError]) {
        var output: [UInt8] = []
        var errors: [MappingError] = []
        var records = 0
        let shape = try bytes.withUnsafeBufferPointer { buffer in
            try rules.serializeDocument(in: buffer, to: model) { record, _ in
                errors += record.errors
                guard let json = record.json else { return }
                if record.index != nil { output.append(records == 0 ? UInt8(ascii: "[") : UInt8(ascii: ",")) }
                output += json
                records += 1
            }
        }
        if shape == .array { output += records == 0 ? Array("[]".utf8) : [UInt8(ascii: "]")] }
        return (output, errors)
    }

    static let good = #"{"id": 1, "user": {"login": "a"}, "tags": ["x"]}"#
    static let broken = #"{"id": 0, "user": {"login": "b"}, "tags": []}"#
    /// Mapped by the tree, which alone reads an escaped key.
    static let escaped = #"{"i\u0064": 3, "user": {"login": "c"}, "tags": ["y", {"k": 1}]}"#
    static let missing = #"{"id": 4, "tags": []}"#

    @Test(arguments: [
        "[\(good), \(broken), \(escaped), \(missing), \(good)]",
        "[\(broken), \(good)]",
        "[\(missing), \(broken)]",
        "[\(escaped)]",
        "[\(good), \(missing)]",
        "[]", good, broken, escaped, " \(missing) ",
    ])
    func givesTheRecordsSerializeDocumentGivesJoined(_ text: String) throws {
        let model = try Self.rules.model(named: nil)
        let bytes = Array(text.utf8)
        let whole = try Self.rules.serializeWholeDocument(bytes, to: model)
        let expected = try Self.joined(bytes, to: model)
        #expect(String(decoding: whole.json, as: UTF8.self) == String(decoding: expected.json, as: UTF8.self))
        #expect(whole.errors == expected.errors)
    }

    @Test func aBrokenRecordGoesWithItsComma() throws {
        let model = try Self.rules.model(named: nil)
        let whole = try Self.rules.serializeWholeDocument(Array("[\(Self.broken), \(Self.good), \(Self.missing), \(Self.escaped)]".utf8), to: model)
        #expect(String(decoding: whole.json, as: UTF8.self) == #"[{"id":1,"name":"a","tags":["x"]},{"id":3,"name":"c","tags":["y"]}]"#)
        #expect(whole.errors.map { "\($0.path)" } == ["$[0].id", "$[2].user.login"])
        #expect(try Self.rules.serializeWholeDocument(Array(Self.broken.utf8), to: model).json.isEmpty)
    }

    @Test func aModelOfOtherRulesMapsNoRecord() throws {
        let other = try Rules(source: SourceFile(name: "o.map", text: "model Other {\n  id: Int\n}\n")).model(named: nil)
        let array = try Self.rules.serializeWholeDocument(Array("[\(Self.good), \(Self.good)]".utf8), to: other)
        #expect(array.json == Array("[]".utf8))
        #expect(array.errors.count == 2)
        let single = try Self.rules.serializeWholeDocument(Array(Self.good.utf8), to: other)
        #expect(single.json.isEmpty && single.errors.count == 1)
    }
}
