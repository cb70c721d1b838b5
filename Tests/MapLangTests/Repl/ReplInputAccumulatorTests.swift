@testable import MapLangCLI
import Testing

/// When an entry typed at the REPL is complete: balanced braces and brackets,
/// ignoring those in strings and comments, and declarations that must go on.
struct ReplInputAccumulatorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        /// The lines, typed one after the other.
        let lines: [String]
        /// After which line (1-based) the entry is complete; `nil` when it never is.
        let completeAfter: Int?
        /// What the entry holds.
        let kind: InputAccumulator.Kind
        /// The entry's text, when it is not the lines up to the complete one, leading blank lines left out.
        var text: String?
        var testDescription: String { lines.joined(separator: "⏎") }
    }

    static let cases: [Case] = [
        // Commands are one line.
        Case(lines: [":help"], completeAfter: 1, kind: .command),
        Case(lines: ["  :load a{.map"], completeAfter: 1, kind: .command),
        // Settings and one-line declarations.
        Case(lines: ["root Issue"], completeAfter: 1, kind: .rules),
        Case(lines: ["strict"], completeAfter: 1, kind: .rules),
        Case(lines: ["keys snake_case"], completeAfter: 1, kind: .rules),
        Case(lines: ["model A { a: Int }"], completeAfter: 1, kind: .rules),
        Case(lines: ["transform slug = trim | lowercase"], completeAfter: 1, kind: .rules),
        // Braces across lines.
        Case(lines: ["model A {", "  a: Int", "}"], completeAfter: 3, kind: .rules),
        Case(lines: ["model A {", "  tags: [String] where length(", "1...3)", "}"], completeAfter: 4, kind: .rules),
        Case(lines: ["enum E {", "  a", "", "  b", "}"], completeAfter: 5, kind: .rules),
        Case(lines: ["model A {", "  b: B", "  c: C"], completeAfter: nil, kind: .rules),
        // Braces in strings and comments do not count.
        Case(lines: [#"model A { a: Int from "x{" }"#], completeAfter: 1, kind: .rules),
        Case(lines: [#"model A { a: String where pattern("^\"}{$") }"#], completeAfter: 1, kind: .rules),
        Case(lines: ["model A { // {", "  a: Int // }", "}"], completeAfter: 3, kind: .rules),
        Case(lines: ["model A {", "  // }", "  a: Int", "}"], completeAfter: 4, kind: .rules),
        Case(lines: [#"model A { a: Int from "\\" }"#], completeAfter: 1, kind: .rules),
        // Declarations that must go on.
        Case(lines: ["model Issue", "{", "  a: Int", "}"], completeAfter: 4, kind: .rules),
        Case(lines: ["enum", "E", "{ a }"], completeAfter: 3, kind: .rules),
        Case(lines: ["transform slug = trim |", "  lowercase"], completeAfter: 2, kind: .rules),
        Case(lines: ["transform slug =", "  trim"], completeAfter: 2, kind: .rules),
        Case(lines: ["table t { \"a\" ->", "1 }"], completeAfter: 2, kind: .rules),
        Case(lines: ["root", "Issue"], completeAfter: 2, kind: .rules),
        Case(lines: ["model A { a: Int } model B", "{ b: Int }"], completeAfter: 2, kind: .rules),
        // Extra closers end the entry, for the parser to report.
        Case(lines: ["model A { a: Int } }"], completeAfter: 1, kind: .rules),
        // JSON.
        Case(lines: [#"{"a": 1}"#], completeAfter: 1, kind: .json),
        Case(lines: ["{", #"  "a": [1,"#, "  2],", #"  "b": "}]"  "#, "}"], completeAfter: 5, kind: .json),
        Case(lines: ["[", "]"], completeAfter: 2, kind: .json),
        Case(lines: [#""text {""#], completeAfter: 1, kind: .json),
        Case(lines: ["42"], completeAfter: 1, kind: .json),
        Case(lines: ["-1.5"], completeAfter: 1, kind: .json),
        Case(lines: ["true"], completeAfter: 1, kind: .json),
        Case(lines: ["null"], completeAfter: 1, kind: .json),
        Case(lines: [#"{"a":"#, "1,"], completeAfter: nil, kind: .json),
        // A word that only starts like a JSON literal is rules.
        Case(lines: ["nullable"], completeAfter: 1, kind: .rules),
        // Comments wait for the declaration after them, but not for a command or JSON.
        Case(lines: ["// A point.", "", "model P { x: Int }"], completeAfter: 3, kind: .rules),
        Case(lines: ["// note", "// more"], completeAfter: nil, kind: .rules),
        Case(lines: ["// note", ":models"], completeAfter: 2, kind: .command, text: ":models"),
        Case(lines: ["// note", "", #"{"a": 1}"#], completeAfter: 3, kind: .json, text: #"{"a": 1}"#),
        // Blank lines before the first real line start nothing.
        Case(lines: ["", "   ", "strict"], completeAfter: 3, kind: .rules),
    ]

    @Test(arguments: cases)
    func completes(_ testCase: Case) {
        var accumulator = InputAccumulator()
        var completedAfter: Int?
        for (index, line) in testCase.lines.enumerated() {
            let complete = accumulator.append(line)
            #expect(complete == accumulator.isComplete)
            if complete {
                completedAfter = index + 1
                break
            }
        }
        #expect(completedAfter == testCase.completeAfter)
        #expect(accumulator.kind == testCase.kind)
        let lines = testCase.lines.prefix(completedAfter ?? testCase.lines.count).drop { $0.allSatisfy(\.isWhitespace) }
        let entry = accumulator.take()
        #expect(entry?.text == testCase.text ?? lines.joined(separator: "\n"))
        #expect(accumulator.isEmpty)
    }

    @Test func blankLinesStartNothing() {
        var accumulator = InputAccumulator()
        let complete = accumulator.append("")
        #expect(!complete)
        let complete2 = accumulator.append(" \t")
        #expect(!complete2)
        #expect(accumulator.isEmpty)
        #expect(accumulator.kind == nil)
        let entry = accumulator.take()
        #expect(entry == nil)
    }

    @Test func blankLinesInsideAnEntryAreKept() {
        var accumulator = InputAccumulator()
        accumulator.append("model A {")
        accumulator.append("")
        let complete = accumulator.append("}")
        #expect(complete)
        let entry = accumulator.take()
        #expect(entry?.text == "model A {\n\n}")
    }

    @Test func resetDropsTheEntry() {
        var accumulator = InputAccumulator()
        accumulator.append("model A {")
        #expect(!accumulator.isEmpty)
        accumulator.reset()
        #expect(accumulator.isEmpty)
        let complete = accumulator.append(#"{"a": 1}"#)
        #expect(complete)
        let entry = accumulator.take()
        #expect(entry?.kind == .json)
    }

    @Test(arguments: [
        ("", nil), ("  ", nil), (":q", .command), ("{", .json), ("[", .json), ("\"", .json), ("7", .json),
        ("-", .json), ("false ", .json), ("true,", .json), ("model", .rules), ("trueish", .rules), ("// note", .rules),
    ] as [(String, InputAccumulator.Kind?)])
    func classifiesTheFirstLine(_ line: String, _ kind: InputAccumulator.Kind?) {
        #expect(InputAccumulator.kind(ofFirstLine: line) == kind)
    }
}
