/// One value on a tape read as a whole: a scalar, or a raw-value enum's case.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
    /// The record.
    let tape: RecordTape
    /// The index of the value's entry.
    let index: Int
    /// The keys and indices leading to it.
    let path: CodingPathChain

    var codingPath: [any CodingKey] { path.keys }

    func decodeNil() -> Bool { tape[index].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try TapeScalars.bool(tape, index, at: path) }
    func decode(_ type: String.Type) throws -> String { try TapeScalars.string(tape, index, at: path) }
    func decode(_ type: Double.Type) throws -> Double { try TapeScalars.floating(tape, index, at: path) }
    func decode(_ type: Float.Type) throws -> Float { try TapeScalars.floating(tape, index, at: path) }
    func decode(_ type: Int.Type) throws -> Int { try TapeScalars.integer(tape, index, at: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try TapeScalars.integer(tape, index, at: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try TapeScalars.integer(tape, index, at: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try TapeScalars.integer(tape, index, at: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try TapeScalars.integer(tape, index, at: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try TapeScalars.integer(tape, index, at: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try TapeScalars.integer(tape, index, at: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try TapeScalars.integer(tape, index, at: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try TapeScalars.integer(tape, index, at: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try TapeScalars.integer(tape, index, at: path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try TapeScalars.decode(type, tape, index, at: path) }
}
