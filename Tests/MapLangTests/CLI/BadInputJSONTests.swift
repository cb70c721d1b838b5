import Testing

@testable import MapLang
@testable import MapLangCLI

/// Input that is not valid JSON, through `maplang run` (grammar.md sections
/// 5.1, 5.2, 6 and 7): the syntax error with its line, column and a caret
/// under the excerpt, status 2; in a top-level array the records before the
/// error are written and the array is closed; with `-o FILE` nothing is
/// committed.
struct BadInputJSONTests {
    typealias F = BadInputFixtures

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let input: [UInt8]
        /// Standard output: the records mapped before the error, in a closed array.
        let stdout: String
        /// Standard error: the rendered syntax error.
        let stderr: String
        var testDescription: String { id }

        init(_ id: String, _ input: String, stdout: String = "", stderr: String) {
            self.init(id, bytes: Array(input.utf8), stdout: stdout, stderr: stderr)
        }

        init(_ id: String, bytes: [UInt8], stdout: String = "", stderr: String) {
            self.id = id
            self.input = bytes
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The output of the one good record every array case starts with.
    static let firstRecord = #"[{"id":1,"name":"a"}]"# + "\n"
    /// The record every array case starts with, and the `, ` after it: 25 characters.
    static let prefix = #"[{"id": 1, "name": "a"}, "#

    static let cases: [Case] = [
        // MARK: Unexpected tokens
        Case(
            "value expected after a comma", #"[{"id": 1, "name": "a"},]"#, stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 25, code: "json-unexpected-token", "expected a value, found `]`", excerpt: #"[{"id": 1, "name": "a"},]"#)),
        Case(
            "missing comma between members", prefix + #"{"id": 2 "name": "b"}]"#, stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 35, code: "json-unexpected-token", "expected `,` or `}` after an object member, found `\"`",
                excerpt: prefix + #"{"id": 2 "name": "b"}]"#)),
        Case(
            "misspelt literal", #"{"id": 1, "name": tru}"#,
            stderr: F.jsonError(
                "in.json", line: 1, column: 19, code: "json-unexpected-token", "expected `true`, found `tru`", excerpt: #"{"id": 1, "name": tru}"#)),
        Case(
            "NaN", #"{"id": NaN, "name": "a"}"#,
            stderr: F.jsonError(
                "in.json", line: 1, column: 8, code: "json-unexpected-token", "expected a value, found `NaN`", excerpt: #"{"id": NaN, "name": "a"}"#)),
        Case(
            "single quotes", #"{'id': 1}"#,
            stderr: F.jsonError(
                "in.json", line: 1, column: 2, code: "json-unexpected-token", "expected a string key or `}`, found `'`", excerpt: #"{'id': 1}"#)),
        Case(
            "leading zero", #"{"id": 012, "name": "a"}"#,
            stderr: F.jsonError(
                "in.json", line: 1, column: 8, code: "json-invalid-number", "invalid number `012`: a leading `0` must not be followed by more digits",
                excerpt: #"{"id": 012, "name": "a"}"#)),
        Case(
            "minus without digits", #"{"id": -, "name": "a"}"#,
            stderr: F.jsonError(
                "in.json", line: 1, column: 8, code: "json-invalid-number", "invalid number `-`: `-` must be followed by a digit",
                excerpt: #"{"id": -, "name": "a"}"#)),

        // MARK: Unexpected end
        Case(
            "input ends inside an object", prefix + #"{"id": 2"#, stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 34, code: "json-unexpected-end", "expected `,` or `}` after an object member, found end of input",
                excerpt: prefix + #"{"id": 2"#)),
        Case(
            "input ends inside a string", prefix + #"{"id": 2, "name": "b"#, stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 46, code: "json-unexpected-end", "expected `\"` to close the string, found end of input",
                excerpt: "…" + #": 1, "name": "a"}, {"id": 2, "name": "b"#, caretColumn: 41)),
        // The end of input is after the newline, on the empty line 2.
        Case(
            "input ends after a comma and a newline", #"[{"id": 1, "name": "a"},"# + "\n", stdout: firstRecord,
            stderr: F.jsonError("in.json", line: 2, column: 1, code: "json-unexpected-end", "expected a value, found end of input", excerpt: "")),

        // MARK: Trailing content
        // The array itself was complete: its record stays written.
        Case(
            "garbage after an array", #"[{"id": 1, "name": "a"}] garbage"#, stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 26, code: "json-trailing-content", "unexpected `garbage` after the end of the JSON value",
                excerpt: #"[{"id": 1, "name": "a"}] garbage"#)),
        Case(
            "extra brace after an object", #"{"id": 1, "name": "a"}}"#,
            stderr: F.jsonError(
                "in.json", line: 1, column: 23, code: "json-trailing-content", "unexpected `}` after the end of the JSON value",
                excerpt: #"{"id": 1, "name": "a"}}"#)),
        Case(
            "two documents without --ndjson", #"{"id": 1, "name": "a"}"# + "\n" + #"{"id": 2, "name": "b"}"# + "\n",
            stderr: F.jsonError(
                "in.json", line: 2, column: 1, code: "json-trailing-content", "unexpected `{` after the end of the JSON value",
                excerpt: #"{"id": 2, "name": "b"}"#)),

        // MARK: Invalid UTF-8 (the excerpt shows U+FFFD for each maximal bad subsequence)
        Case(
            "Latin-1 in a string", bytes: Array(#"{"id": 1, "name": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8),
            stderr: F.jsonError(
                "in.json", line: 1, column: 23, code: "json-invalid-utf8", "invalid UTF-8 sequence starting with byte 0xE9",
                excerpt: #"{"id": 1, "name": "caf"# + "\u{FFFD}" + #""}"#)),
        Case(
            "stray byte between values", bytes: Array(prefix.utf8) + [0xFF] + Array("]".utf8), stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 26, code: "json-invalid-utf8", "invalid UTF-8 sequence starting with byte 0xFF",
                excerpt: prefix + "\u{FFFD}]")),
        Case(
            "encoded surrogate", bytes: Array(#"{"id": 1, "name": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
            stderr: F.jsonError(
                "in.json", line: 1, column: 20, code: "json-invalid-utf8", "invalid UTF-8 sequence starting with byte 0xED",
                excerpt: #"{"id": 1, "name": ""# + "\u{FFFD}\u{FFFD}\u{FFFD}" + #""}"#)),
        Case(
            "overlong form", bytes: Array(#"{"id": 1, "name": ""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),
            stderr: F.jsonError(
                "in.json", line: 1, column: 20, code: "json-invalid-utf8", "invalid UTF-8 sequence starting with byte 0xC0",
                excerpt: #"{"id": 1, "name": ""# + "\u{FFFD}\u{FFFD}" + #""}"#)),
        Case(
            "truncated sequence", bytes: Array(#"{"id": 1, "name": ""#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8),
            stderr: F.jsonError(
                "in.json", line: 1, column: 20, code: "json-invalid-utf8", "invalid UTF-8 sequence starting with byte 0xE2",
                excerpt: #"{"id": 1, "name": ""# + "\u{FFFD}" + #""}"#)),

        // MARK: Surrogate escapes that name no character
        Case(
            "lone high surrogate escape", prefix + #"{"id": 2, "name": "\uD800"}]"#, stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 45,
                code: "json-lone-surrogate", #"high surrogate escape `\uD800` is not followed by a low surrogate escape"#,
                excerpt: "…" + #"": 1, "name": "a"}, {"id": 2, "name": "\uD800"}]"#, caretColumn: 41)),
        Case(
            "lone low surrogate escape", prefix + #"{"id": 2, "name": "\uDC00"}]"#, stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 45,
                code: "json-lone-surrogate", #"low surrogate escape `\uDC00` is not preceded by a high surrogate escape"#,
                excerpt: "…" + #"": 1, "name": "a"}, {"id": 2, "name": "\uDC00"}]"#, caretColumn: 41)),
        Case(
            "inverted surrogate escapes", prefix + #"{"id": 2, "name": "\uDd1e\uD834"}]"#, stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 45,
                code: "json-lone-surrogate", #"low surrogate escape `\uDd1e` is not preceded by a high surrogate escape"#,
                excerpt: "…" + #"": 1, "name": "a"}, {"id": 2, "name": "\uDd1e\uD834"}]"#, caretColumn: 41)),

        // MARK: Control characters in strings
        // The excerpt shows a tab as one space, so the caret stays under it.
        Case(
            "raw tab in a string", "{\"id\": 1, \"name\": \"a\tb\"}",
            stderr: F.jsonError(
                "in.json", line: 1, column: 21, code: "json-control-character", "unescaped control character U+0009 in a string",
                excerpt: #"{"id": 1, "name": "a b"}"#)),
        Case(
            "raw newline in a string", "{\"id\": 1, \"name\": \"a\nb\"}",
            stderr: F.jsonError(
                "in.json", line: 1, column: 21, code: "json-control-character", "unescaped control character U+000A in a string",
                excerpt: #"{"id": 1, "name": "a"#)),

        // MARK: Limits
        // The top-level array is 1 deep, so the 511th `[` of the element is
        // the 513th level: offset 25 + 511 = 536, column 537. The excerpt is
        // cut to 39 characters before the caret and 31 after, with `…`.
        Case(
            "100,000 nested arrays after a record", prefix + String(repeating: "[", count: 100_000),
            stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 537, code: "json-too-deep", "arrays and objects nested more than 512 deep",
                excerpt: "…" + String(repeating: "[", count: 70) + "…", caretColumn: 41)),
        // "1" and 10,000 zeros: 10,001 characters, one over the limit.
        Case(
            "number literal over the limit", prefix + #"{"id": 1"# + String(repeating: "0", count: 10_000) + "}]",
            stdout: firstRecord,
            stderr: F.jsonError(
                "in.json", line: 1, column: 33, code: "json-number-too-long", "number literal longer than 10000 characters",
                excerpt: prefix + #"{"id": 1"# + String(repeating: "0", count: 30) + "…")),
    ]

    @Test(arguments: cases)
    func reportsTheSyntaxErrorAndKeepsTheRecordsBeforeIt(_ example: Case) {
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "in.json"], bytes: ["orders.map": Array(F.orders.utf8), "in.json": example.input])
        BadInputHarness.expect(result, stdout: example.stdout, stderr: example.stderr, status: F.Status.invalidJSON)
    }

    /// The same from standard input, read in 7-byte chunks: only the input's name changes.
    @Test(arguments: cases)
    func readsStandardInputInSmallChunks(_ example: Case) {
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "-"], bytes: ["orders.map": Array(F.orders.utf8)], stdin: example.input, chunkSize: 7)
        let stderr = "<stdin>" + example.stderr.dropFirst("in.json".count)
        BadInputHarness.expect(result, stdout: example.stdout, stderr: stderr, status: F.Status.invalidJSON)
    }

    /// With `-o FILE` the output file is given up, never committed, and nothing goes to standard output.
    @Test(arguments: cases)
    func outputFileIsAbandoned(_ example: Case) {
        let (result, console) = BadInputHarness.run(
            ["run", "orders.map", "in.json", "-o", "out.json"],
            bytes: ["orders.map": Array(F.orders.utf8), "in.json": example.input])
        BadInputHarness.expect(result, stderr: example.stderr, status: F.Status.invalidJSON)
        #expect(console.written.isEmpty)
        #expect(console.abandoned == ["out.json"])
    }

    // MARK: - An array that breaks before its first record

    /// The input is an array that stops being valid JSON before any record:
    /// "the array is closed so standard output stays valid JSON" (5.1), so
    /// standard output is `[]`, as for an array whose records all failed.
    @Test func errorBeforeTheFirstRecordStillWritesAClosedArray() {
        let input = #"[{"id": 1 "name": "a"}]"#
        let (result, _) = BadInputHarness.run(["run", "orders.map", "in.json"], files: ["orders.map": F.orders, "in.json": input])
        BadInputHarness.expect(
            result, stdout: "[]\n",
            stderr: F.jsonError(
                "in.json", line: 1, column: 11, code: "json-unexpected-token", "expected `,` or `}` after an object member, found `\"`", excerpt: input),
            status: F.Status.invalidJSON)
    }

    /// 100,000 `[`: the 513th, at offset 512, is one level too deep. Never a crash.
    @Test func hundredThousandOpeningBrackets() {
        let input = String(repeating: "[", count: 100_000)
        let (result, _) = BadInputHarness.run(["run", "orders.map", "in.json"], files: ["orders.map": F.orders, "in.json": input])
        BadInputHarness.expect(
            result, stdout: "[]\n",
            stderr: F.jsonError(
                "in.json", line: 1, column: 513, code: "json-too-deep", "arrays and objects nested more than 512 deep",
                excerpt: "…" + String(repeating: "[", count: 70) + "…", caretColumn: 41),
            status: F.Status.invalidJSON)
    }

    /// 100,000 `{"a":` under one `JSON` field of a single object: the same limit.
    @Test func hundredThousandNestedObjects() {
        let input = #"{"id": 1, "deep": "# + String(repeating: #"{"a":"#, count: 100_000)
        let (result, _) = BadInputHarness.run(["run", "doc.map", "in.json"], files: ["doc.map": F.document, "in.json": input])
        // The outer object is level 1; the 511th `{"a":` (offset 18 + 510 × 5 = 2568) is level 512, the 512th level 513.
        // The excerpt: `…`, the 39 characters before offset 2573 (`"a":` and
        // seven `{"a":`), the 31 after (six `{"a":` and `{`), `…`.
        let unit = #"{"a":"#
        BadInputHarness.expect(
            result,
            stderr: F.jsonError(
                "in.json", line: 1, column: 2574, code: "json-too-deep", "arrays and objects nested more than 512 deep",
                excerpt: "…" + #""a":"# + String(repeating: unit, count: 7) + String(repeating: unit, count: 6) + "{…",
                caretColumn: 41),
            status: F.Status.invalidJSON)
    }

    /// More output than is buffered at once (about 1.5 MB of records) before
    /// the error: every record is on standard output, in a closed array, not
    /// only the part flushed so far.
    @Test func largeArrayBrokenAtTheEndKeepsEveryRecord() {
        let count = 60_000
        var input = "["
        var output = "["
        for id in 1...count {
            input += #"{"id": \#(id), "name": "n\#(id)"}, "#
            output += (id > 1 ? "," : "") + #"{"id":\#(id),"name":"n\#(id)"}"#
        }
        let before = input + #"{"id": 0 "#
        input = before + #""name": "x"}]"#
        output += "]\n"
        let (result, _) = BadInputHarness.run(["run", "orders.map", "in.json"], files: ["orders.map": F.orders, "in.json": input])
        BadInputHarness.expectLarge(
            result, stdout: Array(output.utf8),
            stderr: F.jsonError(
                "in.json", line: 1, column: before.count + 1, code: "json-unexpected-token", "expected `,` or `}` after an object member, found `\"`",
                excerpt: "…" + before.suffix(39) + #""name": "x"}]"#, caretColumn: 41),
            status: F.Status.invalidJSON)
    }

    // MARK: - UTF-16 and UTF-32

    struct EncodingCase: CustomTestStringConvertible, Sendable {
        let id: String
        let bytes: [UInt8]
        var testDescription: String { id }
    }

    static let text = #"[{"id": 1, "name": "a"}]"#

    static let encodings: [EncodingCase] = [
        EncodingCase(id: "UTF-16LE with BOM", bytes: [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
        EncodingCase(id: "UTF-16BE with BOM", bytes: [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
        EncodingCase(id: "UTF-16LE", bytes: text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
        EncodingCase(id: "UTF-16BE", bytes: text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
        EncodingCase(id: "UTF-32LE", bytes: text.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }),
        EncodingCase(id: "UTF-32BE", bytes: text.unicodeScalars.flatMap { [0, 0, 0, UInt8($0.value & 0xFF)] }),
    ]

    /// Refused at 1:1 with a message saying so. The excerpt under it must not
    /// copy the input's NUL bytes (or other control characters) to the
    /// terminal; how it shows them is not pinned down here.
    @Test(arguments: encodings)
    func utf16AndUTF32AreRefused(_ example: EncodingCase) {
        let (result, console) = BadInputHarness.run(
            ["run", "orders.map", "in.json", "-o", "out.json"],
            bytes: ["orders.map": Array(F.orders.utf8), "in.json": example.bytes])
        #expect(result.status == F.Status.invalidJSON)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix("in.json:1:1: error[json-not-utf8]: input is UTF-16 or UTF-32; JSON must be UTF-8\n"), "\(result)")
        let controls = result.stderr.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
        #expect(controls.isEmpty, "control characters on standard error: \(controls.map { $0.value })")
        #expect(console.written.isEmpty)
    }

    /// In JSON form the same problem has no excerpt at all.
    @Test(arguments: encodings)
    func utf16AndUTF32AreRefusedAsJSON(_ example: EncodingCase) {
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "in.json", "--error-format", "json"],
            bytes: ["orders.map": Array(F.orders.utf8), "in.json": example.bytes])
        BadInputHarness.expect(
            result,
            stderr: #"{"type":"json","code":"json-not-utf8","input":"in.json","line":1,"column":1,"offset":0,"message":"input is UTF-16 or UTF-32; JSON must be UTF-8"}"#
                + "\n" + #"{"type":"summary","input":"in.json","records":0,"written":0,"failed":0,"errors":1,"warnings":0}"# + "\n",
            status: F.Status.invalidJSON)
    }
}
