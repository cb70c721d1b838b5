import MapLangCLI
import Testing

// MARK: - Harness shared by the CLI*Tests files

/// What one run of the tool printed and returned.
struct CLIOutcome: Equatable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---" }
}

/// Runs `CommandLineTool` over a `MemoryConsole` holding in-memory files.
enum CLIHarness {
    /// A directory that does not exist, so any file not given in memory is unreadable.
    static let nowhere = "/nonexistent-maplang-cli-tests"

    /// Runs the tool and returns what it printed, with the console for files it wrote.
    static func run(
        _ arguments: [String], files: [String: String] = [:], stdin: String = ""
    ) -> (outcome: CLIOutcome, console: MemoryConsole) {
        let console = MemoryConsole(
            directory: nowhere, files: files.mapValues { Array($0.utf8) }, standardInput: Array(stdin.utf8))
        let status = CommandLineTool(console: console).run(arguments)
        return (CLIOutcome(status: status, stdout: console.outputText, stderr: console.error), console)
    }

    /// Checks all three results, each in its own expectation so a failure shows which differs.
    static func expect(
        _ actual: CLIOutcome, stdout: String = "", stderr: String = "", status: Int32,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(actual.stdout == stdout, "stdout", sourceLocation: sourceLocation)
        #expect(actual.stderr == stderr, "stderr", sourceLocation: sourceLocation)
        #expect(actual.status == status, "exit status", sourceLocation: sourceLocation)
    }
}

/// Rules and inputs the CLI tests run, each small enough to work out its output by hand.
enum CLIFixtures {
    /// `root Order`; `id` at 4:3 with `range` at 4:17; `name` at 5:3.
    static let orders = """
        root Order

        model Order {
          id: Int where range(1...)
          name: String
        }

        """

    /// One model and no `root`: the model is used.
    static let posts = """
        model Post {
          id: Int
          tags: [String] default []
        }

        """

    /// Two models and no `root`.
    static let library = """
        model Author {
          name: String
        }

        model Book {
          title: String
          author: Author
        }

        """

    /// Two errors: an unknown type at 4:10 and an unknown rule at 5:20.
    static let bad = """
        root Issue

        model Issue {
          title: Strin
          count: Int where rnage(1...)
        }

        """

    /// The text `bad.map` renders to, count line included.
    static let badRendered = """
        bad.map:4:10: error[unknown-type]: unknown type `Strin`
          |
        4 |   title: Strin
          |          ^^^^^
          = help: did you mean `String`?

        bad.map:5:20: error[unknown-rule]: unknown rule `rnage`
          |
        5 |   count: Int where rnage(1...)
          |                    ^^^^^
          = help: did you mean `range`?

        2 errors

        """

    /// Four orders: the second breaks `range`, the third lacks `name`.
    static let mixedOrders = """
        [{"id": 1, "name": "a"}, {"id": 0, "name": "b"}, {"id": 3}, {"id": 4, "name": "d"}]
        """

    /// The errors `mixedOrders` gives, for an input called `name`.
    static func mixedOrdersErrors(input name: String) -> String {
        """
        \(name): error[out-of-range]: $[1].id: 0 is not in 1...
          --> orders.map:4:17: rule `range` of field `Order.id`
        \(name): error[missing-key]: $[2].name: missing required key `name`
          --> orders.map:5:3: field `Order.name`
        \(name): 2 of 4 records failed with 2 errors

        """
    }

    /// Two good records, then a missing `,` on line 3 at column 11.
    static let brokenOrders = """
        [{"id": 1, "name": "a"},
         {"id": 2, "name": "b"},
         {"id": 3 "name": "c"}]

        """

    /// What `brokenOrders` renders to.
    static let brokenOrdersRendered = """
        in.json:3:11: error[json-unexpected-token]: expected `,` or `}` after an object member, found `"`
          |
        3 |  {"id": 3 "name": "c"}]
          |           ^

        """
}

// MARK: - `maplang run`

