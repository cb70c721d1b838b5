/// The elements of a mapped array, read in order.
struct MappedUnkeyedContainer: UnkeyedDecodingContainer {
    /// The elements.
    let elements: [MappedValue]
    /// The keys and indices leading to the array.
    let codingPath: [any CodingKey]
    /// The position of the next element to read.
    private(set) var currentIndex = 0

    init(elements: [MappedValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element and its coding path, moving past it.
    private mutating func next(_ type: Any.Type) throws -> (MappedValue, [any CodingKey]) {
        let path = codingPath + [JSONPathKey(.index(currentIndex))]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let (value, path) = try next(type)
        return try MappedScalars.bool(value, at: path)
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let (value, path) = try next(type)
        return try MappedScalars.string(value, at: path)
    }
    mutating func decode(_ type: Double.Type) throws -> Double { try floating() }
    mutating func decode(_ type: Float.Type) throws -> Float { try floating() }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next(type)
        return try MappedScalars.decode(type, from: value, at: path)
    }

    private mutating func integer<Integer: FixedWidthInteger>() throws -> Integer {
        let (value, path) = try next(Integer.self)
        return try MappedScalars.integer(value, at: path)
    }

    private mutating func floating<Floating: BinaryFloatingPoint>() throws -> Floating {
        let (value, path) = try next(Floating.self)
        return try MappedScalars.floating(value, at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next([String: Any].self)
        return try MappedValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next([Any].self)
        return try MappedValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next(Any.self)
        return MappedValueDecoder(value: value, codingPath: path)
    }
}
