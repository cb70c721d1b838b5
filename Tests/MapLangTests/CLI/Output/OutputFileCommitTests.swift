#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import MapLang
@testable import MapLangCLI

/// `-o FILE` (grammar.md section 5.1): the file is replaced only when the
/// run completes (success or mapping failures), never on invalid JSON, and
/// not at all when there is nothing to write (a single failed record).
struct OutputFileCommitTests {
    typealias F = BadInputFixtures

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let arguments: [String]
        let input: String
        /// The committed file, or `nil` when it must not be committed.
        let file: String?
        let status: Int32
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "success", arguments: [], input: #"[{"id": 1, "name": "a"}]"#, file: #"[{"id":1,"name":"a"}]"# + "\n",
            status: F.Status.success),
        Case(
            id: "success, pretty", arguments: ["--pretty"], input: #"{"id": 1, "name": "a"}"#,
            file: "{\n  \"id\": 1,\n  \"name\": \"a\"\n}\n", status: F.Status.success),
        Case(
            id: "some records fail", arguments: [], input: #"[{"id": 1, "name": "a"}, {"id": 0, "name": "b"}]"#,
            file: #"[{"id":1,"name":"a"}]"# + "\n", status: F.Status.mappingFailed),
        Case(
            id: "every record fails", arguments: [], input: #"[{"id": 0, "name": "a"}]"#, file: "[]\n",
            status: F.Status.mappingFailed),
        Case(
            id: "a single record fails", arguments: [], input: #"{"id": 0, "name": "a"}"#, file: nil,
            status: F.Status.mappingFailed),
        Case(
            id: "invalid JSON after a good record", arguments: [], input: #"[{"id": 1, "name": "a"}, {"#, file: nil,
            status: F.Status.invalidJSON),
        Case(
            id: "invalid JSON, pretty", arguments: ["--pretty"], input: #"[{"id": 1, "name": "a"}] x"#, file: nil,
            status: F.Status.invalidJSON),
        Case(
            id: "NDJSON with rejected lines", arguments: ["--ndjson"],
            input: #"{"id": 1, "name": "a"}"# + "\n{\n" + #"{"id": 0, "name": "c"}"# + "\n", file: #"{"id":1,"name":"a"}"# + "\n",
            status: F.Status.mappingFailed),
        Case(id: "NDJSON, empty input", arguments: ["--ndjson"], input: "", file: "", status: F.Status.success),
    ]

    @Test(arguments: cases)
    func committedOnlyWhenTheRunCompletes(_ example: Case) {
        let (result, console) = BadInputHarness.run(
            ["run", "orders.map", "in.json", "-o", "out.json"] + example.arguments,
            files: ["orders.map": F.orders, "in.json": example.input])
        #expect(result.status == example.status, "\(result)")
        #expect(result.stdout == "", "nothing goes to standard output with `-o`")
        if let file = example.file {
            #expect(BadInputHarness.written(console, "out.json") == file)
            #expect(console.abandoned.isEmpty)
        } else {
            #expect(console.written.isEmpty)
            #expect(console.abandoned == ["out.json"], "the file is given up, not left open")
        }
    }

    /// A rules file with errors stops the run before any output is opened.
    @Test func rulesErrorsOpenNoOutput() {
        let (result, console) = BadInputHarness.run(
            ["run", "bad.map", "in.json", "-o", "out.json"], files: ["bad.map": "model A {", "in.json": "[]"])
        #expect(result.status == F.Status.rulesError)
        #expect(console.written.isEmpty)
        #expect(console.abandoned.isEmpty)
    }
}

// MARK: - The process's own console

/// A console whose files are the real ones, through `ProcessConsole`, and
/// whose standard output and standard error are kept in memory to be checked.
final class FileBackedConsole: Console, @unchecked Sendable {
    /// The real console files go through.
    private let files = ProcessConsole()
    /// Everything written to standard output.
    fileprivate(set) var output: [UInt8] = []
    /// Everything written to standard error.
    private(set) var error = ""

    func openInput(_ path: String) throws(ConsoleError) -> any InputSource {
        precondition(path != "-", "tests must not read the process's standard input")
        return try files.openInput(path)
    }

