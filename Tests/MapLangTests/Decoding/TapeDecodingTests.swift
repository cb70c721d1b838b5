import Foundation
import Testing

@testable import MapLang

/// `Rules.decode` reads the direct path's JSON through a tape; it must fill
/// a type exactly as decoding the mapped value through the tree does.
struct TapeDecodingTests {
    static let rules = """
        root Item

        enum Mood {
          happy
          sad from "blue"
        }

        model Tag {
          name: String
          weight: Double?
        }

        model Item {
          id: Int
          big: Int
          negative: Int
          ratio: Double
          price: Decimal
          label: String
          escaped: String
          mood: Mood
          seen: Date using iso8601
          link: URL
          blob: Data
          flag: Bool
          nothing: String?
          tags: [Tag]
          matrix: [[Int]]
          counts: [String: Int]
          raw: JSON
        }
        """

    struct Tag: Decodable, Equatable {
        let name: String
        let weight: Double?
    }

    enum Mood: String, Decodable, Equatable {
        case happy, sad
    }

    struct Item: Decodable, Equatable {
        let id: Int
        let big: Int64
        let negative: Int32
        let ratio: Double
        let price: Decimal
        let label: String
        let escaped: String
        let mood: Mood
        let seen: Date
        let link: URL
        let blob: Data
        let flag: Bool
        let nothing: String?
        let tags: [Tag]
        let matrix: [[Int]]
        let counts: [String: Int]
        let raw: MappedValue
    }

    /// The same fields read into other Swift types than the model's.
    struct Loose: Decodable, Equatable {
        let id: Double
        let ratio: Float
        let seen: String
        let link: String
        let price: Double
        let nothing: Int?
    }

