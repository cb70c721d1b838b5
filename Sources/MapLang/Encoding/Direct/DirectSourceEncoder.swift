/// An `Encoder` that writes a value shaped like a model straight into the
/// source's JSON, for `Rules.encode` on models `DirectReversePlan` takes:
/// each property is written as forward mapping reads it, the moment it is
/// encoded, and each record's fields are put at their key paths once its
/// `encode(to:)` returns (`DirectSourceWriter`).
///
/// Coding paths are not kept: a value that reads one, like one that asks
/// for a nested container or a super-encoder, or throws, or holds anything
/// this encoder cannot write as reverse mapping would, stops the path
/// (`DirectSourceWriter.stopped`), and `Rules.encode` encodes the whole
/// value through the interpreter, whose encoder keeps them.
struct DirectSourceEncoder: Encoder {
    let writer: DirectSourceWriter
    /// The value being encoded, by index into the writer's levels.
    let level: DirectSourceWriter.LevelID

    var codingPath: [any CodingKey] { writer.unkeptPath() }
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

    var codingPath: [any CodingKey] { writer.unkeptPath() }

    mutating func encodeNil(forKey key: Key) throws {
        if let stopped { throw stopped }
        try writer.encodeNilField(key: key.stringValue, at: level)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let stopped { throw stopped }
        try writer.encodeField(value, key: key.stringValue, at: level)
    }

    // Reverse mapping's encoder makes the member a nested container or
    // encoder stands for at once, written to or not; this one stops.

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(StoppedContainer<NestedKey>(writer.stop()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        StoppedContainer<JSONPathKey>(writer.stop())
    }

    mutating func superEncoder() -> any Encoder { StoppedEncoder(writer.stop()) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { StoppedEncoder(writer.stop()) }
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

    var codingPath: [any CodingKey] { writer.unkeptPath() }

    mutating func encodeNil() throws {
        try encode(Optional<Int>.none)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let stopped { throw stopped }
        try writer.encodeElement(value, at: level)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(StoppedContainer<NestedKey>(writer.stop()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { StoppedContainer<JSONPathKey>(writer.stop()) }

    mutating func superEncoder() -> any Encoder { StoppedEncoder(writer.stop()) }
}

/// One value: a scalar, a raw-value enum's raw value, or an optional's
/// `nil` or wrapped value.
struct DirectSourceSingleValueContainer: SingleValueEncodingContainer {
    let writer: DirectSourceWriter
    let level: DirectSourceWriter.LevelID

    var codingPath: [any CodingKey] { writer.unkeptPath() }

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

/// The encoder handed out once the path has stopped: every container it
/// gives throws the stop on every use.
private struct StoppedEncoder: Encoder {
    /// The stop, already recorded by the writer.
    let stop: DirectEncodingStop

    init(_ stop: DirectEncodingStop) {
        self.stop = stop
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StoppedContainer<Key>(stop))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { StoppedContainer<JSONPathKey>(stop) }

    func singleValueContainer() -> any SingleValueEncodingContainer { StoppedContainer<JSONPathKey>(stop) }
}

/// A container handed out once the path has stopped, which throws the stop on every use.
private struct StoppedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer,
    SingleValueEncodingContainer
{
    /// The stop, already recorded by the writer.
    let stop: DirectEncodingStop

    init(_ stop: DirectEncodingStop) {
        self.stop = stop
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil(forKey key: Key) throws { throw stop }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw stop }
    mutating func encodeNil() throws { throw stop }
    mutating func encode<T: Encodable>(_ value: T) throws { throw stop }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(StoppedContainer<NestedKey>(stop))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(StoppedContainer<NestedKey>(stop))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { StoppedEncoder(stop) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { StoppedEncoder(stop) }
}