    func openOutput(_ path: String?) throws(ConsoleError) -> any OutputSink {
        guard let path else { return KeptOutput(console: self) }
        return try files.openOutput(path)
    }

    func writeError(_ text: String) { error += text }

    var errorIsTerminal: Bool { false }

    func identity(of path: String) -> FileIdentity? {
        files.identity(of: path)
    }

    func kind(of path: String) -> FileKind? {
        files.kind(of: path)
    }

    func entries(of directory: String) throws(ConsoleError) -> [DirectoryEntry] {
        try files.entries(of: directory)
    }

    func resolvedPath(_ path: String) throws(ConsoleError) -> String {
        try files.resolvedPath(path)
    }

    func isWritable(_ path: String) -> Bool {
        files.isWritable(path)
    }

    func removeFile(_ path: String) throws(ConsoleError) {
        try files.removeFile(path)
    }

    /// Standard output kept in memory.
    private final class KeptOutput: OutputSink {
        let console: FileBackedConsole
        init(console: FileBackedConsole) { self.console = console }
        func write(_ bytes: [UInt8]) throws(ConsoleError) { console.output += bytes }
        func commit() throws(ConsoleError) {}
        func abandon() {}
    }
}

/// Runs against real files in a fresh temporary directory.
struct OutputFileProcessConsoleTests {
    typealias F = BadInputFixtures

