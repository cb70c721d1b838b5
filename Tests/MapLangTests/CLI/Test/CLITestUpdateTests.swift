import MapLangCLI
import Testing

/// `maplang test --update`: a failing test's expectation becomes what
/// mapping gives, in the rules file (every other byte kept) or in the
/// test's files; a read-only file is refused.
struct CLITestUpdateTests {
    typealias F = CLITestFixtures

    /// A byte order mark, odd spacing, tabs and comments around the tests.
    static let rules = "\u{FEFF}// odd   spacing is kept   \n" + """
        root Order
        model Order { id: Int where range(1...)
          name: String }

        test "one" {
        \tinput [{"id": 1, "name": "a"}, {"id": 0, "name": "b"}]
        \toutput [] // replaced
        }
        test "two" { input {"id": 2, "name": "b"} errors { "x" at "$" } }
        test "keeps" { input {"id": 3, "name": "c"} output {"id": 3, "name": "c"} }

        """

    static let updated = "\u{FEFF}// odd   spacing is kept   \n" + """
        root Order
        model Order { id: Int where range(1...)
          name: String }

        test "one" {
        \tinput [{"id": 1, "name": "a"}, {"id": 0, "name": "b"}]
        \terrors {
        \t  "out-of-range" at "$[1].id" "0 is not in 1..."
        \t} // replaced
        }
        test "two" { input {"id": 2, "name": "b"} output {"id": 2, "name": "b"} }
        test "keeps" { input {"id": 3, "name": "c"} output {"id": 3, "name": "c"} }

        """

    @Test func rewritesTheExpectationsInTheRulesFile() {
        let (outcome, console) = CLIHarness.run(["test", "--update", "r.map"], files: ["r.map": Self.rules])
        CLIHarness.expect(
            outcome,
            stdout: """
                updated r.map:6:1 "one"
                  $[0]: unexpected element, found {"id":1,"name":"a"}
                  errors given, not expected:
                    out-of-range $[1].id 0 is not in 1...
                updated r.map:10:1 "two"
                  expected errors not given:
                    x $
                pass r.map:11:1 "keeps"
                1 passed, 0 failed, 2 updated

                """, status: 0)
        #expect(console.written.keys.sorted() == ["r.map"])
        #expect(console.written["r.map"].map { String(decoding: $0, as: UTF8.self) } == Self.updated)
        let (again, _) = CLIHarness.run(["test", "r.map"], files: ["r.map": Self.updated])
        CLIHarness.expect(
            again, stdout: "pass r.map:6:1 \"one\"\npass r.map:12:1 \"two\"\npass r.map:13:1 \"keeps\"\n3 passed, 0 failed\n", status: 0)
    }

    /// Without `--update` the same file fails and nothing is written.
    @Test func failsWithoutUpdate() {
        let (outcome, console) = CLIHarness.run(["test", "r.map"], files: ["r.map": Self.rules])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasSuffix("1 passed, 2 failed\n"))
        #expect(console.written.isEmpty)
    }

    /// Folder tests get `expected.json` or `expected.errors`, the other one
    /// removed; an `output file` is rewritten in its file.
    @Test func rewritesTheTestsFiles() {
        let rules = F.passing + """

            test "from files" {
              input file "in.json"
              output file "out.json"
            }

            """
        let files = [
            "r.map": rules, "in.json": #"{"id": 5, "name": "e"}"#, "out.json": "{}",
            "tests/a/input.json": #"{"id": 1, "name": "a"}"#, "tests/a/expected.errors": "x $\n",
            "tests/b/input.json": #"{"id": 0, "name": "b"}"#,
            "tests/c/input.json": #"{"id": 3, "name": "c"}"#, "tests/c/expected.json": #"{"id": 3, "name": "c", "tags": []}"#,
        ]
        let (outcome, console) = CLIHarness.run(["test", "--update"], files: files)
        CLIHarness.expect(
            outcome,
            stdout: """
                pass r.map:9:1 "an order"
                updated r.map:14:1 "from files"
                  $.id: unexpected key, found 5
                  $.name: unexpected key, found "e"
                  $.tags: unexpected key, found []
                updated tests/a
                  expected errors not given:
                    x $
                updated tests/b
                  no expectation could be read; the new one is what mapping gives
                pass tests/c
                2 passed, 0 failed, 3 updated

                """, status: 0)
        let written = console.written.mapValues { String(decoding: $0, as: UTF8.self) }
        #expect(
            written == [
                "out.json": "{\n  \"id\": 5,\n  \"name\": \"e\",\n  \"tags\": []\n}\n",
                "tests/a/expected.json": "{\n  \"id\": 1,\n  \"name\": \"a\",\n  \"tags\": []\n}\n",
                "tests/b/expected.errors": "out-of-range $.id 0 is not in 1...\n",
            ])
        #expect(console.removed == ["tests/a/expected.errors"])
    }

    /// A read-only rules file is left as it is; the tests stay failed; status 74.
    @Test func aReadOnlyRulesFileIsNotWritten() {
        let console = MemoryConsole(directory: CLIHarness.nowhere, files: ["r.map": Array(Self.rules.utf8)])
        console.readOnly = ["r.map"]
        let status = CommandLineTool(console: console).run(["test", "--update", "r.map"])
        #expect(status == 74)
        #expect(console.error == "maplang: error: cannot update `r.map`: it is read-only\n")
        #expect(console.outputText.hasSuffix("1 passed, 2 failed\n"))
        #expect(console.outputText.hasPrefix("FAIL r.map:6:1 \"one\"\n"))
        #expect(console.written.isEmpty)
    }
}
