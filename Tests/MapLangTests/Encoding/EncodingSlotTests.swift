import Testing

@testable import MapLang

/// The slots `Rules.encode` fills and the object reverse mapping builds:
/// members found by key keep their first place, arrays keep their order,
/// and objects written under one parent merge.
struct EncodingSlotTests {
    @Test func aKeyWrittenTwiceIsOneMemberInItsFirstPlace() {
        let slot = EncodingSlot()
        slot.member("b").set(.int(1))
        slot.member("a").set(.int(2))
        slot.member("b").set(.int(3))
        #expect(slot.value == .object(MappedObject([MappedMember(key: "b", value: .int(3)), MappedMember(key: "a", value: .int(2))])))
    }

    @Test func elementsKeepTheirOrderAndCount() {
        let slot = EncodingSlot()
        for index in 0..<1_000 { slot.appendElement().set(.int(Int64(index))) }
        #expect(slot.count == 1_000)
        #expect(slot.value == .array((0..<1_000).map { .int(Int64($0)) }))
    }

    @Test func aScalarReplacesAContainer() {
        let slot = EncodingSlot()
        slot.member("a").set(.null)
        slot.set(.string("x"))
        #expect(slot.value == .string("x"))
        #expect(EncodingSlot().value == .object(MappedObject()))
    }

    @Test func keyPathsUnderOneParentMergeAndTheFirstWriteStays() {
        var builder = SourceObjectBuilder()
        for index in 0..<500 { builder.insert(.int(Int64(index)), at: ["user", "k\(index)"]) }
        builder.insert(.int(-1), at: ["user", "k0"])
        builder.insert(.object(MappedObject([MappedMember(key: "extra", value: .bool(true))])), at: ["user"])
        builder.insert(.string("top"), at: ["title"])
        let user = (0..<500).map { MappedMember(key: "k\($0)", value: .int(Int64($0))) } + [MappedMember(key: "extra", value: .bool(true))]
        #expect(
            builder.value
                == .object(MappedObject([MappedMember(key: "user", value: .object(MappedObject(user))), MappedMember(key: "title", value: .string("top"))])))
    }
}
