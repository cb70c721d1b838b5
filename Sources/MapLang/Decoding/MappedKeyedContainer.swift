/// The members of a mapped object, read by the field names a `Decodable`
/// type's coding keys give.
struct MappedKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The members by key.
    let members: MemberLookup
    /// The keys and indices leading to the object.
    let codingPath: [any CodingKey]

    init(object: MappedObject, codingPath: [any CodingKey]) {
        self.members = MemberLookup(object)
        self.codingPath = codingPath
    }

    /// The object itself, for `allKeys` in output order and `superDecoder()`.
    private var object: MappedObject { members.object }

    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { member(key.stringValue) != nil }

    /// The value of the member with a key; the last one, as mapping writes
    /// each key once.
    private func member(_ key: String) -> MappedValue? { members[key] }

    /// The member's value, or `keyNotFound`.
    private func value(for key: Key) throws -> MappedValue {
        guard let value = member(key.stringValue) else {
            throw DecodingError.noField(key, codingPath: codingPath, fields: object.members.map(\.key))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try MappedScalars.bool(value(for: key), at: codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try MappedScalars.string(value(for: key), at: codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try floating(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try floating(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try MappedScalars.decode(type, from: value(for: key), at: codingPath + [key])
    }

    private func integer<Integer: FixedWidthInteger>(_ key: Key) throws -> Integer {
        try MappedScalars.integer(value(for: key), at: codingPath + [key])
    }

    private func floating<Floating: BinaryFloatingPoint>(_ key: Key) throws -> Floating {
        try MappedScalars.floating(value(for: key), at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try MappedValueDecoder(value: value(for: key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try MappedValueDecoder(value: value(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        MappedValueDecoder(value: .object(object), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        MappedValueDecoder(value: member(key.stringValue) ?? .null, codingPath: codingPath + [key])
    }
}
