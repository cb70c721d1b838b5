#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapLang

/// `--inline-rejects`: a rejected NDJSON line written in its place in the
/// output as one line of JSON, so every input line gives exactly one output
/// line, which is all an engine that runs a command per partition sees:
///
///     {"$reject":{"file":"part-3.ndjson","line":7,"text":"…","errors":[…]}}
///
/// `text` is the line exactly, without its `\n`; a line that is not UTF-8
/// has `bytes`, the line in base64, instead. Each error is the object
/// `--error-format json` reports it as. A forward-mapped record never has
/// the key `$reject` at its top level (its keys are field names), and a
/// record mapped back that would have it is rejected itself, so the key
/// alone tells records from rejects.
enum InlineReject {
    /// The key that marks a reject.
    static let key = "$reject"

    /// The reject for a line, without its `\n`.
    ///
    /// - Parameters:
    ///   - file: The input, as messages name it.
    ///   - number: The line's number in `file`, from 1.
    ///   - line: The line's bytes.
    ///   - offset: Where the line starts in `file`.
    static func json(file: String, number: Int, line: ArraySlice<UInt8>, offset: Int, reason: RejectReason) -> [UInt8] {
        let text = String(decoding: line, as: UTF8.self)
        let original: MappedMember =
            text.utf8.elementsEqual(line)
            ? MappedMember(key: "text", value: .string(text)) : MappedMember(key: "bytes", value: .string(Base64.encode(line)))
        let reject = MappedObject([
            MappedMember(key: "file", value: .string(file)),
            MappedMember(key: "line", value: .int(Int64(number))),
            original,
            MappedMember(key: "errors", value: .array(errors(reason, file: file, number: number, offset: offset))),
        ])
        return JSONWriter.serialize(.object(MappedObject([MappedMember(key: key, value: .object(reject))])))
    }

    /// The errors of a rejected line, as `--error-format json` gives them.
    private static func errors(_ reason: RejectReason, file: String, number: Int, offset: Int) -> [MappedValue] {
        switch reason {
        case .line(.emptyLine):
            [ErrorReporter.emptyLineObject(input: file, line: number, offset: offset)]
        case .line(.invalidJSON(let error)):
            [DiagnosticJSON.object(for: error, input: file, line: number, offset: offset + error.offset)]
        case .line(.mappingFailed(let errors)):
            errors.map { DiagnosticJSON.object(for: $0, input: file, line: number) }
        case .reservedKey:
            [
                .object(
                    MappedObject([
                        MappedMember(key: "type", value: .string("mapping")),
                        MappedMember(key: "code", value: .string(LineRejection.reservedKeyCode)),
                        MappedMember(key: "input", value: .string(file)),
                        MappedMember(key: "record", value: .int(Int64(number))),
                        MappedMember(key: "path", value: .string("$")),
                        MappedMember(key: "message", value: .string(RejectReason.reservedKeyMessage)),
                    ]))
            ]
        }
    }

    /// `"$reject"` as a compact record spells the key.
    private static let quotedKey = Array("\"\(key)\"".utf8)

    /// Whether a record, as written compactly, has the reserved key at its
    /// top level. The bytes are searched first, for each `$` in them; only a
    /// record that holds the quoted key somewhere (deeper down, or in a
    /// string) is read.
    static func isReserved(_ record: ArraySlice<UInt8>) -> Bool {
        let found = record.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            var from = 1
            while from < bytes.count, let dollar = memchr(base + from, Int32(quotedKey[1]), bytes.count - from) {
                let at = base.distance(to: dollar.assumingMemoryBound(to: UInt8.self)) - 1
                if at + quotedKey.count <= bytes.count, bytes[at..<at + quotedKey.count].elementsEqual(quotedKey) { return true }
                from = at + 2
            }
            return false
        }
        guard found, case .object(let object)? = try? JSONReader.parse(record) else { return false }
        return object[key] != nil
    }
}
