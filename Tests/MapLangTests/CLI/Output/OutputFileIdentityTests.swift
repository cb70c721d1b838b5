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
import MapLangCLI
import Testing

/// An output is never one of the run's inputs, nor the other output, under
/// any spelling of its name: `-o` and `--rejects` are compared with the
/// rules and the input by device and inode (through links, `..` and hard
/// links), so the input is never replaced by the records that passed. Each
/// is a usage error (64) before anything is read or written, and the folder
/// holds exactly what it held.
struct OutputFileIdentityTests {
    typealias F = BadInputFixtures

    /// One way of naming a file the run reads, or both outputs one file.
    struct Case: CustomTestStringConvertible, Sendable {
        let description: String
        /// The options that name the outputs, given the folder.
        let outputs: @Sendable (String) -> [String]
        /// The start of the message after `maplang: error: `.
        let message: String
        var testDescription: String { description }
    }

    static let cases: [Case] = [
        Case(description: "-o is the input", outputs: { ["-o", $0 + "/feed.ndjson"] }, message: "`--output` names the input file"),
        Case(
            description: "-o is the input through sub/..", outputs: { ["-o", $0 + "/sub/../feed.ndjson"] },
            message: "`--output` names the input file"),
        Case(
            description: "-o is the input through a symbolic link", outputs: { ["-o", $0 + "/link.ndjson"] },
            message: "`--output` names the input file"),
        Case(
            description: "-o is a hard link to the input", outputs: { ["-o", $0 + "/hard.ndjson"] },
            message: "`--output` names the input file"),
        Case(
            description: "--rejects is the input through sub/..", outputs: { ["--rejects", $0 + "/sub/../feed.ndjson"] },
            message: "`--rejects` names the input file"),
        Case(
            description: "--rejects is the input through a symbolic link", outputs: { ["--rejects", $0 + "/link.ndjson"] },
            message: "`--rejects` names the input file"),
        Case(
            description: "-o is the rules file", outputs: { ["-o", $0 + "/sub/../orders.map"] },
            message: "`--output` names the rules file"),
        Case(
            description: "-o and --rejects: one new file, two spellings",
            outputs: { ["-o", $0 + "/new.txt", "--rejects", $0 + "/sub/../new.txt"] },
            message: "`--output` and `--rejects` name the same file"),
        Case(
            description: "-o and --rejects: a file and a link to it",
            outputs: { ["-o", $0 + "/out.txt", "--rejects", $0 + "/out-link.txt"] },
            message: "`--output` and `--rejects` name the same file"),
    ]

    /// A folder with the rules, the input, an output, links to both and an empty `sub`.
    static func makeFolder() throws -> String {
        let folder = try OutputFileProcessConsoleTests.makeDirectory()
        try OutputFileProcessConsoleTests.write(F.orders, to: folder + "/orders.map")
        try OutputFileProcessConsoleTests.write(Self.feed, to: folder + "/feed.ndjson")
        try OutputFileProcessConsoleTests.write("OLD\n", to: folder + "/out.txt")
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.ndjson", withDestinationPath: "feed.ndjson")
        try FileManager.default.createSymbolicLink(atPath: folder + "/out-link.txt", withDestinationPath: "out.txt")
        try FileManager.default.linkItem(atPath: folder + "/feed.ndjson", toPath: folder + "/hard.ndjson")
        return folder
    }

    /// One record that maps and one that does not.
    static let feed = #"{"id": 1, "name": "a"}"# + "\n" + #"{"id": 0, "name": "b"}"# + "\n"

