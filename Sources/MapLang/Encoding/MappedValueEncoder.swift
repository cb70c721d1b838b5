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
final class EncodingSlot {
    /// What the slot holds so far.
    private enum Content {
        case empty
        case value(MappedValue)
        case object([(key: String, slot: EncodingSlot)])
        case array([EncodingSlot])
    }

    private var content = Content.empty

    /// Makes the slot an object, keeping members already written.
    func becomeObject() {
        if case .object = content { return }
        content = .object([])
    }

    /// Makes the slot an array, keeping elements already written.
    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// The slot for a member of an object, created on first use.
    func member(_ key: String) -> EncodingSlot {
        becomeObject()
        guard case .object(var members) = content else { return EncodingSlot() }
        if let existing = members.first(where: { $0.key == key }) { return existing.slot }
        let slot = EncodingSlot()
        members.append((key, slot))
        content = .object(members)
        return slot
    }

    /// The slot for the next element of an array.
    func appendElement() -> EncodingSlot {
        becomeArray()
        guard case .array(var elements) = content else { return EncodingSlot() }
        let slot = EncodingSlot()
        elements.append(slot)
        content = .array(elements)
        return slot
    }

    /// The number of elements written to an array.
    var count: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }

    /// Stores a scalar.
    func set(_ value: MappedValue) {
        content = .value(value)
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
        case let decimal as Decimal: set(.decimal(decimal.description))
        default: try value.encode(to: MappedValueEncoder(slot: self, codingPath: codingPath))
        }
    }

    /// The encoded value; an object or array never written to is empty.
    var value: MappedValue {
        switch content {
        case .empty: .object(MappedObject())
        case .value(let value): value
        case .object(let members): .object(MappedObject(members.map { MappedMember(key: $0.key, value: $0.slot.value) }))
        case .array(let elements): .array(elements.map(\.value))
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
