import Testing

@testable import MapLang
@testable import MapLangCLI

/// grammar.md section 5.3: "Every input line is either written or rejected:
/// input lines = output lines + rejected lines, always", checked on
/// generated streams of a few thousand lines mixing good lines, invalid
/// JSON, empty lines and lines that break the rules, with and without CRLF.
struct NDJSONInvariantTests {
    typealias F = BadInputFixtures

    /// A generated stream and everything the run must give for it.
    struct Stream {
        /// The input bytes.
        var input: [UInt8] = []
        /// The mapped lines, in order.
        var output = ""
        /// The `--rejects` file.
        var rejects: [UInt8] = []
        /// The numbers of the rejected lines, in order.
        var rejected: [Int] = []
        /// How many lines there are.
        var lines = 0
    }

    /// Builds `count` lines with `orders.map` in mind, from a seed.
    static func generate(seed: UInt64, count: Int) -> Stream {
        var random = SeededGenerator(seed: seed)
        var stream = Stream()
        for number in 1...count {
            let crlf = Int.random(in: 0..<10, using: &random) < 3
            var line: [UInt8]
            var reason: String?
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<50:
                // Good, in one of several spellings.
                let spellings = [
                    #"{"id": \#(number), "name": "n\#(number)"}"#,
                    #"{"name":"n\#(number)","id":\#(number)}"#,
                    " \t" + #"{ "id" : \#(number) , "name" : "n\#(number)" }"# + "  ",
                    #"{"id": "\#(number)", "name": "n\#(number)", "extra": [1, {"x": null}]}"#,
                ]
                line = Array(spellings[Int.random(in: 0..<spellings.count, using: &random)].utf8)
                stream.output += #"{"id":\#(number),"name":"n\#(number)"}"# + "\n"
            case 50..<65:
                // Not valid JSON.
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    let head = #"{"id": \#(number) "#
                    line = Array((head + #""name": "x"}"#).utf8)
                    reason = "column \(head.count + 1): expected `,` or `}` after an object member, found `\"`"
                case 1:
                    line = Array(#"{"id": \#(number), "name": "x""#.utf8)
                    // The end of input comes after the `\r`, if there is one: one column further.
                    reason = "column \(line.count + (crlf ? 1 : 0) + 1): expected `,` or `}` after an object member, found end of input"
                case 2:
                    let head = #"{"id": \#(number), "name": "x"} "#
                    line = Array((head + "tail").utf8)
                    reason = "column \(head.count + 1): unexpected `tail` after the end of the JSON value"
                default:
                    let head = #"{"id": \#(number), "name": ""#
                    line = Array(head.utf8) + [0xE9] + Array(#""}"#.utf8)
                    reason = "column \(head.count + 1): invalid UTF-8 sequence starting with byte 0xE9"
                }
            case 65..<75:
                // Empty, or white space only.
                line = Array(["", " ", "\t", "  \t "][Int.random(in: 0..<4, using: &random)].utf8)
                reason = "the line is empty"
            default:
                // Valid JSON that breaks the rules.
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    line = Array(#"{"id": 0, "name": "z"}"#.utf8)
                    reason = "$.id: 0 is not in 1..."
                case 1:
                    line = Array(#"{"id": \#(number)}"#.utf8)
                    reason = "$.name: missing required key `name`"
                case 2:
                    line = Array(#""text""#.utf8)
                    reason = #"$: expected an object for `Order`, found "text""#
                default:
                    line = Array(#"{"id": -\#(number), "name": null}"#.utf8)
                    reason = "$.id: -\(number) is not in 1...; $.name: `name` is null but the field is required"
                }
            }
            if crlf { line.append(0x0D) }
            // The last line may lack its newline, unless that would make it vanish.
            let newline = number < count || line.isEmpty || Bool.random(using: &random)
            stream.input += line + (newline ? [0x0A] : [])
            if let reason {
                stream.rejects += Array("# line \(number): \(reason)\n".utf8) + line + [0x0A]
                stream.rejected.append(number)
            }
        }
        stream.lines = count
        return stream
    }

    static let seeds: [UInt64] = [1, 2, 20_240_611]
    static let count = 3_000

    /// The invariant, counted from the bytes alone: every `#` line of the
    /// rejects file is followed by exactly the input line it names, and the
    /// input's lines are the output's lines and the rejected ones.
    static func checkInvariant(input: [UInt8], stdout: [UInt8], rejects: [UInt8]?, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let inputLines = ndjsonLines(input)
        let outputLines = stdout.filter { $0 == 0x0A }.count
        guard let rejects else {
            Issue.record("no rejects file was committed", sourceLocation: sourceLocation)
            return
        }
        let rejectLines = ndjsonLines(rejects)
        var rejected = 0
        var index = 0
        var previous = 0
        while index < rejectLines.count {
            let header = String(decoding: rejectLines[index], as: UTF8.self)
            guard header.hasPrefix("# line "), let colon = header.firstIndex(of: ":"),
                let number = Int(header[header.index(header.startIndex, offsetBy: 7)..<colon])
            else {
                Issue.record("not a `#` line: \(header)", sourceLocation: sourceLocation)
                return
            }
            #expect(number > previous, "rejected lines out of order at line \(number)", sourceLocation: sourceLocation)
            previous = number
            #expect(index + 1 < rejectLines.count, "`#` line \(number) is last", sourceLocation: sourceLocation)
            if index + 1 < rejectLines.count, number >= 1, number <= inputLines.count {
                #expect(
                    Array(rejectLines[index + 1]) == Array(inputLines[number - 1]),
                    "line \(number) is not kept byte for byte", sourceLocation: sourceLocation)
            }
            rejected += 1
            index += 2
        }
        #expect(
            inputLines.count == outputLines + rejected,
            "input lines \(inputLines.count) != output lines \(outputLines) + rejected lines \(rejected)",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: seeds)
    func everyLineIsWrittenOrRejectedFromStandardInput(_ seed: UInt64) {
        let stream = Self.generate(seed: seed, count: Self.count)
        let (result, console) = BadInputHarness.run(
            ["run", "orders.map", "-", "--ndjson", "--rejects", "rejects.txt"], bytes: ["orders.map": Array(F.orders.utf8)],
            stdin: stream.input, chunkSize: 7)
        let written = stream.lines - stream.rejected.count
        BadInputHarness.expect(
            result, stdout: stream.output,
            stderr: "<stdin>: \(stream.rejected.count) of \(stream.lines) lines rejected, \(written) written\n",
            status: F.Status.mappingFailed)
        #expect(console.written["rejects.txt"] == stream.rejects)
        Self.checkInvariant(input: stream.input, stdout: result.stdoutBytes, rejects: console.written["rejects.txt"])
    }

    @Test(arguments: seeds)
    func everyLineIsWrittenOrRejectedFromAFileToAFile(_ seed: UInt64) {
        let stream = Self.generate(seed: seed, count: Self.count)
        let (result, console) = BadInputHarness.run(
            ["run", "orders.map", "feed.ndjson", "--ndjson", "--rejects", "rejects.txt", "-o", "out.ndjson"],
            bytes: ["orders.map": Array(F.orders.utf8), "feed.ndjson": stream.input])
        let written = stream.lines - stream.rejected.count
        BadInputHarness.expect(
            result, stderr: "feed.ndjson: \(stream.rejected.count) of \(stream.lines) lines rejected, \(written) written\n",
            status: F.Status.mappingFailed)
        #expect(BadInputHarness.written(console, "out.ndjson") == stream.output)
        #expect(console.written["rejects.txt"] == stream.rejects)
        Self.checkInvariant(
            input: stream.input, stdout: console.written["out.ndjson"] ?? [], rejects: console.written["rejects.txt"])
    }

    /// Without `--rejects` and with no limit to the problems shown
    /// (`--max-errors 0`), each rejected line is named on standard error as
    /// `<stdin>:LINE:` (with a column for invalid JSON), once or more, and no other line is.
    @Test(arguments: seeds)
    func everyRejectedLineIsNamedOnStandardError(_ seed: UInt64) {
        let stream = Self.generate(seed: seed, count: Self.count)
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "-", "--ndjson", "--max-errors", "0"], bytes: ["orders.map": Array(F.orders.utf8)], stdin: stream.input,
            chunkSize: 7)
        #expect(result.stdout == stream.output)
        #expect(result.status == F.Status.mappingFailed)
        var named: [Int] = []
        for line in result.stderr.split(separator: "\n") where line.hasPrefix("<stdin>:") {
            let rest = line.dropFirst("<stdin>:".count)
            guard let number = Int(rest.prefix { $0.isNumber }) else { continue }
            if named.last != number { named.append(number) }
        }
        #expect(named == stream.rejected)
        let written = stream.lines - stream.rejected.count
        #expect(result.stderr.hasSuffix("<stdin>: \(stream.rejected.count) of \(stream.lines) lines rejected, \(written) written\n"))
    }

    /// A stream of good lines only: all written, an empty rejects file, status 0.
    @Test func goodLinesOnly() {
        var input = ""
        var output = ""
        for number in 1...2_000 {
            input += #"{"id": \#(number), "name": "n\#(number)"}"# + (number % 2 == 0 ? "\r\n" : "\n")
            output += #"{"id":\#(number),"name":"n\#(number)"}"# + "\n"
        }
        let (result, console) = BadInputHarness.run(
            ["run", "orders.map", "-", "--ndjson", "--rejects", "rejects.txt"], files: ["orders.map": F.orders], stdin: input,
            chunkSize: 7)
        BadInputHarness.expect(result, stdout: output, status: F.Status.success)
        #expect(console.written["rejects.txt"] == [])
        Self.checkInvariant(input: Array(input.utf8), stdout: result.stdoutBytes, rejects: console.written["rejects.txt"])
    }
}
