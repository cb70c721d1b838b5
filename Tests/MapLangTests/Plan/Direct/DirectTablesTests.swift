import Testing

@testable import MapLang

/// `DirectTables.equal` compares keys a word at a time with an overlapping
/// last word: a difference in any byte, at any length, is found.
struct DirectTablesTests {
    static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { right in DirectTables.same(left, right) } }
    }

    @Test func aDifferenceInAnyByteAtAnyLengthIsFound() {
        for length in 0..<40 {
            let key = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            #expect(Self.equal(key, key), "\(length)")
            // The same bytes in an array of its own, so that nothing compares by address.
            #expect(Self.equal(key, key.map { $0 }), "\(length)")
            for place in 0..<length {
                var other = key
                other[place] ^= 0x20
                #expect(!Self.equal(key, other), "\(length) \(place)")
            }
            #expect(!Self.equal(key, key + [UInt8(ascii: "a")]), "\(length)")
        }
    }
}