struct CLIRunTests {
    @Test func mapsEveryRecordOfAnArray() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "in.json"],
            files: ["orders.map": CLIFixtures.orders, "in.json": #"[{"id": 1, "name": "a"}, {"name": "b", "id": "2"}]"#])
        CLIHarness.expect(result, stdout: #"[{"id":1,"name":"a"},{"id":2,"name":"b"}]"# + "\n", status: 0)
    }

    @Test func mapsASingleObject() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "in.json"],
            files: ["orders.map": CLIFixtures.orders, "in.json": #"{"name": "x", "extra": [1, 2], "id": 7}"#])
        CLIHarness.expect(result, stdout: #"{"id":7,"name":"x"}"# + "\n", status: 0)
    }

    @Test func readsStandardInputForDash() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "-"], files: ["orders.map": CLIFixtures.orders],
            stdin: #"[{"id": 1, "name": "a"}]"# + "\n")
        CLIHarness.expect(result, stdout: #"[{"id":1,"name":"a"}]"# + "\n", status: 0)
    }

    @Test func namesStandardInputInErrors() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "-"], files: ["orders.map": CLIFixtures.orders], stdin: CLIFixtures.mixedOrders)
        CLIHarness.expect(
            result, stdout: #"[{"id":1,"name":"a"},{"id":4,"name":"d"}]"# + "\n",
            stderr: CLIFixtures.mixedOrdersErrors(input: "<stdin>"), status: 1)
    }

    @Test func writesGoodRecordsAndReportsMappingErrors() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "in.json"], files: ["orders.map": CLIFixtures.orders, "in.json": CLIFixtures.mixedOrders])
        CLIHarness.expect(
            result, stdout: #"[{"id":1,"name":"a"},{"id":4,"name":"d"}]"# + "\n",
            stderr: CLIFixtures.mixedOrdersErrors(input: "in.json"), status: 1)
    }

    @Test func writesAnEmptyArrayWhenEveryRecordFails() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "in.json"],
            files: ["orders.map": CLIFixtures.orders, "in.json": #"[{"id": 0, "name": "z"}]"#])
        CLIHarness.expect(
            result, stdout: "[]\n",
            stderr: """
                in.json: error[out-of-range]: $[0].id: 0 is not in 1...
                  --> orders.map:4:17: rule `range` of field `Order.id`
                in.json: 1 of 1 record failed with 1 error

                """, status: 1)
    }

    @Test func writesNothingWhenASingleObjectFails() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "in.json"],
            files: ["orders.map": CLIFixtures.orders, "in.json": #"{"id": -5}"#])
        CLIHarness.expect(
            result,
            stderr: """
                in.json: error[out-of-range]: $.id: -5 is not in 1...
                  --> orders.map:4:17: rule `range` of field `Order.id`
                in.json: error[missing-key]: $.name: missing required key `name`
                  --> orders.map:5:3: field `Order.name`
                in.json: 1 of 1 record failed with 2 errors

                """, status: 1)
    }

    @Test func invalidJSONKeepsTheRecordsBeforeItAndClosesTheArray() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "in.json"],
            files: ["orders.map": CLIFixtures.orders, "in.json": CLIFixtures.brokenOrders])
        CLIHarness.expect(
            result, stdout: #"[{"id":1,"name":"a"},{"id":2,"name":"b"}]"# + "\n",
            stderr: CLIFixtures.brokenOrdersRendered, status: 2)
    }

    @Test func invalidJSONInAPrettyArrayClosesItOnItsOwnLine() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "in.json", "--pretty"],
            files: ["orders.map": CLIFixtures.orders, "in.json": CLIFixtures.brokenOrders])
        CLIHarness.expect(
            result,
            stdout: """
                [
                  {
                    "id": 1,
                    "name": "a"
                  },
                  {
                    "id": 2,
                    "name": "b"
                  }
                ]

                """, stderr: CLIFixtures.brokenOrdersRendered, status: 2)
    }

    @Test func invalidSingleObjectWritesNothing() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "in.json"], files: ["orders.map": CLIFixtures.orders, "in.json": #"{"id": 1,}"#])
        CLIHarness.expect(
            result,
            stderr: """
                in.json:1:10: error[json-unexpected-token]: expected a string key, found `}`
                  |
                1 | {"id": 1,}
                  |          ^

                """, status: 2)
    }

    /// `echo '[1' | maplang run book.map -`: the element is a record that is no
    /// object, then the input ends where `,` or `]` should be (after the newline).
    @Test func invalidJSONAfterAFailedRecordReportsBothAndTheSummary() {
        let rules = """
            root Order

            model Order {
              id: Int
            }

            """
        let (result, _) = CLIHarness.run(["run", "r.map", "-"], files: ["r.map": rules], stdin: "[1\n")
        CLIHarness.expect(
            result, stdout: "[]\n",
            stderr: """
                <stdin>: error[type-mismatch]: $[0]: expected an object for `Order`, found 1
                  --> r.map:3:7: model `Order`
                <stdin>:2:1: error[json-unexpected-end]: expected `,` or `]` after an array element, found end of input
                  |
                2 | 
                  | ^
                <stdin>: 1 of 1 record failed with 1 error

                """, status: 2)
    }

    @Test func emptyInputIsInvalidJSON() {
        let (result, _) = CLIHarness.run(["run", "orders.map", "-"], files: ["orders.map": CLIFixtures.orders], stdin: "")
        CLIHarness.expect(
            result,
            stderr: """
                <stdin>:1:1: error[json-unexpected-end]: expected a value, found end of input
                  |
                1 | 
                  | ^

                """, status: 2)
    }

    @Test func rulesWithErrorsAreRenderedInFull() {
        let (result, _) = CLIHarness.run(
            ["run", "bad.map", "in.json"], files: ["bad.map": CLIFixtures.bad, "in.json": "[]"])
        CLIHarness.expect(result, stderr: CLIFixtures.badRendered, status: 65)
    }

    @Test func rulesErrorsComeBeforeTheInputIsRead() {
        let (result, _) = CLIHarness.run(["run", "bad.map", "missing.json"], files: ["bad.map": CLIFixtures.bad])
        CLIHarness.expect(result, stderr: CLIFixtures.badRendered, status: 65)
    }

    @Test func colorAlwaysAddsANSICodesAndNeverDoesNot() {
        let files = ["bad.map": CLIFixtures.bad, "in.json": "[]"]
        let always = CLIHarness.run(["run", "bad.map", "in.json", "--color", "always"], files: files).outcome
        let never = CLIHarness.run(["run", "bad.map", "in.json", "--color=never"], files: files).outcome
        let auto = CLIHarness.run(["run", "bad.map", "in.json"], files: files).outcome
        #expect(always.status == 65)
        #expect(always.stderr.contains("\u{1B}["))
        #expect(RendererTestSupport.strippingANSI(always.stderr) == CLIFixtures.badRendered)
        CLIHarness.expect(never, stderr: CLIFixtures.badRendered, status: 65)
        // `auto` follows whether standard error is a terminal; the memory console's is not.
        CLIHarness.expect(auto, stderr: CLIFixtures.badRendered, status: 65)
    }

    @Test func colorAppliesToMappingErrors() {
        let files = ["orders.map": CLIFixtures.orders, "in.json": CLIFixtures.mixedOrders]
        let always = CLIHarness.run(["run", "orders.map", "in.json", "--color", "always"], files: files).outcome
        #expect(always.status == 1)
        #expect(always.stderr.contains("\u{1B}["))
        #expect(RendererTestSupport.strippingANSI(always.stderr) == CLIFixtures.mixedOrdersErrors(input: "in.json"))
        #expect(!always.stdout.contains("\u{1B}"))
    }

    @Test func unreadableRulesFile() {
        let (result, _) = CLIHarness.run(["run", "missing.map", "in.json"], files: ["in.json": "[]"])
        CLIHarness.expect(
            result, stderr: "maplang: error: cannot read `missing.map`: No such file or directory\n", status: 66)
    }

    @Test func unreadableInputFile() {
        let (result, _) = CLIHarness.run(["run", "orders.map", "missing.json"], files: ["orders.map": CLIFixtures.orders])
        CLIHarness.expect(
            result, stderr: "maplang: error: cannot read `missing.json`: No such file or directory\n", status: 66)
    }

    /// `--` ends the options, so a `-h` after it is a file name, not a request for help.
    @Test func helpFlagAfterDoubleDashIsAPositional() {
        let (result, _) = CLIHarness.run(["run", "--", "-h", "in.json"], files: ["in.json": "[]"])
        CLIHarness.expect(result, stderr: "maplang: error: cannot read `-h`: No such file or directory\n", status: 66)
    }

    @Test func rulesThatAreNotUTF8() {
        let console = MemoryConsole(
            directory: CLIHarness.nowhere, files: ["latin1.map": Array("model A { x: Int }".utf8) + [0xE9, 0x0A]])
        let status = CommandLineTool(console: console).run(["run", "latin1.map", "-"])
        #expect(console.outputText == "")
        #expect(
            console.error == """
                latin1.map:1:19: error[invalid-utf8]: invalid UTF-8 byte sequence
                  |
                1 | model A { x: Int }\u{FFFD}
                  |                   ^
                  = help: save the file as UTF-8

                1 error

                """)
        #expect(status == 65)
    }
}

