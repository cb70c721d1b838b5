// MARK: - Reading mapped values

extension MappedValue {
    /// The value stored under a key of an object; `nil` for an absent key or
    /// a value that is not an object, so lookups chain:
    /// `result["assignee"]?["login"]?.stringValue`.
    public subscript(key: String) -> MappedValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at a position of an array; `nil` when out of range or not an array.
    public subscript(index: Int) -> MappedValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// Whether the value is JSON `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The text of a string or of a URL.
    public var stringValue: String? {
        switch self {
        case .string(let text), .url(let text): text
        case .null, .bool, .int, .double, .decimal, .date, .array, .object: nil
        }
    }

    /// A boolean's value.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// An integer's value, or a whole `decimal` that fits in 64 bits.
    public var intValue: Int64? { integerValue }

    /// Any number as the nearest `Double`.
    public var doubleValue: Double? { numericValue }

    /// A date's instant.
    public var timestampValue: Timestamp? {
        if case .date(let timestamp) = self { return timestamp }
        return nil
    }

    /// An array's elements.
    public var arrayValue: [MappedValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// An object's members, in order.
    public var objectValue: MappedObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    // MARK: - Writing

    /// The value as JSON text, as `maplang run` writes it.
    ///
    /// - Parameter pretty: One member or element per line, indented by two
    ///   spaces, instead of no white space at all.
    /// - Precondition: Every `double` in the value is finite, as mapping makes it.
    public func jsonText(pretty: Bool = false) -> String {
        String(decoding: jsonBytes(pretty: pretty), as: UTF8.self)
    }

    /// The value as UTF-8 JSON bytes; see `jsonText(pretty:)`.
    public func jsonBytes(pretty: Bool = false) -> [UInt8] {
        JSONWriter.serialize(self, style: pretty ? .pretty : .compact)
    }
}