    /// A new empty directory, removed by `cleanUp`.
    static func makeDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    static func entries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// The real `ProcessConsole`, as the executable uses it: an existing file
    /// keeps its old contents when the input is invalid JSON and is replaced
    /// when the run succeeds, and no temporary file is left either way.
    @Test func existingFileIsKeptOnInvalidJSONAndReplacedOnSuccess() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rules = directory + "/orders.map"
        let good = directory + "/good.json"
        let bad = directory + "/bad.json"
        let out = directory + "/out.json"
        try Self.write(F.orders, to: rules)
        try Self.write(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#, to: good)
        try Self.write(#"[{"id": 1, "name": "a"}, {"id": 2 "name": "b"}]"#, to: bad)
        try Self.write("OLD CONTENTS\n", to: out)
        let files = ["bad.json", "good.json", "orders.map", "out.json"]

        let failed = CommandLineTool(console: ProcessConsole()).run(["run", rules, bad, "-o", out])
        #expect(failed == F.Status.invalidJSON)
        #expect(try Self.read(out) == "OLD CONTENTS\n")
        #expect(try Self.entries(directory) == files)

        let succeeded = CommandLineTool(console: ProcessConsole()).run(["run", rules, good, "-o", out])
        #expect(succeeded == F.Status.success)
        #expect(try Self.read(out) == #"[{"id":1,"name":"a"},{"id":2,"name":"b"}]"# + "\n")
        #expect(try Self.entries(directory) == files)
    }

    /// The same, checking what is reported, and that mapping failures replace the file too.
    @Test func reportsAndReplacesThroughRealFiles() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rules = directory + "/orders.map"
        let input = directory + "/in.json"
        let out = directory + "/out.json"
        try Self.write(F.orders, to: rules)
        try Self.write("OLD CONTENTS\n", to: out)

        try Self.write(#"{"id": 1, "name": "a"} x"#, to: input)
        let invalid = FileBackedConsole()
        #expect(CommandLineTool(console: invalid).run(["run", rules, input, "-o", out]) == F.Status.invalidJSON)
        #expect(
            invalid.error
                == F.jsonError(
                    input, line: 1, column: 24, code: "json-trailing-content", "unexpected `x` after the end of the JSON value",
                    excerpt: #"{"id": 1, "name": "a"} x"#))
        #expect(invalid.output.isEmpty)
        #expect(try Self.read(out) == "OLD CONTENTS\n")

        try Self.write(#"[{"id": 1, "name": "a"}, {"id": 0, "name": "b"}]"#, to: input)
        let failures = FileBackedConsole()
        #expect(CommandLineTool(console: failures).run(["run", rules, input, "-o", out]) == F.Status.mappingFailed)
        #expect(
            failures.error == """
                \(input): error[out-of-range]: $[1].id: 0 is not in 1...
                  --> \(rules):4:17: rule `range` of field `Order.id`
                \(input): 1 of 2 records failed with 1 error

                """)
        #expect(try Self.read(out) == #"[{"id":1,"name":"a"}]"# + "\n")

        // A single failing record: nothing to write, so the old file stays.
        try Self.write("OLD CONTENTS\n", to: out)
        try Self.write(#"{"id": 0, "name": "b"}"#, to: input)
        #expect(CommandLineTool(console: FileBackedConsole()).run(["run", rules, input, "-o", out]) == F.Status.mappingFailed)
        #expect(try Self.read(out) == "OLD CONTENTS\n")
        #expect(try Self.entries(directory) == ["in.json", "orders.map", "out.json"])
    }

    /// NDJSON is not mapped in place: `-o` naming the input is a usage
    /// error (64) even with a rejects file, since an output never replaces
    /// what the run reads; the input and the rejects file keep their contents.
    @Test func ndjsonInPlaceIsRefused() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rules = directory + "/orders.map"
        let feed = directory + "/feed.ndjson"
        let rejects = directory + "/rejects.txt"
        try Self.write(F.orders, to: rules)
        try Self.write(#"{"id": 1, "name": "a"}"# + "\r\n\n" + #"{"id": 3, "name": "c"}"#, to: feed)
        try Self.write("OLD REJECTS\n", to: rejects)
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(["run", rules, feed, "--ndjson", "-o", feed, "--rejects", rejects])
        #expect(status == F.Status.usage)
        #expect(
            console.error
                == "maplang: error: `--output` names the input file `\(feed)`; it would be overwritten while it is read\n")
        #expect(try Self.read(feed) == #"{"id": 1, "name": "a"}"# + "\r\n\n" + #"{"id": 3, "name": "c"}"#)
        #expect(try Self.read(rejects) == "OLD REJECTS\n")
        #expect(try Self.entries(directory) == ["feed.ndjson", "orders.map", "rejects.txt"])
    }

    /// An output that cannot be written is status 74 ("the output could not
    /// be written"), not 66 ("a file could not be read").
    @Test(arguments: [["-o"], ["--ndjson", "--rejects"]])
    func unwritableOutputIsStatus74(_ option: [String]) throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rules = directory + "/orders.map"
        let input = directory + "/in.json"
        let out = directory + "/no-such-directory/out.json"
        try Self.write(F.orders, to: rules)
        try Self.write(#"{"id": 1, "name": "a"}"#, to: input)
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(["run", rules, input] + option + [out])
        #expect(status == F.Status.outputError)
        #expect(console.error == "maplang: error: cannot write `\(out)`: No such file or directory\n")
        #expect(console.output.isEmpty)
        #expect(try Self.entries(directory) == ["in.json", "orders.map"])
    }
}

// MARK: - Streams that fail

/// A console over a `MemoryConsole` whose input can fail part way and whose
/// standard output can refuse writes, as a closed pipe does.
final class FailingConsole: Console, @unchecked Sendable {
    /// Where everything else goes.
    let memory: MemoryConsole
    /// The input that fails, and how many bytes it gives first.
    let failingInput: (path: String, bytes: [UInt8])?
    /// Whether writing to standard output fails.
    let failingOutput: Bool

    init(memory: MemoryConsole, failingInput: (path: String, bytes: [UInt8])? = nil, failingOutput: Bool = false) {
        self.memory = memory
        self.failingInput = failingInput
        self.failingOutput = failingOutput
    }

    func openInput(_ path: String) throws(ConsoleError) -> any InputSource {
        if let failingInput, failingInput.path == path { return BrokenInput(bytes: failingInput.bytes) }
        return try memory.openInput(path)
    }

    func openOutput(_ path: String?) throws(ConsoleError) -> any OutputSink {
        if path == nil, failingOutput { return ClosedPipe() }
        return try memory.openOutput(path)
    }

    func writeError(_ text: String) { memory.writeError(text) }

    var errorIsTerminal: Bool { false }

    /// Gives its bytes three at a time, then fails.
    private final class BrokenInput: InputSource {
        private var bytes: [UInt8]
        init(bytes: [UInt8]) { self.bytes = bytes }
        func read(upTo limit: Int) throws(ConsoleError) -> [UInt8] {
            guard !bytes.isEmpty else { throw ConsoleError(message: "cannot read `feed`: Input/output error") }
            let chunk = Array(bytes.prefix(min(3, limit)))
            bytes.removeFirst(chunk.count)
            return chunk
        }
    }

    /// Refuses every write.
    private final class ClosedPipe: OutputSink {
        func write(_ bytes: [UInt8]) throws(ConsoleError) {
            throw ConsoleError(message: "cannot write standard output: Broken pipe")
        }
        func commit() throws(ConsoleError) {}
        func abandon() {}
    }
}

struct OutputFileFailingStreamTests {
    typealias F = BadInputFixtures

    /// Input that cannot be read to the end: status 66, and neither `-o`
    /// nor `--rejects` is committed, since the run did not complete.
    @Test(arguments: [false, true])
    func inputFailingPartWay(_ ndjson: Bool) {
        let memory = MemoryConsole(directory: BadInputHarness.nowhere, files: ["orders.map": Array(F.orders.utf8)])
        // Valid so far either way: the read fails before the input does.
        let text = ndjson ? #"{"id": 1, "name": "a"}"# + "\n{\n" : #"[{"id": 1, "name": "a"},"# + "\n{\n"
        let console = FailingConsole(memory: memory, failingInput: ("feed", Array(text.utf8)))
        let options = ndjson ? ["--ndjson", "--rejects", "rejects.txt"] : []
        let status = CommandLineTool(console: console).run(["run", "orders.map", "feed", "-o", "out.json"] + options)
        #expect(status == F.Status.unreadable)
        // The lines read before the failure are summed up after it, as a document's records are.
        #expect(memory.error == "maplang: error: cannot read `feed`: Input/output error\n" + (ndjson ? "feed: 1 of 2 lines rejected, 1 written\n" : ""))
        #expect(memory.written.isEmpty)
        #expect(memory.abandoned == (ndjson ? ["out.json", "rejects.txt"] : ["out.json"]))
    }

    /// Standard output that refuses writes: status 74 ("the output could not
    /// be written"), reported once, whether or not some records failed.
    @Test(arguments: [
        (["run", "orders.map", "in.json"], #"[{"id": 1, "name": "a"}]"#, ""),
        (["run", "orders.map", "in.json", "--ndjson"], #"{"id": 1, "name": "a"}"# + "\n", ""),
        (
            ["run", "orders.map", "in.json"], #"[{"id": 1, "name": "a"}, {"id": 0, "name": "b"}]"#,
            "in.json: error[out-of-range]: $[1].id: 0 is not in 1...\n  --> orders.map:4:17: rule `range` of field `Order.id`\nin.json: 1 of 2 records failed with 1 error\n"
        ),
    ])
    func standardOutputRefusingWrites(_ arguments: [String], _ input: String, _ reported: String) {
        let memory = MemoryConsole(
            directory: BadInputHarness.nowhere, files: ["orders.map": Array(F.orders.utf8), "in.json": Array(input.utf8)])
        let status = CommandLineTool(console: FailingConsole(memory: memory, failingOutput: true)).run(arguments)
        #expect(status == F.Status.outputError)
        #expect(memory.error == reported + "maplang: error: cannot write standard output: Broken pipe\n")
    }
}

extension OutputFileProcessConsoleTests {
    /// `-o` and `--rejects` naming the same file would write both into one
    /// temporary file and rename it over the destination: the mapped lines
    /// and the rejected ones mixed. It is a usage error (64), and the file
    /// keeps its contents. The message is not pinned down here.
    @Test func outputAndRejectsNamingTheSameFile() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rules = directory + "/orders.map"
        let feed = directory + "/feed.ndjson"
        let out = directory + "/out.txt"
        try Self.write(F.orders, to: rules)
        try Self.write(#"{"id": 1, "name": "a"}"# + "\n\n", to: feed)
        try Self.write("OLD\n", to: out)
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(["run", rules, feed, "--ndjson", "-o", out, "--rejects", out])
        #expect(status == F.Status.usage, "\(console.error)")
        #expect(try Self.read(out) == "OLD\n")
        #expect(try Self.entries(directory) == ["feed.ndjson", "orders.map", "out.txt"])
    }

    /// `--rejects` naming the input would truncate the input while it is
    /// read: a usage error (64), and the input keeps its contents.
    @Test func rejectsNamingTheInputFile() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rules = directory + "/orders.map"
        let feed = directory + "/feed.ndjson"
        try Self.write(F.orders, to: rules)
        try Self.write(#"{"id": 1, "name": "a"}"# + "\n{\n", to: feed)
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(["run", rules, feed, "--ndjson", "--rejects", directory + "/./feed.ndjson"])
        #expect(status == F.Status.usage)
        #expect(
            console.error
                == "maplang: error: `--rejects` names the input file `\(directory)/./feed.ndjson` (`\(feed)`); it would be overwritten while it is read\n")
        #expect(try Self.read(feed) == #"{"id": 1, "name": "a"}"# + "\n{\n")
    }
}

extension OutputFileProcessConsoleTests {
    /// `maplang test` reports a name that is not UTF-8 where its search
    /// meets it, and runs the rules files around it.
    @Test func aNameThatIsNotUTF8IsReportedByTheTestSearch() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("root A\nmodel A {\n  a: Int\n}\n", to: directory + "/ok.map")
        let odd = Array((directory + "/odd").utf8) + [0xFF, 0]
        let made = odd.withUnsafeBufferPointer { bytes in bytes.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } }
        guard made == 0 else { return }
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(["test", directory])
        #expect(status == F.Status.unreadable)
        #expect(console.error == "maplang: error: cannot read `\(directory)/odd\\xFF`: its name is not UTF-8, which MapLang cannot open\n")
    }

    /// A folder holding a name that is not UTF-8 is reported, never left out
    /// unsaid, and the inputs around it are mapped. Skipped where the file
    /// system refuses such names (APFS, for one).
    @Test func aNameThatIsNotUTF8IsReportedNotSkipped() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write(F.orders, to: directory + "/orders.map")
        try FileManager.default.createDirectory(atPath: directory + "/in", withIntermediateDirectories: true)
        try Self.write(#"{"id": 1, "name": "a"}"# + "\n", to: directory + "/good.ndjson")
        try Self.write(#"{"id": 2, "name": "b"}"# + "\n", to: directory + "/in/a.ndjson")
        try Self.write(#"{"id": 3, "name": "c"}"# + "\n", to: directory + "/in/c.ndjson")
        let odd = Array((directory + "/in/bad").utf8) + [0xFF, 0x1B, 0]
        let made = odd.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) }
        }
        guard made >= 0 else { return }
        close(made)
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(
            ["run", directory + "/orders.map", directory + "/in", directory + "/good.ndjson", "--ndjson"])
        #expect(status == F.Status.unreadable)
        #expect(
            console.error == "maplang: error: cannot read `\(directory)/in/bad\\xFF\\u001B`: its name is not UTF-8, which MapLang cannot open\n")
        #expect(
            String(decoding: console.output, as: UTF8.self)
                == [#"{"id":2,"name":"b"}"#, #"{"id":3,"name":"c"}"#, #"{"id":1,"name":"a"}"#].map { $0 + "\n" }.joined())
    }

    /// A folder of `tests/` whose name is not UTF-8 is reported as not run,
    /// in its place, and the others run. Skipped where the file system
    /// refuses such names.
    @Test func aTestFolderNamedInAnotherEncodingIsReportedNotDropped() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("root A\nmodel A {\n  a: Int\n}\n", to: directory + "/r.map")
        try FileManager.default.createDirectory(atPath: directory + "/tests/good", withIntermediateDirectories: true)
        try Self.write(#"{"a": 1}"#, to: directory + "/tests/good/input.json")
        try Self.write(#"{"a": 1}"#, to: directory + "/tests/good/expected.json")
        let odd = Array((directory + "/tests/bad").utf8) + [0xFF, 0]
        let made = odd.withUnsafeBufferPointer { bytes in bytes.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } }
        guard made == 0 else { return }
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(["test", directory + "/r.map"])
        #expect(status == F.Status.unreadable)
        #expect(
            String(decoding: console.output, as: UTF8.self)
                == "not run \(directory)/tests/bad\\xFF: its name is not UTF-8, which MapLang cannot open; rename it\n"
                + "pass \(directory)/tests/good\n1 passed, 0 failed, 1 not run\n")
    }
}
