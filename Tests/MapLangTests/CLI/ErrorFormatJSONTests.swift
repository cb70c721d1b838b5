import Testing

@testable import MapLang
@testable import MapLangCLI

/// `--error-format json` for `maplang run` (grammar.md section 6): each
/// problem is one JSON object on one line of standard error, with the keys
/// the section lists; the run ends with one summary object; standard
/// output and the exit status are as in text form.
struct ErrorFormatJSONTests {
    typealias F = BadInputFixtures

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let arguments: [String]
        let files: [String: String]
        let stdout: String
        let lines: [String]
        let status: Int32
        var testDescription: String { id }
    }

    /// The doc's example of invalid JSON: a missing `,` on line 3 at column
    /// 11, byte 60 (two lines of 24 characters and their newlines, then 10).
    static let broken = """
        [{"id": 1, "name": "a"},
         {"id": 2, "name": "b"},
         {"id": 3 "name": "c"}]

        """

    static let cases: [Case] = [
        Case(
            id: "mapping errors", arguments: ["run", "orders.map", "in.json", "--error-format", "json"],
            files: [
                "orders.map": F.orders,
                "in.json": #"[{"id": 1, "name": "a"}, {"id": "x", "name": 5}, {"id": 0}, {"id": 4, "name": "d"}]"#,
            ],
            stdout: #"[{"id":1,"name":"a"},{"id":4,"name":"d"}]"# + "\n",
            lines: [
                #"{"type":"mapping","input":"in.json","record":null,"path":"$[1].id","model":"Order","field":"id","code":"type-mismatch","message":"expected an integer, found \"x\"","rule":"field `Order.id`","ruleFile":"orders.map","ruleLine":4,"ruleColumn":3}"#,
                #"{"type":"mapping","input":"in.json","record":null,"path":"$[2].id","model":"Order","field":"id","code":"out-of-range","message":"0 is not in 1...","rule":"rule `range`","ruleFile":"orders.map","ruleLine":4,"ruleColumn":17}"#,
                #"{"type":"mapping","input":"in.json","record":null,"path":"$[2].name","model":"Order","field":"name","code":"missing-key","message":"missing required key `name`","rule":"field `Order.name`","ruleFile":"orders.map","ruleLine":5,"ruleColumn":3}"#,
                #"{"type":"summary","input":"in.json","records":4,"written":2,"failed":2,"errors":3,"warnings":0}"#,
            ],
            status: F.Status.mappingFailed),
        Case(
            id: "invalid JSON", arguments: ["run", "orders.map", "in.json", "--error-format=json"],
            files: ["orders.map": F.orders, "in.json": broken],
            stdout: #"[{"id":1,"name":"a"},{"id":2,"name":"b"}]"# + "\n",
            lines: [
                #"{"type":"json","code":"json-unexpected-token","input":"in.json","line":3,"column":11,"offset":60,"message":"expected `,` or `}` after an object member, found `\"`"}"#,
                #"{"type":"summary","input":"in.json","records":2,"written":2,"failed":0,"errors":1,"warnings":0}"#,
            ],
            status: F.Status.invalidJSON),
        Case(
            id: "a mapping error, then invalid JSON", arguments: ["run", "orders.map", "-", "--error-format", "json"],
            files: ["orders.map": F.orders, "-": #"[{"id": 0, "name": "a"}, {"id": 2, "name": "b"},]"#],
            stdout: #"[{"id":2,"name":"b"}]"# + "\n",
            lines: [
                #"{"type":"mapping","input":"<stdin>","record":null,"path":"$[0].id","model":"Order","field":"id","code":"out-of-range","message":"0 is not in 1...","rule":"rule `range`","ruleFile":"orders.map","ruleLine":4,"ruleColumn":17}"#,
                #"{"type":"json","code":"json-unexpected-token","input":"<stdin>","line":1,"column":49,"offset":48,"message":"expected a value, found `]`"}"#,
                #"{"type":"summary","input":"<stdin>","records":2,"written":1,"failed":1,"errors":2,"warnings":0}"#,
            ],
            status: F.Status.invalidJSON),
        // Offsets count bytes, columns characters: `é` is two bytes, one column.
        Case(
            id: "offsets count bytes", arguments: ["run", "orders.map", "in.json", "--error-format", "json"],
            files: ["orders.map": F.orders, "in.json": #"{"name": "éé", "id": 1,}"#],
            stdout: "",
            lines: [
                #"{"type":"json","code":"json-unexpected-token","input":"in.json","line":1,"column":24,"offset":25,"message":"expected a string key, found `}`"}"#,
                #"{"type":"summary","input":"in.json","records":0,"written":0,"failed":0,"errors":1,"warnings":0}"#,
            ],
            status: F.Status.invalidJSON),
        Case(
            id: "unreadable input", arguments: ["run", "orders.map", "missing.json", "--error-format", "json"],
            files: ["orders.map": F.orders], stdout: "",
            lines: [#"{"type":"error","message":"cannot read `missing.json`: No such file or directory"}"#],
            status: F.Status.unreadable),
        Case(
            id: "unknown model", arguments: ["run", "orders.map", "in.json", "--model", "Ordr", "--error-format", "json"],
            files: ["orders.map": F.orders, "in.json": "[]"], stdout: "",
            lines: [#"{"type":"error","message":"the rules declare no model `Ordr`","help":"did you mean `Order`?"}"#],
            status: F.Status.usage),
        // Problems with the command line are problems with the command too.
        Case(
            id: "unknown option", arguments: ["run", "--error-format", "json", "orders.map", "in.json", "--prety"],
            files: ["orders.map": F.orders, "in.json": "[]"], stdout: "",
            lines: [#"{"type":"error","message":"`run` has no option `--prety`","help":"did you mean `--pretty`?"}"#],
            status: F.Status.usage),
        Case(
            id: "missing input argument", arguments: ["run", "--error-format=json", "orders.map"],
            files: ["orders.map": F.orders], stdout: "",
            lines: [#"{"type":"error","message":"`run` needs INPUT","help":"usage: maplang run RULES INPUT [INPUT...] [options]"}"#],
            status: F.Status.usage),
        // Colour is for people: never in JSON, even when asked for.
        Case(
            id: "no colour in JSON", arguments: ["run", "orders.map", "in.json", "--error-format", "json", "--color", "always"],
            files: ["orders.map": F.orders, "in.json": #"[{"id": 0, "name": "a"}]"#],
            stdout: "[]\n",
            lines: [
                #"{"type":"mapping","input":"in.json","record":null,"path":"$[0].id","model":"Order","field":"id","code":"out-of-range","message":"0 is not in 1...","rule":"rule `range`","ruleFile":"orders.map","ruleLine":4,"ruleColumn":17}"#,
                #"{"type":"summary","input":"in.json","records":1,"written":0,"failed":1,"errors":1,"warnings":0}"#,
            ],
            status: F.Status.mappingFailed),
    ]

    @Test(arguments: cases)
    func oneObjectPerProblem(_ example: Case) {
        var files = example.files
        let stdin = files.removeValue(forKey: "-") ?? ""
        let (result, _) = BadInputHarness.run(example.arguments, files: files, stdin: stdin)
        BadInputHarness.expect(
            result, stdout: example.stdout, stderr: example.lines.map { $0 + "\n" }.joined(), status: example.status)
    }

    /// The keys of each kind of object, in order (section 6).
    static let keys: [String: [String]] = [
        "diagnostic": [
            "type", "severity", "code", "message", "file", "line", "column", "endLine", "endColumn", "labels", "notes",
        ],
        "mapping": [
            "type", "input", "record", "path", "model", "field", "code", "message", "rule", "ruleFile", "ruleLine",
            "ruleColumn",
        ],
        "json": ["type", "code", "input", "line", "column", "offset", "message"],
        "error": ["type", "message"],
        "summary": ["type", "input", "records", "written", "failed", "errors", "warnings"],
    ]

    /// Every line of standard error is a JSON object of a known type with
    /// that type's keys (`help` aside, which only some problems have).
    @Test(arguments: cases)
    func everyLineFollowsTheSchema(_ example: Case) throws {
        var files = example.files
        let stdin = files.removeValue(forKey: "-") ?? ""
        let (result, _) = BadInputHarness.run(example.arguments, files: files, stdin: stdin)
        #expect(result.stderr.hasSuffix("\n"))
        for line in result.stderr.split(separator: "\n") {
            let value: JSONValue
            do {
                value = try JSONReader.parse(Array(line.utf8))
            } catch {
                Issue.record("not JSON: \(line)")
                continue
            }
            guard case .object(let object) = value, case .string(let type)? = object.members.first?.value,
                let expected = Self.keys[type]
            else {
                Issue.record("not an object of a known type: \(line)")
                continue
            }
            #expect(object.members.map(\.key).filter { $0 != "help" } == expected, "\(line)")
        }
    }

    /// Quotes and backslashes in a value survive both the message's quoting and JSON's.
    @Test func quotesAndBackslashesAreEscaped() {
        let rules = """
            root Item

            model Item {
              name: String where pattern("^[a-z]*$")
            }

            """
        let (result, _) = BadInputHarness.run(
            ["run", "item.map", "in.json", "--error-format", "json"],
            files: ["item.map": rules, "in.json": #"{"name": "A\"b\\c"}"#])
        BadInputHarness.expect(
            result,
            stderr: #"{"type":"mapping","input":"in.json","record":null,"path":"$.name","model":"Item","field":"name","code":"pattern-mismatch","message":"\"A\\\"b\\\\c\" does not match the pattern `^[a-z]*$`","rule":"rule `pattern`","ruleFile":"item.map","ruleLine":4,"ruleColumn":22}"#
                + "\n" + #"{"type":"summary","input":"in.json","records":1,"written":0,"failed":1,"errors":1,"warnings":0}"# + "\n",
            status: F.Status.mappingFailed)
    }
}
