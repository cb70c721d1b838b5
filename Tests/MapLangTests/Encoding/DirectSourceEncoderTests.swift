#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLang
import MapLangFuzzing

/// `Rules.encode`'s direct path (`DirectSourceEncoder`) must write exactly
/// what reverse mapping writes, and leave to it every value it would refuse.
struct DirectSourceEncoderTests {
    static let rules = DirectEncodingComparison.rules

    /// Writes a value directly, or `nil` when the path leaves it to reverse mapping.
    static func direct(_ value: some Encodable, model: String? = nil) -> String? {
        rules.encodedDirectly(value, model: model).map { String(decoding: $0, as: UTF8.self) }
    }

    static func value(_ json: String) throws -> MappedValue {
        try JSONReader.parse(Array(json.utf8)).mappedValue
    }

    /// Only encoding reads the reverse plan: compiling and mapping forward
    /// never build it; the first `encode` does, once, for every later one.
    @Test func theReversePlanIsBuiltByTheFirstEncodeOnly() throws {
        let rules = try Rules(source: SourceFile(name: "r.map", text: "root R\nmodel R {\n  id: Int\n  name: String from user.login\n}\n"))
        let input = Array(#"[{"id": 1, "user": {"login": "a"}}]"#.utf8)
        _ = try rules.mapJSON(input)
        _ = try rules.map(input)
        #expect(!rules.directReverse.isBuilt)
        struct R: Encodable {
            let id: Int
            let name: String
        }
        let once = try rules.encode([R(id: 1, name: "a")])
        #expect(rules.directReverse.isBuilt)
        #expect(String(decoding: once, as: UTF8.self) == #"[{"id":1,"user":{"login":"a"}}]"#)
        #expect(try rules.encode([R(id: 1, name: "a")]) == once)
    }

    @Test func modelsWithChecksAndWhatHoldsThemAreLeftToReverseMapping() {
        let names = Self.rules.plan.models.map(\.name)
        let direct = Self.rules.directReverse.plan.models.map { $0 != nil }
        #expect(Dictionary(uniqueKeysWithValues: zip(names, direct)) == ["Owner": true, "Tag": true, "Record": true, "Audit": false])
    }

    /// A model off the path takes every model that holds it, at any
    /// distance and through rings, off too; the others stay on it.
    @Test func modelsHoldingOneOffThePathAreOffItToo() throws {
        let text = """
            model A { b: B? }
            model B { c: [C]? }
            model C {
              name: String
              check name != "" else "named"
            }
            model D { a: A }
            model E {
              e: E?
              f: F?
            }
            model F { e: E? }
            model G { g: G? }
            """
        let rules = try Rules(source: SourceFile(name: "chain.map", text: text))
        let direct = Dictionary(uniqueKeysWithValues: zip(rules.plan.models.map(\.name), rules.directReverse.plan.models.map { $0 != nil }))
        #expect(direct == ["A": false, "B": false, "C": false, "D": false, "E": true, "F": true, "G": true])
    }

    /// `SourceTree` finds shared keys by comparing them in turn, so a model
    /// with more fields under shared keys than `mostShared`, or merging into
    /// them a larger model or one holding a larger one at any depth, is left
    /// to reverse mapping: time stays linear.
    @Test func modelsSharingManyKeysAreLeftToReverseMapping() throws {
        let most = DirectReversePlan.mostShared
        func nested(_ count: Int) -> String {
            (0..<count).map { "  f\($0): Int? from a.k\($0)" }.joined(separator: "\n")
        }
        func flat(_ count: Int) -> String {
            (0..<count).map { "  f\($0): Int?" }.joined(separator: "\n")
        }
        let text = """
            model AtMost {
            \(nested(most))
            }
            model Over {
            \(nested(most + 1))
            }
            model Small {
            \(flat(most))
            }
            model Large {
            \(flat(most + 1))
            }
            model MergesSmall {
              login: String? from user.login
              user: Small?
            }
            model MergesLarge {
              login: String? from user.login
              user: Large?
            }
            model HoldsLarge {
              large: Large?
            }
            model MergesLargeTwoDown {
              first: Int? from x.large.f0
              holder: HoldsLarge? from x
            }
            model HoldsLargeUnshared {
              holder: HoldsLarge?
            }
            """
        let rules = try Rules(source: SourceFile(name: "shared.map", text: text))
        let direct = Dictionary(uniqueKeysWithValues: zip(rules.plan.models.map(\.name), rules.directReverse.plan.models.map { $0 != nil }))
        #expect(
            direct == [
                "AtMost": true, "Over": false, "Small": true, "Large": true, "MergesSmall": true, "MergesLarge": false,
                "HoldsLarge": true, "MergesLargeTwoDown": false, "HoldsLargeUnshared": true,
            ])
    }

