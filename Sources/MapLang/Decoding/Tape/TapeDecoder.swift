#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fills a `Decodable` type from the JSON of a mapped record, read through
/// its `RecordTape`: the direct path writes the record's JSON, and this
/// decoder reads it back with no tree in between.
///
/// It reads what `MappedValueDecoder` reads from a mapped value, the same
/// way: a date field is an ISO-8601 string in the JSON, so a `Date` or
/// `Timestamp` property reads such a string; a `URL` property a string
/// that parses as one; `Data` base64 text; `Decimal` a number's exact
/// digits; a `MappedValue` property the JSON as a `JSON` field holds it.
struct TapeDecoder: Decoder {
    /// The record.
    let tape: RecordTape
    /// The index of the value being decoded.
    let index: Int
    /// The keys and indices from the top value to this one.
    let path: CodingPathChain
    /// Always empty: mapping needs no options.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var codingPath: [any CodingKey] { path.keys }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape[index].kind == .object else {
            throw TapeScalars.mismatch([String: Any].self, "an object", tape, index, at: path)
        }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(tape: tape, object: index, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape[index].kind == .array else {
            throw TapeScalars.mismatch([Any].self, "an array", tape, index, at: path)
        }
        return TapeUnkeyedContainer(tape: tape, array: index, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValueContainer(tape: tape, index: index, path: path)
    }
}
