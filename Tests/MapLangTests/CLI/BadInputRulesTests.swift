import Testing

@testable import MapLang
@testable import MapLangCLI

/// Broken rules files through `maplang run` and `maplang check`: every error
/// is reported (grammar.md section 4), rendered as section 6 shows, and the
/// status is 65 (section 7). The input is never read, so it need not exist.
struct BadInputRulesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        /// The rules file's name.
        let name: String
        /// The rules file's bytes.
        let bytes: [UInt8]
        /// What `--error-format text` (the default) writes to standard error.
        let text: String
        /// What `--error-format json` writes to standard error, one object per line.
        let json: [String]
        var testDescription: String { id }

        init(_ id: String, name: String = "rules.map", _ rules: String, text: String, json: [String]) {
            self.init(id, name: name, bytes: Array(rules.utf8), text: text, json: json)
        }

        init(_ id: String, name: String, bytes: [UInt8], text: String, json: [String]) {
            self.id = id
            self.name = name
            self.bytes = bytes
            self.text = text
            self.json = json
        }
    }

    static let cases: [Case] = [
        // Four problems of three kinds (a missing `:`, a stray character, a
        // missing key, junk after a field), each on its own line: all four
        // are reported, in source order, with the count last.
        Case(
            "several syntax errors",
            """
            root Order

            model Order {
              id Int
              sku: String from @sku
              name: String from
              total: Decimal -> 0
            }

            """,
            text: """
                rules.map:4:5: error[expected-token]: expected `:` after the field name `id`, found identifier `Int`
                  |
                4 |   id Int
                  |     ^

                rules.map:5:20: error[unexpected-character]: unexpected character `@`
                  |
                5 |   sku: String from @sku
                  |                    ^
                  = help: write a key holding `@` as a string, as in `from "@type"`

                rules.map:6:20: error[expected-name]: expected a key after `from`, found identifier `total`
                  |
                6 |   name: String from
                  |                    ^

                rules.map:7:18: error[expected-clause]: expected a clause such as `from`, `using`, `default` or `where` after the field `total`, found `->`
                  |
                7 |   total: Decimal -> 0
                  |                  ^^

                4 errors

                """,
            json: [
                #"{"type":"diagnostic","severity":"error","code":"expected-token","message":"expected `:` after the field name `id`, found identifier `Int`","file":"rules.map","line":4,"column":5,"endLine":4,"endColumn":5,"labels":[],"notes":[]}"#,
                #"{"type":"diagnostic","severity":"error","code":"unexpected-character","message":"unexpected character `@`","file":"rules.map","line":5,"column":20,"endLine":5,"endColumn":21,"labels":[],"notes":[],"help":"write a key holding `@` as a string, as in `from \"@type\"`"}"#,
                #"{"type":"diagnostic","severity":"error","code":"expected-name","message":"expected a key after `from`, found identifier `total`","file":"rules.map","line":6,"column":20,"endLine":6,"endColumn":20,"labels":[],"notes":[]}"#,
                #"{"type":"diagnostic","severity":"error","code":"expected-clause","message":"expected a clause such as `from`, `using`, `default` or `where` after the field `total`, found `->`","file":"rules.map","line":7,"column":18,"endLine":7,"endColumn":20,"labels":[],"notes":[]}"#,
            ]),
        // A syntax error does not hide the checker's errors in what parsed.
        Case(
            "syntax and semantic errors together",
            """
            root Order

            model Order {
              id Int
              name: Strng
              note: String using trimm
            }

            """,
            text: """
                rules.map:4:5: error[expected-token]: expected `:` after the field name `id`, found identifier `Int`
                  |
                4 |   id Int
                  |     ^

                rules.map:5:9: error[unknown-type]: unknown type `Strng`
                  |
                5 |   name: Strng
                  |         ^^^^^
                  = help: did you mean `String`?

                rules.map:6:22: error[unknown-transformer]: unknown transformer `trimm`
                  |
                6 |   note: String using trimm
                  |                      ^^^^^
                  = help: did you mean `trim`?

                3 errors

                """,
            json: [
                #"{"type":"diagnostic","severity":"error","code":"expected-token","message":"expected `:` after the field name `id`, found identifier `Int`","file":"rules.map","line":4,"column":5,"endLine":4,"endColumn":5,"labels":[],"notes":[]}"#,
                #"{"type":"diagnostic","severity":"error","code":"unknown-type","message":"unknown type `Strng`","file":"rules.map","line":5,"column":9,"endLine":5,"endColumn":14,"labels":[],"notes":[],"help":"did you mean `String`?"}"#,
                #"{"type":"diagnostic","severity":"error","code":"unknown-transformer","message":"unknown transformer `trimm`","file":"rules.map","line":6,"column":22,"endLine":6,"endColumn":27,"labels":[],"notes":[],"help":"did you mean `trim`?"}"#,
            ]),
        Case(
            "misspelt keyword",
            """
            root Order

            modle Order {
              id: Int
            }

            """,
            text: """
                rules.map:3:1: error[expected-declaration]: expected a declaration (`model`, `enum`, `table`, `transform`, `choice` or a setting), found identifier `modle`
                  |
                3 | modle Order {
                  | ^^^^^
                  = help: did you mean `model`?

                1 error

                """,
            json: [
                #"{"type":"diagnostic","severity":"error","code":"expected-declaration","message":"expected a declaration (`model`, `enum`, `table`, `transform`, `choice` or a setting), found identifier `modle`","file":"rules.map","line":3,"column":1,"endLine":3,"endColumn":6,"labels":[],"notes":[],"help":"did you mean `model`?"}"#
            ]),
        Case(
            "misspelt rule",
            """
            root Order

            model Order {
              id: Int
              name: String where nonEmtpy
            }

            """,
            text: """
                rules.map:5:22: error[unknown-rule]: unknown rule `nonEmtpy`
                  |
                5 |   name: String where nonEmtpy
                  |                      ^^^^^^^^
                  = help: did you mean `nonEmpty`?

                1 error

                """,
            json: [
                #"{"type":"diagnostic","severity":"error","code":"unknown-rule","message":"unknown rule `nonEmtpy`","file":"rules.map","line":5,"column":22,"endLine":5,"endColumn":30,"labels":[],"notes":[],"help":"did you mean `nonEmpty`?"}"#
            ]),
        // Nothing is close to `frobnicate`, so there is no help, and the
        // unknown stage causes no second error about the pipeline's output.
        Case(
            "unknown transformer",
            """
            root Order

            model Order {
              id: Int
              name: String using frobnicate
            }

            """,
            text: """
                rules.map:5:22: error[unknown-transformer]: unknown transformer `frobnicate`
                  |
                5 |   name: String using frobnicate
                  |                      ^^^^^^^^^^

                1 error

                """,
            json: [
                #"{"type":"diagnostic","severity":"error","code":"unknown-transformer","message":"unknown transformer `frobnicate`","file":"rules.map","line":5,"column":22,"endLine":5,"endColumn":32,"labels":[],"notes":[]}"#
            ]),
        // A second place (`-----` with a label) is drawn above the primary
        // one when it comes first in the file.
        Case(
            "unclosed model body",
            """
            model Order {
              id: Int

            """,
            text: """
                rules.map:2:10: error[unclosed-delimiter]: expected `}` to close model `Order`, found end of file
                  |
                1 | model Order {
                  |             - `{` opened here
                2 |   id: Int
                  |          ^

                1 error

                """,
            json: [
                #"{"type":"diagnostic","severity":"error","code":"unclosed-delimiter","message":"expected `}` to close model `Order`, found end of file","file":"rules.map","line":2,"column":10,"endLine":2,"endColumn":10,"labels":[{"line":1,"column":13,"message":"`{` opened here"}],"notes":[]}"#
            ]),
        // grammar.md section 1: "A rules file is UTF-8 text". A file that was
        // read but holds Latin-1 is a rules file with an error (65, like any
        // other lexical error, which the lexer already has: `invalid-utf8`,
        // "save the file as UTF-8"), not "a file could not be read" (66);
        // the diagnostic says where the bad byte is, as for JSON input.
        Case(
            "rules not UTF-8", name: "latin1.map",
            bytes: Array("// caf".utf8) + [0xE9] + Array(" au lait\nroot Order\n\nmodel Order {\n  id: Int\n}\n".utf8),
            text: """
                latin1.map:1:7: error[invalid-utf8]: invalid UTF-8 byte sequence
                  |
                1 | // caf\u{FFFD} au lait
                  |       ^
                  = help: save the file as UTF-8

                1 error

                """,
            json: [
                #"{"type":"diagnostic","severity":"error","code":"invalid-utf8","message":"invalid UTF-8 byte sequence","file":"latin1.map","line":1,"column":7,"endLine":1,"endColumn":8,"labels":[],"notes":[],"help":"save the file as UTF-8"}"#
            ]),
    ]

    @Test(arguments: cases)
    func runReportsEveryErrorAsText(_ example: Case) {
        let (result, console) = BadInputHarness.run(
            ["run", example.name, "missing.json", "-o", "out.json"], bytes: [example.name: example.bytes])
        BadInputHarness.expect(result, stderr: example.text, status: BadInputFixtures.Status.rulesError)
        #expect(console.written.isEmpty)
    }

    @Test(arguments: cases)
    func checkReportsEveryErrorAsText(_ example: Case) {
        let (result, _) = BadInputHarness.run(["check", example.name], bytes: [example.name: example.bytes])
        BadInputHarness.expect(result, stderr: example.text, status: BadInputFixtures.Status.rulesError)
    }

    @Test(arguments: cases)
    func runReportsEveryErrorAsJSONLines(_ example: Case) {
        let (result, _) = BadInputHarness.run(
            ["run", example.name, "missing.json", "--error-format", "json"], bytes: [example.name: example.bytes])
        BadInputHarness.expect(
            result, stderr: example.json.map { $0 + "\n" }.joined(), status: BadInputFixtures.Status.rulesError)
    }

    @Test(arguments: cases)
    func checkReportsEveryErrorAsJSONLines(_ example: Case) {
        let (result, _) = BadInputHarness.run(
            ["check", example.name, "--error-format=json"], bytes: [example.name: example.bytes])
        BadInputHarness.expect(
            result, stderr: example.json.map { $0 + "\n" }.joined(), status: BadInputFixtures.Status.rulesError)
    }

    /// Every JSON line parses as an object with the keys grammar.md section 6 lists, in that order.
    @Test(arguments: cases)
    func jsonLinesFollowTheSchema(_ example: Case) throws {
        let (result, _) = BadInputHarness.run(
            ["run", example.name, "missing.json", "--error-format", "json"], bytes: [example.name: example.bytes])
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        for line in lines.dropLast() {
            let value = try JSONReader.parse(Array(line.utf8))
            guard case .object(let object) = value else {
                Issue.record("not an object: \(line)")
                continue
            }
            let keys = object.members.map(\.key).filter { $0 != "help" }
            #expect(
                keys == [
                    "type", "severity", "code", "message", "file", "line", "column", "endLine", "endColumn", "labels",
                    "notes",
                ])
        }
    }

    // MARK: - Files with nothing to run

    /// An empty rules file compiles to no model at all. `--model` cannot help
    /// (there is nothing to name), so the problem is in the rules file: 65,
    /// with no advice to pass `--model`. The wording is not pinned down here.
    @Test(arguments: ["", "// nothing here yet\n", "\n\n   \n"])
    func rulesFileWithNoModelIsARulesError(_ text: String) {
        let (result, _) = BadInputHarness.run(["run", "empty.map", "in.json"], files: ["empty.map": text, "in.json": "{}"])
        #expect(result.stdout == "")
        #expect(result.status == BadInputFixtures.Status.rulesError, "\(result)")
        #expect(result.stderr.contains("no model"), "\(result)")
        #expect(!result.stderr.contains("--model"), "\(result)")
    }
}
