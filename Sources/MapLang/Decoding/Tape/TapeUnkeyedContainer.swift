/// The elements of an array on a tape, read in order.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    /// The record.
    let tape: RecordTape
    /// The keys and indices leading to the array.
    let path: CodingPathChain
    /// The number of elements.
    let count: Int?
    /// The position of the next element.
    private(set) var currentIndex = 0
    /// The index of the next element's entry.
    private var entry: Int

    init(tape: RecordTape, array: Int, path: CodingPathChain) {
        self.tape = tape
        self.path = path
        self.count = Int(tape[array].extra)
        self.entry = array + 1
    }

    var codingPath: [any CodingKey] { path.keys }

    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    /// The next element's entry and path, moving past it; `valueNotFound` at the end.
    private mutating func next(_ type: Any.Type) throws -> (index: Int, path: CodingPathChain) {
        let elementPath = path.appending(JSONPathKey(.index(currentIndex)))
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: elementPath.keys, debugDescription: "the array has no more elements"))
        }
        let element = (entry, elementPath)
        entry = Int(tape[entry].next)
        currentIndex += 1
        return element
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, tape[entry].kind == .null else { return false }
        _ = try next(Never.self)
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let (index, path) = try next(type)
        return try TapeScalars.bool(tape, index, at: path)
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let (index, path) = try next(type)
        return try TapeScalars.string(tape, index, at: path)
    }

    mutating func decode(_ type: Double.Type) throws -> Double { try floating(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try floating(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (index, path) = try next(type)
        return try TapeScalars.decode(type, tape, index, at: path)
    }

    private mutating func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        let (index, path) = try next(type)
        return try TapeScalars.integer(tape, index, at: path)
    }

    private mutating func floating<Floating: BinaryFloatingPoint>(_ type: Floating.Type) throws -> Floating {
        let (index, path) = try next(type)
        return try TapeScalars.floating(tape, index, at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (index, path) = try next([String: Any].self)
        return try TapeDecoder(tape: tape, index: index, path: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (index, path) = try next([Any].self)
        return try TapeDecoder(tape: tape, index: index, path: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (index, path) = try next(Any.self)
        return TapeDecoder(tape: tape, index: index, path: path)
    }
}
