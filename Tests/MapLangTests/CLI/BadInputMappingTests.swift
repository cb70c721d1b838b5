import Testing

@testable import MapLang
@testable import MapLangCLI

/// Records that are valid JSON but break the rules (grammar.md sections 5.1,
/// 6 and 7): every error is reported with its path and the rule's place,
/// the records that mapped are written in order, a summary counts the
/// failures, and the status is 1.
struct BadInputMappingTests {
    typealias F = BadInputFixtures

    /// Nested models and a key that is not a plain word: `email`'s `pattern` at 9:23.
    static let shop = """
        root Order

        model Order {
          id: Int
          buyer: Customer from "the buyer"
        }

        model Customer {
          email: String where pattern("^[^@ ]+@[^@ ]+$")
        }

        """

    /// Two rules on one field: `length` at 4:22, `pattern` at 4:37.
    static let tags = """
        root Tag

        model Tag {
          name: String where length(2...3), pattern("^[a-z]+$")
        }

        """

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let rules: (name: String, text: String)
        let input: String
        let stdout: String
        let stderr: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        // `"x"` is no integer; `5` fills a `String` (coercion is on); the
        // third record breaks two fields, and both are reported.
        Case(
            id: "several records, several errors", rules: ("orders.map", F.orders),
            input: #"[{"id": 1, "name": "a"}, {"id": "x", "name": 5}, {"id": 0}, {"id": 4, "name": "d"}]"#,
            stdout: #"[{"id":1,"name":"a"},{"id":4,"name":"d"}]"# + "\n",
            stderr: """
                in.json: error[type-mismatch]: $[1].id: expected an integer, found "x"
                  --> orders.map:4:3: field `Order.id`
                in.json: error[out-of-range]: $[2].id: 0 is not in 1...
                  --> orders.map:4:17: rule `range` of field `Order.id`
                in.json: error[missing-key]: $[2].name: missing required key `name`
                  --> orders.map:5:3: field `Order.name`
                in.json: 2 of 4 records failed with 3 errors

                """),
        Case(
            id: "a nested model under a key that is not a plain word", rules: ("shop.map", shop),
            input: #"[{"id": 1, "the buyer": {"email": "bob@example.com"}}, {"id": 2, "the buyer": {"email": "bob at example.com"}}]"#,
            stdout: #"[{"id":1,"buyer":{"email":"bob@example.com"}}]"# + "\n",
            stderr: """
                in.json: error[pattern-mismatch]: $[1]["the buyer"].email: "bob at example.com" does not match the pattern `^[^@ ]+@[^@ ]+$`
                  --> shop.map:9:23: rule `pattern` of field `Customer.email`
                in.json: 1 of 2 records failed with 1 error

                """),
        Case(
            id: "every broken rule of one field", rules: ("tags.map", tags),
            input: #"[{"name": "ABCD"}, {"name": "ok"}]"#,
            stdout: #"[{"name":"ok"}]"# + "\n",
            stderr: """
                in.json: error[length-out-of-range]: $[0].name: length 4 is not in 2...3
                  --> tags.map:4:22: rule `length` of field `Tag.name`
                in.json: error[pattern-mismatch]: $[0].name: "ABCD" does not match the pattern `^[a-z]+$`
                  --> tags.map:4:37: rule `pattern` of field `Tag.name`
                in.json: 1 of 2 records failed with 2 errors

                """),
        Case(
            id: "records that are no objects", rules: ("orders.map", F.orders),
            input: #"[null, "text", {"id": 3, "name": "c"}, [1, 2]]"#,
            stdout: #"[{"id":3,"name":"c"}]"# + "\n",
            stderr: """
                in.json: error[type-mismatch]: $[0]: expected an object for `Order`, found null
                  --> orders.map:3:7: model `Order`
                in.json: error[type-mismatch]: $[1]: expected an object for `Order`, found "text"
                  --> orders.map:3:7: model `Order`
                in.json: error[type-mismatch]: $[3]: expected an object for `Order`, found [1,2]
                  --> orders.map:3:7: model `Order`
                in.json: 3 of 4 records failed with 3 errors

                """),
        Case(
            id: "a single record that fails writes nothing", rules: ("orders.map", F.orders),
            input: #"{"id": 0, "name": null}"#,
            stdout: "",
            stderr: """
                in.json: error[out-of-range]: $.id: 0 is not in 1...
                  --> orders.map:4:17: rule `range` of field `Order.id`
                in.json: error[null-value]: $.name: `name` is null but the field is required
                  --> orders.map:5:3: field `Order.name`
                in.json: 1 of 1 record failed with 2 errors

                """),
    ]

    @Test(arguments: cases)
    func keepsTheGoodRecordsAndReportsTheRest(_ example: Case) {
        let (result, _) = BadInputHarness.run(
            ["run", example.rules.name, "in.json"], files: [example.rules.name: example.rules.text, "in.json": example.input])
        BadInputHarness.expect(result, stdout: example.stdout, stderr: example.stderr, status: F.Status.mappingFailed)
    }

    /// The same run with `-o FILE`: the run completes, so the file holds what
    /// standard output would have, unless there is nothing (a single failed record).
    @Test(arguments: cases)
    func outputFileHoldsTheGoodRecords(_ example: Case) {
        let (result, console) = BadInputHarness.run(
            ["run", example.rules.name, "in.json", "-o", "out.json"],
            files: [example.rules.name: example.rules.text, "in.json": example.input])
        BadInputHarness.expect(result, stderr: example.stderr, status: F.Status.mappingFailed)
        if example.stdout.isEmpty {
            #expect(console.written.isEmpty)
            #expect(console.abandoned == ["out.json"])
        } else {
            #expect(BadInputHarness.written(console, "out.json") == example.stdout)
            #expect(console.abandoned.isEmpty)
        }
    }

    /// Values and keys from the input are shown quoted in messages. Control
    /// characters in them (an ANSI escape, a carriage return) must be shown
    /// escaped, not sent raw to the terminal, where they would recolour or
    /// overwrite the report. How they are escaped is not pinned down here.
    @Test func controlCharactersFromTheInputAreNotWrittenRaw() {
        let rules = """
            root Item

            model Item {
              name: String where pattern("^[a-z]*$")
              counts: [String: Int]
            }

            """
        let (result, _) = BadInputHarness.run(
            ["run", "item.map", "in.json"],
            files: ["item.map": rules, "in.json": #"{"name": "\u001b[31mred\rx", "counts": {"\u001b[2J\u0007": "many"}}"#])
        #expect(result.status == F.Status.mappingFailed)
        #expect(result.stdout == "")
        let raw = result.stderr.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }
        #expect(raw.isEmpty, "raw control characters on standard error: \(raw.map { $0.value })\n\(result)")
        #expect(result.stderr.hasSuffix("in.json: 1 of 1 record failed with 2 errors\n"), "\(result)")
        #expect(result.stderr.components(separatedBy: "\n  --> item.map:").count == 3, "\(result)")
    }

    /// Thousands of failing records: the first hundred reported, then how
    /// many more, and one summary counting them all.
    @Test func manyFailingRecordsAreAllCounted() {
        var input = "["
        var stdout = "["
        var stderr = ""
        for index in 0..<3_000 {
            if index > 0 { input += ", " }
            if index % 3 == 0 {
                input += #"{"id": 0, "name": "x"}"#
                guard index < 300 else { continue }
                stderr += "in.json: error[out-of-range]: $[\(index)].id: 0 is not in 1...\n  --> orders.map:4:17: rule `range` of field `Order.id`\n"
            } else {
                input += #"{"id": \#(index), "name": "x"}"#
                stdout += (stdout == "[" ? "" : ",") + #"{"id":\#(index),"name":"x"}"#
            }
        }
        input += "]"
        stdout += "]\n"
        stderr += "in.json: 900 more problems not shown, past the limit of 100 (`--max-errors N` sets it, `--max-errors 0` shows every one)\n"
        stderr += "in.json: 1000 of 3000 records failed with 1000 errors\n"
        let (result, _) = BadInputHarness.run(["run", "orders.map", "in.json"], files: ["orders.map": F.orders, "in.json": input])
        BadInputHarness.expect(result, stdout: stdout, stderr: stderr, status: F.Status.mappingFailed)
    }
}
