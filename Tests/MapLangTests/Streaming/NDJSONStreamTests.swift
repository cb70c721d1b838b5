import Testing

@testable import MapLang
@testable import MapLangCLI

/// `maplang run --ndjson` (grammar.md section 5.3): one document per line,
/// read in chunks; every line is written or rejected; rejected lines are
/// reported with `input:LINE`, or kept untouched in `--rejects FILE`.
struct NDJSONStreamTests {
    typealias F = BadInputFixtures

    /// Ten lines, each a different case:
    ///
    /// 1. good; 2. invalid JSON at column 10; 3. empty; 4. breaks `range`, CRLF;
    /// 5. good, CRLF; 6. Latin-1 byte at column 23; 7. blanks only;
    /// 8. lacks `name`; 9. an array, no object; 10. good, no final newline.
    static let feed: [UInt8] =
        Array(#"{"id": 1, "name": "a"}"#.utf8) + [0x0A]
        + Array(#"{"id": 2 "name": "b"}"#.utf8) + [0x0A]
        + [0x0A]
        + Array(#"{"id": 0, "name": "c"}"#.utf8) + [0x0D, 0x0A]
        + Array(#"{"id": 5, "name": "e"}"#.utf8) + [0x0D, 0x0A]
        + Array(#"{"id": 6, "name": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8) + [0x0A]
        + Array("   ".utf8) + [0x0A]
        + Array(#"{"id": 8}"#.utf8) + [0x0A]
        + Array("[1, 2]".utf8) + [0x0A]
        + Array(#"{"id": 10, "name": "j"}"#.utf8)

    /// The lines of `feed` that map, in order.
    static let feedOutput = """
        {"id":1,"name":"a"}
        {"id":5,"name":"e"}
        {"id":10,"name":"j"}

        """

    /// What `feed` reports, for an input named `name`.
    static func feedErrors(_ name: String) -> String {
        """
        \(name):2:10: error[json-unexpected-token]: expected `,` or `}` after an object member, found `"`
          |
        2 | {"id": 2 "name": "b"}
          |          ^
        \(name):3: error[ndjson-empty-line]: the line is empty
        \(name):4: error[out-of-range]: $.id: 0 is not in 1...
          --> orders.map:4:17: rule `range` of field `Order.id`
        \(name):6:23: error[json-invalid-utf8]: invalid UTF-8 sequence starting with byte 0xE9
          |
        6 | {"id": 6, "name": "caf\u{FFFD}"}
          |                       ^
        \(name):7: error[ndjson-empty-line]: the line is empty
        \(name):8: error[missing-key]: $.name: missing required key `name`
          --> orders.map:5:3: field `Order.name`
        \(name):9: error[type-mismatch]: $: expected an object for `Order`, found [1,2]
          --> orders.map:3:7: model `Order`
        \(name): 7 of 10 lines rejected, 3 written

        """
    }

    /// The `--rejects` file for `feed`: each rejected line, byte for byte
    /// (its `\r` and its Latin-1 byte included), after its `#` line.
    static let feedRejects: [UInt8] =
        Array("# line 2: column 10: expected `,` or `}` after an object member, found `\"`\n".utf8)
        + Array(#"{"id": 2 "name": "b"}"#.utf8) + [0x0A]
        + Array("# line 3: the line is empty\n".utf8)
        + [0x0A]
        + Array("# line 4: $.id: 0 is not in 1...\n".utf8)
        + Array(#"{"id": 0, "name": "c"}"#.utf8) + [0x0D, 0x0A]
        + Array("# line 6: column 23: invalid UTF-8 sequence starting with byte 0xE9\n".utf8)
        + Array(#"{"id": 6, "name": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8) + [0x0A]
        + Array("# line 7: the line is empty\n".utf8)
        + Array("   ".utf8) + [0x0A]
        + Array("# line 8: $.name: missing required key `name`\n".utf8)
        + Array(#"{"id": 8}"#.utf8) + [0x0A]
        + Array("# line 9: $: expected an object for `Order`, found [1,2]\n".utf8)
        + Array("[1, 2]".utf8) + [0x0A]

    /// Chunk sizes from one byte up: lines straddle reads in every way.
    static let chunkSizes = [1, 2, 7, 64, 1 << 16]

    @Test(arguments: chunkSizes)
    func fromAFile(_ chunkSize: Int) {
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "feed.ndjson", "--ndjson"],
            bytes: ["orders.map": Array(F.orders.utf8), "feed.ndjson": Self.feed], chunkSize: chunkSize)
        BadInputHarness.expect(
            result, stdout: Self.feedOutput, stderr: Self.feedErrors("feed.ndjson"), status: F.Status.mappingFailed)
    }

    @Test(arguments: chunkSizes)
    func fromStandardInput(_ chunkSize: Int) {
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "-", "--ndjson"], bytes: ["orders.map": Array(F.orders.utf8)], stdin: Self.feed,
            chunkSize: chunkSize)
        BadInputHarness.expect(
            result, stdout: Self.feedOutput, stderr: Self.feedErrors("<stdin>"), status: F.Status.mappingFailed)
    }

    /// With `--rejects`, rejected lines go to the file instead of standard
    /// error; the summary stays.
    @Test(arguments: chunkSizes)
    func rejectsFileKeepsTheLinesUntouched(_ chunkSize: Int) {
        let (result, console) = BadInputHarness.run(
            ["run", "orders.map", "-", "--ndjson", "--rejects", "rejects.txt"], bytes: ["orders.map": Array(F.orders.utf8)],
            stdin: Self.feed, chunkSize: chunkSize)
        BadInputHarness.expect(
            result, stdout: Self.feedOutput, stderr: "<stdin>: 7 of 10 lines rejected, 3 written\n",
            status: F.Status.mappingFailed)
        #expect(console.written["rejects.txt"] == Self.feedRejects)
    }

    /// `-o` and `--rejects` together: the run completes, so both are committed.
    @Test func outputAndRejectsFilesAreBothCommitted() {
        let (result, console) = BadInputHarness.run(
            ["run", "orders.map", "feed.ndjson", "--ndjson", "-o", "out.ndjson", "--rejects", "rejects.txt"],
            bytes: ["orders.map": Array(F.orders.utf8), "feed.ndjson": Self.feed], chunkSize: 7)
        BadInputHarness.expect(result, stderr: "feed.ndjson: 7 of 10 lines rejected, 3 written\n", status: F.Status.mappingFailed)
        #expect(BadInputHarness.written(console, "out.ndjson") == Self.feedOutput)
        #expect(console.written["rejects.txt"] == Self.feedRejects)
        #expect(console.abandoned.isEmpty)
    }

    // MARK: - Edges of lines

    struct EdgeCase: CustomTestStringConvertible, Sendable {
        let id: String
        let input: String
        let stdout: String
        let stderr: String
        let status: Int32
        /// The `--rejects` file, when it is run with one.
        let rejects: String
        var testDescription: String { id }
    }

    static let edges: [EdgeCase] = [
        EdgeCase(id: "empty input has no lines", input: "", stdout: "", stderr: "", status: 0, rejects: ""),
        EdgeCase(
            id: "one newline is one empty line", input: "\n", stdout: "",
            stderr: "in.ndjson:1: error[ndjson-empty-line]: the line is empty\nin.ndjson: 1 of 1 line rejected, 0 written\n", status: 1,
            rejects: "# line 1: the line is empty\n\n"),
        EdgeCase(
            id: "a carriage return alone is an empty line, kept with its CR", input: "\r\n", stdout: "",
            stderr: "in.ndjson:1: error[ndjson-empty-line]: the line is empty\nin.ndjson: 1 of 1 line rejected, 0 written\n", status: 1,
            rejects: "# line 1: the line is empty\n\r\n"),
        EdgeCase(
            id: "blanks after the last newline are a last line", input: #"{"id": 1, "name": "a"}"# + "\n \t",
            stdout: #"{"id":1,"name":"a"}"# + "\n",
            stderr: "in.ndjson:2: error[ndjson-empty-line]: the line is empty\nin.ndjson: 1 of 2 lines rejected, 1 written\n", status: 1,
            rejects: "# line 2: the line is empty\n \t\n"),
        EdgeCase(
            id: "CRLF throughout", input: #"{"id": 1, "name": "a"}"# + "\r\n" + #"{"id": 2, "name": "b"}"# + "\r\n",
            stdout: #"{"id":1,"name":"a"}"# + "\n" + #"{"id":2,"name":"b"}"# + "\n", stderr: "", status: 0, rejects: ""),
        EdgeCase(
            id: "last line without a newline", input: #"{"id": 1, "name": "a"}"# + "\n" + #"{"id": 2, "name": "b"}"#,
            stdout: #"{"id":1,"name":"a"}"# + "\n" + #"{"id":2,"name":"b"}"# + "\n", stderr: "", status: 0, rejects: ""),
        // Two documents on one line are one line that is not valid JSON.
        EdgeCase(
            id: "two documents on one line", input: #"{"id": 1, "name": "a"} {"id": 2, "name": "b"}"# + "\n",
            stdout: "",
            stderr: """
                in.ndjson:1:24: error[json-trailing-content]: unexpected `{` after the end of the JSON value
                  |
                1 | {"id": 1, "name": "a"} {"id": 2, "name": "b"}
                  |                        ^
                in.ndjson: 1 of 1 line rejected, 0 written

                """, status: 1,
            rejects: "# line 1: column 24: unexpected `{` after the end of the JSON value\n" + #"{"id": 1, "name": "a"} {"id": 2, "name": "b"}"#
                + "\n"),
        // A pretty-printed document split over lines: each line is judged alone.
        EdgeCase(
            id: "a document spread over lines", input: "{\n\"id\": 1, \"name\": \"a\"\n}\n", stdout: "",
            stderr: """
                in.ndjson:1:2: error[json-unexpected-end]: expected a string key or `}`, found end of input
                  |
                1 | {
                  |  ^
                in.ndjson:2:5: error[json-trailing-content]: unexpected `:` after the end of the JSON value
                  |
                2 | "id": 1, "name": "a"
                  |     ^
                in.ndjson:3:1: error[json-unexpected-token]: expected a value, found `}`
                  |
                3 | }
                  | ^
                in.ndjson: 3 of 3 lines rejected, 0 written

                """, status: 1,
            rejects: "# line 1: column 2: expected a string key or `}`, found end of input\n{\n"
                + "# line 2: column 5: unexpected `:` after the end of the JSON value\n\"id\": 1, \"name\": \"a\"\n"
                + "# line 3: column 1: expected a value, found `}`\n}\n"),
        // A lone surrogate escape is invalid JSON in a line too.
        EdgeCase(
            id: "lone surrogate escape", input: #"{"id": 1, "name": "\uD83D"}"# + "\n", stdout: "",
            stderr: """
                in.ndjson:1:20: error[json-lone-surrogate]: high surrogate escape `\\uD83D` is not followed by a low surrogate escape
                  |
                1 | {"id": 1, "name": "\\uD83D"}
                  |                    ^
                in.ndjson: 1 of 1 line rejected, 0 written

                """, status: 1,
            rejects: "# line 1: column 20: high surrogate escape `\\uD83D` is not followed by a low surrogate escape\n"
                + #"{"id": 1, "name": "\uD83D"}"# + "\n"),
        // One line, two broken rules: both reasons on its `#` line.
        EdgeCase(
            id: "several reasons for one line", input: #"{"id": 0}"# + "\n", stdout: "",
            stderr: """
                in.ndjson:1: error[out-of-range]: $.id: 0 is not in 1...
                  --> orders.map:4:17: rule `range` of field `Order.id`
                in.ndjson:1: error[missing-key]: $.name: missing required key `name`
                  --> orders.map:5:3: field `Order.name`
                in.ndjson: 1 of 1 line rejected, 0 written

                """, status: 1,
            rejects: "# line 1: $.id: 0 is not in 1...; $.name: missing required key `name`\n" + #"{"id": 0}"# + "\n"),
        // A line of 200,000 characters is longer than any read: it is put together whole.
        EdgeCase(
            id: "a line longer than a read", input: #"{"id": 1, "name": ""# + String(repeating: "z", count: 200_000) + "\"}\n",
            stdout: #"{"id":1,"name":""# + String(repeating: "z", count: 200_000) + "\"}\n", stderr: "", status: 0, rejects: ""),
    ]

    @Test(arguments: edges)
    func edgesOfLines(_ example: EdgeCase) {
        for chunkSize in [1, 7, 1 << 16] where chunkSize > 1 || example.input.utf8.count < 1_000 {
            let (result, _) = BadInputHarness.run(
                ["run", "orders.map", "in.ndjson", "--ndjson"], files: ["orders.map": F.orders, "in.ndjson": example.input],
                chunkSize: chunkSize)
            BadInputHarness.expect(
                result, stdout: example.stdout, stderr: example.stderr, status: example.status, "chunk size \(chunkSize)")
        }
    }

    @Test(arguments: edges)
    func edgesOfLinesWithARejectsFile(_ example: EdgeCase) {
        let (result, console) = BadInputHarness.run(
            ["run", "orders.map", "in.ndjson", "--ndjson", "--rejects", "rejects.txt"],
            files: ["orders.map": F.orders, "in.ndjson": example.input], chunkSize: 7)
        let summary = example.stderr.split(separator: "\n").last.map { $0.hasPrefix("in.ndjson: ") ? $0 + "\n" : "" } ?? ""
        BadInputHarness.expect(result, stdout: example.stdout, stderr: String(summary), status: example.status)
        #expect(BadInputHarness.written(console, "rejects.txt") == example.rejects)
    }

    // MARK: - Strict files

    /// Under `strict`, a repeated key makes the line invalid JSON.
    @Test func repeatedKeyUnderStrictRejectsTheLine() {
        let input = #"{"id": 1, "name": "a", "id": 2}"# + "\n" + #"{"id": 3, "name": "c"}"# + "\n"
        let (result, console) = BadInputHarness.run(
            ["run", "strict.map", "-", "--ndjson", "--rejects", "rejects.txt"],
            files: ["strict.map": F.strictOrders], stdin: input, chunkSize: 7)
        BadInputHarness.expect(
            result, stdout: #"{"id":3,"name":"c"}"# + "\n", stderr: "<stdin>: 1 of 2 lines rejected, 1 written\n",
            status: F.Status.mappingFailed)
        #expect(
            BadInputHarness.written(console, "rejects.txt")
                == "# line 1: column 24: duplicate key `id` in an object\n" + #"{"id": 1, "name": "a", "id": 2}"# + "\n")
    }

    // MARK: - Options that do not go together

    struct UsageCase: CustomTestStringConvertible, Sendable {
        let id: String
        let arguments: [String]
        let text: String
        let json: String
        var testDescription: String { id }
    }

    static let usage: [UsageCase] = [
        UsageCase(
            id: "--rejects without --ndjson", arguments: ["run", "orders.map", "in.json", "--rejects", "rejects.txt"],
            text: "maplang: error: `--rejects` needs `--ndjson`\n",
            json: #"{"type":"error","message":"`--rejects` needs `--ndjson`"}"# + "\n"),
        UsageCase(
            id: "--pretty with --ndjson", arguments: ["run", "orders.map", "in.json", "--ndjson", "--pretty"],
            text: "maplang: error: `--pretty` cannot be used with `--ndjson`, whose output has one record per line\n",
            json: #"{"type":"error","message":"`--pretty` cannot be used with `--ndjson`, whose output has one record per line"}"#
                + "\n"),
    ]

    /// Status 64, nothing written, whether or not the files exist.
    @Test(arguments: usage)
    func optionsThatDoNotGoTogether(_ example: UsageCase) {
        for files in [["orders.map": F.orders, "in.json": "[]"], [:]] {
            let (text, textConsole) = BadInputHarness.run(example.arguments + ["-o", "out.json"], files: files)
            BadInputHarness.expect(text, stderr: example.text, status: F.Status.usage)
            #expect(textConsole.written.isEmpty)
            let (json, _) = BadInputHarness.run(example.arguments + ["--error-format", "json"], files: files)
            BadInputHarness.expect(json, stderr: example.json, status: F.Status.usage)
        }
    }

    // MARK: - `--error-format json`

    /// Each problem is one JSON object; `record` is the line of a mapping
    /// error, `line` that of invalid JSON, with its column and the byte
    /// offset in the whole input. Every `"type":"json"` object has the same
    /// keys (section 6), an empty line included: its place is column 1, at
    /// the line's first byte. The run ends with its summary object.
    @Test(arguments: [1, 7, 1 << 16])
    func problemsAsJSONLines(_ chunkSize: Int) {
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "feed.ndjson", "--ndjson", "--error-format", "json"],
            bytes: ["orders.map": Array(F.orders.utf8), "feed.ndjson": Self.feed], chunkSize: chunkSize)
        let lines = [
            #"{"type":"json","code":"json-unexpected-token","input":"feed.ndjson","line":2,"column":10,"offset":32,"message":"expected `,` or `}` after an object member, found `\"`"}"#,
            #"{"type":"json","code":"ndjson-empty-line","input":"feed.ndjson","line":3,"column":1,"offset":45,"message":"the line is empty"}"#,
            #"{"type":"mapping","input":"feed.ndjson","record":4,"path":"$.id","model":"Order","field":"id","code":"out-of-range","message":"0 is not in 1...","rule":"rule `range`","ruleFile":"orders.map","ruleLine":4,"ruleColumn":17}"#,
            #"{"type":"json","code":"json-invalid-utf8","input":"feed.ndjson","line":6,"column":23,"offset":116,"message":"invalid UTF-8 sequence starting with byte 0xE9"}"#,
            #"{"type":"json","code":"ndjson-empty-line","input":"feed.ndjson","line":7,"column":1,"offset":120,"message":"the line is empty"}"#,
            #"{"type":"mapping","input":"feed.ndjson","record":8,"path":"$.name","model":"Order","field":"name","code":"missing-key","message":"missing required key `name`","rule":"field `Order.name`","ruleFile":"orders.map","ruleLine":5,"ruleColumn":3}"#,
            #"{"type":"mapping","input":"feed.ndjson","record":9,"path":"$","model":"Order","field":null,"code":"type-mismatch","message":"expected an object for `Order`, found [1,2]","rule":"model `Order`","ruleFile":"orders.map","ruleLine":3,"ruleColumn":7}"#,
            #"{"type":"summary","input":"feed.ndjson","records":10,"written":3,"failed":7,"errors":7,"warnings":0}"#,
        ]
        BadInputHarness.expect(
            result, stdout: Self.feedOutput, stderr: lines.map { $0 + "\n" }.joined(), status: F.Status.mappingFailed)
    }

    /// A problem's JSON `offset` counts from the start of the input even when
    /// it is read in small chunks and a line starts inside a chunk.
    @Test(arguments: [1, 3, 7, 1 << 16])
    func offsetsCountFromTheStartOfTheInput(_ chunkSize: Int) {
        let line = #"{"id": 1, "name": "a"}"# + "\r\n"  // 24 bytes
        let input = String(repeating: line, count: 100) + #"{"id": 2, "name": "b",}"# + "\n"
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "-", "--ndjson", "--error-format", "json"], files: ["orders.map": F.orders], stdin: input,
            chunkSize: chunkSize)
        BadInputHarness.expect(
            result, stdout: String(repeating: #"{"id":1,"name":"a"}"# + "\n", count: 100),
            stderr: #"{"type":"json","code":"json-unexpected-token","input":"<stdin>","line":101,"column":23,"offset":2422,"message":"expected a string key, found `}`"}"#
                + "\n" + #"{"type":"summary","input":"<stdin>","records":101,"written":100,"failed":1,"errors":1,"warnings":0}"# + "\n",
            status: F.Status.mappingFailed)
    }
}
