import Foundation
import MapLangCLI
import Testing

/// Finds and runs the built `maplang` executable as a separate process.
enum CLIBinary {
    /// The executable: beside the test bundle, which is where `swift build`
    /// puts it whatever the scratch path, else in the package's build folders.
    static let path: String? = {
        var candidates: [String] = []
        func directory(of path: String) -> String { (path as NSString).deletingLastPathComponent }
        if let executable = Bundle.main.executablePath { candidates.append(directory(of: executable)) }
        candidates.append(directory(of: Bundle.main.bundlePath))
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(directory(of: bundle.bundlePath))
        }
        if let first = CommandLine.arguments.first, first.contains("/") {
            candidates.append(directory(of: URL(fileURLWithPath: first).standardizedFileURL.path))
        }
        // Then the package's own build folders: `.build` first, other scratch paths newest first.
        let root = TestFiles.packageRoot
        let scratch = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .filter { $0.hasPrefix(".build") }
            .map { "\(root)/\($0)/debug/maplang" }
            .filter { FileManager.default.isExecutableFile(atPath: $0) }
            .sorted { modified($0) > modified($1) }
        candidates += ["\(root)/.build/debug"] + scratch.map(directory(of:))
        return candidates.map { $0 + "/maplang" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    private static func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }

    /// Runs the executable with standard output and error captured in files, so neither can fill up and block;
    /// standard output goes to `standardOutputPath` instead when one is given, and is then not captured;
    /// standard input is `stdin`, or the file `standardInputPath`. With
    /// `shell`, `/bin/sh` runs `arguments[0]` as a script, with the
    /// executable's path as `$0` and the other arguments after it.
    static func run(
        _ arguments: [String], stdin: String = "", in directory: String = TestFiles.packageRoot,
        standardOutputPath: String? = nil, standardInputPath: String? = nil, shell: Bool = false
    ) throws -> CLIOutcome {
        let maplang = try #require(path, "no `maplang` executable beside the tests or under .build*/debug")
        let executable = shell ? "/bin/sh" : maplang
        let arguments = shell ? ["-c", arguments[0], maplang] + arguments.dropFirst() : arguments
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: standardOutputPath.map(URL.init(fileURLWithPath:)) ?? outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = out
        process.standardError = err
        if let standardInputPath {
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: standardInputPath))
        } else {
            process.standardInput = input
        }
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        #expect(process.terminationReason == .exit, "the process was killed by a signal")
        return CLIOutcome(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A fresh empty directory, removed by the caller.
    static func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

/// The real `maplang` process: arguments, streams, files and exit status.
@Suite(.serialized)
struct CLIBinaryTests {
    static let examples = TestFiles.packageRoot + "/examples"

    @Test func binaryIsFound() {
        #expect(CLIBinary.path != nil, "build with `swift build --build-tests` first")
    }

    @Test func runsTheGitHubExample() throws {
        let result = try CLIBinary.run(["run", "examples/github/github.map", "examples/github/input.json", "--pretty"])
        CLIHarness.expect(result, stdout: try TestFiles.text(Self.examples + "/github/expected.json"), status: 0)
    }

    @Test func explainReadsAFileInPlaceAndLeavesTheRunAsItWas() throws {
        let directory = Self.examples + "/errors"
        let plain = try CLIBinary.run(["run", "errors.map", "input.json"], in: directory)
        let explained = try CLIBinary.run(["run", "--explain", "--record", "1", "errors.map", "input.json"], in: directory)
        #expect(explained.stdout == plain.stdout)
        #expect(explained.status == plain.status)
        #expect(explained.stderr.hasPrefix("explain: input.json: record $[1] (line "))
        #expect(explained.stderr.hasSuffix("\n\n" + plain.stderr))
    }

    @Test func theTraceFileMayNotBeTheFileStandardOutputWritesTo() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out.txt"
        #expect(FileManager.default.createFile(atPath: out, contents: Data()))
        let errors = Self.examples + "/errors"
        let result = try CLIBinary.run(
            ["run", "--explain", "--explain-to", out, "errors.map", "input.json"], in: errors, standardOutputPath: out)
        #expect(result.status == 64)
        #expect(result.stderr == "maplang: error: `--explain-to` names `\(out)`, the file standard output writes to; the records written there would be replaced\n")
    }

    @Test func runsTheErrorsExample() throws {
        let directory = Self.examples + "/errors"
        let result = try CLIBinary.run(["run", "errors.map", "input.json"], in: directory)
        CLIHarness.expect(
            result, stdout: try TestFiles.text(directory + "/expected.json"),
            stderr: try TestFiles.text(directory + "/expected.stderr"), status: 1)
    }

    @Test func version() throws {
        let result = try CLIBinary.run(["--version"])
        CLIHarness.expect(result, stdout: "maplang \(CommandLineTool.version)\n", status: 0)
    }

    @Test func noArgumentsPrintsTheOverviewAsAUsageError() throws {
        let result = try CLIBinary.run([])
        CLIHarness.expect(result, stderr: CLIHelpTests.overview, status: 64)
    }

    @Test func unknownOption() throws {
        let result = try CLIBinary.run(["run", "a.map", "b.json", "--prety"])
        CLIHarness.expect(
            result, stderr: "maplang: error: `run` has no option `--prety`\nhelp: did you mean `--pretty`?\n", status: 64)
    }

    @Test func missingInput() throws {
        let result = try CLIBinary.run(["run", "examples/book/book.map"])
        CLIHarness.expect(
            result, stderr: "maplang: error: `run` needs INPUT\nusage: maplang run RULES INPUT [INPUT...] [options]\n", status: 64)
    }

    /// `echo '[1' | maplang run book.map -`
    @Test func invalidJSONOnStandardInput() throws {
        let result = try CLIBinary.run(["run", "examples/book/book.map", "-"], stdin: "[1\n")
        CLIHarness.expect(
            result, stdout: "[]\n",
            stderr: """
                <stdin>: error[type-mismatch]: $[0]: expected an object for `Book`, found 1
                  --> examples/book/book.map:5:7: model `Book`
                <stdin>:2:1: error[json-unexpected-end]: expected `,` or `]` after an array element, found end of input
                  |
                2 | 
                  | ^
                <stdin>: 1 of 1 record failed with 1 error

                """, status: 2)
    }

    @Test func standardInput() throws {
        let result = try CLIBinary.run(
            ["run", "examples/book/book.map", "-"], stdin: #"{"n": "Dune", "p": 412, "ID": 7}"#)
        CLIHarness.expect(result, stdout: #"{"name":"Dune","page":412,"desc":null,"bookID":"7"}"# + "\n", status: 0)
    }

    @Test func unreadableRulesFile() throws {
        let result = try CLIBinary.run(["run", "/nonexistent-maplang/r.map", "in.json"])
        CLIHarness.expect(
            result, stderr: "maplang: error: cannot read `/nonexistent-maplang/r.map`: No such file or directory\n",
            status: 66)
    }

    @Test func unreadableInputFile() throws {
        let result = try CLIBinary.run(["run", "examples/book/book.map", "/nonexistent-maplang/in.json"])
        CLIHarness.expect(
            result, stderr: "maplang: error: cannot read `/nonexistent-maplang/in.json`: No such file or directory\n",
            status: 66)
    }

    @Test func directoryAsRules() throws {
        let result = try CLIBinary.run(["check", "examples"])
        CLIHarness.expect(result, stderr: "maplang: error: cannot read `examples`: it is a directory\n", status: 66)
    }

    @Test func rulesWithErrors() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try TestFiles.write(CLIFixtures.bad, to: directory + "/bad.map")
        let result = try CLIBinary.run(["check", "bad.map", "--color", "never"], in: directory)
        CLIHarness.expect(result, stderr: CLIFixtures.badRendered, status: 65)
    }

    /// Standard error of the test process is not a terminal, so `auto` means no colour.
    @Test func colorAutoIsOffWithoutATerminal() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try TestFiles.write(CLIFixtures.bad, to: directory + "/bad.map")
        let auto = try CLIBinary.run(["check", "bad.map"], in: directory)
        CLIHarness.expect(auto, stderr: CLIFixtures.badRendered, status: 65)
        let always = try CLIBinary.run(["check", "bad.map", "--color=always"], in: directory)
        #expect(always.stderr.contains("\u{1B}["))
        #expect(RendererTestSupport.strippingANSI(always.stderr) == CLIFixtures.badRendered)
    }

    @Test func outputFileIsWrittenWholeAndNothingIsLeftBehind() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try TestFiles.write(CLIFixtures.orders, to: directory + "/orders.map")
        try TestFiles.write(CLIFixtures.mixedOrders, to: directory + "/in.json")
        try TestFiles.write("old", to: directory + "/out.json")
        let result = try CLIBinary.run(["run", "orders.map", "in.json", "-o", "out.json"], in: directory)
        CLIHarness.expect(result, stderr: CLIFixtures.mixedOrdersErrors(input: "in.json"), status: 1)
        #expect(try TestFiles.text(directory + "/out.json") == #"[{"id":1,"name":"a"},{"id":4,"name":"d"}]"# + "\n")
        #expect(try TestFiles.list(directory) == ["in.json", "orders.map", "out.json"])
    }

    @Test func outputFileIsLeftAloneOnInvalidJSON() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try TestFiles.write(CLIFixtures.orders, to: directory + "/orders.map")
        try TestFiles.write(CLIFixtures.brokenOrders, to: directory + "/in.json")
        try TestFiles.write("old", to: directory + "/out.json")
        let result = try CLIBinary.run(["run", "orders.map", "in.json", "--output", "out.json"], in: directory)
        CLIHarness.expect(result, stderr: CLIFixtures.brokenOrdersRendered, status: 2)
        #expect(try TestFiles.text(directory + "/out.json") == "old")
        #expect(try TestFiles.list(directory) == ["in.json", "orders.map", "out.json"])
    }

    @Test func outputFileInAMissingDirectoryIsAnOutputError() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try TestFiles.write(CLIFixtures.orders, to: directory + "/orders.map")
        let result = try CLIBinary.run(
            ["run", "orders.map", "-", "-o", "missing/out.json"], stdin: #"[{"id": 1, "name": "a"}]"#, in: directory)
        CLIHarness.expect(
            result, stderr: "maplang: error: cannot write `missing/out.json`: No such file or directory\n", status: 74)
    }
}