    /// Records written directly, each with the JSON it must give.
    static let written: [(String, String)] = [
        (#"{"id": 1}"#, #"{"id":1}"#),
        (
            #"{"id": 2, "title": "a", "author": "ann", "owner": {"login": "bob", "id": 3, "admin": true}, "deep": 4, "wide": "w"}"#,
            #"{"id":2,"title":"a","owner":{"login":"ann","id":3,"admin":true},"meta":{"counts":{"deep":4},"wide":"w"}}"#
        ),
        (
            #"{"id": 3, "when": "2024-01-02T03:04:05.250Z", "since": "2024-01-02T03:04:05+01:00", "link": "https://e.com/a", "kind": "b"}"#,
            #"{"id":3,"when":"2024-01-02T03:04:05.250Z","since":"2024-01-02T02:04:05Z","link":"https://e.com/a","kind":"B"}"#
        ),
        // A number read from JSON text is a decimal, which reverse mapping converts.
        (#"{"id": 6, "ratio": 0.5}"#, ""),
        (
            #"{"id": 4, "tags": [{"name": "x", "weight": 2}, {"name": "yz"}], "names": ["a", null, "\n\"é"], "grid": [[1, 2], []], "owner": null, "title": null}"#,
            #"{"id":4,"tags":[{"name":"x","weight":2},{"name":"yz"}],"names":["a",null,"\n\"é"],"grid":[[1,2],[]]}"#
        ),
        // A member no field has is left out, as reverse mapping leaves it.
        (#"{"id": 5, "extra": 1}"#, #"{"id":5}"#),
    ]

    @Test(arguments: written.indices)
    func recordsAreWrittenAsReverseMappingWritesThem(_ index: Int) throws {
        let (input, expected) = Self.written[index]
        let value = try Self.value(input)
        #expect(DirectEncodingComparison.difference(Self.rules, value) == nil)
        if expected.isEmpty {
            // A decimal is left to reverse mapping.
            #expect(Self.direct(value) == nil)
        } else {
            #expect(Self.direct(value) == expected)
        }
    }

    /// Values reverse mapping refuses, or writes in a way of its own: the
    /// direct path writes none of them, and reverse mapping gives its errors.
    static let refused: [String] = [
        #"{}"#, #"{"id": null}"#, #"{"id": -1}"#, #"{"id": 1.5}"#, #"{"id": "1"}"#, #"{"id": 1, "title": "c"}"#,
        #"{"id": 1, "owner": {"login": ""}}"#, #"{"id": 1, "owner": {"login": "toolongname"}}"#, #"{"id": 1, "owner": {"id": 1}}"#,
        #"{"id": 1, "tags": [{"name": "X"}]}"#, #"{"id": 1, "tags": [null]}"#, #"{"id": 1, "grid": [[null]]}"#,
        #"{"id": 1, "when": "yesterday"}"#, #"{"id": 1, "when": "10000-01-01T00:00:00Z"}"#, #"{"id": 1, "link": "not a url"}"#,
        #"{"id": 1, "kind": "c"}"#, #"{"id": 1, "kind": "B"}"#, #"{"id": 1, "ratio": "0.5"}"#, #"{"id": 1, "tags": {"name": "x"}}"#,
        #"[{"id": 1}, {"id": -1}]"#, #"7"#, #"null"#, #"[[{"id": 1}]]"#, #"[null]"#, #"[7]"#, #"[{"id": 1}, []]"#,
    ]

    @Test(arguments: refused)
    func whatReverseMappingRefusesIsLeftToIt(_ input: String) throws {
        let value = try Self.value(input)
        #expect(Self.direct(value) == nil)
        #expect(throws: EncodingError.self) { try Self.rules.encode(value) }
    }

    @Test func anArrayOfRecordsIsWrittenRecordByRecord() throws {
        let value = try Self.value(#"[{"id": 1, "author": "a"}, {"id": 2}, {"id": 3, "owner": {"login": "c"}}]"#)
        #expect(Self.direct(value) == #"[{"id":1,"owner":{"login":"a"}},{"id":2},{"id":3,"owner":{"login":"c"}}]"#)
        #expect(DirectEncodingComparison.difference(Self.rules, value) == nil)
        #expect(Self.direct(try Self.value("[]")) == "[]")
    }

    @Test func aModelWithACheckGoesThroughReverseMapping() throws {
        let value = try Self.value(#"{"name": "n", "record": {"id": 1}}"#)
        #expect(Self.direct(value, model: "Audit") == nil)
        #expect(String(decoding: try Self.rules.encode(value, model: "Audit"), as: UTF8.self) == #"{"name":"n","record":{"id":1}}"#)
    }

    // MARK: - Swift types, as an app encodes them

    struct Owner: Encodable {
        enum CodingKeys: String, CodingKey {
            case login, id, admin
        }

        var login: String
        var id: Int8?
        var admin: Bool?
    }

    struct Tag: Encodable {
        var name: String
        var weight: Float?
    }

    enum Kind: String, Encodable {
        case a, b, c
    }

    struct Record: Encodable {
        var id: Int
        var title: String?
        var author: String?
        var owner: Owner?
        var when: Date?
        var since: Date?
        var link: URL?
        var kind: Kind?
        var ratio: Double?
        var tags: [Tag]?
        var names: [String?]?
    }

    /// Writes `nil` for every optional property, as hand-written code may.
    struct RecordWithNulls: Encodable {
        var id: Int
        var owner: Owner?

        enum CodingKeys: String, CodingKey {
            case id, owner, title
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(owner, forKey: .owner)
            try container.encodeNil(forKey: .title)
        }
    }

    static let swiftValues: [(String, any Encodable & Sendable, Bool)] = [
        ("every property", Record(
            id: 1, title: "long title", author: "ann", owner: Owner(login: "bob", id: 7, admin: false),
            when: Date(timeIntervalSince1970: 1_700_000_000.5), since: Date(timeIntervalSince1970: -86_400), link: URL(string: "https://e.com/x?q=1"),
            kind: .b, ratio: 1e-7, tags: [Tag(name: "x", weight: 0.5), Tag(name: "y")], names: [nil, "n"]), true),
        ("nothing optional", Record(id: 0), true),
        ("nulls written", RecordWithNulls(id: 3, owner: nil), true),
        ("a record nested in a null", RecordWithNulls(id: 3, owner: Owner(login: "o")), true),
        ("an unknown case", Record(id: 1, kind: .c), false),
        ("a title no rule allows", Record(id: 1, title: ""), false),
        ("a negative id", Record(id: -4), false),
        ("a date past 9999", Record(id: 1, when: Date(timeIntervalSince1970: 300_000_000_000)), false),
        ("a weight that is not finite", Record(id: 1, tags: [Tag(name: "x", weight: .infinity)]), false),
    ]

    @Test(arguments: swiftValues.indices)
    func swiftValuesAreWrittenAsReverseMappingWritesThem(_ index: Int) throws {
        let (_, value, isDirect) = Self.swiftValues[index]
        #expect(DirectEncodingComparison.difference(Self.rules, value) == nil)
        #expect((Self.direct(value) != nil) == isDirect)
        if !isDirect { #expect(throws: EncodingError.self) { try Self.rules.encode(value) } }
    }

    /// Keeps a record's container past the end of its `encode(to:)`.
    final class KeptContainer: @unchecked Sendable {
        var container: KeyedEncodingContainer<Owner.CodingKeys>?
    }

    struct LateOwner: Encodable {
        let kept: KeptContainer

        func encode(to encoder: any Encoder) throws {
            kept.container = encoder.container(keyedBy: Owner.CodingKeys.self)
        }
    }

    /// Writes the owner's `login` through its container once the owner has ended.
    struct LateRecord: Encodable {
        let kept = KeptContainer()

        enum CodingKeys: String, CodingKey {
            case id, owner
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(LateOwner(kept: kept), forKey: .owner)
            try kept.container?.encode("late", forKey: .login)
            try container.encode(1, forKey: .id)
        }
    }

    /// A container kept past its value's end cannot write into another
    /// value; reverse mapping's encoder takes what it writes.
    @Test func aContainerKeptPastItsValueIsLeftToReverseMapping() throws {
        #expect(Self.direct(LateRecord()) == nil)
        let written = try Self.rules.encode(LateRecord())
        #expect(written == (try Self.rules.encodedThroughReverseMapping(LateRecord(), model: nil)))
        #expect(String(decoding: written, as: UTF8.self) == #"{"id":1,"owner":{"login":"late"}}"#)
    }

    /// Records encoded through a single-value container of the value given.
    struct Wrapped: Encodable {
        let records: [Record]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(records)
        }
    }

    /// Only the value given may be the array of records; an array inside
    /// it is left to reverse mapping, which writes it as one.
    @Test func anArrayInsideTheValueGivenIsLeftToReverseMapping() throws {
        let value = Wrapped(records: [Record(id: 1), Record(id: 2)])
        #expect(Self.direct(value) == nil)
        #expect(String(decoding: try Self.rules.encode(value), as: UTF8.self) == #"[{"id":1},{"id":2}]"#)
    }

    /// Every example's expected output, as model-shaped values, encodes the
    /// same both ways, the whole document and each record.
    @Test(arguments: DirectPathTests.examples)
    func examplesEncodeTheSameBothWays(_ example: DirectPathTests.Example) throws {
        let folder = "\(ExampleFolders.root)/\(example.name)"
        let expected = try JSONReader.parse(try TestFiles.read("\(folder)/expected.json")).mappedValue
        let model = example.model
        #expect(DirectEncodingComparison.difference(example.rules, expected, model: model) == nil)
        for record in expected.arrayValue ?? [expected] {
            #expect(DirectEncodingComparison.difference(example.rules, record, model: model) == nil)
        }
    }
}
