/// Writes an `Encodable` type's properties as an object's members.
struct MappedKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodingSlot
    let path: CodingPathChain

    var codingPath: [any CodingKey] { path.keys }

    mutating func encodeNil(forKey key: Key) { slot.setMember(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) { slot.setMember(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) { slot.setMember(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        slot.setMember(key.stringValue, try EncodedNumbers.double(value, at: path.appending(key)))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        slot.setMember(key.stringValue, try EncodedNumbers.double(Double(value), at: path.appending(key)))
    }
    mutating func encode(_ value: Int, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { integer(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try slot.member(key.stringValue).store(value, at: path.appending(key))
    }

    private func integer(_ value: some BinaryInteger, _ key: Key) {
        slot.setMember(key.stringValue, EncodedNumbers.integer(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        MappedValueEncoder(slot: slot.member(key.stringValue), path: path.appending(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        MappedValueEncoder(slot: slot.member(key.stringValue), path: path.appending(key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        MappedValueEncoder(slot: slot.member("super"), path: path)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        MappedValueEncoder(slot: slot.member(key.stringValue), path: path.appending(key))
    }
}

/// Writes a sequence's elements as an array.
struct MappedUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let slot: EncodingSlot
    let path: CodingPathChain

    var codingPath: [any CodingKey] { path.keys }
    var count: Int { slot.count }

    /// The coding path of the next element.
    private var nextPath: CodingPathChain { path.appending(JSONPathKey(.index(count))) }

    mutating func encodeNil() { slot.appendValue(.null) }
    mutating func encode(_ value: Bool) { slot.appendValue(.bool(value)) }
    mutating func encode(_ value: String) { slot.appendValue(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.appendValue(try EncodedNumbers.double(value, at: nextPath)) }
    mutating func encode(_ value: Float) throws {
        slot.appendValue(try EncodedNumbers.double(Double(value), at: nextPath))
    }
    mutating func encode(_ value: Int) { integer(value) }
    mutating func encode(_ value: Int8) { integer(value) }
    mutating func encode(_ value: Int16) { integer(value) }
    mutating func encode(_ value: Int32) { integer(value) }
    mutating func encode(_ value: Int64) { integer(value) }
    mutating func encode(_ value: UInt) { integer(value) }
    mutating func encode(_ value: UInt8) { integer(value) }
    mutating func encode(_ value: UInt16) { integer(value) }
    mutating func encode(_ value: UInt32) { integer(value) }
    mutating func encode(_ value: UInt64) { integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        try slot.appendElement().store(value, at: path.appending(JSONPathKey(.index(index))))
    }

    private func integer(_ value: some BinaryInteger) {
        slot.appendValue(EncodedNumbers.integer(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return MappedValueEncoder(slot: slot.appendElement(), path: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return MappedValueEncoder(slot: slot.appendElement(), path: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return MappedValueEncoder(slot: slot.appendElement(), path: path)
    }
}

/// Writes one value: a scalar, or a raw-value enum's raw value.
struct MappedSingleValueEncodingContainer: SingleValueEncodingContainer {
    let slot: EncodingSlot
    let path: CodingPathChain

    var codingPath: [any CodingKey] { path.keys }

    mutating func encodeNil() { slot.set(.null) }
    mutating func encode(_ value: Bool) { slot.set(.bool(value)) }
    mutating func encode(_ value: String) { slot.set(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.set(try EncodedNumbers.double(value, at: path)) }
    mutating func encode(_ value: Float) throws { slot.set(try EncodedNumbers.double(Double(value), at: path)) }
    mutating func encode(_ value: Int) { slot.set(EncodedNumbers.integer(value)) }
    mutating func encode(_ value: Int8) { slot.set(EncodedNumbers.integer(value)) }
    mutating func encode(_ value: Int16) { slot.set(EncodedNumbers.integer(value)) }
    mutating func encode(_ value: Int32) { slot.set(EncodedNumbers.integer(value)) }
    mutating func encode(_ value: Int64) { slot.set(EncodedNumbers.integer(value)) }
    mutating func encode(_ value: UInt) { slot.set(EncodedNumbers.integer(value)) }
    mutating func encode(_ value: UInt8) { slot.set(EncodedNumbers.integer(value)) }
    mutating func encode(_ value: UInt16) { slot.set(EncodedNumbers.integer(value)) }
    mutating func encode(_ value: UInt32) { slot.set(EncodedNumbers.integer(value)) }
    mutating func encode(_ value: UInt64) { slot.set(EncodedNumbers.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.store(value, at: path) }
}
