/// What a test expects, its files read: an output, or errors.
package enum ExpectedResult: Sendable, Equatable {
    /// The document mapping gives, with no error.
    case output(JSONValue)
    /// The errors mapping gives, and no others.
    case errors([ExpectedError])
}

/// How what mapping a test's input gave compares with what the test expects.
package struct TestComparison: Sendable, Equatable {
    /// The most differences of the output kept for a report.
    package static let shownDifferences = 20

    /// Where the output differs from the one expected, the first few.
    package let differences: [JSONDifference]
    /// How many places differ in all.
    package let differenceCount: Int
    /// The expected errors not given, and the errors given but not expected;
    /// for a test that expects an output, every error given is unexpected.
    package let errors: ErrorComparison

    /// Compares a run with what its test expects.
    package init(expected: ExpectedResult, run: TestRun) {
        switch expected {
        case .output(let value):
            if let output = run.output {
                (differences, differenceCount) = JSONDifference.differences(
                    expected: value, found: output, limit: Self.shownDifferences)
            } else {
                differences = [JSONDifference(path: .root, kind: .noOutput(expected: value))]
                differenceCount = 1
            }
            errors = ErrorComparison(expected: [], given: run.errors)
        case .errors(let expectedErrors):
            differences = []
            differenceCount = 0
            errors = ErrorComparison(expected: expectedErrors, given: run.errors)
        }
    }

    /// Whether the test passed: the output as expected, or the errors.
    package var passed: Bool { differenceCount == 0 && errors.matches }
}
