import Foundation
import MapLangCLI
import Testing

/// `maplang test` on real files that try to make it hang, read outside the
/// rules file's folder, run out of memory or write where it must not: each
/// is a clear error with its own status, never a crash.
@Suite(.serialized)
struct CLITestHostileTests {
    typealias F = CLITestFixtures

    /// A rules file whose tests read the files named, in a fresh folder
    /// with `r.map` and `other/`; the test "t" is at 9:1.
    static func folder(input: String) throws -> String {
        let folder = try OutputFileProcessConsoleTests.makeDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/other", withIntermediateDirectories: true)
        let rules = "root A\n\nmodel A {\n  a: Int\n}\n\n\n\ntest \"t\" {\n  input file \"\(input)\"\n  output {\"a\": 1}\n}\n"
        try OutputFileProcessConsoleTests.write(rules, to: folder + "/r.map")
        return folder
    }

    /// Runs `maplang test` on `r.map` in the folder, through the process's files.
    static func run(_ folder: String, _ options: [String] = []) -> (status: Int32, console: FileBackedConsole) {
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(["test"] + options + [folder + "/r.map"])
        return (status, console)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        /// The input's name, and how to make it in the folder.
        let input: String
        let make: @Sendable (String) throws -> Void
        /// Why the test cannot run, after `cannot read `FOLDER/INPUT`: `.
        let reason: @Sendable (String) -> String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "a file that is not there", input: "none.json", make: { _ in }, reason: { _ in "No such file or directory" }),
        Case(
            id: "a symbolic link loop", input: "loop.json",
            make: { try FileManager.default.createSymbolicLink(atPath: $0 + "/loop.json", withDestinationPath: "loop.json") },
            reason: { _ in "Too many levels of symbolic links" }),
        Case(
            id: "a link out of the folder", input: "out.json",
            make: { folder in
                try OutputFileProcessConsoleTests.write(#"{"a": 1}"#, to: folder + "-outside.json")
                try FileManager.default.createSymbolicLink(atPath: folder + "/out.json", withDestinationPath: folder + "-outside.json")
            },
            reason: { folder in
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/out.json")) ?? ""
                return "it leads outside the rules file's folder, to `\(URL(fileURLWithPath: target).resolvingSymlinksInPath().path)`"
            }),
        Case(
            id: "a named pipe, which would wait for a writer", input: "in.fifo", make: { #expect(mkfifo($0 + "/in.fifo", 0o600) == 0) },
            reason: { _ in "it is not a regular file" }),
        Case(
            id: "a folder", input: "other", make: { _ in }, reason: { _ in "it is a directory" }),
        Case(
            id: "a file larger than 64 MiB", input: "big.json",
            make: { folder in
                #expect(FileManager.default.createFile(atPath: folder + "/big.json", contents: nil))
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/big.json"))
                try handle.truncate(atOffset: UInt64(64 << 20) + 1)
                try handle.close()
            },
            reason: { _ in "a test file may hold at most 64 MiB" }),
    ]

    @Test(arguments: cases)
    func aTestFileThatCannotBeRead(_ testCase: Case) throws {
        let folder = try Self.folder(input: testCase.input)
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: folder + "-outside.json")
        }
        try testCase.make(folder)
        let (status, console) = Self.run(folder)
        #expect(status == 66)
        #expect(console.error == "")
        #expect(
            String(decoding: console.output, as: UTF8.self)
                == "not run \(folder)/r.map:9:1 \"t\": cannot read `\(folder)/\(testCase.input)`: \(testCase.reason(folder))\n"
                + "0 passed, 0 failed, 1 not run\n")
    }

    /// A folder test's `input.json` that links outside the folder is not read.
    @Test func aFolderTestsLinkOutOfTheFolder() throws {
        let folder = try Self.folder(input: "in.json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try OutputFileProcessConsoleTests.write(#"{"a": 1}"#, to: folder + "/in.json")
        try FileManager.default.createDirectory(atPath: folder + "/tests/t", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/tests/t/input.json", withDestinationPath: "/dev/zero")
        try OutputFileProcessConsoleTests.write("{}", to: folder + "/tests/t/expected.json")
        let (status, console) = Self.run(folder)
        #expect(status == 66)
        #expect(
            String(decoding: console.output, as: UTF8.self)
                == "pass \(folder)/r.map:9:1 \"t\"\nnot run \(folder)/tests/t: cannot read `\(folder)/tests/t/input.json`: "
                + "it is not a regular file\n1 passed, 0 failed, 1 not run\n")
    }

    /// `--update` leaves a read-only rules file as it is, and says so: status 74.
    @Test func updateOnAReadOnlyRulesFile() throws {
        let folder = try Self.folder(input: "in.json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try OutputFileProcessConsoleTests.write(#"{"a": 2}"#, to: folder + "/in.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/r.map"))
        #expect(chmod(folder + "/r.map", 0o444) == 0)
        let (status, console) = Self.run(folder, ["--update"])
        #expect(status == 74)
        #expect(console.error == "maplang: error: cannot update `\(folder)/r.map`: it is read-only\n")
        #expect(String(decoding: console.output, as: UTF8.self).hasSuffix("0 passed, 1 failed\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/r.map")) == before)
        #expect(try OutputFileProcessConsoleTests.entries(folder) == ["in.json", "other", "r.map"], "no temporary file is left")
    }

    /// `--update` writes the rules file beside itself and renames it over,
    /// keeping its permissions; nothing else is left in the folder.
    @Test func updateReplacesTheRulesFile() throws {
        let folder = try Self.folder(input: "in.json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try OutputFileProcessConsoleTests.write(#"{"a": 2}"#, to: folder + "/in.json")
        #expect(chmod(folder + "/r.map", 0o640) == 0)
        let (status, console) = Self.run(folder, ["--update"])
        #expect(status == 0, "\(console.error)")
        let rules = try String(contentsOfFile: folder + "/r.map", encoding: .utf8)
        #expect(rules.hasSuffix("test \"t\" {\n  input file \"in.json\"\n  output {\"a\": 2}\n}\n"))
        let mode = (try FileManager.default.attributesOfItem(atPath: folder + "/r.map"))[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try OutputFileProcessConsoleTests.entries(folder) == ["in.json", "other", "r.map"])
    }

    /// JSON nested past the limit in a test is a syntax error of the rules,
    /// and a rules file past 16 MiB is not read.
    @Test func hugeAndDeepInlineJSON() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let (nested, _) = CLIHarness.run(["test", "r.map"], files: ["r.map": F.passing + "test \"deep\" { input \(deep) output 1 }\n"])
        #expect(nested.status == 65)
        #expect(nested.stderr.contains("error[nesting-too-deep]: value nested more than 64 levels deep"))
        let big = F.passing + "test \"big\" { input \"" + String(repeating: "x", count: 16 << 20) + "\" output 1 }\n"
        let (large, _) = CLIHarness.run(["test", "r.map"], files: ["r.map": big])
        CLIHarness.expect(
            large, stdout: "0 passed, 0 failed\n",
            stderr: "maplang: error: cannot read `r.map`: a rules file may hold at most 16 MiB\n", status: 66)
    }
}
