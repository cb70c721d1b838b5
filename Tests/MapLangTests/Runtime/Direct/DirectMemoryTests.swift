#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLang

/// `DirectMemory` and `RememberedKeys`: a key is recalled only where the
/// same bytes stand in the same place, and what is remembered stays bounded.
struct DirectMemoryTests {
    /// What `recall` gives for the place `index` of `text`, whose opening quote is at 0.
    static func recall(_ keys: RememberedKeys, _ index: Int, in text: String, at position: Int = 0) -> (meaning: Int, end: Int)? {
        Array(text.utf8).withUnsafeBufferPointer { keys.recall(index, at: position, in: $0) }
    }

    /// Remembers `key` at place `index`.
    static func remember(_ key: String, meaning: Int, at index: Int, in keys: inout RememberedKeys) {
        Array(key.utf8).withUnsafeBufferPointer { keys.remember($0, meaning: meaning, at: index) }
    }

    @Test func recallsTheSameBytesInTheSamePlaceOnly() throws {
        var keys = RememberedKeys()
        Self.remember("id", meaning: 5, at: 0, in: &keys)
        Self.remember("title", meaning: -1, at: 1, in: &keys)
        let first = try #require(Self.recall(keys, 0, in: #""id": 1"#))
        #expect(first.meaning == 5 && first.end == 4)
        let second = try #require(Self.recall(keys, 1, in: #""title":"#))
        #expect(second.meaning == -1 && second.end == 7)
        for text in [#""idx": 1"#, #""i": 1"#, #""Id": 1"#, #" "id": 1"#, #""id"#, #""i"#, #""title": 1"#] {
            #expect(Self.recall(keys, 0, in: text) == nil, "\(text)")
        }
        #expect(Self.recall(keys, 1, in: #"{"id": 1, "title": 2}"#, at: 10)?.end == 17)
        #expect(Self.recall(keys, 1, in: #"{"id": 1, "title"#, at: 10) == nil)
        #expect(Self.recall(keys, 1, in: #""id": 1"#) == nil)
        #expect(Self.recall(keys, 2, in: #""id": 1"#) == nil)
    }

    @Test func aKeyInAnotherPlaceForgetsTheKeysAfterIt() {
        var keys = RememberedKeys()
        for (index, key) in ["a", "b", "c"].enumerated() { Self.remember(key, meaning: index, at: index, in: &keys) }
        Self.remember("x", meaning: 9, at: 1, in: &keys)
        #expect(Self.recall(keys, 0, in: #""a""#)?.meaning == 0)
        #expect(Self.recall(keys, 1, in: #""x""#)?.meaning == 9)
        #expect(Self.recall(keys, 1, in: #""b""#) == nil)
        #expect(Self.recall(keys, 2, in: #""c""#) == nil)
        Self.remember("c", meaning: 2, at: 2, in: &keys)
        #expect(Self.recall(keys, 2, in: #""c""#)?.meaning == 2)
    }

    @Test func remembersAtMostItsLimits() {
        var keys = RememberedKeys()
        for index in 0..<RememberedKeys.mostMembers + 10 { Self.remember("k\(index)", meaning: index, at: index, in: &keys) }
        let last = RememberedKeys.mostMembers - 1
        #expect(Self.recall(keys, last, in: "\"k\(last)\"")?.meaning == last)
        #expect(Self.recall(keys, last + 1, in: "\"k\(last + 1)\"") == nil)

        let long = String(repeating: "x", count: RememberedKeys.longestKey + 1)
        var others = RememberedKeys()
        Self.remember(long, meaning: 0, at: 0, in: &others)
        Self.remember("after", meaning: 1, at: 1, in: &others)
        #expect(Self.recall(others, 0, in: "\"\(long)\"") == nil)
        #expect(Self.recall(others, 1, in: #""after""#) == nil)
        let longest = String(repeating: "x", count: RememberedKeys.longestKey)
        Self.remember(longest, meaning: 3, at: 0, in: &others)
        #expect(Self.recall(others, 0, in: "\"\(longest)\"")?.meaning == 3)
    }

