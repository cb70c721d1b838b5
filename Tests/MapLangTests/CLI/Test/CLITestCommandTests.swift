import MapLangCLI
import Testing

/// `maplang test`: the report of tests that pass and fail, with the exact
/// diff of each failure, and the exit status.
struct CLITestCommandTests {
    typealias F = CLITestFixtures

    @Test func aPassingTest() {
        let (outcome, _) = CLIHarness.run(["test", "r.map"], files: ["r.map": F.passing])
        CLIHarness.expect(outcome, stdout: "pass r.map:9:1 \"an order\"\n1 passed, 0 failed\n", status: 0)
    }

    /// Each failure with what differs by JSON path, or the errors expected
    /// and not given and given and not expected; status 1.
    @Test func failingTestsShowWhatDiffers() {
        let (outcome, console) = CLIHarness.run(["test", "r.map"], files: ["r.map": F.failing])
        CLIHarness.expect(outcome, stdout: F.failingReport, status: 1)
        #expect(console.written.isEmpty, "nothing is written without --update")
    }

    /// With no PATH, the current folder is searched; every rules file is run.
    @Test func theCurrentFolderAndEveryRulesFileInIt() {
        let (outcome, _) = CLIHarness.run(
            ["test"], files: ["a/r.map": F.passing, "b.map": F.passing, "a/notes.txt": "not rules", ".hidden/h.map": "broken {"])
        CLIHarness.expect(
            outcome,
            stdout: """
                pass a/r.map:9:1 "an order"
                pass b.map:9:1 "an order"
                2 passed, 0 failed

                """, status: 0)
    }

    /// A rules file with errors is reported as `check` reports it, and its
    /// tests are not run; the others are; status 65.
    @Test func rulesWithErrors() {
        let (outcome, _) = CLIHarness.run(
            ["test", "bad.map", "r.map"],
            files: ["bad.map": "model A { a: Strin }\ntest \"t\" { input {} output {} }\n", "r.map": F.passing])
        CLIHarness.expect(
            outcome, stdout: "pass r.map:9:1 \"an order\"\n1 passed, 0 failed\n",
            stderr: """
                bad.map:1:14: error[unknown-type]: unknown type `Strin`
                  |
                1 | model A { a: Strin }
                  |              ^^^^^
                  = help: did you mean `String`?

                1 error

                """, status: 65)
    }

    struct ProblemCase: CustomTestStringConvertible, Sendable {
        let id: String
        let arguments: [String]
        let files: [String: String]
        var stdout = "0 passed, 0 failed\n"
        let stderr: String
        let status: Int32
        var testDescription: String { id }
    }

    static let problems: [ProblemCase] = [
        ProblemCase(
            id: "a path that is not there", arguments: ["test", "none.map"], files: [:],
            stderr: "maplang: error: cannot read `none.map`: No such file or directory\n", status: 66),
        ProblemCase(
            id: "a folder with no rules file", arguments: ["test", "d"], files: ["d/a.json": "{}"],
            stderr: "maplang: error: `d` holds no rules file (`.map`)\n", status: 66),
        ProblemCase(
            id: "an unknown option", arguments: ["test", "--updat"], files: [:], stdout: "",
            stderr: "maplang: error: `test` has no option `--updat`\nhelp: did you mean `--update`?\n", status: 64),
        ProblemCase(
            id: "an unknown error format", arguments: ["test", "--error-format", "xml"], files: [:], stdout: "",
            stderr: "maplang: error: `--error-format` takes `text`, `json`, not `xml`\nusage: maplang test [PATH...] [options]\n",
            status: 64),
        ProblemCase(
            id: "tests beside two rules files", arguments: ["test", "a.map"],
            files: ["a.map": F.passing, "b.map": F.passing, "tests/t/input.json": "{}", "tests/t/expected.json": "{}"],
            stdout: "pass a.map:9:1 \"an order\"\n1 passed, 0 failed\n",
            stderr: "maplang: error: `tests` is beside 2 rules files, and folder tests belong to a folder's only one; "
                + "move each rules file and its tests into a folder of its own\n", status: 66),
    ]

    @Test(arguments: problems)
    func problemsWithThePaths(_ testCase: ProblemCase) {
        let (outcome, _) = CLIHarness.run(testCase.arguments, files: testCase.files)
        CLIHarness.expect(outcome, stdout: testCase.stdout, stderr: testCase.stderr, status: testCase.status)
    }

    /// Tests that cannot run say why, count as not run, and give status 66.
    @Test func testsThatCannotRun() {
        let rules = """
            root Order

            model Order {
              id: Int
            }

            test "no file" {
              input file "samples/none.json"
              output {}
            }

            test "not JSON" {
              input file "bad.json"
              output {}
            }

            test "bad expected" {
              input {"id": 1}
              output file "bad.json"
            }

            """
        let (outcome, _) = CLIHarness.run(["test", "r.map"], files: ["r.map": rules, "bad.json": "{\"id\": 1,}"])
        CLIHarness.expect(
            outcome,
            stdout: """
                not run r.map:7:1 "no file": cannot read `samples/none.json`: No such file or directory
                not run r.map:12:1 "not JSON": `bad.json` is not valid JSON: 1:10: expected a string key, found `}`
                not run r.map:17:1 "bad expected": `bad.json` is not valid JSON: 1:10: expected a string key, found `}`
                0 passed, 0 failed, 3 not run

                """, status: 66)
    }

    /// A test maps to the model it names, a choice too, as `run --model` does.
    @Test func aTestsModel() {
        let rules = """
            model A {
              a: Int
            }

            model B {
              b: String
            }

            choice C by kind {
              "a" -> A
              "b" -> B
            }

            test "to B" {
              model B
              input {"b": 1}
              output {"b": "1"}
            }

            test "to C" {
              model C
              input [{"kind": "a", "a": "2"}, {"kind": "b", "b": "x"}]
              output [{"kind": "a", "a": 2}, {"kind": "b", "b": "x"}]
            }

            """
        let (outcome, _) = CLIHarness.run(["test"], files: ["r.map": rules])
        CLIHarness.expect(outcome, stdout: "pass r.map:14:1 \"to B\"\npass r.map:20:1 \"to C\"\n2 passed, 0 failed\n", status: 0)
    }
}
