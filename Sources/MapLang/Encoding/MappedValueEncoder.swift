#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns an `Encodable` value into a model-shaped `MappedValue`, the input
/// reverse mapping takes: property names become field names, `Date`s dates,
/// `URL`s URLs, `Decimal`s exact numbers, raw-value enums their raw values.
struct MappedValueEncoder: Encoder {
    /// Where this value's encoding is stored.
    let slot: EncodingSlot
    /// The keys and indices from the top value to this one.
    let path: CodingPathChain
    /// Always empty: encoding needs no options.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var codingPath: [any CodingKey] { path.keys }

    /// Encodes a value completely.
    static func encode(_ value: some Encodable) throws -> MappedValue {
        let slot = EncodingSlot()
        try slot.store(value, at: .root([]))
        return slot.value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeObject()
        return KeyedEncodingContainer(MappedKeyedEncodingContainer<Key>(slot: slot, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeArray()
        return MappedUnkeyedEncodingContainer(slot: slot, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        MappedSingleValueEncodingContainer(slot: slot, path: path)
    }
}

/// One value being encoded. Containers hand out slots for the members
/// and elements that nested encoders fill later, so the slots are shared
/// references; a scalar member or element is stored as it is, with no slot.
///
/// Members and elements are kept in arrays of their own, appended in
/// place, and members are found by key through `KeyPositions`, so encoding
/// takes time linear in elements and keys.
final class EncodingSlot {
    /// What the slot holds so far.
    private enum Kind {
        case empty, value, object, array
    }

    /// A member or element: a scalar, or a slot a nested encoder fills.
    private enum Part {
        case value(MappedValue)
        case slot(EncodingSlot)

        var value: MappedValue {
            switch self {
            case .value(let value): value
            case .slot(let slot): slot.value
            }
        }
    }

    private var kind = Kind.empty
    /// The scalar, for `.value`.
    private var scalar = MappedValue.null
    /// Where each of an object's keys is in `parts`, in the order first written.
    private var positions = KeyPositions()
    /// An object's members or an array's elements.
    private var parts: [Part] = []

    /// Makes the slot an object, keeping members already written.
    func becomeObject() {
        guard kind != .object else { return }
        kind = .object
        (positions, parts) = (KeyPositions(), [])
    }

    /// Makes the slot an array, keeping elements already written.
    func becomeArray() {
        guard kind != .array else { return }
        kind = .array
        parts = []
    }

    /// The position of a member, added when new.
    private func position(_ key: String) -> Int {
        becomeObject()
        if let position = positions.position(of: key) { return position }
        positions.append(key)
        parts.append(.value(.null))
        return parts.count - 1
    }

    /// The slot of a member, new or (when it already has one) the one it has.
    func member(_ key: String) -> EncodingSlot {
        let position = position(key)
        if case .slot(let slot) = parts[position] { return slot }
        let slot = EncodingSlot()
        parts[position] = .slot(slot)
        return slot
    }

    /// Stores a scalar member, replacing what the key held; a container
    /// handed out for the key before is no longer part of the value, as
    /// with `JSONEncoder`.
    func setMember(_ key: String, _ value: MappedValue) {
        parts[position(key)] = .value(value)
    }

    /// The slot of a new element.
    func appendElement() -> EncodingSlot {
        becomeArray()
        let slot = EncodingSlot()
        parts.append(.slot(slot))
        return slot
    }

    /// Appends a scalar element.
    func appendValue(_ value: MappedValue) {
        becomeArray()
        parts.append(.value(value))
    }

    /// The number of elements written to an array.
    var count: Int { kind == .array ? parts.count : 0 }

    /// Stores a scalar.
    func set(_ value: MappedValue) {
        kind = .value
        scalar = value
    }

    /// Stores any encodable value, writing MapLang's typed cases directly.
    ///
    /// Each forced cast follows the check that `T` is that very type, so it
    /// cannot fail; comparing the types first avoids a conditional cast,
    /// which would cost a lookup in the runtime's tables for every value.
    func store<T: Encodable>(_ value: T, at path: @autoclosure () -> CodingPathChain) throws {
        if T.self == MappedValue.self {
            set(value as! MappedValue)
        } else if T.self == Date.self {
            let date = value as! Date
            guard let timestamp = Timestamp(date) else {
                throw EncodingError.invalidValue(date, .init(codingPath: path().keys, debugDescription: "the date is out of range"))
            }
            set(.date(timestamp))
        } else if T.self == Timestamp.self {
            set(.date(value as! Timestamp))
        } else if T.self == URL.self {
            set(.url((value as! URL).absoluteString))
        } else if T.self == Data.self {
            set(.string(Base64.encode(value as! Data)))
        } else if T.self == Decimal.self {
            set(.decimal((value as! Decimal).description))
        } else {
            try value.encode(to: MappedValueEncoder(slot: self, path: path()))
        }
    }

    /// The encoded value; an object or array never written to is empty.
    var value: MappedValue {
        switch kind {
        case .empty: .object(MappedObject())
        case .value: scalar
        case .object: .object(MappedObject(zip(positions.keys, parts).map { MappedMember(key: $0, value: $1.value) }))
        case .array: .array(parts.map(\.value))
        }
    }
}

/// Encoding errors for numbers JSON cannot hold.
enum EncodedNumbers {
    /// A finite double.
    static func double(_ value: Double, at path: @autoclosure () -> CodingPathChain) throws -> MappedValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path().keys, debugDescription: "JSON has no \(value)"))
        }
        return .double(value)
    }

    /// An integer: exactly as `.int` when it fits 64 bits, else by its digits.
    static func integer(_ value: some BinaryInteger) -> MappedValue {
        Int64(exactly: value).map { .int($0) } ?? .decimal(String(value))
    }
}
