import Foundation
import MapLangCLI
import Testing

/// `maplang test --update` never writes over the run's rules files or
/// inputs, under any spelling, nor writes a rules file `check` would refuse
/// or JSON MapLang could not read back: every change is checked before any
/// is made, and when one is refused none is made (status 74).
@Suite(.serialized)
struct CLITestUpdateSafetyTests {
    typealias Files = OutputFileProcessConsoleTests

    /// A fresh folder holding `r.map` with `rules` and the files given.
    static func folder(rules: String, files: [String: String] = [:]) throws -> String {
        let folder = try Files.makeDirectory()
        try Files.write(rules, to: folder + "/r.map")
        for (name, text) in files {
            try FileManager.default.createDirectory(
                atPath: (folder + "/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Files.write(text, to: folder + "/" + name)
        }
        return folder
    }

    /// Runs `maplang test --update` on the folder's `r.map`.
    static func update(_ folder: String, more: [String] = []) -> (status: Int32, console: FileBackedConsole) {
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(["test", "--update", folder + "/r.map"] + more)
        return (status, console)
    }

    /// The bytes of every file under the folder, by path, links as links.
    static func snapshot(_ folder: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            let full = folder + "/" + path
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
                files[path] = "-> " + target
            } else if let data = FileManager.default.contents(atPath: full) {
                files[path] = String(decoding: data, as: UTF8.self)
            }
        }
        return files
    }

    /// Rules whose output differs from their input, so a test expecting its own input fails.
    /// Runs `--update` where a change must be refused: status 74 and every
    /// file as it was; gives what standard error says.
    static func refusedUpdate(_ folder: String, more: [String] = []) throws -> (error: String, output: String) {
        let before = try snapshot(folder)
        let (status, console) = update(folder, more: more)
        #expect(status == 74)
        #expect(try snapshot(folder) == before, "no file changed and none was left behind")
        return (console.error, String(decoding: console.output, as: UTF8.self))
    }

    static let rules = "root A\n\nmodel A {\n  b: Int from a\n}\n"

