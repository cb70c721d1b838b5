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

    /// One rules file's tests, run.
    private struct Suite {
        /// The rules file's path.
        let path: String
        /// Its bytes as read.
        let bytes: [UInt8]
        /// Its source.
        let source: SourceFile
        /// Its folder's test files.
        let files: TestFileAccess
        /// Its tests.
        let tests: [TestCase]
        /// What each gave.
        var results: [TestResult]

        /// The paths of the files its tests read their input from.
        var inputs: [String] {
            tests.compactMap {
                guard case .file(let name) = $0.input else { return nil }
                return files.path(of: name)
            }
        }
    }

    /// Runs every test of every rules file found, rewrites the failing
    /// ones' expectations with `--update`, and reports the results.
    func execute() -> ExitCode {
        let reporter = ErrorReporter(console: console, arguments: arguments)
        var report = TestReport(json: arguments.values["--error-format"] == "json", console: console)
        var tally = TestTally()
        let search = RulesFileSearch(console: console, paths: arguments.positionals.isEmpty ? ["."] : arguments.positionals)
        for problem in search.problems {
            reporter.fail(problem)
            tally.unreadable = true
        }
        // A rules file named twice, under any spelling, runs once.
        var seen: Set<FileIdentity> = []
        let files = search.files.filter { path in console.identity(of: path).map { seen.insert($0).inserted } ?? true }
        // Without `--update` each rules file's results are reported and let
        // go as it finishes; with it, every change of the run is checked
        // before any is made, so the results wait for the updates.
        let updating = arguments.flags.contains("--update")
        var suites: [Suite] = []
        for path in files {
            guard let suite = runTests(of: path, reporter: reporter, tally: &tally) else { continue }
            if updating { suites.append(suite) } else { Self.write(suite, to: &report, tally: &tally) }
        }
        if updating {
            update(&suites, rulesFiles: files, reporter: reporter, tally: &tally)
            for suite in suites { Self.write(suite, to: &report, tally: &tally) }
        }
        report.summary(tally)
        if let failure = report.failure {
            reporter.fail(failure.message)
            tally.unwritten = true
        }
        return tally.status
    }

    /// Reports and counts one rules file's results.
    private static func write(_ suite: Suite, to report: inout TestReport, tally: inout TestTally) {
        for (test, result) in zip(suite.tests, suite.results) {
            report.write(test, result)
            tally.count(result)
        }
    }

    /// Runs the tests of one rules file; `nil` when it cannot be read or has errors.
    private func runTests(of path: String, reporter: ErrorReporter, tally: inout TestTally) -> Suite? {
        let bytes: [UInt8]
        do {
            bytes = try RulesLoader.read(path, console: console)
        } catch {
            reporter.fail(error.message)
            tally.unreadable = true
            return nil
        }
        let source = SourceFile(name: path, bytes: bytes)
        let rules: Rules
        do {
            rules = try Rules(source: source)
        } catch {
            reporter.report(error.diagnostics)
            tally.rulesErrors = true
            return nil
        }
        let files = TestFileAccess(console: console, folder: TestPaths.folder(of: path))
        var tests = rules.tests.map { TestCase(origin: .block($0), rulesPath: path) }
        do {
            tests += try TestFolder.folders(besides: path, console: console).map { TestCase(origin: .folder($0), rulesPath: path) }
        } catch {
            reporter.fail(error.message)
            tally.unreadable = true
        }
        let runner = TestRunner(rules: rules, files: files, updating: arguments.flags.contains("--update"))
        return Suite(path: path, bytes: bytes, source: source, files: files, tests: tests, results: tests.map(runner.run))
    }

    /// Makes the failing tests' expectations what mapping gave: every
    /// change is planned and checked first, and none is made when one may
    /// not be, such as one that would write over a rules file or an input
    /// of the run.
    private func update(_ suites: inout [Suite], rulesFiles: [String], reporter: ErrorReporter, tally: inout TestTally) {
        let plans = suites.map {
            TestUpdater(rulesPath: $0.path, bytes: $0.bytes, source: $0.source, files: $0.files).plan($0.tests, $0.results)
        }
        let guarded = UpdateGuard(console: console, rulesFiles: rulesFiles, inputs: suites.flatMap(\.inputs))
        var problems = plans.flatMap(\.problems)
        for (suite, plan) in zip(suites, plans) {
            problems += plan.updates.compactMap { guarded.refusal(of: $0, rulesPath: suite.path) }
        }
        problems += guarded.clashes(among: plans.flatMap(\.updates))
        guard problems.isEmpty else {
            for problem in problems { reporter.fail(problem) }
            let refused = problems.count - plans.map(\.problems.count).reduce(0, +)
            if plans.map(\.updates.count).reduce(0, +) > refused {
                reporter.fail("no other expectation was updated either: none is while one is refused")
            }
            tally.unwritten = true
            return
        }
        for (index, plan) in plans.enumerated() {
            var madeTheOneBefore = true
            for update in plan.updates {
                guard madeTheOneBefore || !update.followsTheOneBefore else { continue }
                do {
                    try update.commit(suites[index].files)
                    madeTheOneBefore = true
                } catch {
                    reporter.fail(error.message)
                    tally.unwritten = true
                    madeTheOneBefore = false
                    continue
                }
                for test in update.tests {
                    if case .failed(let run, let comparison) = suites[index].results[test] {
                        suites[index].results[test] = .updated(run, comparison)
                    }
                }
            }
        }
    }
}
