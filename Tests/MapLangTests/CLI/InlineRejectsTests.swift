import Testing

@testable import MapLang
@testable import MapLangCLI

/// `--inline-rejects`: every NDJSON line gives exactly one output line,
/// its record or a `{"$reject": …}` object holding the line and its errors.
struct InlineRejectsTests {
    typealias C = CLIFixtures

    /// Runs `orders.map` over `input` with `--ndjson --inline-rejects` and `extra`.
    static func run(_ input: [UInt8], _ extra: [String] = [], rules: String = C.orders) -> (outcome: CLIOutcome, lines: [Substring]) {
        let console = MemoryConsole(
            directory: CLIHarness.nowhere, files: ["orders.map": Array(rules.utf8), "in.ndjson": input], chunkSize: 1 << 12)
        let status = CommandLineTool(console: console).run(["run", "orders.map", "in.ndjson", "--ndjson", "--inline-rejects"] + extra)
        let outcome = CLIOutcome(status: status, stdout: console.outputText, stderr: console.error)
        return (outcome, outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast())
    }

    /// A reject's members, read back.
    static func reject(_ line: Substring) throws -> JSONObject {
        guard case .object(let object)? = try JSONReader.parse(Array(line.utf8))["$reject"] else {
            throw ConsoleError(message: "not a reject: \(line)")
        }
        return object
    }

    /// The codes of a reject's errors.
    static func codes(_ reject: JSONObject) -> [String] {
        guard case .array(let errors)? = reject["errors"] else { return [] }
        return errors.compactMap { if case .string(let code)? = $0["code"] { code } else { nil } }
    }

    @Test func aRejectedLineIsWrittenInItsPlaceWithItsErrors() {
        let input = "{\"id\": 1, \"name\": \"a\"}\n{\"id\": 0, \"name\": \"z\"}\n"
        let (outcome, _) = Self.run(Array(input.utf8))
        CLIHarness.expect(
            outcome,
            stdout: #"{"id":1,"name":"a"}"# + "\n"
                + #"{"$reject":{"file":"in.ndjson","line":2,"text":"{\"id\": 0, \"name\": \"z\"}","errors":[{"type":"mapping","input":"in.ndjson","record":2,"path":"$.id","model":"Order","field":"id","code":"out-of-range","message":"0 is not in 1...","rule":"rule `range`","ruleFile":"orders.map","ruleLine":4,"ruleColumn":17}]}}"#
                + "\n",
            stderr: "in.ndjson: 1 of 2 lines rejected, 1 written\n", status: 0)
    }

    @Test func everyKindOfBadLineIsOneRejectHoldingTheLineExactly() throws {
        let lines: [[UInt8]] = [
            Array(#"{"id": 1, "name": "é 😀"}"#.utf8),
            Array("not json".utf8),
            [],
            Array("   ".utf8),
            Array(#"{"id": 2}"#.utf8),
            Array(#"{"id": 3, "name": "tab\there"}"#.utf8) + [0x0D],
            Array(#"{"id": 4, "name": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8),
            Array(#"{"id": 5, "name": "e"}"#.utf8),
        ]
        let (outcome, output) = Self.run(Array(lines.joined(separator: [0x0A])) + [0x0A])
        #expect(outcome.status == 0)
        #expect(output.count == lines.count)
        #expect(output[0] == #"{"id":1,"name":"é 😀"}"#)
        #expect(output[5] == #"{"id":3,"name":"tab\there"}"#)
        #expect(output[7] == #"{"id":5,"name":"e"}"#)
        let expected: [(index: Int, codes: [String])] = [
            (1, ["json-unexpected-token"]), (2, ["ndjson-empty-line"]), (3, ["ndjson-empty-line"]), (4, ["missing-key"]),
            (6, ["json-invalid-utf8"]),
        ]
        for (index, codes) in expected {
            let reject = try Self.reject(output[index])
            #expect(reject["file"] == .string("in.ndjson"))
            #expect(reject["line"] == .number(JSONNumber(literal: "\(index + 1)")))
            #expect(Self.codes(reject) == codes, "line \(index + 1)")
            if index == 6 {
                // Not UTF-8: the line's bytes in base64 instead of its text.
                #expect(reject["text"] == nil)
                #expect(reject["bytes"] == .string(Base64.encode(lines[index])))
            } else {
                #expect(reject["text"] == .string(String(decoding: lines[index], as: UTF8.self)))
            }
        }
        #expect(outcome.stderr == "in.ndjson: 5 of 8 lines rejected, 3 written\n")
    }

    @Test func recordsAreThosePlainNDJSONWritesAndThreadsChangeNothing() throws {
        let input = Array(
            (0..<30_000).map { index in
                index % 101 == 0 ? "oops \(index)" : #"{"id": \#(index % 17), "name": "n\#(index)"}"#
            }.joined(separator: "\n").utf8)
        let (one, lines) = Self.run(input)
        let (two, _) = Self.run(input, ["--jobs", "2"])
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout == two.stdout)
        #expect(lines.count == 30_000)
        let (plain, _) = CLIHarness.run(
            ["run", "orders.map", "in.ndjson", "--ndjson"], files: ["orders.map": C.orders, "in.ndjson": String(decoding: input, as: UTF8.self)])
        #expect(plain.status == 1)
        #expect(lines.filter { !$0.hasPrefix(#"{"$reject""#) }.joined(separator: "\n") + "\n" == plain.stdout)
        let rejected = try lines.filter { $0.hasPrefix(#"{"$reject""#) }.map(Self.reject)
        #expect(rejected.count == 30_000 - plain.stdout.split(separator: "\n").count)
    }

    @Test func aRecordMappedBackWithTheMarkerKeyIsRejectedNotMistaken() throws {
        let rules = "model Event {\n  id: Int\n  extras: JSON\n  unknown keep extras\n}\n"
        let input = #"{"id": 1, "extras": {"$reject": true}}"# + "\n" + #"{"id": 2, "extras": {"note": "\"$reject\""}}"# + "\n"
        let (outcome, lines) = Self.run(Array(input.utf8), ["--reverse"], rules: rules)
        #expect(outcome.status == 0)
        #expect(Self.codes(try Self.reject(lines[0])) == ["reject-key-in-record"])
        // The marker's bytes in a string, or deeper down, are no reject.
        #expect(lines[1] == #"{"id":2,"note":"\"$reject\""}"#)
    }

    @Test func modelChoosesTheRecordsModel() {
        let rules = C.orders + "model Named {\n  name: String\n}\n"
        let (outcome, lines) = Self.run(Array("{\"name\": \"a\"}\n{\"id\": 1}\n".utf8), ["--model", "Named"], rules: rules)
        #expect(outcome.status == 0)
        #expect(lines.first == #"{"name":"a"}"#)
        #expect(lines.last?.hasPrefix(#"{"$reject":{"file":"in.ndjson","line":2,"#) == true)
    }

    @Test func usageErrors() {
        let (document, _) = CLIHarness.run(["run", "orders.map", "in.json", "--inline-rejects"], files: ["orders.map": C.orders])
        CLIHarness.expect(document, stderr: "maplang: error: `--inline-rejects` needs `--ndjson`\n", status: 64)
        let (both, _) = CLIHarness.run(
            ["run", "orders.map", "in.json", "--ndjson", "--inline-rejects", "--rejects", "r.txt"], files: ["orders.map": C.orders])
        CLIHarness.expect(
            both, stderr: "maplang: error: `--inline-rejects` writes rejects to the output; it cannot be used with `--rejects`\n", status: 64)
    }
}
