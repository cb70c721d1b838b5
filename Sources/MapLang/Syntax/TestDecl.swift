/// `test "name" { model M  input …  output … }`: an example of what the
/// rules make of one input, which `maplang test` runs and checks.
///
/// Tests never change what the rules map: the checker checks them and
/// keeps them beside the plan, and only `maplang test` reads them.
package struct TestDecl: Sendable, Equatable {
    /// The test's name, as reports show it.
    package var name: TextLiteral
    /// `model Name`: the model or choice the input maps to; the root when `nil`.
    package var model: TestModel?
    /// `input …`: the JSON document to map.
    package var input: TestData?
    /// `output …`: what mapping the input must give.
    package var output: TestData?
    /// `errors { … }`: the errors mapping the input must give.
    package var errors: TestErrors?
    /// Whether a clause failed to parse and was left out, so the checker
    /// does not report it missing as well.
    package var hasSyntaxErrors: Bool
    /// From `test` to the closing brace.
    package var span: Span

    /// Creates a test node.
    package init(
        name: TextLiteral, model: TestModel? = nil, input: TestData? = nil, output: TestData? = nil,
        errors: TestErrors? = nil, hasSyntaxErrors: Bool = false, span: Span
    ) {
        self.name = name
        self.model = model
        self.input = input
        self.output = output
        self.errors = errors
        self.hasSyntaxErrors = hasSyntaxErrors
        self.span = span
    }
}

/// A string written in the rules where only its text counts, with its span:
/// a test's name, a file's path, an expected error's code.
package struct TextLiteral: Sendable, Equatable {
    /// The text, escapes decoded.
    package var value: String
    /// Where the string is, quotes included.
    package var span: Span

    /// Creates a string node.
    package init(_ value: String, span: Span) {
        self.value = value
        self.span = span
    }
}

/// `model Name` in a test.
package struct TestModel: Sendable, Equatable {
    /// The model or choice named.
    package var name: Identifier
    /// From `model` to the name.
    package var span: Span

    /// Creates the clause.
    package init(name: Identifier, span: Span) {
        self.name = name
        self.span = span
    }
}

/// `input …` or `output …` in a test: JSON written in place, or a file.
package struct TestData: Sendable, Equatable {
    /// Where the JSON is.
    package var source: TestDataSource
    /// From the clause's keyword to its last token.
    package var span: Span

    /// Creates the clause.
    package init(source: TestDataSource, span: Span) {
        self.source = source
        self.span = span
    }
}

/// Where a test's JSON is.
package enum TestDataSource: Sendable, Equatable {
    /// Written in the rules as a literal: `{"id": 1}`.
    case inline(Literal)
    /// `file "samples/a.json"`: a file, by its path from the rules file's folder.
    case file(TextLiteral)
}

/// `errors { "code" at "$.path" ["message"] … }` in a test.
package struct TestErrors: Sendable, Equatable {
    /// The errors expected, in source order.
    package var errors: [ExpectedErrorDecl]
    /// From `errors` to the closing brace.
    package var span: Span

    /// Creates the clause.
    package init(errors: [ExpectedErrorDecl], span: Span) {
        self.errors = errors
        self.span = span
    }
}

/// `"code" at "$.path" ["message"]`: one error a test expects.
package struct ExpectedErrorDecl: Sendable, Equatable {
    /// The error's code, such as `missing-key`.
    package var code: TextLiteral
    /// Its JSON path in the input, such as `$[1].name`.
    package var path: TextLiteral
    /// Its message, when the test names it; otherwise any message matches.
    package var message: TextLiteral?
    /// From the code to its last string.
    package var span: Span

    /// Creates the expected error.
    package init(code: TextLiteral, path: TextLiteral, message: TextLiteral?, span: Span) {
        self.code = code
        self.path = path
        self.message = message
        self.span = span
    }
}
