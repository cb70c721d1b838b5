import Foundation
import MapLangCLI
import Testing

/// Every command that writes a file the user names refuses one the user
/// may not write, through the one way outputs are written: status 74, the
/// file as it was.
@Suite(.serialized)
struct ReadOnlyOutputTests {
    typealias Files = OutputFileProcessConsoleTests

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        /// The arguments, with `OUT` for the read-only file and `DIR` for the folder.
        let arguments: [String]
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "run -o", arguments: ["run", "DIR/r.map", "DIR/in.json", "-o", "OUT"]),
        Case(id: "run --rejects", arguments: ["run", "DIR/r.map", "DIR/in.json", "--ndjson", "--rejects", "OUT"]),
        Case(id: "fmt -w", arguments: ["fmt", "-w", "OUT"]),
        Case(id: "gen swift -o", arguments: ["gen", "swift", "DIR/r.map", "-o", "OUT"]),
        Case(id: "schema -o", arguments: ["schema", "DIR/r.map", "-o", "OUT"]),
        Case(id: "infer -o", arguments: ["infer", "DIR/in.json", "-o", "OUT"]),
    ]

    @Test(arguments: cases)
    func refusesAReadOnlyFile(_ testCase: Case) throws {
        let folder = try Files.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rules = "root A\n\nmodel A {\n  a: Int\n}\n"
        try Files.write(rules, to: folder + "/r.map")
        try Files.write(#"{"a": 1}"# + "\n", to: folder + "/in.json")
        // `fmt -w` rewrites its rules file: a read-only one, laid out otherwise.
        let out = testCase.id == "fmt -w" ? folder + "/kept.map" : folder + "/kept.json"
        let kept = testCase.id == "fmt -w" ? "root A\nmodel A { a: Int }\n" : "kept\n"
        try Files.write(kept, to: out)
        #expect(chmod(out, 0o444) == 0)
        let console = FileBackedConsole()
        let arguments = testCase.arguments.map { $0.replacingOccurrences(of: "OUT", with: out).replacingOccurrences(of: "DIR", with: folder) }
        let status = CommandLineTool(console: console).run(arguments)
        #expect(status == 74)
        #expect(console.error.contains("cannot write `\(out)`: it is read-only"), "\(console.error)")
        #expect(try Files.read(out) == kept)
        #expect(try Files.entries(folder) == ["in.json", out.hasSuffix(".map") ? "kept.map" : "kept.json", "r.map"].sorted())
        var info = stat()
        #expect(stat(out, &info) == 0 && info.st_mode & 0o777 == 0o444)
    }

    /// A file the user may write but another user owns, replaced by the
    /// superuser, keeps its owner, group and mode. Skipped unless the tests
    /// run as the superuser, the one user the system lets give a file away.
    @Test func aReplacedFileKeepsItsOwner() throws {
        guard geteuid() == 0 else { return }
        let folder = try Files.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Files.write("root A\n\nmodel A {\n  a: Int\n}\n", to: folder + "/r.map")
        try Files.write(#"{"a": 1}"# + "\n", to: folder + "/in.json")
        let out = folder + "/theirs.json"
        try Files.write("theirs\n", to: out)
        #expect(chown(out, 65_534, 65_534) == 0 && chmod(out, 0o640) == 0)
        let status = CommandLineTool(console: FileBackedConsole()).run(["run", folder + "/r.map", folder + "/in.json", "-o", out])
        #expect(status == 0)
        #expect(try Files.read(out) == #"{"a":1}"# + "\n")
        var info = stat()
        #expect(stat(out, &info) == 0)
        #expect([info.st_uid, info.st_gid, UInt32(info.st_mode & 0o777)] == [65_534, 65_534, 0o640])
    }
}
