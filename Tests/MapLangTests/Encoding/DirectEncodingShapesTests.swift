#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLang
import MapLangFuzzing

/// Values of unusual shapes, encoded directly and through reverse mapping:
/// whenever the direct path writes, it writes what reverse mapping writes.
struct DirectEncodingShapesTests {
    static func rules(_ text: String) -> Rules {
        try! Rules(source: SourceFile(name: "probe.map", text: text))
    }

    @Test func unicodeBytes() {
        #expect(DirectEncodingComparison.difference(Self.unicodeRules, BValue()) == nil)
    }

    static let auditRules = try! Rules(
        sources: [SourceFile(name: "audit.map", text: """
        root R
        model R {
          when: Date
        }
        """)], options: CompileOptions(coercions: .refuse))

    struct RDate: Encodable { var when = Date(timeIntervalSince1970: 0) }

    @Test func coercionRefuseDate() {
        #expect(DirectEncodingComparison.difference(Self.auditRules, RDate()) == nil)
    }

    static let dateRules = rules(
        """
        root D
        model D {
          a: Date?
          b: Date? using iso8601
        }
        """)

    struct DV: Encodable { var a: Date?; var b: Date? }

    @Test(arguments: [-62_167_219_200.0, -62_167_219_200.5, 253_402_300_799.0, 253_402_300_799.999, 253_402_300_800.0])
    func dateBounds(_ t: Double) {
        let d = Date(timeIntervalSince1970: t)
        #expect(DirectEncodingComparison.difference(Self.dateRules, DV(a: d, b: nil)) == nil)
        #expect(DirectEncodingComparison.difference(Self.dateRules, DV(a: nil, b: d)) == nil)
    }

    static let dateStringRules = rules(
        """
        root DS
        model DS {
          a: Date?
        }
        """)

    struct DS: Encodable { var a: String }

