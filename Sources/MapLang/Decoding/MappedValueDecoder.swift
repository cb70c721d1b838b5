#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fills a `Decodable` type from a mapped value: the rules have already
/// renamed keys, converted dates, URLs and enums and checked every rule, so
/// the type's property names are simply the model's field names.
///
/// `Date`, `URL`, `Decimal`, `Timestamp` and `MappedValue` properties are
/// read directly from the typed cases; enums with raw values read a case
/// name (or number); a missing key or `null` fills an optional with `nil`.
struct MappedValueDecoder: Decoder {
    /// The value being decoded.
    let value: MappedValue
    /// The keys and indices from the top value to this one.
    let codingPath: [any CodingKey]
    /// Always empty: mapping needs no options.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw DecodingError.mismatch([String: Any].self, "an object", found: value, at: codingPath)
        }
        return KeyedDecodingContainer(MappedKeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw DecodingError.mismatch([Any].self, "an array", found: value, at: codingPath)
        }
        return MappedUnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        MappedSingleValueContainer(value: value, codingPath: codingPath)
    }
}

/// Reads scalars and the typed cases out of mapped values, for all three
/// kinds of container.
///
/// The scalar readers take the coding path as a closure: it is built only
/// for an error, not for every value read.
enum MappedScalars {
    /// Decodes any `Decodable` value, reading the types MapLang has cases for directly.
    static func decode<T: Decodable>(_ type: T.Type, from value: MappedValue, at codingPath: [any CodingKey]) throws -> T {
        if T.self == MappedValue.self, let value = value as? T { return value }
        if T.self == Date.self {
            guard let date = value.dateValue as? T else { throw DecodingError.mismatch(T.self, "a date", found: value, at: codingPath) }
            return date
        }
        if T.self == Timestamp.self {
            guard let timestamp = value.timestampValue as? T else {
                throw DecodingError.mismatch(T.self, "a date", found: value, at: codingPath)
            }
            return timestamp
        }
        if T.self == URL.self {
            guard let url = value.urlValue as? T else { throw DecodingError.mismatch(T.self, "a URL", found: value, at: codingPath) }
            return url
        }
        if T.self == Data.self {
            // `Data` fields hold base64 text, as Codable writes `Data`.
            guard case .string(let text) = value, let bytes = try? Base64.decode(text), let data = Data(bytes) as? T else {
                throw DecodingError.mismatch(T.self, "base64 text", found: value, at: codingPath)
            }
            return data
        }
        if T.self == Decimal.self {
            guard let decimal = value.decimalValue as? T else {
                throw DecodingError.mismatch(T.self, "a number", found: value, at: codingPath)
            }
            return decimal
        }
        return try DecodingError.explainingRawValues(of: T.self, text: value.stringValue) {
            try T(from: MappedValueDecoder(value: value, codingPath: codingPath))
        }
    }

    /// A string, a URL's text, or a date in ISO-8601.
    static func string(_ value: MappedValue, at codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        switch value {
        case .string(let text), .url(let text): return text
        case .date(let timestamp): return timestamp.iso8601String
        case .null, .bool, .int, .double, .decimal, .array, .object:
            throw DecodingError.mismatch(String.self, "a string", found: value, at: codingPath())
        }
    }

    /// A boolean.
    static func bool(_ value: MappedValue, at codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard let flag = value.boolValue else { throw DecodingError.mismatch(Bool.self, "a boolean", found: value, at: codingPath()) }
        return flag
    }

    /// An integer that fits `Integer` exactly.
    static func integer<Integer: FixedWidthInteger>(_ value: MappedValue, at codingPath: @autoclosure () -> [any CodingKey]) throws -> Integer {
        let exact: Integer? =
            switch value {
            case .int(let integer): Integer(exactly: integer)
            case .double(let double): Integer(exactly: double)
            case .decimal(let literal): JSONNumber(literal: literal).int64Value.flatMap { Integer(exactly: $0) }
            case .null, .bool, .string, .date, .url, .array, .object: nil
            }
        guard let exact else {
            throw DecodingError.mismatch(Integer.self, "an integer that fits `\(Integer.self)`", found: value, at: codingPath())
        }
        return exact
    }

    /// Any number, rounded to the nearest `Floating`.
    static func floating<Floating: BinaryFloatingPoint>(_ value: MappedValue, at codingPath: @autoclosure () -> [any CodingKey]) throws -> Floating {
        guard let double = value.doubleValue else {
            throw DecodingError.mismatch(Floating.self, "a number", found: value, at: codingPath())
        }
        return Floating(double)
    }
}

extension DecodingError {
    /// A value of the wrong kind at a coding path.
    static func mismatch(_ type: Any.Type, _ expected: String, found value: MappedValue, at codingPath: [any CodingKey]) -> DecodingError {
        let found = value.isNull ? "null" : value.preview
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(found)"))
    }
}
