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
    let codingPath: [any CodingKey]
    /// Always empty: encoding needs no options.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Encodes a value completely.
    static func encode(_ value: some Encodable) throws -> MappedValue {
        let slot = EncodingSlot()
        try slot.store(value, at: [])
        return slot.value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeObject()
        return KeyedEncodingContainer(MappedKeyedEncodingContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeArray()
        return MappedUnkeyedEncodingContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        MappedSingleValueEncodingContainer(slot: slot, codingPath: codingPath)
    }
}

/// One value being encoded. Containers hand out slots for their members,
/// which nested encoders fill later, so the slots are shared references.
///
/// Members and elements are kept in arrays of their own, appended in
/// place, and members are found by key through a table, so encoding takes
/// time linear in elements and keys.
final class EncodingSlot {
    /// What the slot holds so far.
    private enum Kind {
        case empty, value, object, array
    }

    private var kind = Kind.empty
    /// The scalar, for `.value`.
    private var scalar = MappedValue.null
    /// An object's keys and their slots, in the order first written.
    private var keys: [String] = []
    private var members: [EncodingSlot] = []
    /// Where each key is in `keys`.
    private var positions: [String: Int] = [:]
    /// An array's elements.
    private var elements: [EncodingSlot] = []

    /// Makes the slot an object, keeping members already written.
    func becomeObject() {
        guard kind != .object else { return }
        kind = .object
        (keys, members, positions) = ([], [], [:])
    }

    /// Makes the slot an array, keeping elements already written.
    func becomeArray() {
        guard kind != .array else { return }
        kind = .array
        elements = []
    }

    /// The slot for a member of an object, created on first use.
    func member(_ key: String) -> EncodingSlot {
        becomeObject()
        if let position = positions[key] { return members[position] }
        let slot = EncodingSlot()
        positions[key] = keys.count
        keys.append(key)
        members.append(slot)
        return slot
    }

    /// The slot for the next element of an array.
    func appendElement() -> EncodingSlot {
        becomeArray()
        let slot = EncodingSlot()
        elements.append(slot)
        return slot
    }

    /// The number of elements written to an array.
    var count: Int { kind == .array ? elements.count : 0 }

    /// Stores a scalar.
    func set(_ value: MappedValue) {
        kind = .value
        scalar = value
    }

    /// Stores any encodable value, writing MapLang's typed cases directly.
    func store(_ value: some Encodable, at codingPath: [any CodingKey]) throws {
        switch value {
        case let mapped as MappedValue: set(mapped)
        case let date as Date:
            guard let timestamp = Timestamp(date) else {
                throw EncodingError.invalidValue(date, .init(codingPath: codingPath, debugDescription: "the date is out of range"))
            }
            set(.date(timestamp))
        case let timestamp as Timestamp: set(.date(timestamp))
        case let url as URL: set(.url(url.absoluteString))
        case let data as Data: set(.string(Base64.encode(data)))
        case let decimal as Decimal: set(.decimal(decimal.description))
        default: try value.encode(to: MappedValueEncoder(slot: self, codingPath: codingPath))
        }
    }

    /// The encoded value; an object or array never written to is empty.
    var value: MappedValue {
        switch kind {
        case .empty: .object(MappedObject())
        case .value: scalar
        case .object: .object(MappedObject(zip(keys, members).map { MappedMember(key: $0, value: $1.value) }))
        case .array: .array(elements.map(\.value))
        }
    }
}

/// Encoding errors for numbers JSON cannot hold.
enum EncodedNumbers {
    /// A finite double.
    static func double(_ value: Double, at codingPath: [any CodingKey]) throws -> MappedValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no \(value)"))
        }
        return .double(value)
    }

    /// An integer: exactly as `.int` when it fits 64 bits, else by its digits.
    static func integer(_ value: some BinaryInteger) -> MappedValue {
        Int64(exactly: value).map { .int($0) } ?? .decimal(String(value))
    }
}