    @Test(arguments: cases)
    func anOutputThatIsAnInputIsRefused(_ example: Case) throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try OutputFileProcessConsoleTests.entries(folder)
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(
            ["run", folder + "/orders.map", folder + "/feed.ndjson", "--ndjson"] + example.outputs(folder))
        #expect(status == F.Status.usage)
        #expect(console.error.hasPrefix("maplang: error: " + example.message), "\(console.error)")
        #expect(console.output.isEmpty)
        #expect(try OutputFileProcessConsoleTests.read(folder + "/feed.ndjson") == Self.feed)
        #expect(try OutputFileProcessConsoleTests.read(folder + "/orders.map") == F.orders)
        #expect(try OutputFileProcessConsoleTests.read(folder + "/out.txt") == "OLD\n")
        #expect(try OutputFileProcessConsoleTests.entries(folder) == before)
    }

    /// Outputs of their own, one new and one replaced through a link, are written.
    @Test func outputsOfTheirOwnAreWritten() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(
            ["run", folder + "/orders.map", folder + "/feed.ndjson", "--ndjson", "-o", folder + "/sub/mapped.ndjson",
             "--rejects", folder + "/out-link.txt"])
        #expect(status == F.Status.mappingFailed)
        #expect(try OutputFileProcessConsoleTests.read(folder + "/sub/mapped.ndjson") == #"{"id":1,"name":"a"}"# + "\n")
        #expect(try OutputFileProcessConsoleTests.read(folder + "/out.txt").hasSuffix(#"{"id": 0, "name": "b"}"# + "\n"))
        #expect(try OutputFileProcessConsoleTests.read(folder + "/feed.ndjson") == Self.feed)
    }

    /// The real executable with its standard input redirected from the file `-o` names.
    @Test func standardInputRedirectedFromTheOutputIsRefused() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLIBinary.run(
            ["run", folder + "/orders.map", "-", "--ndjson", "-o", folder + "/link.ndjson"],
            standardInputPath: folder + "/feed.ndjson")
        #expect(result.status == F.Status.usage)
        #expect(result.stderr.hasPrefix("maplang: error: `--output` names the input file"), "\(result.stderr)")
        #expect(try OutputFileProcessConsoleTests.read(folder + "/feed.ndjson") == Self.feed)
    }

    /// Standard output redirected to the file `--rejects` names: the
    /// records written there would be replaced by the rejects.
    @Test func rejectsNamingStandardOutputsFileAreRefused() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try OutputFileProcessConsoleTests.write("kept\n", to: folder + "/out.txt")
        let result = try CLIBinary.run(
            ["run", folder + "/orders.map", folder + "/feed.ndjson", "--ndjson", "--rejects", folder + "/sub/../out.txt"],
            standardOutputPath: folder + "/out.txt")
        #expect(result.status == F.Status.usage)
        #expect(
            result.stderr
                == "maplang: error: `--rejects` names `\(folder)/sub/../out.txt`, the file standard output writes to; the records written there would be replaced\n")
        #expect(try OutputFileProcessConsoleTests.read(folder + "/out.txt") == "kept\n")
    }
}

/// A symbolic link someone else planted in a shared folder such as `/tmp`
/// (sticky and writable by all) is not followed, as Linux's
/// `protected_symlinks` would not: the file it leads to stays as it was.
@Suite(.enabled(if: geteuid() == 0, "needs root to make a link owned by another user"))
struct OutputFilePlantedLinkTests {
    @Test func aLinkSomeoneElsePlantedIsNotFollowed() throws {
        let folder = try OutputFileProcessConsoleTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shared = folder + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        #expect(chmod(shared, 0o1777) == 0)
        try OutputFileProcessConsoleTests.write("precious\n", to: folder + "/precious.json")
        try OutputFileProcessConsoleTests.write("model R {\n  id: Int\n}\n", to: folder + "/r.map")
        try OutputFileProcessConsoleTests.write(#"{"id": 1}"#, to: folder + "/in.json")
        #expect(symlink(folder + "/precious.json", shared + "/out.json") == 0)
        #expect(lchown(shared + "/out.json", 54_321, 54_321) == 0)
        let result = try CLIBinary.run(["run", folder + "/r.map", folder + "/in.json", "-o", shared + "/out.json"])
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "maplang: error: cannot write `\(shared)/out.json`: `\(shared)/out.json` is a symbolic link someone else made in a shared folder, which is not followed\n")
        #expect(try OutputFileProcessConsoleTests.read(folder + "/precious.json") == "precious\n")
        // The same link made by this user is followed.
        #expect(lchown(shared + "/out.json", geteuid(), getegid()) == 0)
        let own = try CLIBinary.run(["run", folder + "/r.map", folder + "/in.json", "-o", shared + "/out.json"])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try OutputFileProcessConsoleTests.read(folder + "/precious.json") == #"{"id":1}"# + "\n")
    }
}
