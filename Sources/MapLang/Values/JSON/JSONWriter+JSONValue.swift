// MARK: - Input values

extension JSONWriter {
    /// Appends an input value to `bytes`, numbers written exactly as their literals.
    package mutating func write(_ value: JSONValue) {
        switch value {
        case .null:
            write(MappedValue.null)
        case .bool(let flag):
            write(MappedValue.bool(flag))
        case .number(let number):
            bytes.append(contentsOf: number.literal.utf8)
        case .string(let string):
            writeString(string)
        case .array(let elements):
            writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count) { writer, index in
                writer.write(elements[index])
            }
        case .object(let object):
            let members = object.members
            writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count) { writer, index in
                writer.writeKey(members[index].key)
                writer.write(members[index].value)
            }
        }
    }

    /// Serialises one input value into a new buffer.
    package static func serialize(_ value: JSONValue, style: Style = .compact) -> [UInt8] {
        var writer = JSONWriter(style: style)
        writer.write(value)
        return writer.bytes
    }
}
