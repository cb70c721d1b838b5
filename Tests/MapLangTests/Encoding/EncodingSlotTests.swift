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

    /// Scalars are stored without a slot of their own; a key written as a
    /// scalar and then as a container, or the other way, holds the last.
    @Test func scalarMembersAndElementsMixWithSlots() {
        let slot = EncodingSlot()
        slot.setMember("a", .int(1))
        slot.member("b").set(.bool(true))
        slot.member("a").set(.string("slot"))
        slot.setMember("b", .null)
        #expect(slot.value == .object(MappedObject([MappedMember(key: "a", value: .string("slot")), MappedMember(key: "b", value: .null)])))
        let array = EncodingSlot()
        array.appendValue(.int(1))
        array.appendElement().set(.int(2))
        array.appendValue(.int(3))
        #expect(array.count == 3)
        #expect(array.value == .array([.int(1), .int(2), .int(3)]))
    }

    /// Past `KeyPositions.mostScanned` keys are hashed; each keeps its first place.
    @Test func manyKeysKeepTheirFirstPlaces() {
        var positions = KeyPositions()
        for index in 0..<100 { positions.append("k\(index)") }
        #expect(positions.position(of: "k0") == 0)
        #expect(positions.position(of: "k16") == 16)
        #expect(positions.position(of: "k17") == 17)
        #expect(positions.position(of: "k99") == 99)
        #expect(positions.position(of: "k100") == nil)
        let slot = EncodingSlot()
        for index in 0..<40 { slot.setMember("k\(index)", .int(Int64(index))) }
        slot.setMember("k3", .int(-3))
        slot.setMember("k30", .int(-30))
        let expected = (0..<40).map { MappedMember(key: "k\($0)", value: .int($0 == 3 ? -3 : $0 == 30 ? -30 : Int64($0))) }
        #expect(slot.value == .object(MappedObject(expected)))
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
