// MARK: - Input to output

extension JSONValue {
    /// The value in output form, losing nothing.
    ///
    /// A number whose literal is a plain `Int64` integer becomes `.int`; every
    /// other number becomes `.decimal` with its literal, so `1.50`, `1e400`
    /// and `-0` are written back exactly as they were read.
    package var mappedValue: MappedValue {
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

// MARK: - Output read back

extension JSONValue {
    /// The JSON a mapped value is written as, as a reader would read it
    /// back; `nil` when it cannot be written as it is: a number that is not
    /// finite, or decimal text that is no JSON number.
    init?(exactly value: MappedValue) {
        switch value {
        case .null:
            self = .null
        case .bool(let flag):
            self = .bool(flag)
        case .int(let integer):
            self = .number(JSONNumber(integer))
        case .double(let double):
            guard double.isFinite else { return nil }
            self = .number(JSONNumber(literal: NumberText.json(double)))
        case .decimal(let literal):
            guard let number = JSONNumber(literal) else { return nil }
            self = .number(number)
        case .string(let text), .url(let text):
            self = .string(text)
        case .date(let timestamp):
            self = .string(timestamp.iso8601String)
        case .array(let elements):
            var read: [JSONValue] = []
            read.reserveCapacity(elements.count)
            for element in elements {
                guard let value = JSONValue(exactly: element) else { return nil }
                read.append(value)
            }
            self = .array(read)
        case .object(let object):
            var members: [JSONMember] = []
            members.reserveCapacity(object.members.count)
            for member in object.members {
                guard let value = JSONValue(exactly: member.value) else { return nil }
                members.append(JSONMember(key: member.key, value: value))
            }
            self = .object(JSONObject(members))
        }
    }
}