    static func record(_ id: Int) -> String {
        let counts = (0..<40).map { #""k\#($0)": \#($0 * id)"# }.joined(separator: ", ")
        return """
            {"id": \(id), "big": 9007199254740993, "negative": -\(id), "ratio": 2.5e-3, "price": 19.990,
             "label": "naïve 🎉 \(id)", "escaped": "tab\\tquote\\"slash\\\\u\\u00e9", "mood": "blue",
             "seen": "2016-05-24T18:43:37.123456789+02:00", "link": "https://x.test/a?b=\(id)", "blob": "aGVsbG8=",
             "flag": true, "nothing": null, "tags": [{"name": "a"}, {"name": "b\\"", "weight": 1}],
             "matrix": [[1, 2], [], [3]], "counts": {\(counts)}, "raw": {"x": [1, 2.50, "s", null, {"y": false}]}}
            """
    }

    func bothWays<T: Decodable & Equatable>(_ type: T.Type, _ text: String) throws -> T {
        let rules = try Rules(source: SourceFile(name: "items.map", text: Self.rules))
        let fast = try rules.decode(type, from: text)
        let tree = try MappedScalars.decode(type, from: rules.map(text), at: [])
        #expect(fast == tree)
        return fast
    }

    @Test func oneRecordDecodesAsThroughTheTree() throws {
        let item = try bothWays(Item.self, Self.record(3))
        #expect(item.escaped == "tab\tquote\"slash\\u\u{e9}")
        #expect(item.big == 9_007_199_254_740_993)
        #expect(item.counts["k39"] == 117)
        #expect(item.seen == Date(timeIntervalSince1970: 1_464_108_217.123456789))
        #expect(item.blob == Data("hello".utf8))
        #expect(item.raw["x"]?[1] == .decimal("2.50"))
    }

    @Test func arraysOfRecordsDecodeAsThroughTheTree() throws {
        let items = try bothWays([Item].self, "[" + (1...20).map(Self.record).joined(separator: ",") + "]")
        #expect(items.map(\.id) == Array(1...20))
        #expect(try bothWays([Item].self, "[]") == [])
        #expect(try bothWays([Loose].self, "[" + Self.record(1) + "]").first?.link == "https://x.test/a?b=1")
    }

    /// A `MappedValue` property holds the field's JSON, as a `JSON` field
    /// does: a `Double` field written as `1` reads back as the integer 1.
    @Test func aMappedValuePropertyHoldsTheFieldsJSON() throws {
        struct Tags: Decodable { let tags: [MappedValue] }
        let rules = try Rules(source: SourceFile(name: "items.map", text: Self.rules))
        let tags = try rules.decode(Tags.self, from: Self.record(1)).tags
        #expect(tags[1] == .object(MappedObject([MappedMember(key: "name", value: .string("b\"")), MappedMember(key: "weight", value: .int(1))])))
    }

    /// A document that is one record does not fill an array, and an array
    /// does not fill one record.
    @Test func theDocumentsShapeMustFitTheType() throws {
        let rules = try Rules(source: SourceFile(name: "items.map", text: Self.rules))
        #expect(throws: DecodingError.self) { try rules.decode([Item].self, from: Self.record(1)) }
        #expect(throws: DecodingError.self) { try rules.decode(Item.self, from: "[" + Self.record(1) + "]") }
    }

    /// An array many runs long is mapped and indexed ahead on a second
    /// thread where there is a core for it; the records, a record the
    /// direct path leaves to the tree (an escaped key), a decoding error's
    /// path and a late record's mapping failure are what one thread gives.
    @Test func largeArraysDecodeOnTwoThreadsAsThroughTheTree() throws {
        let count = 1_500
        var records = (0..<count).map(Self.record)
        records[1_234] = records[1_234].replacingOccurrences(of: #""label""#, with: #""l\u0061bel""#)
        let text = "[" + records.joined(separator: ",") + "]"
        #expect(text.utf8.count > 8 * OrderedRuns<Int>.inputPerRun)
        let items = try bothWays([Item].self, text)
        #expect(items.map(\.id) == Array(0..<count))
        #expect(items[1_234].label == "naïve 🎉 1234")
        // Two threads even on a machine with one core, where `decode` alone would use one.
        let rules = try Rules(source: SourceFile(name: "items.map", text: Self.rules))
        #expect(try Self.onTwoThreads(rules, [Item].self, text) == items)

        // Asked to, the mapping threads index each record they write, where its JSON lies.
        var indexed = 0
        let bytes = Array(text.utf8)
        let model = try rules.chosenModel(nil)
        _ = try bytes.withUnsafeBufferPointer { buffer in
            try rules.serializeDocument(in: buffer, to: model, jobs: 2, indexing: true) { record, _ in
                guard let json = record.json, let entry = record.indexed else { return }
                #expect(entry.tape[entry.entry].kind == .object)
                #expect(Int(entry.tape[entry.entry].start) == json.startIndex)
                #expect(Int(entry.tape[entry.entry].end) == json.endIndex)
                indexed += 1
            }
        }
        #expect(indexed == count - 1)
        struct Narrow: Decodable { let big: Int8 }
        do {
            _ = try Self.onTwoThreads(rules, [Narrow].self, text)
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "big"])
        }
        struct Positive: Decodable { let negative: UInt }
        let late = records.enumerated().map { index, record in
            index == 1_300 ? record : record.replacingOccurrences(of: #""negative": -"#, with: #""negative": "#)
        }
        do {
            _ = try Self.onTwoThreads(rules, [Positive].self, "[" + late.joined(separator: ",") + "]")
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1300", "negative"])
        }
        records[1_400] = records[1_400].replacingOccurrences(of: #""flag": true"#, with: #""flag": [1]"#)
        do {
            _ = try Self.onTwoThreads(rules, [Item].self, "[" + records.joined(separator: ",") + "]")
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            let failure = try #require(context.underlyingError as? MappingFailure)
            #expect(failure.errors.map(\.path.description) == ["$[1400].flag"])
        }
    }

    /// Decodes text as `decode` does, with two threads for a large array
    /// whatever the machine's cores.
    static func onTwoThreads<T: Decodable>(_ rules: Rules, _ type: T.Type, _ text: String) throws -> T {
        try Array(text.utf8).withUnsafeBufferPointer { try rules.decode(type, in: $0, model: nil, threads: 2) }
    }

    /// Rules with a transformer written in Swift map on the calling thread
    /// alone, even when two threads are asked for, so the transformer sees
    /// what that thread sees, such as a task-local value, in every record
    /// of a large array.
    @Test func swiftTransformersRunOnTheCallingThread() throws {
        enum Context {
            @TaskLocal static var tenant = "none"
        }
        let tenant = CustomTransformer(name: "tenant", input: .text, output: .text) { _ in .string(Context.tenant) }
        let source = SourceFile(name: "t.map", text: "root A\n\nmodel A {\n  owner: String using tenant\n}\n")
        let rules = try Rules(source: source, transformers: [tenant])
        struct A: Decodable { let owner: String }
        let text = "[" + Array(repeating: #"{"owner": "someone with a long enough name"}"#, count: 20_000).joined(separator: ",") + "]"
        #expect(text.utf8.count > 4 * OrderedRuns<Int>.inputPerRun)
        let owners = try Context.$tenant.withValue("acme") { try Self.onTwoThreads(rules, [A].self, text).map(\.owner) }
        #expect(owners.count == 20_000)
        #expect(owners.allSatisfy { $0 == "acme" })
    }

    /// When one record breaks the rules and another does not fit the type,
    /// the mapping failure, with every record's errors, is what is thrown.
    @Test func mappingFailuresComeBeforeDecodingErrors() throws {
        let rules = try Rules(source: SourceFile(name: "items.map", text: Self.rules))
        struct Narrow: Decodable { let negative: UInt }
        let broken = Self.record(2).replacingOccurrences(of: #""flag": true"#, with: #""flag": [1]"#)
        do {
            _ = try rules.decode([Narrow].self, from: "[" + Self.record(1) + "," + broken + "," + broken + "]")
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            let failure = try #require(context.underlyingError as? MappingFailure)
            #expect(failure.errors.map(\.path.description) == ["$[1].flag", "$[2].flag"])
        }
        do {
            _ = try rules.decode([Narrow].self, from: "[" + Self.record(1) + "]")
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "negative"])
            #expect(context.debugDescription == "expected an integer that fits `UInt`, found -1")
        }
    }

    /// Keys asked for out of order, or twice, are still found.
    @Test func keysAreFoundInAnyOrder() throws {
        struct Backwards: Decodable, Equatable {
            let flag: Bool
            let id: Int
            let label: String
            let again: Int

            enum CodingKeys: String, CodingKey { case flag, id, label, mood }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                flag = try container.decode(Bool.self, forKey: .flag)
                id = try container.decode(Int.self, forKey: .id)
                label = try container.decode(String.self, forKey: .label)
                again = try container.decode(Int.self, forKey: .id)
                #expect(container.allKeys.map(\.stringValue) == ["id", "label", "mood", "flag"])
                #expect(container.contains(.mood))
            }
        }
        let decoded = try bothWays(Backwards.self, Self.record(5))
        #expect(decoded.again == 5)
    }
}

/// The edges of reading numbers, keys and arrays off a tape.
struct TapeDecodingEdgeTests {
    static let rules = """
        root Holder

        model Holder {
          n: JSON?
          d: Double?
        }
        """

