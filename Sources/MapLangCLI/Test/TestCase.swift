import MapLang

/// One test of a rules file, as `maplang test` runs it: a `test` block,
/// or a folder of `tests/` beside the rules file.
struct TestCase {
    /// Where a test is written.
    enum Origin {
        /// A `test` block, checked with the rules.
        case block(RulesTest)
        /// A folder of `tests/`.
        case folder(TestFolder)
    }

    /// Where the test is written.
    let origin: Origin
    /// The rules file it tests.
    let rulesPath: String

    /// Its name: the block's, or the folder's path from the rules file's folder.
    var name: String {
        switch origin {
        case .block(let test): test.name
        case .folder(let folder): folder.name
        }
    }

    /// Where its block starts; `nil` for a folder.
    var location: SourceLocation? {
        switch origin {
        case .block(let test): test.location
        case .folder: nil
        }
    }

    /// The model its input maps to; the root when `nil`, as for a folder.
    var model: String? {
        switch origin {
        case .block(let test): test.model
        case .folder: nil
        }
    }

    /// Its input.
    var input: TestJSON {
        switch origin {
        case .block(let test): test.input
        case .folder(let folder): .file(folder.name + "/input.json")
        }
    }
}

/// What running a test gave.
enum TestResult {
    /// Mapping gave what the test expects.
    case passed
    /// Mapping gave something else: the run and how it compares with what
    /// is expected, or, with `--update`, `nil` when the expectation could
    /// not be read.
    case failed(TestRun, TestComparison?)
    /// A failing test whose expectation `--update` made what mapping gave.
    case updated(TestRun, TestComparison?)
    /// The test could not run, for this reason: a file that cannot be
    /// read, or is not JSON, or a model that cannot be chosen.
    case notRun(String)
}

/// Runs tests with one rules file's rules, reading their files from its folder.
struct TestRunner {
    /// The rules, checked, their tests among them.
    let rules: Rules
    /// The rules file's folder.
    let files: TestFileAccess
    /// Whether `--update` will write the expectations that cannot be read.
    let updating: Bool

    /// Runs a test: maps its input as `maplang run` would, and compares
    /// what that gives with what the test expects.
    func run(_ test: TestCase) -> TestResult {
        if case .folder(let folder) = test.origin, let problem = folder.problem(updating: updating) {
            return .notRun(problem)
        }
        let input: [UInt8]
        do {
            switch test.input {
            case .inline(let value): input = JSONWriter.serialize(value)
            case .file(let name): input = try files.read(name)
            }
        } catch {
            return .notRun(error.message)
        }
        let run: TestRun
        do {
            run = try rules.run(test: input, model: test.model)
        } catch {
            return .notRun(reason(error, test))
        }
        do {
            let comparison = TestComparison(expected: try expected(test), run: run)
            return comparison.passed ? .passed : .failed(run, comparison)
        } catch {
            return updating ? .failed(run, nil) : .notRun(error.message)
        }
    }

    /// What a test expects, its files read.
    ///
    /// - Throws: `ConsoleError` when an expectation file cannot be read, is
    ///   not JSON or not an `expected.errors` file, or is not there.
    func expected(_ test: TestCase) throws(ConsoleError) -> ExpectedResult {
        switch test.origin {
        case .block(let block):
            switch block.expectation {
            case .output(.inline(let value)): return .output(value)
            case .output(.file(let name)): return .output(try files.readJSON(name))
            case .errors(let errors): return .errors(errors)
            }
        case .folder(let folder):
            guard let expectation = folder.expectations.first, folder.expectations.count == 1 else {
                throw ConsoleError(message: "`\(files.path(of: folder.name))` has no expectation")
            }
            let name = folder.name + "/" + expectation
            guard expectation == TestFolder.expectedErrors else { return .output(try files.readJSON(name)) }
            switch ExpectedErrorsFile.parse(String(decoding: try files.read(name), as: UTF8.self)) {
            case .success(let errors):
                return .errors(errors)
            case .failure(let problem):
                let place = problem.line.map { ":\($0)" } ?? ""
                throw ConsoleError(message: "`\(files.path(of: name))\(place)`: \(problem.reason)")
            }
        }
    }

    /// Why a test's input gave no run, for its report.
    private func reason(_ failure: TestRunFailure, _ test: TestCase) -> String {
        switch failure {
        case .modelChoice(let error):
            return "\(error.message): \(error.help)"
        case .invalidInput(let error):
            let name: String
            switch test.input {
            case .file(let file): name = "`\(files.path(of: file))`"
            case .inline: name = "the test's input"
            }
            return "\(name) is not valid JSON: \(error.line):\(error.column): \(error.message)"
        case .unreadableOutput(let error):
            return "internal error: the output could not be read back: \(error.message)"
        }
    }
}
