#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `MappedValue` property is written as it is: `Rules.encode` takes the
/// value over, typed cases included; any other encoder writes it as JSON,
/// as `jsonBytes()` does (a date as its ISO-8601 text, a URL as its text,
/// a decimal as a `Decimal` when its text is a JSON number, as a string otherwise).
extension MappedValue: Encodable {
    /// Writes the value in JSON's shapes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            var container = encoder.container(keyedBy: JSONPathKey.self)
            for member in object.members {
                try container.encode(member.value, forKey: JSONPathKey(.key(member.key)))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .int(let integer):
            var container = encoder.singleValueContainer()
            try container.encode(integer)
        case .double(let double):
            var container = encoder.singleValueContainer()
            try container.encode(double)
        case .decimal(let literal):
            var container = encoder.singleValueContainer()
            if NumberText.isLiteral(literal), let number = Decimal(string: literal) {
                try container.encode(number)
            } else {
                try container.encode(literal)
            }
        case .string(let text), .url(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .date(let timestamp):
            var container = encoder.singleValueContainer()
            try container.encode(timestamp.iso8601String)
        }
    }
}
