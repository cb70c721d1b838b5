/// Writes an `Encodable` type's properties as an object's members.
struct MappedKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) { slot.member(key.stringValue).set(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) { slot.member(key.stringValue).set(.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) { slot.member(key.stringValue).set(.string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        slot.member(key.stringValue).set(try EncodedNumbers.double(value, at: codingPath + [key]))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        slot.member(key.stringValue).set(try EncodedNumbers.double(Double(value), at: codingPath + [key]))
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
        try slot.member(key.stringValue).store(value, at: codingPath + [key])
    }

    private func integer(_ value: some BinaryInteger, _ key: Key) {
        slot.member(key.stringValue).set(EncodedNumbers.integer(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        MappedValueEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        MappedValueEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        MappedValueEncoder(slot: slot.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        MappedValueEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
}

/// Writes a sequence's elements as an array.
struct MappedUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.count }

    /// The coding path of the next element.
    private var nextPath: [any CodingKey] { codingPath + [JSONPathKey(.index(count))] }

    mutating func encodeNil() { slot.appendElement().set(.null) }
    mutating func encode(_ value: Bool) { slot.appendElement().set(.bool(value)) }
    mutating func encode(_ value: String) { slot.appendElement().set(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.appendElement().set(try EncodedNumbers.double(value, at: nextPath)) }
    mutating func encode(_ value: Float) throws {
        slot.appendElement().set(try EncodedNumbers.double(Double(value), at: nextPath))
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
        let path = nextPath
        try slot.appendElement().store(value, at: path)
    }

    private func integer(_ value: some BinaryInteger) {
        slot.appendElement().set(EncodedNumbers.integer(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return MappedValueEncoder(slot: slot.appendElement(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return MappedValueEncoder(slot: slot.appendElement(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return MappedValueEncoder(slot: slot.appendElement(), codingPath: path)
    }
}

/// Writes one value: a scalar, or a raw-value enum's raw value.
struct MappedSingleValueEncodingContainer: SingleValueEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil() { slot.set(.null) }
    mutating func encode(_ value: Bool) { slot.set(.bool(value)) }
    mutating func encode(_ value: String) { slot.set(.string(value)) }
    mutating func encode(_ value: Double) throws { slot.set(try EncodedNumbers.double(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { slot.set(try EncodedNumbers.double(Double(value), at: codingPath)) }
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
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.store(value, at: codingPath) }
}
