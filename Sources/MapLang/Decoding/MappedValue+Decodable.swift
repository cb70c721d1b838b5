/// A `MappedValue` property takes whatever value is there: `Rules.decode`
/// hands over the field's JSON, as a `JSON` field holds it (and the mapped
/// value itself, typed cases included, for `decode(MappedValue.self, …)`);
/// any other decoder is read as plain JSON.
extension MappedValue: Decodable {
    /// Reads a value of any JSON shape.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() {
                self = .null
                return
            }
            if let flag = try? single.decode(Bool.self) {
                self = .bool(flag)
                return
            }
            if let integer = try? single.decode(Int64.self) {
                self = .int(integer)
                return
            }
            if let double = try? single.decode(Double.self) {
                self = .double(double)
                return
            }
            if let text = try? single.decode(String.self) {
                self = .string(text)
                return
            }
        }
        if var elements = try? decoder.unkeyedContainer() {
            var values: [MappedValue] = []
            while !elements.isAtEnd { values.append(try elements.decode(MappedValue.self)) }
            self = .array(values)
            return
        }
        let object = try decoder.container(keyedBy: JSONPathKey.self)
        self = .object(
            MappedObject(try object.allKeys.map { MappedMember(key: $0.stringValue, value: try object.decode(MappedValue.self, forKey: $0)) }))
    }
}
