import Foundation
import Testing

@testable import MapLang
@testable import MapLangCLI

/// `maplang run RULES INPUT…`: several inputs, and folders of them, mapped
/// in order into one output, each reported under its own name.
struct RunInputsTests {
    typealias C = CLIFixtures

    /// `root Order` with `id` in `1...` and a `name`.
    static let files = [
        "orders.map": C.orders,
        "a.json": #"[{"id": 1, "name": "a"}, {"id": 0, "name": "z"}]"#,
        "b.json": #"{"id": 2, "name": "b"}"#,
        "a.ndjson": "{\"id\": 1, \"name\": \"a\"}\n{\"id\": 0, \"name\": \"z\"}\n",
        "b.ndjson": "{\"id\": 2, \"name\": \"b\"}\nnot json\n",
    ]

    @Test func arraysOneAfterAnotherAreEachValidJSON() {
        let (compact, _) = CLIHarness.run(["run", "orders.map", "a.json", "a.json"], files: Self.files)
        #expect(compact.stdout == "[{\"id\":1,\"name\":\"a\"}]\n[{\"id\":1,\"name\":\"a\"}]\n")
        var files = Self.files
        files["none.json"] = "[]"
        let (pretty, _) = CLIHarness.run(["run", "orders.map", "a.json", "none.json", "a.json", "--pretty"], files: files)
        let element = "[\n  {\n    \"id\": 1,\n    \"name\": \"a\"\n  }\n]\n"
        #expect(pretty.stdout == element + "[]\n" + element)
    }

    @Test func documentsAreWrittenInArgumentOrderEachOnLinesOfItsOwn() {
        let (outcome, _) = CLIHarness.run(["run", "orders.map", "b.json", "a.json"], files: Self.files)
        CLIHarness.expect(
            outcome, stdout: "{\"id\":2,\"name\":\"b\"}\n[{\"id\":1,\"name\":\"a\"}]\n",
            stderr: """
                a.json: error[out-of-range]: $[1].id: 0 is not in 1...
                  --> orders.map:4:17: rule `range` of field `Order.id`
                a.json: 1 of 2 records failed with 1 error

                """, status: 1)
    }