    /// A test block reading `input` and expecting the file `output`.
    static func block(input: String, output: String) -> String {
        "\ntest \"t\" {\n  input file \"\(input)\"\n  output file \"\(output)\"\n}\n"
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let rules: String
        let files: [String: String]
        /// Links to make: the link's name and where it leads.
        let links: [(String, String)]
        /// The file `--update` would have written, as the message names it, and what it is.
        let refused: String
        let what: String
        /// Whether another change was planned, which the refusal stops too.
        var stopsAnother = false
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "the rules file named as a test's output", rules: rules + block(input: "in.json", output: "r.map"),
            files: ["in.json": #"{"a": 2}"#], links: [], refused: "r.map", what: "the rules file `FOLDER/r.map`"),
        Case(
            id: "the rules file through another spelling", rules: rules + block(input: "in.json", output: "./r.map"),
            files: ["in.json": #"{"a": 2}"#], links: [], refused: "./r.map", what: "the rules file `FOLDER/r.map`"),
        Case(
            id: "the test's input as its output", rules: rules + block(input: "in.json", output: "in.json"),
            files: ["in.json": #"{"a": 2}"#], links: [], refused: "in.json", what: "the test input `FOLDER/in.json`"),
        Case(
            id: "an output that is a link to the input", rules: rules + block(input: "in.json", output: "out.json"),
            files: ["in.json": #"{"a": 2}"#], links: [("out.json", "in.json")], refused: "out.json",
            what: "the test input `FOLDER/in.json`"),
        Case(
            id: "another test's input as an output",
            rules: rules + block(input: "in.json", output: "other.json")
                + "\ntest \"u\" {\n  input file \"other.json\"\n  output {\"a\": 3}\n}\n",
            files: ["in.json": #"{"a": 2}"#, "other.json": #"{"a": 3}"#], links: [], refused: "other.json",
            what: "the test input `FOLDER/other.json`", stopsAnother: true),
        Case(
            id: "a folder test whose expected.json links to its input", rules: rules,
            files: ["tests/t/input.json": #"{"a": 2}"#], links: [("tests/t/expected.json", "input.json")],
            refused: "tests/t/expected.json", what: "the test input `FOLDER/tests/t/input.json`"),
    ]

    @Test(arguments: cases)
    func refusesToWriteOverTheRun(_ testCase: Case) throws {
        let folder = try Self.folder(rules: testCase.rules, files: testCase.files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (link, target) in testCase.links {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + link, withDestinationPath: target)
        }
        let error = try Self.refusedUpdate(folder).error
        let what = testCase.what.replacingOccurrences(of: "FOLDER", with: folder)
        #expect(
            error
                == "maplang: error: cannot update `\(folder)/\(testCase.refused)`: it is \(what), which `--update` never writes\n"
                + (testCase.stopsAnother
                    ? "maplang: error: no other expectation was updated either: none is while one is refused\n" : ""))
    }

    /// One refused change stops every other: the test that could be
    /// updated is not, in this rules file or in another of the run.
    @Test func oneRefusalStopsEveryChange() throws {
        let folder = try Self.folder(
            rules: Self.rules + Self.block(input: "in.json", output: "in.json")
                + "\ntest \"inline\" {\n  input {\"a\": 5}\n  output {\"a\": 6}\n}\n",
            files: ["in.json": #"{"a": 2}"#, "second/s.map": Self.rules + "\ntest \"s\" {\n  input {\"a\": 1}\n  output {\"a\": 2}\n}\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (error, output) = try Self.refusedUpdate(folder, more: [folder + "/second/s.map"])
        #expect(error.hasPrefix("maplang: error: cannot update `\(folder)/in.json`: it is the test input"))
        #expect(output.hasSuffix("0 passed, 3 failed\n"))
    }

    /// An expectation nested deeper than a rules file may hold is not written
    /// into the rules file, which every command would then refuse.
    @Test func neverWritesARulesFileCheckRefuses() throws {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let folder = try Self.folder(
            rules: "root A\n\nmodel A {\n  a: JSON\n}\n\ntest \"t\" {\n  input file \"in.json\"\n  output {\"a\": 1}\n}\n",
            files: ["in.json": #"{"a": \#(deep)}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = try Self.refusedUpdate(folder).error
        #expect(
            error.hasPrefix(
                "maplang: error: cannot update `\(folder)/r.map`: with the new expectations it would not pass `maplang check` ("))
        #expect(error.contains("[nesting-too-deep]"), "\(error)")
    }

    /// Without a refusal the expectations are written as before.
    @Test func updatesWhenNothingIsRefused() throws {
        let folder = try Self.folder(
            rules: Self.rules + Self.block(input: "in.json", output: "out.json"), files: ["in.json": #"{"a": 2}"#, "out.json": "{}"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (status, console) = Self.update(folder)
        #expect(status == 0)
        #expect(console.error == "")
        #expect(try Files.read(folder + "/out.json") == "{\n  \"b\": 2\n}\n")
        #expect(try Files.read(folder + "/in.json") == #"{"a": 2}"#)
    }

    /// Two tests whose expectations are one file: neither is written, since
    /// the second would undo the first.
    @Test func twoTestsWritingOneFileAreRefused() throws {
        let folder = try Self.folder(
            rules: Self.rules + Self.block(input: "in.json", output: "out.json")
                + "\ntest \"u\" {\n  input file \"in2.json\"\n  output file \"./out.json\"\n}\n",
            files: ["in.json": #"{"a": 2}"#, "in2.json": #"{"a": 3}"#, "out.json": "{}"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            try Self.refusedUpdate(folder).error.hasPrefix(
                "maplang: error: cannot update `\(folder)/./out.json`: `\(folder)/out.json` is updated too, and it is the same file\n"))
    }

    /// An expectation that is a folder, or a named pipe that would block,
    /// is refused before anything is written; the folder test's other
    /// expectation is not removed.
    @Test func anExpectationThatIsNoRegularFileIsRefused() throws {
        let folder = try Self.folder(
            rules: Self.rules + "\ntest \"inline\" {\n  input {\"a\": 5}\n  output {\"a\": 6}\n}\n",
            files: ["tests/t/input.json": #"{"a": 2}"#, "tests/t/expected.errors": "missing-key $.a\n", "tests/t/expected.json/keep": ""])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            try Self.refusedUpdate(folder).error.hasPrefix(
                "maplang: error: cannot update `\(folder)/tests/t/expected.json`: it is a directory\n"))
        try FileManager.default.removeItem(atPath: folder + "/tests/t/expected.json")
        #expect(mkfifo(folder + "/tests/t/expected.json", 0o600) == 0)
        let (fifoStatus, fifoConsole) = Self.update(folder)
        #expect(fifoStatus == 74)
        #expect(fifoConsole.error.hasPrefix("maplang: error: cannot update `\(folder)/tests/t/expected.json`: it is not a regular file\n"))
    }

    /// A rules file named twice, by two spellings, runs once, and its
    /// expectations are updated.
    @Test func aRulesFileNamedTwiceRunsOnce() throws {
        let folder = try Self.folder(rules: Self.rules + "\ntest \"inline\" {\n  input {\"a\": 5}\n  output {\"a\": 6}\n}\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (status, console) = Self.update(folder, more: [folder + "/./r.map"])
        #expect(status == 0, "\(console.error)")
        #expect(String(decoding: console.output, as: UTF8.self).hasSuffix("0 passed, 0 failed, 1 updated\n"))
        #expect(try Files.read(folder + "/r.map").contains("output {\"b\": 5}"))
    }

    /// A folder test's expectation that is a link to nothing would make a
    /// file where the link leads, outside the tests: refused, nothing made.
    @Test func anExpectationLinkedToNothingIsRefused() throws {
        let folder = try Self.folder(rules: Self.rules, files: ["tests/t/input.json": #"{"a": 1}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outside = folder + "-elsewhere.json"
        try FileManager.default.createSymbolicLink(atPath: folder + "/tests/t/expected.json", withDestinationPath: outside)
        let (error, _) = try Self.refusedUpdate(folder)
        #expect(error.contains("cannot update `\(folder)/tests/t/expected.json`: it is a symbolic link that leads to no file"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: outside))
    }
}
