@testable import MapLangCLI
import Testing

/// Command lines that are wrong: each prints one error on standard error,
/// with a suggestion or the usage line, nothing on standard output, and exits 64.
struct CLIUsageErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let stderr: String
        var testDescription: String { "maplang " + arguments.joined(separator: " ") }
    }

    static let runUsage = "usage: maplang run RULES INPUT [INPUT...] [options]\n"
    static let checkUsage = "usage: maplang check RULES [options]\n"

    static let cases: [Case] = [
        // Unknown commands.
        Case(
            arguments: ["rnu", "a.map", "b.json"],
            stderr: "maplang: error: unknown command `rnu`\nhelp: did you mean `run`?\n"),
        Case(arguments: ["chek", "a.map"], stderr: "maplang: error: unknown command `chek`\nhelp: did you mean `check`?\n"),
        Case(
            arguments: ["frobnicate"],
            stderr: "maplang: error: unknown command `frobnicate`\nhelp: the commands are "
                + CommandLineTool.commands.map { "`\($0.name)`" }.joined(separator: ", ") + "\n"),
        // `help` for a misspelt command should suggest it just as the command itself does.
        Case(arguments: ["help", "rnu"], stderr: "maplang: error: unknown command `rnu`\nhelp: did you mean `run`?\n"),
        // A misspelt top-level option is an option, and `--version` is close.
        Case(
            arguments: ["--verison"], stderr: "maplang: error: unknown option `--verison`\nhelp: did you mean `--version`?\n"),

        // Unknown options.
        Case(
            arguments: ["run", "a.map", "b.json", "--prety"],
            stderr: "maplang: error: `run` has no option `--prety`\nhelp: did you mean `--pretty`?\n"),
        Case(
            arguments: ["run", "--modle", "Issue", "a.map", "b.json"],
            stderr: "maplang: error: `run` has no option `--modle`\nhelp: did you mean `--model`?\n"),
        Case(
            arguments: ["run", "a.map", "b.json", "--pretty=yes"],
            stderr: "maplang: error: `--pretty` takes no value\n" + runUsage),
        Case(
            arguments: ["check", "a.map", "--as"],
            stderr: "maplang: error: `check` has no option `--as`\nhelp: did you mean `--ast`?\n"),
        Case(
            arguments: ["run", "a.map", "b.json", "--zzzzzz"],
            stderr: "maplang: error: `run` has no option `--zzzzzz`\n" + runUsage),
        Case(
            arguments: ["check", "a.map", "--pretty"], stderr: "maplang: error: `check` has no option `--pretty`\n" + checkUsage),

        // Positionals: too few or too many. The usage line is printed as such, not as `help: usage: …`.
        Case(arguments: ["run"], stderr: "maplang: error: `run` needs RULES\n" + runUsage),
        Case(arguments: ["run", "a.map"], stderr: "maplang: error: `run` needs INPUT\n" + runUsage),
        Case(arguments: ["run", "--pretty", "a.map"], stderr: "maplang: error: `run` needs INPUT\n" + runUsage),
        Case(arguments: ["check"], stderr: "maplang: error: `check` needs RULES\n" + checkUsage),
        Case(
            arguments: ["check", "a.map", "b.json"],
            stderr: "maplang: error: unexpected argument `b.json`\nusage: maplang check RULES [options]\n"),
        Case(arguments: ["check", "a.map", "b.map"], stderr: "maplang: error: unexpected argument `b.map`\n" + checkUsage),

        // Options missing their values.
        Case(
            arguments: ["run", "a.map", "b.json", "--model"],
            stderr: "maplang: error: `--model` needs a value: `--model NAME`\n" + runUsage),
        Case(
            arguments: ["run", "a.map", "b.json", "-o"],
            stderr: "maplang: error: `--output` needs a value: `--output FILE`\n" + runUsage),
        Case(
            arguments: ["run", "a.map", "b.json", "--color"],
            stderr: "maplang: error: `--color` needs a value: `--color WHEN`\n" + runUsage),
        // The next word is an option, not the value: `--pretty` is no model name.
        Case(
            arguments: ["run", "a.map", "b.json", "--model", "--pretty"],
            stderr: "maplang: error: `--model` needs a value: `--model NAME`\n" + runUsage),

        // Values outside a fixed set.
        Case(
            arguments: ["run", "a.map", "b.json", "--color", "sometimes"],
            stderr: "maplang: error: `--color` takes `auto`, `always`, `never`, not `sometimes`\n" + runUsage),
        Case(
            arguments: ["check", "a.map", "--color=blue"],
            stderr: "maplang: error: `--color` takes `auto`, `always`, `never`, not `blue`\n" + checkUsage),
    ]

    @Test(arguments: cases)
    func usageError(_ testCase: Case) {
        let (result, console) = CLIHarness.run(testCase.arguments)
        CLIHarness.expect(result, stderr: testCase.stderr, status: 64)
        #expect(console.written.isEmpty)
    }

    /// A usage error is found before any file is read: the files named here do not exist.
    @Test func usageErrorsComeBeforeFilesAreRead() {
        let (result, _) = CLIHarness.run(["run", "missing.map", "missing.json", "--color", "rainbow"])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("cannot read"))
    }
}

/// A usage error repeats a mistaken argument escaped and at most 100
/// characters long, whichever check refuses it, so a pasted megabyte or a
/// terminal's escape codes are not written back.
struct UsageErrorArgumentEchoTests {
    static let long = String(repeating: "x", count: 100_000)
    static let shown = String(repeating: "x", count: 100) + "…"

    @Test(arguments: [
        (["explain", long], "maplang: error: `explain` takes one of"),
        ([long], "maplang: error: unknown command `"),
        (["--" + long], "maplang: error: unknown option `"),
        (["check", "r.map", long], "maplang: error: unexpected argument `"),
        (["check", "--" + long, "r.map"], "maplang: error: `check` has no option `"),
    ])
    func aLongArgumentIsCut(_ arguments: [String], _ start: String) {
        let (outcome, _) = CLIHarness.run(arguments, files: ["r.map": "model A {\n  a: Int\n}\n"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix(start))
        #expect(outcome.stderr.utf8.count < 1_000, "\(outcome.stderr.prefix(300))")
        #expect(outcome.stderr.contains(Self.shown) || outcome.stderr.contains(String(repeating: "x", count: 98) + "…"))
    }

    @Test func controlCharactersAreEscaped() {
        let (outcome, _) = CLIHarness.run(["x\u{1B}[31my"])
        #expect(outcome.stderr.hasPrefix("maplang: error: unknown command `x\\u001B[31my`\n"))
    }
}