    @Test(arguments: ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "2024-02-29T23:59:60Z", "2024-01-01T00:00:00.1234567891Z", "2024-01-01T00:00:00+14:00", "0000-01-01T00:00:00+01:00", "2024-01-01", "2024-01-01T00:00:00-00:00", "2024-01-01t00:00:00z", "2024-01-01 00:00:00Z"])
    func dateStrings(_ text: String) {
        #expect(DirectEncodingComparison.difference(Self.dateStringRules, DS(a: text)) == nil)
    }

    // MARK: 1. MappedValue loses .url / .date / .decimal tags on the direct path

    static let scalarRules = rules(
        """
        root R
        enum E {
          open
        }
        model R {
          name: String
          when: Date?
          state: E?
        }
        """)

    @Test func mappedValueURLForString() {
        let value = MappedValue.object(MappedObject([MappedMember(key: "name", value: .url("https://e.com/x"))]))
        #expect(DirectEncodingComparison.difference(Self.scalarRules, value) == nil)
    }

    @Test func mappedValueDateForString() {
        let value = MappedValue.object(
            MappedObject([MappedMember(key: "name", value: .date(Timestamp(Date(timeIntervalSince1970: 0))!))]))
        #expect(DirectEncodingComparison.difference(Self.scalarRules, value) == nil)
    }

    @Test func mappedValueDecimalTextForString() {
        let value = MappedValue.object(MappedObject([MappedMember(key: "name", value: .decimal("abc"))]))
        #expect(DirectEncodingComparison.difference(Self.scalarRules, value) == nil)
    }

    @Test func mappedValueURLForEnum() {
        let value = MappedValue.object(
            MappedObject([MappedMember(key: "name", value: .string("n")), MappedMember(key: "state", value: .url("open"))]))
        #expect(DirectEncodingComparison.difference(Self.scalarRules, value) == nil)
    }

    @Test func mappedValueURLForDate() {
        let value = MappedValue.object(
            MappedObject([
                MappedMember(key: "name", value: .string("n")), MappedMember(key: "when", value: .url("2024-01-01T00:00:00Z")),
            ]))
        #expect(DirectEncodingComparison.difference(Self.scalarRules, value) == nil)
    }

    struct HoldsMapped: Encodable {
        var name: MappedValue
    }

    @Test func swiftPropertyOfMappedValueURL() {
        #expect(DirectEncodingComparison.difference(Self.scalarRules, HoldsMapped(name: .url("https://e.com"))) == nil)
    }

    // MARK: 2. Nested containers / super encoders asked for but left empty

    static let nestedRules = rules(
        """
        root Post
        model Meta {
          note: String
        }
        model Loose {
          note: String?
        }
        model Post {
          id: Int
          meta: Meta?
          loose: Loose?
          tags: [String]?
        }
        """)

    /// Asks for a nested container at a key and writes nothing into it.
    struct PostNested: Encodable {
        enum K: String, CodingKey { case id, meta, loose }
        enum MetaK: String, CodingKey { case note }
        let key: K
        var id = 1
        var note: String? = nil
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(id, forKey: .id)
            var meta = c.nestedContainer(keyedBy: MetaK.self, forKey: key)
            try meta.encodeIfPresent(note, forKey: .note)
        }
    }

    /// `meta`'s model has a required field, `loose`'s none.
    @Test(arguments: [PostNested.K.meta, .loose])
    func emptyNestedContainer(_ key: PostNested.K) {
        #expect(DirectEncodingComparison.difference(Self.nestedRules, PostNested(key: key)) == nil)
    }

    struct PostNestedUnkeyed: Encodable {
        var id = 1
        var tags: [String] = []
        enum K: String, CodingKey { case id, tags }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(id, forKey: .id)
            var t = c.nestedUnkeyedContainer(forKey: .tags)
            for tag in tags { try t.encode(tag) }
        }
    }

    @Test func emptyNestedUnkeyedContainer() {
        #expect(DirectEncodingComparison.difference(Self.nestedRules, PostNestedUnkeyed()) == nil)
    }

    struct PostSuperForKey: Encodable {
        enum K: String, CodingKey { case id, loose }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(1, forKey: .id)
            _ = c.superEncoder(forKey: .loose)
        }
    }

    @Test func unusedSuperEncoderForKey() {
        #expect(DirectEncodingComparison.difference(Self.nestedRules, PostSuperForKey()) == nil)
    }

    static let arrayRules = rules(
        """
        root Box
        model Item {
          note: String?
        }
        model Box {
          items: [Item]
        }
        """)

    struct ItemsWritten: Encodable {
        var notes: [String?]
        enum IK: String, CodingKey { case note }
        func encode(to encoder: any Encoder) throws {
            var items = encoder.unkeyedContainer()
            for note in notes {
                var item = items.nestedContainer(keyedBy: IK.self)
                try item.encodeIfPresent(note, forKey: .note)
            }
        }
    }

    struct BoxElements: Encodable {
        var items = ItemsWritten(notes: [nil, nil])
    }

    @Test func unusedNestedContainerInArray() {
        #expect(DirectEncodingComparison.difference(Self.arrayRules, BoxElements()) == nil)
    }

    // MARK: 3. Containers requested twice, the second left unused

    static let simpleRules = rules(
        """
        root Doc
        model Owner {
          login: String
        }
        model Doc {
          owner: Owner
          tags: [String]?
        }
        """)

    struct OwnerThenUnkeyed: Encodable {
        enum K: String, CodingKey { case login }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode("ann", forKey: .login)
            _ = encoder.unkeyedContainer()
        }
    }

    struct DocKeyedThenUnkeyed: Encodable {
        var owner = OwnerThenUnkeyed()
    }

    @Test func keyedThenUnusedUnkeyed() {
        #expect(DirectEncodingComparison.difference(Self.simpleRules, DocKeyedThenUnkeyed()) == nil)
    }

    struct TagsThenKeyed: Encodable {
        enum K: String, CodingKey { case x }
        func encode(to encoder: any Encoder) throws {
            var u = encoder.unkeyedContainer()
            try u.encode("t")
            _ = encoder.container(keyedBy: K.self)
        }
    }

    struct DocUnkeyedThenKeyed: Encodable {
        var owner = Owner2(login: "a")
        var tags = TagsThenKeyed()
    }

    struct Owner2: Encodable { var login: String }

    @Test func unkeyedThenUnusedKeyed() {
        #expect(DirectEncodingComparison.difference(Self.simpleRules, DocUnkeyedThenKeyed()) == nil)
    }

    // MARK: 4. Rules checked on the wrong scalar when another field is written meanwhile

    static let ruleRules = rules(
        """
        root Pair
        model Pair {
          name: String where length(1...3)
          other: String?
        }
        """)

    final class Box: @unchecked Sendable {
        var container: KeyedEncodingContainer<Pair.K>?
    }

    struct Sneaky: Encodable {
        let box: Box
        func encode(to encoder: any Encoder) throws {
            var s = encoder.singleValueContainer()
            try s.encode("toolong")
            try box.container?.encode("ok", forKey: .other)
        }
    }

    struct Pair: Encodable {
        enum K: String, CodingKey { case name, other }
        let box = Box()
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            box.container = c
            try c.encode(Sneaky(box: box), forKey: .name)
        }
    }

    @Test func ruleCheckedOnAnotherFieldsScalar() {
        #expect(DirectEncodingComparison.difference(Self.ruleRules, Pair()) == nil)
    }

    // MARK: 5. Keys equal under Unicode equivalence but spelled differently

    static let unicodeRules = rules(
        """
        root B
        model A {
          x: String from "\u{E9}"
        }
        model B {
          y: String from "e\u{301}"
        }
        """)

    struct BValue: Encodable { var y = "v" }

    @Test func keySpellingAcrossModels() {
        #expect(DirectEncodingComparison.difference(Self.unicodeRules, BValue()) == nil)
    }

    static let unicodeRules2 = rules(
        """
        root C
        model C {
          a: String? from "\u{E9}"
          b: String from "e\u{301}"
        }
        """)

    struct CValue: Encodable { var b = "v" }

    @Test func keySpellingWithinModel() {
        #expect(DirectEncodingComparison.difference(Self.unicodeRules2, CValue()) == nil)
    }
}

