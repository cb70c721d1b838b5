#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLangCLI

/// A document read from a stream (standard input, a pipe) is mapped as it
/// comes, element by element, and gives exactly what the same document read
/// from a file gives: the records, every error with its line and column,
/// the exit status.
struct CLIStreamedInputTests {
    typealias F = BadInputFixtures

    /// Documents of every shape, valid and not, with errors early, late and
    /// on later lines.
    static let documents: [(String, [UInt8])] = [
        ("array", Array(#"[{"id": 1, "name": "a,b]"}, {"id": 0, "name": "x"}, {"id": 2, "name": "\"],"}]"#.utf8)),
        ("byte order mark", Array("\u{FEFF}[{\"id\": 1, \"name\": \"a\"},\n {\"id\": 2, \"name\": \"b\"}]".utf8)),
        ("single record", Array(#"{"id": 1, "name": "a"}"#.utf8)),
        ("empty array", Array("  [ ]  ".utf8)),
        ("error after records", Array("[{\"id\": 1, \"name\": \"a\"},\n {\"id\": 2, \"name\": \"é\"} x]".utf8)),
        ("error at a later element", Array("[{\"id\": 1, \"name\": \"é\"}, \n\n  {\"id\": 2, \"name\": \"b\"}, é]".utf8)),
        ("control character", Array("[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"\u{1}\"}]".utf8)),
        ("content after the array", Array(#"[{"id": 1, "name": "a"}] ["#.utf8)),
        ("bad literal", Array(#"[{"id": 1, "name": "a"}, {"id": tru, "name": "b"}]"#.utf8)),
        ("trailing comma", Array(#"[{"id": 1, "name": "a"},]"#.utf8)),
        ("unterminated", Array(#"[{"id": 1, "name": "a"},"#.utf8)),
        ("unterminated string", Array(#"[{"id": 1, "name": "a"}, "abc"#.utf8)),
        ("too deep", Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)),
        ("NUL first", [0, 0, 0, 0, 0]),
        ("UTF-16", [UInt8(ascii: "["), 0, UInt8(ascii: "1"), 0, UInt8(ascii: ","), 0, UInt8(ascii: "]"), 0]),
        ("invalid UTF-8", Array(#"[{"id": 1, "name": "a"}, {"id": 2, "name": ""#.utf8) + [0xFF] + Array(#""}]"#.utf8)),
        ("whitespace only", Array(" \n ".utf8)),
        ("a stray comma", Array(#"[{"id": 1, "name": "a"},,{"id": 2, "name": "b"}]"#.utf8)),
        ("a comma first", Array(#"[,{"id": 1, "name": "a"}]"#.utf8)),
        ("combining characters before an error", Array("[{\"id\": 1, \"name\": \"e\u{301}🇺🇸\"}, {\"id\": 2, \"name\": \"é\"}, x]".utf8)),
        ("white space after the document", Array(("[{\"id\": 1, \"name\": \"a\"}]" + String(repeating: " ", count: 3000) + "\n").utf8)),
        ("content after white space", Array(("[{\"id\": 1, \"name\": \"a\"}]" + String(repeating: " ", count: 3000) + "truex").utf8)),
        ("a single record then more", Array(#"{"id": 1, "name": "a"} {"#.utf8)),
        ("a long number", Array(("[" + String(repeating: "1", count: 12_000) + "]").utf8)),
        ("white space between elements", Array(("[" + String(repeating: " \n", count: 2000) + "{\"id\": 1, \"name\": \"a\"}," + String(repeating: " \n\t", count: 3000) + "\n  {\"id\": 2, \"name\": \"é\"}, x]").utf8)),
        ("many records", Array(("[" + (1...3000).map { #"{"id": \#($0), "name": "n\#($0),"}"# }.joined(separator: ",\n") + "]").utf8)),
    ]

    struct Outcome: Equatable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The run over a real file, which is mapped in place.
    static func fromFile(_ bytes: [UInt8], _ arguments: [String]) throws -> Outcome {
        let directory = try OutputFileProcessConsoleTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try OutputFileProcessConsoleTests.write(F.orders, to: directory + "/orders.map")
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/in.json"))
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(
            ["run", directory + "/orders.map", directory + "/in.json"] + arguments)
        return Outcome(
            status: status,
            stdout: String(decoding: console.output, as: UTF8.self),
            stderr: console.error.replacingOccurrences(of: directory + "/", with: ""))
    }

    /// The same run reading the document as a stream, `chunkSize` bytes at a time.
    static func fromStream(_ bytes: [UInt8], _ arguments: [String], chunkSize: Int) -> Outcome {
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "in.json"] + arguments, bytes: ["orders.map": Array(F.orders.utf8), "in.json": bytes],
            chunkSize: chunkSize)
        return Outcome(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    @Test(arguments: documents.map(\.0))
    func aStreamMapsAsAFileDoes(name: String) throws {
        let bytes = Self.documents.first { $0.0 == name }!.1
        for arguments in [[], ["--pretty"], ["--jobs", "2"]] {
            let file = try Self.fromFile(bytes, arguments)
            let sizes = bytes.count > 10_000 ? [1 << 12, 1 << 16] : [1, 2, 5, 1 << 16]
            for chunkSize in sizes {
                #expect(Self.fromStream(bytes, arguments, chunkSize: chunkSize) == file, "\(arguments), chunks of \(chunkSize)")
            }
        }
    }

    /// Records in the model's shape mapped back to the source's, from a stream.
    @Test func aStreamMapsInReverseAsAFileDoes() throws {
        let bytes = Array("[{\"id\": 1, \"name\": \"a\"},\n {\"id\": 0, \"name\": \"b\"}, {\"id\": 3, \"name\": \"c\"} ,]".utf8)
        let file = try Self.fromFile(bytes, ["--reverse"])
        #expect(file.status == F.Status.invalidJSON)
        for chunkSize in [1, 3, 1 << 16] {
            #expect(Self.fromStream(bytes, ["--reverse"], chunkSize: chunkSize) == file, "chunks of \(chunkSize)")
        }
    }

    /// A directory holding the rules as `orders.map`, removed by the caller.
    static func rulesDirectory() throws -> String {
        let directory = try CLIBinary.temporaryDirectory()
        try OutputFileProcessConsoleTests.write(F.orders, to: directory + "/orders.map")
        return directory
    }

    /// Bytes that are not JSON end an endless stream at once, at the first of them.
    @Test func anEndlessStreamOfInvalidBytesFailsAtTheFirst() throws {
        let directory = try Self.rulesDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLIBinary.run(["run", "orders.map", "/dev/zero"], in: directory)
        #expect(result.status == F.Status.invalidJSON)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("/dev/zero:1:1: error[json-unexpected-token]: expected a value, found U+0000\n"), "\(result.stderr)")
    }

    /// A record that never ends is read up to the documented limit, then
    /// refused with advice; the output still holds valid JSON.
    @Test func anEndlessRecordStopsAtTheLimit() throws {
        let directory = try Self.rulesDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = #"(printf '[{"id": 1, "name": "a"}, {'; head -c 300000000 /dev/zero | tr '\0' ' ') | "$0" run orders.map -"#
        let result = try CLIBinary.run([script], in: directory, shell: true)
        #expect(result.status == F.Status.unreadable)
        #expect(result.stdout == #"[{"id":1,"name":"a"}]"# + "\n")
        #expect(
            result.stderr == """
                maplang: error: `<stdin>`: a record from line 1 goes on past 256 MiB, the most one record read from a stream may hold
                help: save the input to a file, which is read in place, without this limit

                """)
    }

    /// A compressed file is read as a stream: its record past the limit
    /// gets the advice to decompress it, since it is a file already.
    @Test func aCompressedRecordPastTheLimitIsToldToDecompress() throws {
        let directory = try Self.rulesDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = #"(printf '[{'; head -c 300000000 /dev/zero | tr '\0' ' ') | gzip -1 > in.json.gz && "$0" run orders.map in.json.gz"#
        let result = try CLIBinary.run([script], in: directory, shell: true)
        #expect(result.status == F.Status.unreadable)
        #expect(
            result.stderr == """
                maplang: error: `in.json.gz`: a record from line 1 goes on past 256 MiB, the most one record read from a stream may hold
                help: decompress it to a file (`gzip -dk`), which is read in place, without this limit

                """)
    }

    /// A string that never ends stops at the limit of a string, 64 MiB, as
    /// in a file, not at the larger one of a record.
    @Test func anEndlessStringStopsAtTheLimitOfAString() throws {
        let directory = try Self.rulesDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = #"(printf '[{"id": 1, "name": "a"}, "'; yes x | tr -d '\n') | "$0" run orders.map -"#
        let result = try CLIBinary.run([script], in: directory, shell: true)
        #expect(result.status == F.Status.invalidJSON)
        #expect(result.stdout == #"[{"id":1,"name":"a"}]"# + "\n")
        #expect(result.stderr.hasPrefix("<stdin>:1:26: error[json-string-too-long]: string longer than 67108864 bytes\n"), "\(result.stderr)")
    }

    /// A byte no continuation can make valid ends the stream at once, even
    /// inside a string that has not ended: as a file reports it.
    @Test func anInvalidByteInAnEndlessStringFailsAtOnce() throws {
        let directory = try Self.rulesDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = #"(printf '[{"id": 1, "name": "a"}, "'; cat /dev/zero) | "$0" run orders.map -"#
        let result = try CLIBinary.run([script], in: directory, shell: true)
        #expect(result.status == F.Status.invalidJSON)
        #expect(result.stdout == #"[{"id":1,"name":"a"}]"# + "\n")
        #expect(result.stderr.hasPrefix("<stdin>:1:27: error[json-control-character]: unescaped control character U+0000 in a string\n"), "\(result.stderr)")
    }

    /// White space around and between values, however much, is let go as
    /// it comes: a record followed by 300 MB of spaces maps as from a file.
    @Test func whiteSpaceAfterTheDocumentIsLetGo() throws {
        let directory = try Self.rulesDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = #"(printf '[{"id": 1, "name": "a"}]'; head -c 300000000 /dev/zero | tr '\0' ' ') | "$0" run orders.map -"#
        let result = try CLIBinary.run([script], in: directory, shell: true)
        #expect(result.status == F.Status.success, "\(result.stderr)")
        #expect(result.stdout == #"[{"id":1,"name":"a"}]"# + "\n")
    }

    /// The line named is the one that goes on, counting empty and rejected lines before it.
    @Test func anEndlessLineIsNamedByItsNumber() throws {
        let directory = try Self.rulesDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = #"(printf '{"id": 1, "name": "a"}\n\n{\n'; cat /dev/zero) | "$0" run --ndjson orders.map -"#
        let result = try CLIBinary.run([script], in: directory, shell: true)
        #expect(result.status == F.Status.unreadable)
        #expect(result.stdout == #"{"id":1,"name":"a"}"# + "\n")
        #expect(
            result.stderr.hasSuffix(
                "maplang: error: `<stdin>`: line 4 goes on past 256 MiB without a newline, the most one record read from a stream may hold\n"
                    + "<stdin>: 2 of 3 lines rejected, 1 written\n"),
            "\(result.stderr)")
    }

    /// An NDJSON line that never ends is refused at the same limit.
    @Test func anEndlessLineStopsAtTheLimit() throws {
        let directory = try Self.rulesDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLIBinary.run(["run", "--ndjson", "orders.map", "/dev/zero"], in: directory)
        #expect(result.status == F.Status.unreadable)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "maplang: error: `/dev/zero`: line 1 goes on past 256 MiB without a newline, the most one record read from a stream may hold\n")
    }
}
