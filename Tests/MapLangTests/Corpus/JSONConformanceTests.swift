#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLang

/// The JSONTestSuite corpus (nst/JSONTestSuite `test_parsing/`), read in place
/// from `../shared/corpus/jsontestsuite` beside the package.
enum JSONTestSuite {
    /// The corpus folder, beside the package.
    static let directory = TestFiles.packageRoot + "/../shared/corpus/jsontestsuite"

    /// Whether the corpus is there; without it the conformance tests are skipped.
    static let isAvailable = FileManager.default.fileExists(atPath: directory)

    /// The `.json` files whose names start with `prefix`, sorted by name.
    static func files(_ prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .sorted()
    }

    /// A corpus file's bytes.
    static func bytes(of name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
    }
}

/// Checks the reader against every file of JSONTestSuite.
///
/// `y_` files must parse and `n_` files must fail with a location. For the
/// implementation-defined `i_` files MapLang decides as follows, and the test
/// holds it to that:
///
/// | `i_` files | decision |
/// |---|---|
/// | `i_number_*`: huge or tiny exponents, integers beyond 64 bits | accept; the literal is kept exactly |
/// | lone or inverted surrogate escapes (`*surrogate*`, `i_object_key_lone_2nd_surrogate`) | reject: a lone surrogate cannot become text without loss |
/// | `i_string_UTF8_surrogate_U+D800`, `i_string_UTF-8_invalid_sequence`, `*invalid_utf-8`, `*iso_latin_1`, `*lone_utf8_continuation_byte`, `*not_in_unicode_range`, `*overlong_sequence_*`, `*truncated-utf-8` | reject: invalid UTF-8 |
/// | `i_string_UTF-16LE_with_BOM`, `i_string_utf16BE_no_BOM`, `i_string_utf16LE_no_BOM` | reject: UTF-16 is not supported |
/// | `i_structure_500_nested_arrays` | accept: within the default depth limit of 512 |
/// | `i_structure_UTF-8_BOM_empty_object` | accept: one UTF-8 byte order mark is skipped |
@Suite(.enabled(if: JSONTestSuite.isAvailable, "../shared/corpus not found"))
struct JSONConformanceTests {
    /// What the reader must do with an `i_` file.
    enum Decision: Equatable {
        case accept
        case reject(String)
    }

    /// MapLang's decision for an `i_` file, from its name; `nil` when no rule covers it.
    static func decision(for name: String) -> Decision? {
        let utf16 = ["i_string_UTF-16LE_with_BOM.json", "i_string_utf16BE_no_BOM.json", "i_string_utf16LE_no_BOM.json"]
        let invalidUTF8 = [
            "UTF8_surrogate_U+D800", "UTF-8_invalid_sequence", "invalid_utf-8", "iso_latin_1",
            "lone_utf8_continuation_byte", "not_in_unicode_range", "overlong_sequence", "truncated-utf-8",
        ]
        if name.hasPrefix("i_number_") { return .accept }
        if utf16.contains(name) { return .reject("utf16") }
        if invalidUTF8.contains(where: name.contains) { return .reject("utf8") }
        if name.contains("surrogate") { return .reject("surrogate") }
        if name == "i_structure_500_nested_arrays.json" || name == "i_structure_UTF-8_BOM_empty_object.json" {
            return .accept
        }
        return nil
    }

    /// The decision category a syntax error belongs to.
    static func category(of reason: JSONSyntaxError.Reason) -> String {
        switch reason {
        case .utf16NotSupported: "utf16"
        case .invalidUTF8: "utf8"
        case .loneHighSurrogate, .loneLowSurrogate: "surrogate"
        default: "other: \(reason.message)"
        }
    }

    @Test func acceptsEveryYFile() throws {
        let names = try JSONTestSuite.files("y_")
        #expect(names.count == 95)
        var misses: [String] = []
        for name in names {
            do {
                _ = try JSONReader.parse(try JSONTestSuite.bytes(of: name))
            } catch let error as JSONSyntaxError {
                misses.append("\(name): \(error)")
            }
        }
        #expect(misses.isEmpty, "y_ files rejected:\n\(misses.joined(separator: "\n"))")
    }

    @Test func rejectsEveryNFileWithALocation() throws {
        let names = try JSONTestSuite.files("n_")
        #expect(names.count == 188)
        var misses: [String] = []
        for name in names {
            let bytes = try JSONTestSuite.bytes(of: name)
            do {
                let value = try JSONReader.parse(bytes)
                misses.append("\(name): accepted as \(value.preview)")
            } catch {
                if error.line < 1 || error.column < 1 || error.offset > bytes.count {
                    misses.append("\(name): bad location \(error.line):\(error.column) at \(error.offset)")
                }
            }
        }
        #expect(misses.isEmpty, "n_ files mishandled:\n\(misses.joined(separator: "\n"))")
    }

    @Test func followsTheDecisionForEveryIFile() throws {
        let names = try JSONTestSuite.files("i_")
        #expect(names.count == 35)
        var misses: [String] = []
        for name in names {
            guard let decision = Self.decision(for: name) else {
                misses.append("\(name): no decision")
                continue
            }
            let outcome: Decision
            do {
                _ = try JSONReader.parse(try JSONTestSuite.bytes(of: name))
                outcome = .accept
            } catch let error as JSONSyntaxError {
                outcome = .reject(Self.category(of: error.reason))
            }
            if outcome != decision { misses.append("\(name): expected \(decision), got \(outcome)") }
        }
        #expect(misses.isEmpty, "i_ files off their decision:\n\(misses.joined(separator: "\n"))")
    }

    @Test func roundTripsEveryYFile() throws {
        var misses: [String] = []
        for name in try JSONTestSuite.files("y_") {
            let value = try JSONReader.parse(try JSONTestSuite.bytes(of: name))
            for style in [JSONWriter.Style.compact, .pretty] {
                let written = JSONWriter.serialize(value.mappedValue, style: style)
                do {
                    let reread = try JSONReader.parse(written)
                    if reread != value { misses.append("\(name) (\(style)): reads back as \(reread.preview)") }
                } catch {
                    misses.append("\(name) (\(style)): \(error) in \(String(decoding: written, as: UTF8.self))")
                }
            }
            if try JSONReader.parse(JSONWriter.serialize(value)) != value { misses.append("\(name): JSONValue writer") }
        }
        #expect(misses.isEmpty, "y_ files that do not round-trip:\n\(misses.joined(separator: "\n"))")
    }
}