    struct Whole<T: Decodable>: Decodable { let n: T }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try Rules(source: SourceFile(name: "h.map", text: Self.rules)).decode(type, from: text)
    }

    /// An integer property takes a number only when it is exactly a whole
    /// number in range, never through `Double`.
    @Test func integersAreExactOrRefused() throws {
        #expect(try decode(Whole<UInt64>.self, #"{"n": 12345678901234567891}"#).n == 12_345_678_901_234_567_891)
        #expect(try decode(Whole<Int>.self, #"{"n": 3.0}"#).n == 3)
        #expect(try decode(Whole<Int>.self, #"{"n": 2.5e1}"#).n == 25)
        for refused in ["1.0000000000000001", "9007199254740993.5", "1e-400", "18446744073709551616", "-1"] {
            #expect(throws: DecodingError.self) { try decode(Whole<UInt64>.self, #"{"n": \#(refused)}"#) }
        }
        #expect(throws: DecodingError.self) { try decode(Whole<Int>.self, #"{"n": 1.0000000000000001}"#) }
        #expect(throws: DecodingError.self) { try decode(Whole<Int8>.self, #"{"n": 128}"#) }
    }

    @Test func negativeZeroKeepsItsSign() throws {
        #expect(try decode(Whole<Double>.self, #"{"n": -0}"#).n.sign == .minus)
        #expect(try decode(Whole<Double>.self, #"{"n": 0}"#).n.sign == .plus)
    }

    /// Optional properties, asked for as synthesized code asks (present?
    /// then the value), and keys spelt in another Unicode form.
    @Test func optionalsAndUnicodeKeysAreFound() throws {
        struct Optionals: Decodable, Equatable {
            let n: [String: Int]?
            let d: Double?
        }
        #expect(try decode(Optionals.self, #"{"n": {"a": 1}, "d": 2.5}"#) == Optionals(n: ["a": 1], d: 2.5))
        #expect(try decode(Optionals.self, #"{"n": null}"#) == Optionals(n: nil, d: nil))
        struct Accented: Decodable {
            let word: Int
            enum CodingKeys: String, CodingKey { case word = "e\u{301}" }
        }
        #expect(try decode(Whole<Accented>.self, #"{"n": {"é": 7}}"#).n.word == 7)
    }

    /// Reading past an array's end names the element that is not there.
    @Test func pastTheEndIsValueNotFoundAtTheElement() throws {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var elements = try decoder.unkeyedContainer()
                _ = try elements.decode(Int.self)
                _ = try elements.decode(Int.self)
            }
        }
        do {
            _ = try decode(Whole<Pair>.self, #"{"n": [1]}"#)
            Issue.record("decoded")
        } catch DecodingError.valueNotFound(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
            #expect(context.codingPath.map(\.stringValue) == ["n", "Index 1"])
        }
    }

    /// A document that is one record is mapped once, even when the type
    /// asked for is an array, which it then does not fill.
    @Test func aRecordIsMappedOnceWhenAnArrayWasAskedFor() throws {
        final class Counter: @unchecked Sendable {
            var count = 0
        }
        let counter = Counter()
        let counting = CustomTransformer(name: "counting", input: .text, output: .text) { value in
            counter.count += 1
            return value
        }
        let rules = try Rules(
            source: SourceFile(name: "c.map", text: "root A\n\nmodel A {\n  name: String using counting\n}\n"), transformers: [counting])
        #expect(throws: DecodingError.self) { try rules.decode([Whole<String>].self, from: #"{"name": "x"}"#) }
        #expect(counter.count == 1)
    }
}