    @Test func linesAreNumberedAndSummedUpPerInput() {
        let (outcome, console) = CLIHarness.run(
            ["run", "orders.map", "a.ndjson", "b.ndjson", "--ndjson", "--rejects", "rejects.txt"], files: Self.files)
        CLIHarness.expect(
            outcome, stdout: "{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n",
            stderr: "a.ndjson: 1 of 2 lines rejected, 1 written\nb.ndjson: 1 of 2 lines rejected, 1 written\n", status: 1)
        #expect(
            console.written["rejects.txt"].map { String(decoding: $0, as: UTF8.self) }
                == """
                # "a.ndjson" line 2: $.id: 0 is not in 1...
                {"id": 0, "name": "z"}
                # "b.ndjson" line 2: column 1: expected `null`, found `not`
                not json

                """)
    }

    @Test func aFolderStandsForItsFilesInNameOrder() {
        var files = Self.files
        files["in/b.ndjson"] = "{\"id\": 2, \"name\": \"b\"}\n"
        files["in/a/1.ndjson"] = "{\"id\": 11, \"name\": \"a1\"}\n"
        files["in/a.ndjson"] = "{\"id\": 1, \"name\": \"a\"}\n"
        files["in/_SUCCESS"] = ""
        files["in/.part.crc"] = "junk"
        files["in/_temporary/0.ndjson"] = "junk"
        let (outcome, _) = CLIHarness.run(["run", "orders.map", "in", "--ndjson"], files: files)
        CLIHarness.expect(
            outcome, stdout: "{\"id\":11,\"name\":\"a1\"}\n{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n", status: 0)
        let console = MemoryConsole(directory: CLIHarness.nowhere, files: files.mapValues { Array($0.utf8) })
        #expect(RunInputs(console: console, arguments: ["in", "b.json", "in/a"]).paths == [
            "in/a/1.ndjson", "in/a.ndjson", "in/b.ndjson", "b.json", "in/a/1.ndjson",
        ])
    }

    @Test func aFileNamedDashInAFolderIsNotStandardInput() {
        let console = MemoryConsole(directory: CLIHarness.nowhere, files: ["-": Array("{}".utf8), "a.json": Array("{}".utf8)])
        #expect(RunInputs(console: console, arguments: ["."]).paths == ["./-", "a.json"])
    }

    @Test func aFolderTooDeepIsReportedInItsPlaceAndTheOthersMapped() {
        var files = Self.files
        files["in/" + String(repeating: "d/", count: RunInputs.depthLimit + 1) + "x.ndjson"] = "{\"id\": 9, \"name\": \"x\"}\n"
        files["in/z.ndjson"] = "{\"id\": 3, \"name\": \"z\"}\n"
        let (outcome, _) = CLIHarness.run(["run", "orders.map", "in", "--ndjson"], files: files)
        #expect(outcome.stdout == "{\"id\":3,\"name\":\"z\"}\n")
        #expect(outcome.stderr.hasPrefix("maplang: error: `in/" + String(repeating: "d/", count: RunInputs.depthLimit) + "d` is more than 32 folders deep"))
        #expect(outcome.status == 66)
    }

    /// A symbolic link in a folder that leads to no file is reported in its
    /// place, as a file that cannot be read, and the other files mapped.
    @Test func aLinkToNothingIsReportedInItsPlace() throws {
        let directory = try OutputFileProcessConsoleTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/in", withIntermediateDirectories: false)
        try Data(#"{"id": 1, "name": "a"}"#.utf8 + [10]).write(to: URL(fileURLWithPath: directory + "/in/a.ndjson"))
        try FileManager.default.createSymbolicLink(atPath: directory + "/in/b.ndjson", withDestinationPath: "gone.ndjson")
        let console = MemoryConsole(directory: directory, files: ["orders.map": Array(CLIFixtures.orders.utf8)])
        let status = CommandLineTool(console: console).run(["run", "orders.map", "in", "--ndjson"])
        #expect(status == 66)
        #expect(console.outputText == #"{"id":1,"name":"a"}"# + "\n")
        #expect(console.error.contains("maplang: error: cannot read `in/b.ndjson`: it is a symbolic link that leads to no file\n"), "\(console.error)")
    }

    /// A folder 32 folders inside the one named, the documented limit, is read.
    @Test func aFolderAtTheLimitIsRead() {
        var files = Self.files
        files["in/" + String(repeating: "d/", count: RunInputs.depthLimit) + "x.ndjson"] = "{\"id\": 9, \"name\": \"x\"}\n"
        let (outcome, _) = CLIHarness.run(["run", "orders.map", "in", "--ndjson"], files: files)
        CLIHarness.expect(outcome, stdout: "{\"id\":9,\"name\":\"x\"}\n", status: 0)
    }

    @Test func anEmptyPartitionWritesNothingAndSucceeds() {
        let (empty, _) = CLIHarness.run(["run", "orders.map", "-", "--ndjson", "--inline-rejects"], files: Self.files)
        CLIHarness.expect(empty, status: 0)
        var files = Self.files
        files["in/_SUCCESS"] = ""
        let (folder, _) = CLIHarness.run(["run", "orders.map", "in", "--ndjson"], files: files)
        CLIHarness.expect(folder, stderr: "note: `in` holds no file to map\n", status: 0)
        // A file output is the complete output: empty.
        let (document, console) = CLIHarness.run(["run", "orders.map", "in", "-o", "out.json"], files: files)
        #expect(document.status == 0)
        #expect(console.written["out.json"] == [])
    }

    @Test func aBadInputIsReportedAndTheOthersStillMapped() {
        let (missing, console) = CLIHarness.run(
            ["run", "orders.map", "missing.ndjson", "a.ndjson", "--ndjson", "-o", "out.ndjson"], files: Self.files)
        CLIHarness.expect(
            missing,
            stderr: """
                maplang: error: cannot read `missing.ndjson`: No such file or directory
                a.ndjson:2: error[out-of-range]: $.id: 0 is not in 1...
                  --> orders.map:4:17: rule `range` of field `Order.id`
                a.ndjson: 1 of 2 lines rejected, 1 written

                """, status: 66)
        // The output file is replaced only by a run that read every input.
        #expect(console.written["out.ndjson"] == nil)
        var files = Self.files
        files["bad.json"] = "[{\"id\": 3, \"name\": \"c\"}, oops]"
        let (invalid, _) = CLIHarness.run(["run", "orders.map", "bad.json", "b.json"], files: files)
        #expect(invalid.stdout == "[{\"id\":3,\"name\":\"c\"}]\n{\"id\":2,\"name\":\"b\"}\n")
        #expect(invalid.status == 2)
    }

    @Test func usageErrors() {
        let (twice, _) = CLIHarness.run(["run", "orders.map", "-", "-"], files: Self.files)
        CLIHarness.expect(twice, stderr: "maplang: error: standard input (`-`) is named more than once; it can be read only once\n", status: 64)
        let (explain, _) = CLIHarness.run(["run", "orders.map", "a.json", "b.json", "--explain"], files: Self.files)
        CLIHarness.expect(explain, stderr: "maplang: error: `--explain` traces the records of one input; the run has 2\n", status: 64)
        var files = Self.files
        files["in/out.ndjson"] = "{\"id\": 1, \"name\": \"a\"}\n"
        let (collision, _) = CLIHarness.run(["run", "orders.map", "in", "--ndjson", "-o", "in/out.ndjson"], files: files)
        #expect(collision.status == 64)
        #expect(collision.stderr.contains("`--output` names the input file `in/out.ndjson`"))
        // A new file in an input folder would be read by the next run over it.
        let (inside, _) = CLIHarness.run(["run", "orders.map", "in", "--ndjson", "--rejects", "in/_rejects.txt"], files: files)
        CLIHarness.expect(
            inside,
            stderr: "maplang: error: `--rejects` names `in/_rejects.txt`, inside the input folder `in`; a later run over the folder would read it as input\n",
            status: 64)
    }
}