struct DirectEncodingTrapTests {
    static let rules = DirectEncodingShapesTests.rules(
        """
        root T
        model T {
          tags: [String]?
        }
        """)

    struct NullThenArray: Encodable {
        func encode(to encoder: any Encoder) throws {
            var s = encoder.singleValueContainer()
            try s.encodeNil()
            var u = encoder.unkeyedContainer()
            try u.encode("b")
        }
    }

    struct T: Encodable { var tags = NullThenArray() }

    @Test func nullThenUnkeyed() {
        #expect(DirectEncodingComparison.difference(Self.rules, T()) == nil)
    }
}

struct DirectEncodingMergeTests {
    /// The models each set of rules below merges.
    static let models = """
        root R
        model P { name: String?  nick: String? }
        model U { login: String?  id: Int?  profile: P? }

        """

    static let texts: [String] = [
        models + """
        model R {
          author: String? from user.login
          user: U?
          pname: String? from user.profile.name
          extra: String? from user.profile.extra
        }
        """,
        models + """
        model R {
          pname: String? from user.profile.name
          user: U?
          author: String? from user.login
          prof: P? from user.profile
        }
        """,
        models + """
        model R {
          prof: P? from user.profile
          user: U?
          a: String? from user.x
          b: String? from user.x.y
        }
        """,
        models + """
        model R {
          b: String? from user.x.y
          a: String? from user.x
          user: U?
          u2: U? from user
        }
        """,
    ]

    static let values: [String] = [
        #"{}"#,
        #"{"author": "a", "user": {"login": "l", "id": 1, "profile": {"name": "n", "nick": "k"}}, "pname": "p", "extra": "e", "prof": {"name": "n2"}, "a": "A", "b": "B", "u2": {"login": "l2", "profile": {"nick": "k2"}}}"#,
        #"{"author": "a", "user": {"id": 1}, "pname": "p", "prof": {"nick": "z"}, "a": "A", "u2": {"id": 2, "login": "x"}}"#,
        #"{"user": {"profile": {}}, "pname": "p", "extra": "e", "b": "B", "u2": {"profile": {"name": "q"}}}"#,
        #"{"author": "a", "pname": "p", "prof": {}, "b": "B", "u2": {}}"#,
        #"{"user": {"login": "l"}, "a": "A", "b": "B", "prof": {"name": "n"}, "u2": {"login": "m", "id": 3}}"#,
    ]

