/// The members of an object on a tape, found by the field names a
/// `Decodable` type's coding keys give.
///
/// A key is looked for first at the member last found, then from the one
/// after it, round to it: read in declaration order, as synthesized
/// `init(from:)` reads them, every key is found at the first or second
/// member compared, and an optional one asked for twice (whether it is
/// there, then its value) at the first.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The record.
    let tape: RecordTape
    /// The index of the object's entry.
    let object: Int
    /// The keys and indices leading to the object.
    let path: CodingPathChain

    var codingPath: [any CodingKey] { path.keys }

    /// The object's keys as written, whether or not `Key` has them.
    private var fieldNames: [String] {
        var names: [String] = []
        var entry = object + 1
        while entry < Int(tape[object].next) {
            if let name = TapeScalars.text(tape, entry) { names.append(name) }
            entry = Int(tape[entry + 1].next)
        }
        return names
    }

    var allKeys: [Key] { fieldNames.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    /// The index of the value of the member with a key, or `nil`.
    private func member(_ key: Key) -> Int? {
        var name = key.stringValue
        return name.withUTF8 { name in
            let end = Int(tape[object].next)
            guard end > object + 1 else { return nil }
            // A key that is not ASCII may be spelt another way that Swift
            // counts as the same string.
            let isASCII = name.allSatisfy { $0 < 0x80 }
            let last = Int(tape[object].extra)
            if last != 0, matches(last, name, isASCII: isASCII) { return last + 1 }
            let first = last == 0 ? object + 1 : Int(tape[last + 1].next)
            var entry = first < end ? first : object + 1
            let stop = entry
            repeat {
                if matches(entry, name, isASCII: isASCII) {
                    tape.remember(key: entry, in: object)
                    return entry + 1
                }
                entry = Int(tape[entry + 1].next)
                if entry >= end { entry = object + 1 }
            } while entry != stop
            return nil
        }
    }

    /// Whether the key at an entry is a name.
    private func matches(_ entry: Int, _ name: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
        let key = tape[entry]
        guard key.kind == .string, isASCII else {
            return TapeScalars.text(tape, entry) == String(decoding: name, as: UTF8.self)
        }
        guard Int(key.end - key.start) == name.count else { return false }
        return tape.bytes.withUnsafeBufferPointer { bytes in
            var offset = 0
            let start = Int(key.start)
            while offset < name.count {
                guard bytes[start + offset] == name[offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    /// The index of the member's value, or `keyNotFound`.
    private func value(for key: Key) throws -> Int {
        guard let index = member(key) else {
            throw DecodingError.noField(key, codingPath: codingPath, fields: fieldNames)
        }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool { try tape[value(for: key)].kind == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try TapeScalars.bool(tape, value(for: key), at: path.appending(key))
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try TapeScalars.string(tape, value(for: key), at: path.appending(key))
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
        try TapeScalars.decode(type, tape, value(for: key), at: path.appending(key))
    }

    /// An optional member: `nil` when absent or `null`, found with one look-up.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key) { try TapeScalars.decode(type, tape, $0, at: path.appending(key)) }
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try present(key) { try TapeScalars.bool(tape, $0, at: path.appending(key)) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try present(key) { try TapeScalars.string(tape, $0, at: path.appending(key)) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try presentFloating(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try presentFloating(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentInteger(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try presentInteger(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try presentInteger(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try presentInteger(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try presentInteger(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try presentInteger(key) }

    /// A member read by `read` from its entry; `nil` when absent or `null`.
    private func present<T>(_ key: Key, _ read: (Int) throws -> T) throws -> T? {
        guard let index = member(key), tape[index].kind != .null else { return nil }
        return try read(index)
    }

    // Inlined into each integer type's method, which then reads that very
    // type: a generic call from a container generic over its keys would
    // ask the runtime for the integer type's metadata on every value.
    @inline(__always)
    private func presentInteger<Integer: FixedWidthInteger>(_ key: Key) throws -> Integer? {
        try present(key) { try TapeScalars.integer(tape, $0, at: path.appending(key)) }
    }

    private func presentFloating<Floating: BinaryFloatingPoint>(_ key: Key) throws -> Floating? {
        try present(key) { try TapeScalars.floating(tape, $0, at: path.appending(key)) }
    }

    @inline(__always)
    private func integer<Integer: FixedWidthInteger>(_ key: Key) throws -> Integer {
        try TapeScalars.integer(tape, value(for: key), at: path.appending(key))
    }

    private func floating<Floating: BinaryFloatingPoint>(_ key: Key) throws -> Floating {
        try TapeScalars.floating(tape, value(for: key), at: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try TapeDecoder(tape: tape, index: value(for: key), path: path.appending(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(tape: tape, index: value(for: key), path: path.appending(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TapeDecoder(tape: tape, index: object, path: path)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        guard let index = member(key) else {
            return MappedValueDecoder(value: .null, codingPath: path.appending(key).keys)
        }
        return TapeDecoder(tape: tape, index: index, path: path.appending(key))
    }
}
