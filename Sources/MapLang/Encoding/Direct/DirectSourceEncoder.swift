/// An `Encoder` that writes a value shaped like a model straight into the
/// source's JSON, for `Rules.encode` on models `DirectReversePlan` takes:
/// each property is written as forward mapping reads it, the moment it is
/// encoded, and each record's fields are put at their key paths once its
/// `encode(to:)` returns (`DirectSourceWriter`).
///
/// Coding paths are not kept, since nothing this encoder reports needs
/// them: whatever it cannot write as reverse mapping would, or an error the
/// value throws, sends the whole value through the interpreter, whose
/// encoder keeps them.
struct DirectSourceEncoder: Encoder {
    let writer: DirectSourceWriter
    /// The value being encoded, by index into the writer's levels.
    let level: DirectSourceWriter.LevelID

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let started = Result { try writer.beginRecord(at: level) }
        return KeyedEncodingContainer(DirectSourceKeyedContainer<Key>(writer: writer, level: level, stopped: started.failure))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let started = Result { try writer.beginArray(at: level) }
        return DirectSourceUnkeyedContainer(writer: writer, level: level, stopped: started.failure)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        DirectSourceSingleValueContainer(writer: writer, level: level)
    }
}

extension Result where Success == Void {
    /// The error, when there is one.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// A record's properties, each written as the field of its key. A
/// container the record cannot have (asked for with the wrong kind, or
/// nested) throws on its first use.
struct DirectSourceKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: DirectSourceWriter
    let level: DirectSourceWriter.LevelID
    /// Why the container cannot be written to, found when it was made.
    let stopped: (any Error)?

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        if let stopped { throw stopped }
        try writer.encodeNilField(key: key.stringValue, at: level)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let stopped { throw stopped }
        try writer.encodeField(value, key: key.stringValue, at: level)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(DirectSourceKeyedContainer<NestedKey>(writer: writer, level: level, stopped: DirectEncodingStop()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        DirectSourceUnkeyedContainer(writer: writer, level: level, stopped: DirectEncodingStop())
    }

    mutating func superEncoder() -> any Encoder { StoppedEncoder() }

    mutating func superEncoder(forKey key: Key) -> any Encoder { StoppedEncoder() }
}

/// An array's elements.
struct DirectSourceUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: DirectSourceWriter
    let level: DirectSourceWriter.LevelID
    /// Why the container cannot be written to, found when it was made.
    let stopped: (any Error)?
    private(set) var count = 0

    init(writer: DirectSourceWriter, level: DirectSourceWriter.LevelID, stopped: (any Error)?) {
        (self.writer, self.level, self.stopped) = (writer, level, stopped)
    }

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        try encode(Optional<Int>.none)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let stopped { throw stopped }
        try writer.encodeElement(value, at: level)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(DirectSourceKeyedContainer<NestedKey>(writer: writer, level: level, stopped: DirectEncodingStop()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        DirectSourceUnkeyedContainer(writer: writer, level: level, stopped: DirectEncodingStop())
    }

    mutating func superEncoder() -> any Encoder { StoppedEncoder() }
}

/// One value: a scalar, a raw-value enum's raw value, or an optional's
/// `nil` or wrapped value.
struct DirectSourceSingleValueContainer: SingleValueEncodingContainer {
    let writer: DirectSourceWriter
    let level: DirectSourceWriter.LevelID

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        try writer.set(DirectSourceWriter.nullNode, at: level)
    }

    mutating func encode(_ value: String) throws {
        try writer.set(try writer.string(value, as: try writer.kind(at: level)), at: level)
    }

    mutating func encode(_ value: Bool) throws {
        try writer.set(try writer.bool(value, as: try writer.kind(at: level)), at: level)
    }

    mutating func encode(_ value: Double) throws {
        try writer.set(try writer.double(value, as: try writer.kind(at: level)), at: level)
    }

    mutating func encode(_ value: Float) throws {
        try encode(Double(value))
    }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.set(try writer.encode(value, as: try writer.kind(at: level)), at: level)
    }

    private func integer(_ value: some BinaryInteger) throws {
        try writer.set(try writer.integer(value, as: try writer.kind(at: level)), at: level)
    }
}

/// The encoder a container hands out where the direct path cannot follow:
/// every container it gives throws on first use.
private struct StoppedEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StoppedContainer<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { StoppedContainer<JSONPathKey>() }

    func singleValueContainer() -> any SingleValueEncodingContainer { StoppedContainer<JSONPathKey>() }
}

/// A container that throws on every use.
private struct StoppedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer,
    SingleValueEncodingContainer
{
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil(forKey key: Key) throws { throw DirectEncodingStop() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw DirectEncodingStop() }
    mutating func encodeNil() throws { throw DirectEncodingStop() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw DirectEncodingStop() }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(StoppedContainer<NestedKey>())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(StoppedContainer<NestedKey>())
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { StoppedEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { StoppedEncoder() }
}