    @Test func merges() throws {
        for (ti, text) in Self.texts.enumerated() {
            let rules = try Rules(source: SourceFile(name: "m\(ti).map", text: text))
            for (vi, json) in Self.values.enumerated() {
                var object = try JSONReader.parse(Array(json.utf8)).mappedValue.objectValue!
                // keep only members that are fields
                let names = Set(rules.plan.models[rules.plan.models.count - 1].fields.map(\.name))
                object = MappedObject(object.members.filter { names.contains($0.key) })
                let value = MappedValue.object(object)
                #expect(DirectEncodingComparison.difference(rules, value) == nil, "rules \(ti), value \(vi)")
            }
        }
    }
}

struct DirectEncodingMoreShapesTests {
    static let enumRules = DirectEncodingShapesTests.rules(
        """
        root Post
        model Marker { by: String? }
        model Flag { archived: Marker?  note: String? }
        model Post {
          id: Int
          flag: Flag?
        }
        """)

    enum Flag: Encodable { case archived }
    struct Post: Encodable { var id = 1; var flag: Flag? = .archived }

    @Test func synthesizedEnumCaseWithoutValues() {
        #expect(DirectEncodingComparison.difference(Self.enumRules, Post()) == nil)
    }

    static let pathRules = DirectEncodingShapesTests.rules(
        """
        root P
        model P { name: String }
        """)

    struct PathName: Encodable {
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode("at:" + encoder.codingPath.map(\.stringValue).joined(separator: "."))
        }
    }

    struct P: Encodable { var name = PathName() }

    @Test func codingPathObserved() {
        #expect(DirectEncodingComparison.difference(Self.pathRules, P()) == nil)
    }
}

struct DirectEncodingCaughtStopTests {
    static let rules = DirectEncodingShapesTests.rules(
        """
        root Post
        model Owner { login: String }
        model Post {
          id: Int
          owner: Owner?
        }
        """)

    struct Owner: Encodable { var login = "ann"; var avatar = "a.png" }

    /// Catches the error encoding its owner throws, writing nothing or `nil` instead.
    struct Post: Encodable {
        var id = 1
        var owner = Owner()
        var writesNilInstead = false
        enum K: String, CodingKey { case id, owner }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(id, forKey: .id)
            do { try c.encode(owner, forKey: .owner) } catch { if writesNilInstead { try c.encodeNil(forKey: .owner) } }
        }
    }

    @Test(arguments: [false, true])
    func swallowedStop(writesNilInstead: Bool) {
        #expect(DirectEncodingComparison.difference(Self.rules, Post(writesNilInstead: writesNilInstead)) == nil)
    }

    struct Posts: Encodable {
        func encode(to encoder: any Encoder) throws {
            var u = encoder.unkeyedContainer()
            try? u.encode(Post())
            try u.encode(Post())
        }
    }

    @Test func swallowedStopInDocumentArray() {
        #expect(DirectEncodingComparison.difference(Self.rules, Posts()) == nil)
    }
}

struct DirectEncodingInt128Tests {
    static let rules = DirectEncodingShapesTests.rules(
        """
        root N
        model N { n: Int }
        """)
    struct N: Encodable { var n: Int128 = 5 }
    @available(macOS 15.0, *)
    @Test func int128() {
        #expect(DirectEncodingComparison.difference(Self.rules, N()) == nil)
    }
}

struct DirectEncodingKeptEncoderTests {
    static let rules = DirectEncodingShapesTests.rules(
        """
        root Post
        model Post {
          id: Int
          title: String?
        }
        """)

    final class EncBox: @unchecked Sendable { var encoder: (any Encoder)? }
    enum K: String, CodingKey { case id, title }

