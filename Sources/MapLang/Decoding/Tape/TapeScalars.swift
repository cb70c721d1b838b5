#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads scalars and the types MapLang gives meaning to out of a tape, for
/// all three kinds of container, as `MappedScalars` reads them out of
/// mapped values.
enum TapeScalars {
    /// Decodes any `Decodable` value, reading the types MapLang has cases for directly.
    ///
    /// Each forced cast follows the check that `T` is that very type, so it
    /// cannot fail; a conditional cast would make an unspecialized call ask
    /// the runtime for `Optional<T>` on every value.
    static func decode<T: Decodable>(_ type: T.Type, _ tape: RecordTape, _ index: Int, at path: @autoclosure () -> CodingPathChain) throws -> T {
        if T.self == Date.self { return try timestamp(tape, index, T.self, at: path()).date as! T }
        if T.self == Timestamp.self { return try timestamp(tape, index, T.self, at: path()) as! T }
        if T.self == URL.self {
            guard let url = text(tape, index).flatMap({ URL(string: $0) }) else { throw mismatch(T.self, "a URL", tape, index, at: path()) }
            return url as! T
        }
        if T.self == Data.self {
            // `Data` fields hold base64 text, as Codable writes `Data`.
            guard let text = text(tape, index), let bytes = try? Base64.decode(text) else {
                throw mismatch(T.self, "base64 text", tape, index, at: path())
            }
            return Data(bytes) as! T
        }
        if T.self == Decimal.self {
            guard tape[index].kind == .number, let decimal = Decimal(string: literal(tape, index)) else {
                throw mismatch(T.self, "a number", tape, index, at: path())
            }
            return decimal as! T
        }
        if T.self == MappedValue.self { return value(tape, index) as! T }
        return try DecodingError.explainingRawValues(of: T.self, text: text(tape, index)) {
            try T(from: TapeDecoder(tape: tape, index: index, path: path()))
        }
    }

    /// A string's text, or `nil` for any other value.
    static func text(_ tape: RecordTape, _ index: Int) -> String? {
        let entry = tape[index]
        switch entry.kind {
        case .string:
            return tape.bytes.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)]), as: UTF8.self)
            }
        case .escapedString:
            return tape.bytes.withUnsafeBufferPointer {
                var scanner = JSONScanner(bytes: $0, options: JSONReaderOptions(maxStringBytes: .max))
                scanner.position = Int(entry.start) - 1
                return try? scanner.readString()
            }
        case .object, .array, .number, .true, .false, .null:
            return nil
        }
    }

    /// A string, as `MappedScalars.string` reads one.
    static func string(_ tape: RecordTape, _ index: Int, at path: @autoclosure () -> CodingPathChain) throws -> String {
        guard let text = text(tape, index) else { throw mismatch(String.self, "a string", tape, index, at: path()) }
        return text
    }

    /// A boolean.
    static func bool(_ tape: RecordTape, _ index: Int, at path: @autoclosure () -> CodingPathChain) throws -> Bool {
        switch tape[index].kind {
        case .true: return true
        case .false: return false
        case .object, .array, .string, .escapedString, .number, .null:
            throw mismatch(Bool.self, "a boolean", tape, index, at: path())
        }
    }

    /// An integer that fits `Integer` exactly: a plain integer literal read
    /// digit by digit, any other number through its value.
    @inline(__always)
    static func integer<Integer: FixedWidthInteger>(_ tape: RecordTape, _ index: Int, at path: @autoclosure () -> CodingPathChain) throws -> Integer {
        if let integer = int64(tape, index), let exact = Integer(exactly: integer) { return exact }
        // Past `Int64`: an unsigned integer's plain digits, exactly.
        if tape[index].kind == .number, let exact = Integer(literal(tape, index)) { return exact }
        throw mismatch(Integer.self, "an integer that fits `\(Integer.self)`", tape, index, at: path())
    }

    /// A number that is exactly a whole `Int64`, whatever its spelling
    /// (`3`, `3.0`, `3e0`): a plain integer literal read digit by digit, any
    /// other through its digits and exponent, never through `Double`.
    private static func int64(_ tape: RecordTape, _ index: Int) -> Int64? {
        let entry = tape[index]
        guard entry.kind == .number else { return nil }
        return tape.bytes.withUnsafeBufferPointer { plainInteger(UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)])) }
            ?? JSONNumber(literal: literal(tape, index)).integralInt64Value
    }

    /// Any number, rounded to the nearest `Floating`.
    static func floating<Floating: BinaryFloatingPoint>(_ tape: RecordTape, _ index: Int, at path: @autoclosure () -> CodingPathChain) throws -> Floating {
        let entry = tape[index]
        guard entry.kind == .number else { throw mismatch(Floating.self, "a number", tape, index, at: path()) }
        // `-0` is read through its literal, which keeps the sign.
        if let integer = tape.bytes.withUnsafeBufferPointer({ plainInteger(UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)])) }),
            abs(integer) < 1 << 53, integer != 0
        {
            return Floating(integer)
        }
        return Floating(JSONNumber(literal: literal(tape, index)).doubleValue)
    }

    /// The value of `-?[0-9]+` of at most 18 digits, which always fits; `nil` for any other literal.
    private static func plainInteger(_ digits: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = digits.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < digits.count, digits.count - index <= 18 else { return nil }
        var value: Int64 = 0
        while index < digits.count {
            let digit = digits[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// A number's literal.
    private static func literal(_ tape: RecordTape, _ index: Int) -> String {
        let entry = tape[index]
        return tape.bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)]), as: UTF8.self)
        }
    }

    /// An ISO-8601 string's instant, as a date field is written.
    private static func timestamp(_ tape: RecordTape, _ index: Int, _ type: Any.Type, at path: @autoclosure () -> CodingPathChain) throws -> Timestamp {
        let entry = tape[index]
        let timestamp =
            entry.kind == .string
            ? tape.bytes.withUnsafeBufferPointer {
                try? ISO8601DateParser.parse(utf8: UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)]))
            } : text(tape, index).flatMap { try? ISO8601DateParser.parse($0) }
        guard let timestamp else { throw mismatch(type, "a date", tape, index, at: path()) }
        return timestamp
    }

    /// The value as a `JSON` field holds it: read from its text as input is.
    static func value(_ tape: RecordTape, _ index: Int) -> MappedValue {
        let entry = tape[index]
        let start = entry.kind == .string || entry.kind == .escapedString ? Int(entry.start) - 1 : Int(entry.start)
        return tape.bytes.withUnsafeBufferPointer {
            var scanner = JSONScanner(bytes: $0, options: JSONReaderOptions(maxDepth: .max, maxStringBytes: .max, maxNumberLength: .max))
            scanner.position = start
            return (try? scanner.readValue(depth: 0, expected: .value))?.mappedValue ?? .null
        }
    }

    /// A value of the wrong kind, described as `MappedScalars` describes one.
    static func mismatch(_ type: Any.Type, _ expected: String, _ tape: RecordTape, _ index: Int, at path: CodingPathChain) -> DecodingError {
        DecodingError.mismatch(type, expected, found: value(tape, index), at: path.keys)
    }
}
