/// The counts and troubles of a `maplang test` run, which decide its summary and exit status.
struct TestTally {
    /// Tests that passed.
    var passed = 0
    /// Tests that failed.
    var failed = 0
    /// Failing tests whose expectations `--update` rewrote.
    var updated = 0
    /// Tests that could not run.
    var notRun = 0
    /// Whether a rules file has errors, so its tests were not run.
    var rulesErrors = false
    /// Whether a path, a rules file or a `tests/` folder could not be read.
    var unreadable = false
    /// Whether an expectation, or the report, could not be written.
    var unwritten = false

    /// Counts a test's result.
    mutating func count(_ result: TestResult) {
        switch result {
        case .passed: passed += 1
        case .failed: failed += 1
        case .updated: updated += 1
        case .notRun: notRun += 1
        }
    }

    /// The exit status, the most serious trouble first: 65 for rules with
    /// errors, 66 for what could not be read (tests that could not run
    /// among it), 74 for what could not be written, 1 for a failing test,
    /// 0 when every test passed or was updated.
    var status: ExitCode {
        if rulesErrors { return .rulesError }
        if unreadable || notRun > 0 { return .unreadableInput }
        if unwritten { return .outputError }
        return failed > 0 ? .mappingFailed : .success
    }

    /// `3 passed, 1 failed`, then how many were updated and how many could
    /// not run, when any were.
    var summary: String {
        var parts = ["\(passed) passed", "\(failed) failed"]
        if updated > 0 { parts.append("\(updated) updated") }
        if notRun > 0 { parts.append("\(notRun) not run") }
        return parts.joined(separator: ", ")
    }
}