/// Standard output closed early, as by `maplang run … | head -c 10`: the run
/// ends at once with the conventional status for a broken pipe (128 + SIGPIPE,
/// 141 in a shell) and says nothing, whether one thread maps or several.
struct CLIBrokenPipeTests {
    @Test(arguments: [["--ndjson"], ["--ndjson", "--jobs", "2"], []])
    func aClosedPipeEndsTheRunQuietly(_ extra: [String]) throws {
        let executable = try #require(CLIBinary.path, "no `maplang` executable beside the tests or under .build*/debug")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-pipe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "model O {\n  id: Int\n  name: String\n}\n".write(toFile: directory + "/o.map", atomically: true, encoding: .utf8)
        let record = #"{"id": 1, "name": "a record long enough to fill the pipe quickly"}"#
        let input =
            extra.isEmpty
            ? "[" + Array(repeating: record, count: 20_000).joined(separator: ",") + "]"
            : Array(repeating: record, count: 20_000).joined(separator: "\n") + "\n"
        try input.write(toFile: directory + "/in.json", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c", #"set -o pipefail; "$0" run o.map in.json "$@" 2>stderr.txt | head -c 10 >/dev/null; echo $?"#,
            executable,
        ] + extra
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(status == "141\n")
        #expect(try String(contentsOfFile: directory + "/stderr.txt", encoding: .utf8) == "")
    }
}
