// MARK: - Input to output

extension JSONValue {
    /// The value in output form, losing nothing.
    ///
    /// A number whose literal is a plain `Int64` integer becomes `.int`; every
    /// other number becomes `.decimal` with its literal, so `1.50`, `1e400`
    /// and `-0` are written back exactly as they were read.
    public var mappedValue: MappedValue {
        switch self {
        case .null:
            .null
        case .bool(let flag):
            .bool(flag)
        case .number(let number):
            // `-0` is an integer literal but `.int(0)` would write `0`.
            if let integer = number.int64Value, number.literal != "-0" {
                .int(integer)
            } else {
                .decimal(number.literal)
            }
        case .string(let string):
            .string(string)
        case .array(let elements):
            .array(elements.map(\.mappedValue))
        case .object(let object):
            .object(MappedObject(object.members.map { MappedMember(key: $0.key, value: $0.value.mappedValue) }))
        }
    }
}
