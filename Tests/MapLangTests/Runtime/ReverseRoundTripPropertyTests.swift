@testable import MapLang
import Testing

/// Round trips over generated records: for any model-shaped record that
/// forward mapping could produce, `--reverse` then `run` gives it back.
struct ReverseRoundTripPropertyTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
        }

        mutating func bool() -> Bool { next() & 1 == 1 }

        mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }

        mutating func text() -> String {
            let pieces = ["a", "Z", "é", "名", "🎉", " ", "\"", "\\", "\n", "x-y", "0"]
            return (0..<int(1...8)).map { _ in pick(pieces) }.joined()
        }
    }

    static let rules: Rules = {
        let path = "\(GoldenExampleTests.examplesDirectory)/orders-reverse/orders-reverse.map"
        return try! Rules(source: SourceFile(name: "orders-reverse.map", text: try! TestFiles.text(path)))
    }()

    /// One model-shaped order, in the image of forward mapping.
    static func order(_ generator: inout Generator) -> MappedValue {
        let placed = Timestamp(seconds: Int64(generator.int(0...4_000_000_000)), nanoseconds: Int32(generator.int(0...999)) * 1_000_000)
        let shipBy: MappedValue = generator.bool() ? .null : .date(Timestamp(seconds: Int64(generator.int(0...40_000)) * 86_400))
        let lines = (0..<generator.int(0...3)).map { _ in
            MappedValue.object(
                MappedObject([
                    MappedMember(key: "sku", value: .string(generator.text())),
                    MappedMember(key: "quantity", value: .int(Int64(generator.int(1...99)))),
                ]))
        }
        let cents = generator.int(0...99_999)
        return .object(
            MappedObject([
                MappedMember(key: "id", value: .int(Int64(generator.int(1...1_000_000)))),
                MappedMember(key: "customerName", value: .string(generator.text())),
                MappedMember(key: "customerEmail", value: generator.bool() ? .null : .string(generator.text())),
                MappedMember(key: "placedAt", value: .date(placed)),
                MappedMember(key: "shipBy", value: shipBy),
                MappedMember(key: "status", value: .string(generator.pick(["pending", "shipped", "cancelled"]))),
                MappedMember(key: "priority", value: .int(generator.pick([1, 3]))),
                MappedMember(key: "lines", value: .array(lines)),
                MappedMember(key: "giftWrap", value: .bool(generator.bool())),
                MappedMember(key: "total", value: .decimal("\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)")),
                MappedMember(key: "receipt", value: .url("https://shop.example.com/r/\(generator.int(1...9999))")),
            ]))
    }

    @Test(arguments: [1, 2, 3, 4])
    func generatedOrdersComeBackUnchanged(_ seed: Int) throws {
        var generator = Generator(state: UInt64(seed))
        let model = try Self.rules.model(named: nil)
        for _ in 0..<250 {
            let order = Self.order(&generator)
            let reversed = Self.rules.reverse(order, from: model)
            let source = try #require(reversed.value, "\(reversed.errors.map(RulesTestSupport.line))")
            let again = Self.rules.map(try JSONReader.parse(source.jsonBytes()), to: model)
            #expect(again.errors.isEmpty, "\(again.errors.map(RulesTestSupport.line))")
            #expect(again.value?.jsonText() == order.jsonText(), "from \(source.jsonText())")
        }
    }

    /// And the other way: a source record that forward mapping reads,
    /// reversed and read again, gives the same model-shaped record.
    @Test(arguments: [5, 6])
    func generatedSourcesMapTheSameAfterAReverse(_ seed: Int) throws {
        var generator = Generator(state: UInt64(seed))
        let model = try Self.rules.model(named: nil)
        for _ in 0..<250 {
            let source = Self.rules.reverse(Self.order(&generator), from: model).value!
            let first = Self.rules.map(try JSONReader.parse(source.jsonBytes()), to: model).value!
            let back = Self.rules.reverse(first, from: model).value!
            let again = Self.rules.map(try JSONReader.parse(back.jsonBytes()), to: model).value
            #expect(again?.jsonText() == first.jsonText())
        }
    }
}