    /// The same keys mean other slots to other rules: a memory filled by
    /// one mapper starts afresh when another is given it.
    @Test func aMemoryFilledForOtherRulesStartsAfresh() throws {
        let first = try Self.mapper("model M {\n  a: String\n  b: String\n}\n")
        let second = try Self.mapper("model M {\n  b: String\n  a: String\n}\n")
        var memory = DirectMemory()
        let input = #"{"a": "1", "b": "2"}"#
        for mapper in [first, first, second, second, first] {
            let expected = mapper.mapper === first.mapper ? #"{"a":"1","b":"2"}"# : #"{"b":"2","a":"1"}"#
            #expect(Self.written(input, mapper, &memory) == expected)
        }
    }

    /// A key recalled is not measured against the limit on strings again:
    /// read with another limit, the memory starts afresh.
    @Test func aMemoryReadWithAnotherLimitStartsAfresh() throws {
        let mapper = try Self.mapper("model M {\n  title: String\n}\n")
        var memory = DirectMemory()
        #expect(Self.written(#"{"title": "a"}"#, mapper, &memory) == #"{"title":"a"}"#)
        #expect(Self.written(#"{"title": "a"}"#, mapper, &memory, options: JSONReaderOptions(maxStringBytes: 3)) == nil)
        #expect(Self.written(#"{"title": "a"}"#, mapper, &memory) == #"{"title":"a"}"#)
    }

    /// A mapper for rules of one model, and the model.
    static func mapper(_ text: String) throws -> (mapper: DirectMapper, target: RecordTarget) {
        let rules = try Rules(source: SourceFile(name: "m.map", text: text))
        return (DirectMapper(interpreter: Interpreter(plan: rules.plan), direct: rules.plan.direct), try rules.model(named: nil).target)
    }

    /// What the direct path writes for `text` with `memory`, or `nil` when it leaves the record to the interpreter.
    static func written(
        _ text: String, _ mapper: (mapper: DirectMapper, target: RecordTarget), _ memory: inout DirectMemory,
        options: JSONReaderOptions = .init()
    ) -> String? {
        let written = Array(text.utf8).withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, options: options)
            var writer = JSONWriter()
            return mapper.mapper.write(mapper.target, depth: 0, from: &scanner, to: &writer, memory: &memory) ? writer.bytes : nil
        }
        return written.map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The arrays `DirectMemory` lends to models whose checks read their values.
struct DirectMemoryValuesTests {
    /// Each array lent is all nulls, as many as asked for, whatever the
    /// one given back before held; nested models hold arrays of their own;
    /// and an array given back is kept, its buffer reused, and left empty.
    @Test func arraysLentAreNullsOfTheirOwnAndReused() {
        var memory = DirectMemory()
        var outer = memory.values(count: 3)
        var inner = memory.values(count: 5)
        #expect(outer == [.null, .null, .null])
        #expect(inner == Array(repeating: .null, count: 5))
        outer[0] = .string("outer")
        inner[4] = .int(4)
        #expect(outer[0] == .string("outer") && inner[0] == .null)
        let innerBuffer = inner.withUnsafeBufferPointer { $0.baseAddress }
        memory.giveBack(&inner)
        #expect(inner.isEmpty)
        // A smaller count after a larger, in the buffer given back.
        var again = memory.values(count: 2)
        #expect(again == [.null, .null])
        #expect(again.withUnsafeBufferPointer { $0.baseAddress } == innerBuffer)
        memory.giveBack(&again)
        memory.giveBack(&outer)
        // A larger count after a smaller, in the other.
        #expect(memory.values(count: 4) == Array(repeating: .null, count: 4))
        #expect(memory.values(count: 6) == Array(repeating: .null, count: 6))
        #expect(memory.values(count: 0) == [])
    }
}
