#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

/// Every command reports a standard output it could not write and exits
/// with status 74, rather than losing its output with status 0: the real
/// executable, its standard output `/dev/full`, where every write fails
/// with "No space left on device".
@Suite(.serialized, .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "this system has no /dev/full"))
struct CLIOutputFailureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        var stdin = ""
        var testDescription: String { "maplang " + arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["--help"]),
        Case(arguments: ["--version"]),
        Case(arguments: ["help"]),
        Case(arguments: ["help", "run"]),
        Case(arguments: ["run", "--help"]),
        Case(arguments: ["completions", "bash"]),
        Case(arguments: ["manpage"]),
        Case(arguments: ["check", "--ast", "examples/book/book.map"]),
        Case(arguments: ["fmt", "examples/book/book.map"]),
        Case(arguments: ["run", "examples/github/github.map", "examples/github/input.json"]),
        Case(arguments: ["repl"], stdin: ":help\n"),
        Case(arguments: ["repl", "examples/book/book.map"]),
    ]

    @Test(arguments: cases)
    func aFailedWriteIsAnOutputError(_ example: Case) throws {
        let result = try CLIBinary.run(example.arguments, stdin: example.stdin, standardOutputPath: "/dev/full")
        #expect(result.status == 74)
        #expect(result.stderr.contains("cannot write standard output: No space left on device"), "\(result.stderr)")
    }
}

/// A rules file is read 16 MiB at most, so an endless stream is an error
/// (66, saying so) rather than a read that runs until memory does.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero"), "this system has no /dev/zero"))
struct RulesFileSizeTests {
    @Test(arguments: [["check", "/dev/zero"], ["fmt", "/dev/zero"], ["run", "/dev/zero", "examples/github/input.json"]])
    func anEndlessRulesFileIsRefused(_ arguments: [String]) throws {
        let result = try CLIBinary.run(arguments)
        #expect(result.status == 66)
        #expect(result.stderr == "maplang: error: cannot read `/dev/zero`: a rules file may hold at most 16 MiB\n")
    }

    @Test func theReplSaysSoAndGoesOn() throws {
        let result = try CLIBinary.run(["repl"], stdin: ":load /dev/zero\n")
        #expect(result.stderr.contains("cannot read `/dev/zero`: a rules file may hold at most 16 MiB"), "\(result.stderr)")
        #expect(result.status == 0)
    }
}
