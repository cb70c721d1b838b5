/// One mapped value read as a whole: a scalar, or a raw-value enum's case.
struct MappedSingleValueContainer: SingleValueDecodingContainer {
    /// The value.
    let value: MappedValue
    /// The keys and indices leading to it.
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try MappedScalars.bool(value, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try MappedScalars.string(value, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try MappedScalars.floating(value, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try MappedScalars.floating(value, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try MappedScalars.integer(value, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try MappedScalars.integer(value, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try MappedScalars.integer(value, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try MappedScalars.integer(value, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try MappedScalars.integer(value, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try MappedScalars.integer(value, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try MappedScalars.integer(value, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try MappedScalars.integer(value, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try MappedScalars.integer(value, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try MappedScalars.integer(value, at: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try MappedScalars.decode(type, from: value, at: codingPath) }
}
