import Testing

@testable import MapLang

/// `Rules.mapDocument`: a top-level array is mapped record by record with
/// `$[i]` paths, anything else is one record.
struct InterpreterDocumentTests {
    static let rules = "model Item {\n  id: Int where range(1...)\n  name: String\n}"

    /// Maps a document, describing each record delivered as `index: outcome`.
    static func mapDocument(_ json: String) throws -> (shape: DocumentShape?, records: [String], error: JSONSyntaxError?) {
        let rules = try RulesTestSupport.rules(Self.rules)
        let model = try rules.model(named: nil)
        var records: [String] = []
        do {
            let shape = try rules.mapDocument(Array(json.utf8), to: model) { record in
                let index = record.index.map(String.init) ?? "-"
                records.append("\(index): " + RulesTestSupport.outcome(record).joined(separator: " | "))
            }
            return (shape, records, nil)
        } catch {
            return (nil, records, error)
        }
    }

    @Test func arrayRecordsAreDeliveredInOrderAndFailuresDoNotStopTheRest() throws {
        let result = try Self.mapDocument(
            #"[{"id": 1, "name": "a"}, {"id": 0, "name": "b"}, {"name": "c"}, 7, {"id": 4, "name": "d"}]"#)
        #expect(result.shape == .array)
        #expect(result.error == nil)
        #expect(
            result.records == [
                #"0: {"id":1,"name":"a"}"#,
                "1: $[1].id Item.id: 0 is not in 1... @2:17 rule `range`",
                "2: $[2].id Item.id: missing required key `id` @2:3",
                "3: $[3] Item: expected an object for `Item`, found 7 @1:7",
                #"4: {"id":4,"name":"d"}"#,
            ])
    }

    @Test func aRecordWithSeveralErrorsHasThemAll() throws {
        let result = try Self.mapDocument(#"[{"id": -1, "name": null}]"#)
        #expect(
            result.records == [
                "0: $[0].id Item.id: -1 is not in 1... @2:17 rule `range` | $[0].name Item.name: `name` is null but the field is required @3:3"
            ])
    }

    @Test func aSyntaxErrorMidwayThrowsAfterTheEarlierRecords() throws {
        let result = try Self.mapDocument(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": }]"#)
        #expect(result.shape == nil)
        #expect(result.records == [#"0: {"id":1,"name":"a"}"#, #"1: {"id":2,"name":"b"}"#])
        let error = try #require(result.error)
        #expect(error.line == 1)
        #expect(error.column == 57)
    }

    @Test func aMissingCommaThrowsAfterTheEarlierRecords() throws {
        let result = try Self.mapDocument("[\n{\"id\": 1, \"name\": \"a\"}\n{\"id\": 2, \"name\": \"b\"}\n]")
        #expect(result.records == [#"0: {"id":1,"name":"a"}"#])
        let error = try #require(result.error)
        #expect(error.line == 3)
        #expect(error.column == 1)
    }

    @Test func aSingleObjectIsOneRecord() throws {
        let result = try Self.mapDocument(#"{"id": 5, "name": "x"}"#)
        #expect(result.shape == .single)
        #expect(result.records == [#"-: {"id":5,"name":"x"}"#])
    }

    @Test func aSingleObjectWithAnErrorHasRootPaths() throws {
        let result = try Self.mapDocument(#"  {"id": 0, "name": "x"}  "#)
        #expect(result.shape == .single)
        #expect(result.records == ["-: $.id Item.id: 0 is not in 1... @2:17 rule `range`"])
    }

    @Test func aScalarDocumentIsOneRecord() throws {
        let result = try Self.mapDocument("42")
        #expect(result.shape == .single)
        #expect(result.records == ["-: $ Item: expected an object for `Item`, found 42 @1:7"])
    }

    @Test func anEmptyArrayHasNoRecords() throws {
        let result = try Self.mapDocument(" [ ] ")
        #expect(result.shape == .array)
        #expect(result.records == [])
    }

    @Test func recordsCarryTheirIndex() throws {
        let rules = try RulesTestSupport.rules(Self.rules)
        var records: [MappedRecord] = []
        _ = try rules.mapDocument(Array(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#.utf8), to: try rules.model(named: "Item")) {
            records.append($0)
        }
        #expect(records.map(\.index) == [0, 1])
        #expect(
            records.map(\.value) == [
                .object(MappedObject([MappedMember(key: "id", value: .int(1)), MappedMember(key: "name", value: .string("a"))])),
                .object(MappedObject([MappedMember(key: "id", value: .int(2)), MappedMember(key: "name", value: .string("b"))])),
            ])
        #expect(records.map(\.errors) == [[], []])
    }
}
