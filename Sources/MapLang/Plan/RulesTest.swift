/// A `test` block of a rules file, checked: an input, the model it maps
/// to, and what mapping it must give, which `maplang test` runs.
///
/// Tests are kept beside the plan and never read by mapping: rules with
/// tests map exactly as they would without them.
package struct RulesTest: Sendable, Equatable {
    /// The test's name.
    package let name: String
    /// The index of its rules file among the rules' sources.
    package let unit: Int
    /// Where its `test` keyword is, for reports.
    package let location: SourceLocation
    /// The model or choice the input maps to; the root when `nil`.
    package let model: String?
    /// The JSON document to map.
    package let input: TestJSON
    /// What mapping it must give.
    package let expectation: TestExpectation
    /// Where the `output` or `errors` clause is in its file, from its
    /// keyword to its end, for `maplang test --update` to rewrite.
    package let expectationSpan: Span

    /// Creates a checked test.
    package init(
        name: String, unit: Int, location: SourceLocation, model: String?, input: TestJSON, expectation: TestExpectation,
        expectationSpan: Span
    ) {
        self.name = name
        self.unit = unit
        self.location = location
        self.model = model
        self.input = input
        self.expectation = expectation
        self.expectationSpan = expectationSpan
    }
}

/// A test's JSON: written in the rules, or a file beside them.
package enum TestJSON: Sendable, Equatable {
    /// The JSON written in the test.
    case inline(JSONValue)
    /// A file, by its path from the rules file's folder: relative, and
    /// with no `..` that leaves the folder.
    case file(String)
}

/// What a test expects of mapping its input.
package enum TestExpectation: Sendable, Equatable {
    /// The document mapping gives, with no error.
    case output(TestJSON)
    /// The errors mapping gives, in any order, and no others.
    case errors([ExpectedError])
}

/// One error a test expects: its code and path, and its message when the
/// test names one.
package struct ExpectedError: Sendable, Equatable, Hashable {
    /// The code, such as `missing-key`.
    package let code: String
    /// Where in the input.
    package let path: JSONPath
    /// The message; `nil` matches any.
    package let message: String?

    /// Creates an expected error.
    package init(code: String, path: JSONPath, message: String?) {
        self.code = code
        self.path = path
        self.message = message
    }
}
