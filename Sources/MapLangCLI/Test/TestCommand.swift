import MapLang

/// `maplang test [PATH…]`: run the tests of rules files, their `test`
/// blocks and the folders of `tests/` beside them.
///
/// Each PATH is a rules file or a folder searched for `.map` files; with
/// none, the current folder. Each test's input is mapped as `maplang run`
/// maps it, with the rules checked as `maplang check` checks them, and
/// what that gives is compared with what the test expects. The report goes
/// to standard output, a line a test and what differed, then `N passed,
/// N failed`; problems with the rules and files go to standard error.
/// `--update` rewrites the expectations of the tests that fail.
struct TestCommand {
    /// What `test` accepts.
    static let spec = CommandSpec(
        name: "test", summary: "run the tests of rules files: their `test` blocks and the folders of `tests/` beside them",
        positionals: [],
        options: [
            OptionSpec(
                names: ["--update"], value: nil,
                help: "make each failing test's expectation what mapping its input gives, in the rules file or the test's files"),
            colorOption,
            errorFormatOption,
        ],
        repeatedPositional: ValueSpec(name: "PATH", kind: .rulesFile))

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to read and write.
    let console: any Console

    /// Runs every test of every rules file found, and reports the results.
    func execute() -> ExitCode {
        let reporter = ErrorReporter(console: console, arguments: arguments)
        var report = TestReport(json: arguments.values["--error-format"] == "json", console: console)
        var tally = TestTally()
        let search = RulesFileSearch(console: console, paths: arguments.positionals.isEmpty ? ["."] : arguments.positionals)
        for problem in search.problems {
            reporter.fail(problem)
            tally.unreadable = true
        }
        for path in search.files {
            runTests(of: path, reporter: reporter, report: &report, tally: &tally)
        }
        report.summary(tally)
        if let failure = report.failure {
            reporter.fail(failure.message)
            tally.unwritten = true
        }
        return tally.status
    }

    /// Runs the tests of one rules file, rewrites the failing ones'
    /// expectations with `--update`, and reports them.
    private func runTests(of path: String, reporter: ErrorReporter, report: inout TestReport, tally: inout TestTally) {
        let bytes: [UInt8]
        do {
            bytes = try RulesLoader.read(path, console: console)
        } catch {
            reporter.fail(error.message)
            tally.unreadable = true
            return
        }
        let source = SourceFile(name: path, bytes: bytes)
        let rules: Rules
        do {
            rules = try Rules(source: source)
        } catch {
            reporter.report(error.diagnostics)
            tally.rulesErrors = true
            return
        }
        let files = TestFileAccess(console: console, folder: TestPaths.folder(of: path))
        var tests = rules.tests.map { TestCase(origin: .block($0), rulesPath: path) }
        do {
            tests += try TestFolder.folders(besides: path, console: console).map { TestCase(origin: .folder($0), rulesPath: path) }
        } catch {
            reporter.fail(error.message)
            tally.unreadable = true
        }
        let updating = arguments.flags.contains("--update")
        let runner = TestRunner(rules: rules, files: files, updating: updating)
        var results = tests.map(runner.run)
        if updating {
            let problems = TestUpdater(rulesPath: path, bytes: bytes, source: source, files: files).update(tests, &results)
            for problem in problems { reporter.fail(problem) }
            if !problems.isEmpty { tally.unwritten = true }
        }
        for (test, result) in zip(tests, results) {
            report.write(test, result)
            tally.count(result)
        }
    }
}