    struct Child: Encodable {
        let box: EncBox
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            _ = box.encoder!.container(keyedBy: K.self)
            try c.encode(2, forKey: .id)
        }
    }

    struct Post: Encodable {
        let box = EncBox()
        func encode(to encoder: any Encoder) throws {
            box.encoder = encoder
            var s = encoder.singleValueContainer()
            try s.encode(Child(box: box))
            var c = encoder.container(keyedBy: K.self)
            try c.encode("t", forKey: .title)
        }
    }

    @Test func keptEncoder() {
        #expect(DirectEncodingComparison.difference(Self.rules, Post()) == nil)
    }
}

/// Foundation's own types, a single value followed by an unkeyed container,
/// a second unkeyed container, and keys with two spellings: the direct path
/// either writes what reverse mapping writes or leaves the value to it.
struct DirectEncodingFoundationShapesTests {
    static let rules = DirectEncodingShapesTests.rules(
        """
        root R
        model L {
          relative: String
          base: String?
        }
        model R {
          bytes: [Int]?
          ratios: [Double]?
          link: L?
          tags: [String]?
          text: String?
        }
        """)

    struct WithData: Encodable { var bytes = Data([1, 2, 255]) }
    struct WithDataForDoubles: Encodable { var ratios = Data([1]) }
    struct WithURLForModel: Encodable { var link = URL(string: "https://x.y/a")! }
    struct WithDataForString: Encodable { var text = Data([1, 2, 255]) }

    /// A single value, then an unkeyed container on the same value.
    struct ValueThenArray: Encodable {
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(MappedValue.array([.string("a")]))
            var array = encoder.unkeyedContainer()
            try array.encode("b")
        }
    }

    struct WithValueThenArray: Encodable { var tags = ValueThenArray() }

    /// Two unkeyed containers on one value, the second writing its count.
    struct CountTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var first = encoder.unkeyedContainer()
            try first.encode("x")
            var second = encoder.unkeyedContainer()
            try second.encode("\(second.count)")
        }
    }

    struct WithCountTwice: Encodable { var tags = CountTwice() }

    @Test func foundationTypesAreTakenAsReverseMappingTakesThem() throws {
        #expect(DirectEncodingComparison.difference(Self.rules, WithData()) == nil)
        #expect(DirectEncodingComparison.difference(Self.rules, WithDataForDoubles()) == nil)
        #expect(DirectEncodingComparison.difference(Self.rules, WithURLForModel()) == nil)
        #expect(DirectEncodingComparison.difference(Self.rules, WithDataForString()) == nil)
        #expect(Self.rules.encodedDirectly(WithData(), model: nil) == nil)
        // `Data` for a `String` is its base64 text, on either path.
        #expect(Self.rules.encodedDirectly(WithDataForString(), model: nil).map { String(decoding: $0, as: UTF8.self) } == #"{"text":"AQL/"}"#)
    }

    @Test func aSecondContainerIsLeftToReverseMapping() throws {
        for value in [WithValueThenArray(), WithCountTwice()] as [any Encodable] {
            #expect(Self.rules.encodedDirectly(value, model: nil) == nil)
            #expect(DirectEncodingComparison.difference(Self.rules, value) == nil)
        }
        #expect(String(decoding: try Self.rules.encode(WithCountTwice()), as: UTF8.self) == #"{"tags":["x","1"]}"#)
    }

    @Test func keysWithTwoSpellingsAreLeftToReverseMapping() throws {
        let text = """
            root M
            model M {
              a: String from "\u{E9}".x
              b: String from "e\u{301}".y
            }
            model Plain {
              c: String
            }
            """
        struct Both: Encodable {
            var a = "1"
            var b = "2"
        }
        let rules = try Rules(source: SourceFile(name: "spellings.map", text: text))
        #expect(rules.directReverse.plan.models.map { $0 != nil } == [false, true])
        #expect(rules.encodedDirectly(Both(), model: nil) == nil)
        #expect(DirectEncodingComparison.difference(rules, Both()) == nil)
    }
}