// MARK: - `--model`

struct CLIModelChoiceTests {
    @Test func aFileWithOneModelAndNoRootUsesIt() {
        let (result, _) = CLIHarness.run(
            ["run", "posts.map", "in.json"], files: ["posts.map": CLIFixtures.posts, "in.json": #"{"id": 1}"#])
        CLIHarness.expect(result, stdout: #"{"id":1,"tags":[]}"# + "\n", status: 0)
    }

    @Test func severalModelsAndNoRootIsAUsageError() {
        let (result, _) = CLIHarness.run(
            ["run", "library.map", "in.json"], files: ["library.map": CLIFixtures.library, "in.json": "{}"])
        CLIHarness.expect(
            result,
            stderr: """
                maplang: error: the rules declare no root model
                help: declare `root NAME` in the rules or choose a model with `--model NAME`

                """, status: 64)
    }

    @Test func modelChoosesAModelOfAFileWithoutRoot() {
        let (result, _) = CLIHarness.run(
            ["run", "library.map", "in.json", "--model", "Book"],
            files: [
                "library.map": CLIFixtures.library,
                "in.json": #"{"author": {"name": "Frank Herbert"}, "title": "Dune"}"#,
            ])
        CLIHarness.expect(result, stdout: #"{"title":"Dune","author":{"name":"Frank Herbert"}}"# + "\n", status: 0)
    }

    @Test func modelChoosesANonRootModel() {
        let rules = try! TestFiles.text(TestFiles.packageRoot + "/examples/github/github.map")
        let (result, _) = CLIHarness.run(
            ["run", "github.map", "labels.json", "-m", "Label"],
            files: [
                "github.map": rules,
                "labels.json": #"[{"id": 1, "name": "bug", "color": "d73a4a", "default": true}, {"name": "x", "color": "zz"}]"#,
            ])
        CLIHarness.expect(
            result, stdout: #"[{"name":"bug","color":"d73a4a"}]"# + "\n",
            stderr: """
                labels.json: error[pattern-mismatch]: $[1].color: "zz" does not match the pattern `^[0-9a-fA-F]{6}$`
                  --> github.map:22:23: rule `pattern` of field `Label.color`
                labels.json: 1 of 2 records failed with 1 error

                """, status: 1)
    }

    @Test func unknownModelSuggestsTheClosest() {
        let (result, _) = CLIHarness.run(
            ["run", "library.map", "in.json", "--model=Boo"], files: ["library.map": CLIFixtures.library, "in.json": "{}"])
        CLIHarness.expect(
            result,
            stderr: """
                maplang: error: the rules declare no model `Boo`
                help: did you mean `Book`?

                """, status: 64)
    }

    /// Telling someone who did pass `--model` to "choose a model with
    /// `--model NAME`" does not help; listing the models does.
    @Test func unknownModelWithNothingCloseListsTheModels() {
        let (result, _) = CLIHarness.run(
            ["run", "library.map", "in.json", "--model", "Publisher"],
            files: ["library.map": CLIFixtures.library, "in.json": "{}"])
        CLIHarness.expect(
            result,
            stderr: """
                maplang: error: the rules declare no model `Publisher`
                help: the models are `Author`, `Book`

                """, status: 64)
    }
}

// MARK: - `--pretty`

struct CLIPrettyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let pretty: String
        let compact: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "array of records", input: #"[{"id": 1, "tags": ["a", "b"]}, {"id": 2}]"#,
            pretty: """
                [
                  {
                    "id": 1,
                    "tags": [
                      "a",
                      "b"
                    ]
                  },
                  {
                    "id": 2,
                    "tags": []
                  }
                ]

                """,
            compact: #"[{"id":1,"tags":["a","b"]},{"id":2,"tags":[]}]"# + "\n"),
        Case(name: "empty array", input: "[]", pretty: "[]\n", compact: "[]\n"),
        Case(name: "empty array with white space", input: " [ \n ] \n", pretty: "[]\n", compact: "[]\n"),
        Case(
            name: "array of one record", input: #"[{"id": 5, "tags": []}]"#,
            pretty: """
                [
                  {
                    "id": 5,
                    "tags": []
                  }
                ]

                """,
            compact: #"[{"id":5,"tags":[]}]"# + "\n"),
        Case(
            name: "single object", input: #"{"tags": ["x"], "id": 3}"#,
            pretty: """
                {
                  "id": 3,
                  "tags": [
                    "x"
                  ]
                }

                """,
            compact: #"{"id":3,"tags":["x"]}"# + "\n"),
        Case(
            name: "single object with an empty array", input: #"{"id": 3}"#,
            pretty: """
                {
                  "id": 3,
                  "tags": []
                }

                """,
            compact: #"{"id":3,"tags":[]}"# + "\n"),
    ]

    @Test(arguments: cases)
    func pretty(_ testCase: Case) {
        let files = ["posts.map": CLIFixtures.posts, "in.json": testCase.input]
        let pretty = CLIHarness.run(["run", "posts.map", "in.json", "--pretty"], files: files).outcome
        CLIHarness.expect(pretty, stdout: testCase.pretty, status: 0)
        let compact = CLIHarness.run(["run", "posts.map", "in.json"], files: files).outcome
        CLIHarness.expect(compact, stdout: testCase.compact, status: 0)
    }

    @Test func prettyArrayKeepsOnlyTheRecordsThatMapped() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "in.json", "--pretty"],
            files: ["orders.map": CLIFixtures.orders, "in.json": CLIFixtures.mixedOrders])
        CLIHarness.expect(
            result,
            stdout: """
                [
                  {
                    "id": 1,
                    "name": "a"
                  },
                  {
                    "id": 4,
                    "name": "d"
                  }
                ]

                """, stderr: CLIFixtures.mixedOrdersErrors(input: "in.json"), status: 1)
    }

    @Test func prettyArrayWhereEveryRecordFailsIsEmpty() {
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "in.json", "--pretty"],
            files: ["orders.map": CLIFixtures.orders, "in.json": #"[{"id": 9}]"#])
        #expect(result.stdout == "[]\n")
        #expect(result.status == 1)
    }
}

// MARK: - `-o FILE`

struct CLIOutputFileTests {
    @Test(arguments: [["-o", "out.json"], ["--output", "out.json"], ["--output=out.json"]])
    func writesTheWholeOutputToTheFile(_ option: [String]) {
        let (result, console) = CLIHarness.run(
            ["run", "orders.map", "in.json"] + option,
            files: ["orders.map": CLIFixtures.orders, "in.json": #"[{"id": 1, "name": "a"}]"#])
        CLIHarness.expect(result, status: 0)
        #expect(console.written.keys.sorted() == ["out.json"])
        #expect(console.written["out.json"].map { String(decoding: $0, as: UTF8.self) } == #"[{"id":1,"name":"a"}]"# + "\n")
    }

    @Test func writesPrettyOutputToTheFile() {
        let (result, console) = CLIHarness.run(
            ["run", "posts.map", "in.json", "--pretty", "-o", "out.json"],
            files: ["posts.map": CLIFixtures.posts, "in.json": #"{"id": 3}"#])
        CLIHarness.expect(result, status: 0)
        #expect(
            console.written["out.json"].map { String(decoding: $0, as: UTF8.self) } == "{\n  \"id\": 3,\n  \"tags\": []\n}\n")
    }

    @Test func writesTheGoodRecordsWhenSomeFail() {
        let (result, console) = CLIHarness.run(
            ["run", "orders.map", "in.json", "-o", "out.json"],
            files: ["orders.map": CLIFixtures.orders, "in.json": CLIFixtures.mixedOrders])
        CLIHarness.expect(result, stderr: CLIFixtures.mixedOrdersErrors(input: "in.json"), status: 1)
        #expect(
            console.written["out.json"].map { String(decoding: $0, as: UTF8.self) }
                == #"[{"id":1,"name":"a"},{"id":4,"name":"d"}]"# + "\n")
    }

    @Test func writesNoFileOnInvalidJSON() {
        let (result, console) = CLIHarness.run(
            ["run", "orders.map", "in.json", "-o", "out.json"],
            files: ["orders.map": CLIFixtures.orders, "in.json": CLIFixtures.brokenOrders])
        CLIHarness.expect(result, stderr: CLIFixtures.brokenOrdersRendered, status: 2)
        #expect(console.written.isEmpty)
        #expect(console.abandoned == ["out.json"])
    }

    @Test func writesNoFileWhenTheRulesHaveErrors() {
        let (result, console) = CLIHarness.run(
            ["run", "bad.map", "in.json", "-o", "out.json"], files: ["bad.map": CLIFixtures.bad, "in.json": "[]"])
        CLIHarness.expect(result, stderr: CLIFixtures.badRendered, status: 65)
        #expect(console.written.isEmpty)
    }

    @Test func writesAnEmptyArrayToTheFile() {
        let (result, console) = CLIHarness.run(
            ["run", "orders.map", "-", "-o", "out.json"], files: ["orders.map": CLIFixtures.orders], stdin: "[]")
        CLIHarness.expect(result, status: 0)
        #expect(console.written["out.json"].map { String(decoding: $0, as: UTF8.self) } == "[]\n")
    }
}
