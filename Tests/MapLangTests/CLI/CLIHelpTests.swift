@testable import MapLangCLI
import Testing

/// `--help`, `help COMMAND`, `COMMAND --help`, `--version` and no arguments.
struct CLIHelpTests {
    /// The overview: fixed text around one line per command, names padded to the longest.
    /// Commands are taken from `CommandLineTool.commands`, so adding one does not break this.
    static let overview: String = {
        let commands = CommandLineTool.commands
        let width = commands.map(\.name.count).max() ?? 0
        let list = commands.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count) + "  " + command.summary + "\n"
        }.joined()
        return """
            maplang \(CommandLineTool.version): map JSON into models with rules written in MapLang

            usage: maplang COMMAND [arguments] [options]

            commands:

            """ + list + """

            `maplang help COMMAND` or `maplang COMMAND --help` shows a command's options.

            exit status: 0 success, 1 records or tests failed, 2 invalid JSON input, 64 usage error,
            65 errors in the rules file, 66 unreadable file, 70 internal error, 74 output not written

            """
    }()

    /// The summaries of `run` and `check`, written out in full.
    @Test func overviewListsRunAndCheck() {
        let lines = Self.overview.split(separator: "\n").map(String.init)
        func summary(_ name: String) -> String? {
            lines.first { $0.hasPrefix("  \(name) ") }.map { String($0.dropFirst(2 + name.count).drop { $0 == " " }) }
        }
        #expect(summary("run") == "map JSON documents (INPUT: files, folders of files, or `-` for standard input) with a rules file")
        #expect(summary("check") == "parse and check a rules file, reporting every error in it")
    }

    static let runHelp = """
        usage: maplang run RULES INPUT [INPUT...] [options]

        map JSON documents (INPUT: files, folders of files, or `-` for standard input) with a rules file

        options:
          --model, -m NAME          map to this model instead of the root
          --pretty                  indent the output
          --output, -o FILE         write the output to FILE, replacing it only once complete
          --ndjson                  read one JSON document per line and write one mapped document per line
          --rejects FILE            with --ndjson: write each rejected line to FILE, after a `#` line giving the reasons
          --inline-rejects          with --ndjson: write each rejected line in its place in the output, as {"$reject":{file, line, text, errors}}, so every line gives one output line; rejects alone do not fail the run
          --jobs, -j N              map NDJSON lines, or the records of a large array, on N threads, at most one per core; output stays in input order
          --reverse                 map model-shaped JSON, as `run` writes it, back to the source's shape
          --omit-nulls              leave out keys whose value is null, where the rules do not say `nulls keep` or `keepNull`
          --drops-fail              make an element a `lossy` field would drop an error of its record instead of a warning
          --warn-coercions[=error]  warn of each value lenient coercion converts (`"42"` into an Int); `=error` makes each an error
          --coverage[=PERCENT]      after the run, report per model the keys no rule reads, fields the input hardly fills, fallback keys, enum cases, choices and checks never used; defaults filling more than PERCENT (50) of objects are listed
          --explain                 trace how each field of each record got its value (keys tried, input line and column, transformers, coercions, rules, defaults, choices), on standard error; the output is unchanged
          --record WHICH            with --explain: trace only these records: numbers as errors give them (`3`, `2-5`, `1,4`; an NDJSON record by its line), or a condition `PATH=VALUE` (`$.id=1347`); may be repeated
          --explain-to FILE         with --explain: write the trace to FILE instead of standard error
          --progress                show a progress line on standard error even when it is no terminal or the run is short
          --no-progress             never show the progress line long runs show on a terminal
          --max-errors N            show at most N errors and warnings about the input (100 by default, 0 for all), then how many more there were
          --color WHEN              colour diagnostics: `auto` (when standard error is a terminal), `always` or `never`
          --error-format FORMAT     report problems as `text` (default) or as `json`, one object per line

        """

    static let checkHelp = """
        usage: maplang check RULES [options]

        parse and check a rules file, reporting every error in it

        options:
          --ast                  print the parsed syntax tree
          --reverse              also check that every field can be mapped back, as `run --reverse` needs
          --color WHEN           colour diagnostics: `auto` (when standard error is a terminal), `always` or `never`
          --error-format FORMAT  report problems as `text` (default) or as `json`, one object per line

        """

    static let testHelp = """
        usage: maplang test [PATH...] [options]

        run the tests of rules files: their `test` blocks and the folders of `tests/` beside them

        options:
          --update               make each failing test's expectation what mapping its input gives, in the rules file or the test's files
          --color WHEN           colour diagnostics: `auto` (when standard error is a terminal), `always` or `never`
          --error-format FORMAT  report problems as `text` (default) or as `json`, one object per line

        """

    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let stdout: String
        var testDescription: String { "maplang " + arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["--help"], stdout: overview),
        Case(arguments: ["-h"], stdout: overview),
        Case(arguments: ["help"], stdout: overview),
        Case(arguments: ["help", "run"], stdout: runHelp),
        Case(arguments: ["run", "--help"], stdout: runHelp),
        Case(arguments: ["run", "-h"], stdout: runHelp),
        Case(arguments: ["run", "rules.map", "in.json", "--help"], stdout: runHelp),
        Case(arguments: ["run", "--pretty", "--help"], stdout: runHelp),
        Case(arguments: ["help", "check"], stdout: checkHelp),
        Case(arguments: ["check", "--help"], stdout: checkHelp),
        Case(arguments: ["help", "test"], stdout: testHelp),
        Case(arguments: ["test", "examples", "--help"], stdout: testHelp),
        Case(arguments: ["--version"], stdout: "maplang \(CommandLineTool.version)\n"),
    ]

    @Test(arguments: cases)
    func printsToStandardOutput(_ testCase: Case) {
        let (result, _) = CLIHarness.run(testCase.arguments)
        CLIHarness.expect(result, stdout: testCase.stdout, status: 0)
    }

    @Test func versionIsSemantic() {
        let parts = CommandLineTool.version.split(separator: ".")
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { Int($0) != nil })
    }

    /// With no command at all the overview goes to standard error, as a usage error.
    @Test func noArgumentsIsAUsageError() {
        let (result, _) = CLIHarness.run([])
        CLIHarness.expect(result, stderr: Self.overview, status: 64)
    }

    /// The exit statuses the overview lists are those of `ExitCode` and the README.
    @Test func overviewListsEveryExitCode() {
        let codes: [ExitCode] = [
            .success, .mappingFailed, .invalidJSON, .usage, .rulesError, .unreadableInput, .internalError, .outputError,
        ]
        #expect(codes.map(\.rawValue) == [0, 1, 2, 64, 65, 66, 70, 74])
        for code in codes {
            let number = "\(code.rawValue) "
            #expect(Self.overview.contains(" " + number) || Self.overview.contains("\n" + number), "\(code)")
        }
    }
}
