import Foundation
import Testing

/// A scripted REPL session: the lines piped to `maplang repl` and exactly
/// what it prints. With standard input a pipe, the REPL shows no prompt and
/// writes no escape codes, so the transcript is plain text.
struct ReplTranscript: CustomTestStringConvertible, Sendable {
    /// What the session shows.
    let name: String
    /// The arguments after `repl`.
    var arguments: [String] = []
    /// The lines typed.
    let script: String
    /// Everything written to standard output.
    let stdout: String
    /// Everything written to standard error.
    let stderr: String

    var testDescription: String { name }
}

/// `maplang repl` driven through a pipe: the real executable, run from the
/// package's root so the scripts can name files under `examples/`.
@Suite(.serialized)
struct ReplTranscriptTests {
    static let transcripts: [ReplTranscript] = [
        /// One-line and multi-line declarations, a replacement with its note, settings, and JSON mapped with them.
        ReplTranscript(
            name: "declarations",
            script: #"""
            enum Color { red green }
            model Paint {
              name: String where nonEmpty
              color: Color from colour
            }
            {"name": "Sky", "colour": "red"}
            model Paint {
              name: String
              // the key has a brace in it {
              color: Color from "colour{" default green
            }
            {"name": "Sea"}
            transform norm = trim |
              lowercase
            table size { "s" -> 1  "l" -> 3  default -> 2 }
            model Shirt { size: Int from s using norm | size }
            root Shirt
            {"s": " L "}
            root Paint
            keys snake_case
            keys as_is
            :models

            """#,
            stdout: #"""
            defined enum `Color`
            defined model `Paint`
            {
              "name": "Sky",
              "color": "red"
            }
            replaced model `Paint`
            {
              "name": "Sea",
              "color": "green"
            }
            defined transform `norm`
            defined table `size`
            defined model `Shirt`
            set `root Shirt`
            {
              "size": 3
            }
            replaced `root Shirt` with `root Paint`
            set `keys snake_case`
            replaced `keys snake_case` with `keys as_is`
            enum Color      <repl:1>:1
            model Paint     <repl:4>:1
            transform norm  <repl:6>:1
            table size      <repl:7>:1
            model Shirt     <repl:8>:1
            settings: root Paint, keys as_is
            JSON maps to `Paint`, the root model

            """#,
            stderr: ""),
        /// JSON on one line and on several, printed pretty; mapping errors and invalid JSON named `<repl:N>`.
        ReplTranscript(
            name: "mapping", arguments: ["examples/book/book.map"],
            script: #"""
            {"n": "Dune", "p": 412, "id": 7}
            {
              "n": "The Little Schemer",
              "p": "216",
              "ext": {"desc": "Lisp, gently {not a brace}"},
              "book_id": "isbn-0262560992"
            }
            [
              {"n": "A", "p": 1, "id": 1},
              {"n": "B", "p": 0, "id": 2},
              {"p": 3}
            ]
            {"n": "Dune", "p": 0}
            {"n": "Dune",
             "p": 412,, "id": 7}
            []
            "just a string"

            """#,
            stdout: #"""
            loaded `examples/book/book.map`: 1 model
            {
              "name": "Dune",
              "page": 412,
              "desc": null,
              "bookID": "7"
            }
            {
              "name": "The Little Schemer",
              "page": 216,
              "desc": "Lisp, gently {not a brace}",
              "bookID": "isbn-0262560992"
            }
            [
              {
                "name": "A",
                "page": 1,
                "desc": null,
                "bookID": "1"
              }
            ]
            []

            """#,
            stderr: #"""
            <repl:3>: error[out-of-range]: $[1].p: 0 is not in 1...
              --> examples/book/book.map:7:26: rule `range` of field `Book.page`
            <repl:3>: error[missing-key]: $[2].n: missing required key `n`
              --> examples/book/book.map:6:3: field `Book.name`
            <repl:3>: error[missing-key]: $[2]: none of the keys `id`, `ID`, `book_id` is present
              --> examples/book/book.map:9:3: field `Book.bookID`
            <repl:3>: 2 of 3 records failed with 3 errors
            <repl:4>: error[out-of-range]: $.p: 0 is not in 1...
              --> examples/book/book.map:7:26: rule `range` of field `Book.page`
            <repl:4>: error[missing-key]: $: none of the keys `id`, `ID`, `book_id` is present
              --> examples/book/book.map:9:3: field `Book.bookID`
            <repl:4>: 1 of 1 record failed with 2 errors
            <repl:5>:2:11: error[json-unexpected-token]: expected a string key, found `,`
              |
            2 |  "p": 412,, "id": 7}
              |           ^
            <repl:7>: error[type-mismatch]: $: expected an object for `Book`, found "just a string"
              --> examples/book/book.map:5:7: model `Book`
            <repl:7>: 1 of 1 record failed with 1 error

            """#),
        /// Every command, with `:load`, `:run` and `:reload` on the examples; nothing after `:quit` is read.
        ReplTranscript(
            name: "commands",
            script: #"""
            :help
            :models
            :load examples/errors/errors.map
            :models
            :model
            :model Custmer
            :model Customer
            {"email": "ann@example.com", "name": "Ann"}
            :model Order
            :run examples/errors/input.json
            :show Order
            :show Status
            :ast Customer
            :ast Nothing
            :reload
            :clear
            :models
            :load examples/book/book.map
            :run examples/book/input.json
            :run examples/nowhere.json
            :quit
            {"this": "is never read"}

            """#,
            stdout: #"""
            Type declarations (models, enums, tables, transforms, settings) to add them to the rules,
            or JSON to map it with the current model. Either may span several lines.

              :help          list the commands
              :load FILE     add the declarations of a rules file
              :reload        read the loaded rules files again
              :run FILE      map a JSON file and print the result
              :model [NAME]  choose the model JSON maps to, or show which it is
              :models        list what is declared
              :show NAME     print a declaration, formatted
              :ast NAME      print a declaration's syntax tree
              :clear         forget every declaration
              :quit          end the session (so does Ctrl-D)

            Built-in transformers, written after `using`:
              iso8601                reads an ISO-8601 date-time such as `2016-05-24T18:43:37Z`
              timestamp              reads a Unix timestamp in seconds, or milliseconds with `timestamp(ms)`
              date("pattern")        reads a date in a fixed pattern, `date("yyyy-MM-dd HH:mm:ss")`
              url                    reads an absolute URL from a string
              string                 writes a number, boolean, URL or date as a string
              number                 reads a number from a string such as `"42"`
              bool                   reads `true`, `"true"`, `"yes"`, `1` and their opposites
              trim                   removes white space at both ends of a string
              lowercase              folds a string to lower case
              uppercase              folds a string to upper case
              replace("old", "new")  replaces every occurrence of a text, `replace("-", " ")`
              removePrefix("text")   takes off a text the value must start with: `removePrefix("v")` reads `"v1.2"` as `"1.2"`
              removeSuffix("text")   takes off a text the value must end with: `removeSuffix("px")` reads `"12px"` as `"12"`
              extract("pattern")     the text of the first group `( … )` in the first match, `extract("v(\\d+)")`
              scale(n)               multiplies a number by ten to a power, exactly: `scale(-2)` reads 1250 cents as 12.5
              round(n)               rounds a number to a number of decimal places, a half away from zero: `round(2)`
              split("sep")           cuts a string at each separator into an array, `split(",")`; the stages after it run on each element
              join("sep")            joins an array of strings, numbers or Booleans into one string, `join(", ")`
              json                   reads a string that holds a JSON document as the field's type reads a value
              base64                 reads base64 text, `base64(url)` in the URL-safe alphabet, as bytes for a `Data` field
            nothing is declared
            loaded `examples/errors/errors.map`: 2 models, 1 enum
            enum Status     examples/errors/errors.map:6
            model Customer  examples/errors/errors.map:12
            model Order     examples/errors/errors.map:17
            settings: root Order, keys snake_case
            JSON maps to `Order`, the root model
            JSON maps to `Order`, the root model
            JSON maps to `Customer`
            {
              "email": "ann@example.com",
              "name": "Ann"
            }
            JSON maps to `Order`
            [
              {
                "id": 1,
                "status": "pending",
                "total": 19.99,
                "customer": {
                  "email": "ann@example.com",
                  "name": "Ann"
                },
                "placedAt": "2016-05-24T18:56:57Z",
                "paidAt": null,
                "items": [
                  "tea"
                ]
              },
              {
                "id": 3,
                "status": "shipped",
                "total": 5,
                "customer": {
                  "email": "cy@example.com",
                  "name": "Cy"
                },
                "placedAt": "2016-05-24T18:56:57.500Z",
                "paidAt": "2016-05-24T18:58:20.123Z",
                "items": [
                  "mug",
                  "spoon"
                ]
              }
            ]
            model Order {
              id: Int where range(1...)
              status: Status
              total: Decimal where range(0...)
              customer: Customer
              placedAt: Date using timestamp
              paidAt: Date? using timestamp(ms)
              items: [String] where nonEmpty

              check status == pending or paidAt != null else "an order that is paid or shipped must have `paid_at`"
            }
            enum Status {
              pending from "pending", "new"
              paid
              shipped from "shipped", 3
            }
            model Customer @12:1
              field email @13:3
                type String @13:10
                rule pattern("^[^@ ]+@[^@ ]+$") @13:23
              field name @14:3
                type String @14:9
                rule nonEmpty @14:22
            reloaded `examples/errors/errors.map`: 2 models, 1 enum
            cleared every declaration
            nothing is declared
            loaded `examples/book/book.map`: 1 model
            [
              {
                "name": "Harry Pottery",
                "page": 256,
                "desc": "A book written by J.K.Rowing.",
                "bookID": "100010"
              },
              {
                "name": "The Little Schemer",
                "page": 216,
                "desc": null,
                "bookID": "isbn-0262560992"
              },
              {
                "name": "Dune",
                "page": 412,
                "desc": null,
                "bookID": "7"
              }
            ]

            """#,
            stderr: #"""
            error: the rules declare no model `Custmer`
            help: did you mean `Customer`?
            examples/errors/input.json: error[out-of-range]: $[1].id: 0 is not in 1...
              --> examples/errors/errors.map:18:17: rule `range` of field `Order.id`
            examples/errors/input.json: error[unknown-enum-value]: $[1].status: "lost" is not a value of `Status` (expected one of "pending", "new", "paid", "shipped", 3)
              --> examples/errors/errors.map:19:3: field `Order.status`
            examples/errors/input.json: error[pattern-mismatch]: $[1].customer.email: "bob at example.com" does not match the pattern `^[^@ ]+@[^@ ]+$`
              --> examples/errors/errors.map:13:23: rule `pattern` of field `Customer.email`
            examples/errors/input.json: error[empty]: $[1].customer.name: expected a non-empty value, found ""
              --> examples/errors/errors.map:14:22: rule `nonEmpty` of field `Customer.name`
            examples/errors/input.json: error[type-mismatch]: $[1].placed_at: expected a number for `timestamp`, found "yesterday"
              --> examples/errors/errors.map:22:24: transformer `timestamp` of field `Order.placedAt`
            examples/errors/input.json: error[empty]: $[1].items: expected a non-empty value, found []
              --> examples/errors/errors.map:24:25: rule `nonEmpty` of field `Order.items`
            examples/errors/input.json: error[check-failed]: $[3]: an order that is paid or shipped must have `paid_at`
              --> examples/errors/errors.map:26:3: check of model `Order`
            examples/errors/input.json: error[missing-key]: $[4].customer: missing required key `customer`
              --> examples/errors/errors.map:21:3: field `Order.customer`
            examples/errors/input.json: 3 of 5 records failed with 8 errors
            error: nothing is declared as `Nothing`
            help: `:models` lists what is declared
            error: cannot read `examples/nowhere.json`: No such file or directory

            """#),
        /// Unknown commands get a suggestion; wrong arguments and unknown names are reported and the session goes on.
        ReplTranscript(
            name: "command-errors",
            script: #"""
            :lod examples/book/book.map
            :frobnicate
            :load
            :models now
            :show
            :reload
            :show Book
            :load examples/book/book.map
            :show Bok
            :ast Bok

            """#,
            stdout: #"""
            loaded `examples/book/book.map`: 1 model

            """#,
            stderr: #"""
            error: unknown command `:lod`
            help: did you mean `:load`?
            error: unknown command `:frobnicate`
            help: `:help` lists the commands
            error: `:load` needs FILE
            help: usage: :load FILE
            error: `:models` takes no argument, found `now`
            help: usage: :models
            error: `:show` needs NAME
            help: usage: :show NAME
            error: no rules file is loaded
            help: `:load FILE` loads one
            error: nothing is declared as `Book`
            help: `:models` lists what is declared
            error: nothing is declared as `Bok`
            help: did you mean `Book`?
            error: nothing is declared as `Bok`
            help: did you mean `Book`?

            """#),
        /// Syntax and check errors point into `<repl:N>`; a failed entry changes nothing; input cut off at the end is reported.
        ReplTranscript(
            name: "errors",
            script: #"""
            model Book {
              title: String
            }
            model Book {
              title: Strin
              pages: Int where range(1...)
            }
            {"title": "Still the old Book"}
            model Broken {
              a: Int from
              b: String
            }
            model Order {
              book: Book
              check book.title != 3
            }
            root Order
            model Order { book: Book check book.title != "" }
            root Order
            {"book": {"title": "Dune"}}
            {"book": {"title": ""}}
            :models
            enum State { open
              closed

            """#,
            stdout: #"""
            defined model `Book`
            {
              "title": "Still the old Book"
            }
            defined model `Order`
            set `root Order`
            {
              "book": {
                "title": "Dune"
              }
            }
            model Book   <repl:1>:1
            model Order  <repl:7>:1
            settings: root Order
            JSON maps to `Order`, the root model

            """#,
            stderr: #"""
            <repl:2>:2:10: error[unknown-type]: unknown type `Strin`
              |
            2 |   title: Strin
              |          ^^^^^
              = help: did you mean `String`?

            1 error
            <repl:4>:2:14: error[expected-name]: expected a key after `from`, found identifier `b`
              |
            2 |   a: Int from
              |              ^

            1 error
            <repl:5>:3:9: error[check-comparison-mismatch]: cannot compare a String with an Int
              |
            3 |   check book.title != 3
              |         ^^^^^^^^^^^^^^^

            1 error
            <repl:6>:1:6: error[unknown-model]: unknown model `Order`
              |
            1 | root Order
              |      ^^^^^

            1 error
            <repl:10>: error[check-failed]: $: check failed: `book.title != ""`
              --> <repl:7>:1:26: check of model `Order`
            <repl:10>: 1 of 1 record failed with 1 error
            <repl:11>:2:9: error[unclosed-delimiter]: expected `}` to close enum `State`, found end of file
              |
            1 | enum State { open
              |            - `{` opened here
            2 |   closed
              |         ^

            1 error

            """#),
        /// A typed declaration replaces a loaded one, and `:reload` puts the file's back.
        ReplTranscript(
            name: "reload", arguments: ["examples/github/github.map"],
            script: #"""
            model Label { name: String }
            :models
            :reload
            :models
            :show Label

            """#,
            stdout: #"""
            loaded `examples/github/github.map`: 3 models, 1 enum, 1 test
            replaced model `Label`
            enum IssueState  examples/github/github.map:8
            model GHUser     examples/github/github.map:13
            model Issue      examples/github/github.map:25
            model Label      <repl:1>:1
            settings: root Issue, keys snake_case
            JSON maps to `Issue`, the root model
            replaced model `Label`
            reloaded `examples/github/github.map`: 3 models, 1 enum, 1 test
            enum IssueState  examples/github/github.map:8
            model GHUser     examples/github/github.map:13
            model Label      examples/github/github.map:20
            model Issue      examples/github/github.map:25
            settings: root Issue, keys snake_case
            JSON maps to `Issue`, the root model
            model Label {
              name: String where nonEmpty
              color: String where pattern("^[0-9a-fA-F]{6}$")
            }

            """#,
            stderr: ""),
        /// Blank lines and comments alone start nothing.
        ReplTranscript(
            name: "blank",
            script: #"""

            // only a comment

            {"a": 1}

            """#,
            stdout: "",
            stderr: #"""
            error: the rules declare no model
            help: declare a model, or load a rules file with `:load FILE`

            """#),
    ]

    @Test(arguments: transcripts)
    func session(_ transcript: ReplTranscript) throws {
        let result = try CLIBinary.run(["repl"] + transcript.arguments, stdin: transcript.script)
        CLIHarness.expect(result, stdout: transcript.stdout, stderr: transcript.stderr, status: 0)
    }

    /// Without a final line feed, the last line still counts; an entry left open is run at the end.
    @Test func inputWithoutAFinalLineFeed() throws {
        let result = try CLIBinary.run(["repl", "examples/book/book.map"], stdin: #"{"n": "Dune", "p": 412, "id": 7"#)
        CLIHarness.expect(
            result, stdout: "loaded `examples/book/book.map`: 1 model\n",
            stderr: """
                <repl:1>:1:32: error[json-unexpected-end]: expected `,` or `}` after an object member, found end of input
                  |
                1 | {"n": "Dune", "p": 412, "id": 7
                  |                                ^

                """, status: 0)
    }

    /// Windows line endings in a script are read as plain line ends.
    @Test func carriageReturnsAreDropped() throws {
        let result = try CLIBinary.run(["repl"], stdin: "model A {\r\n  a: Int\r\n}\r\n{\"a\": 1}\r\n")
        CLIHarness.expect(result, stdout: "defined model `A`\n{\n  \"a\": 1\n}\n", status: 0)
    }

    /// Rules given on the command line that do not compile are reported; the session starts empty and goes on.
    @Test func rulesWithErrorsOnTheCommandLine() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try TestFiles.write("model A {\n  a: Strin\n}\n", to: directory + "/bad.map")
        let result = try CLIBinary.run(["repl", "bad.map"], stdin: ":models\nmodel A { a: String }\n", in: directory)
        CLIHarness.expect(
            result, stdout: "nothing is declared\ndefined model `A`\n",
            stderr: """
                bad.map:2:6: error[unknown-type]: unknown type `Strin`
                  |
                2 |   a: Strin
                  |      ^^^^^
                  = help: did you mean `String`?

                1 error

                """, status: 0)
    }

    @Test func unreadableRulesOnTheCommandLine() throws {
        let result = try CLIBinary.run(["repl", "/nonexistent-maplang/r.map"], stdin: ":models\n")
        CLIHarness.expect(
            result, stdout: "nothing is declared\n",
            stderr: "error: cannot read `/nonexistent-maplang/r.map`: No such file or directory\n", status: 0)
    }

    @Test func tooManyArguments() throws {
        let result = try CLIBinary.run(["repl", "a.map", "b.map"])
        CLIHarness.expect(
            result,
            stderr: "maplang: error: unexpected argument `b.map`\nusage: maplang repl [RULES] [options]\n",
            status: 64)
    }

    @Test func help() throws {
        let result = try CLIBinary.run(["repl", "--help"])
        CLIHarness.expect(
            result,
            stdout: """
                usage: maplang repl [RULES] [options]

                start an interactive session: declare rules and map JSON as you type

                options:
                  --color WHEN  colour diagnostics: `auto` (when standard error is a terminal), `always` or `never`

                """, status: 0)
    }

    /// `--color always` colours diagnostics even through a pipe.
    @Test func colorAlways() throws {
        let result = try CLIBinary.run(["repl", "--color", "always"], stdin: "model A { a: Strin }\n")
        #expect(result.stderr.contains("\u{1B}[1;31merror[unknown-type]:\u{1B}[0m"))
        #expect(RendererTestSupport.strippingANSI(result.stderr).hasPrefix("<repl:1>:1:14: error[unknown-type]: unknown type `Strin`\n"))
    }
}
