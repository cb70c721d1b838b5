/// Test blocks: checked after the declarations, kept beside the plan, never
/// part of what mapping reads.
extension Checker {
    /// The most `test` blocks one rules file may hold.
    static let testLimit = 10_000

    /// Checks the test blocks of every source and compiles them, in source order.
    ///
    /// - Parameter hasRoot: Whether the rules name a root (known or not) or
    ///   declare exactly one model, so a test that names no model has one.
    mutating func compileTests(hasRoot: Bool) -> [RulesTest] {
        var tests: [RulesTest] = []
        var names: [Int: [String: Span]] = [:]
        var counts: [Int: Int] = [:]
        for item in declarations.tests {
            let test = item.decl
            let compiled: RulesTest? = within(item.unit) { checker in
                counts[item.unit, default: 0] += 1
                if counts[item.unit] == Self.testLimit + 1 {
                    checker.report(.tooManyTests(limit: Self.testLimit), at: test.name.span)
                }
                if let first = names[item.unit]?[test.name.value] {
                    checker.report(
                        .duplicateTest(name: test.name.value), at: test.name.span,
                        secondary: [.init(span: first, message: "first declared here")])
                } else {
                    names[item.unit, default: [:]][test.name.value] = test.name.span
                }
                return checker.compileTest(test, hasRoot: hasRoot)
            }
            if let compiled { tests.append(compiled) }
        }
        return tests
    }

    /// Checks one test: its model, its clauses and its JSON.
    ///
    /// - Returns: The test, or `nil` after reporting what is wrong with it.
    private mutating func compileTest(_ test: TestDecl, hasRoot: Bool) -> RulesTest? {
        var valid = true
        let name = test.name.value
        if let model = test.model?.name {
            if modelDecls[model.name] == nil && choiceDecls[model.name] == nil {
                let suggestion = suggestion(for: model.name) { checker in
                    checker.modelDecls.keys.sorted() + checker.choiceDecls.keys.sorted()
                }
                report(.unknownModel(name: model.name, suggestion: suggestion), at: model.span)
                valid = false
            }
        } else if !hasRoot, !test.hasSyntaxErrors {
            report(.testWithoutModel(test: name), at: test.name.span)
            valid = false
        }
        let input = test.input.flatMap { testJSON($0.source) }
        let output = test.output.flatMap { testJSON($0.source) }
        let errors = test.errors.flatMap { expectedErrors($0) }
        // A clause that did not parse was reported by the parser.
        if test.input == nil, !test.hasSyntaxErrors {
            report(.incompleteTest(test: name, missing: .input), at: test.name.span)
        }
        var expectation: (TestExpectation, Span)?
        switch (test.output, test.errors) {
        case (let outputClause?, let errorsClause?):
            let (first, second) =
                outputClause.span.start < errorsClause.span.start
                ? (outputClause.span, errorsClause.span) : (errorsClause.span, outputClause.span)
            report(
                .testOutputAndErrors(test: name), at: Self.keywordSpan(of: second),
                secondary: [.init(span: Self.keywordSpan(of: first), message: "the other here")])
        case (let outputClause?, nil):
            expectation = output.map { (TestExpectation.output($0), outputClause.span) }
        case (nil, let errorsClause?):
            expectation = errors.map { (TestExpectation.errors($0), errorsClause.span) }
        case (nil, nil):
            if !test.hasSyntaxErrors { report(.incompleteTest(test: name, missing: .expectation), at: test.name.span) }
        }
        guard valid, let input, let expectation else { return nil }
        return RulesTest(
            name: name, unit: unit, location: source.location(of: test.span.start), model: test.model?.name.name,
            input: input, expectation: expectation.0, expectationSpan: expectation.1)
    }

    /// The span of the keyword an `output` or `errors` clause starts with,
    /// both six letters long.
    private static func keywordSpan(of clause: Span) -> Span {
        Span(start: clause.start, end: min(clause.end, clause.start + 6))
    }

    /// A test's JSON, checked: a literal that holds only JSON, or a file
    /// path that stays in the rules file's folder.
    private mutating func testJSON(_ source: TestDataSource) -> TestJSON? {
        switch source {
        case .inline(let literal):
            return jsonValue(literal).map(TestJSON.inline)
        case .file(let path):
            if let problem = Self.problem(with: path.value) {
                report(.testFilePath(path: path.value, problem: problem), at: path.span)
                return nil
            }
            return .file(path.value)
        }
    }

    /// A literal as JSON, or `nil` after reporting its first bare word or range.
    private mutating func jsonValue(_ literal: Literal) -> JSONValue? {
        switch literal.kind {
        case .string(let text): return .string(text)
        case .integer(let digits), .decimal(let digits): return .number(JSONNumber(literal: digits))
        case .bool(let value): return .bool(value)
        case .null: return .null
        case .array(let elements):
            var values: [JSONValue] = []
            for element in elements {
                guard let value = jsonValue(element) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .object(let members):
            var values: [JSONMember] = []
            for member in members {
                guard let value = jsonValue(member.value) else { return nil }
                values.append(JSONMember(key: member.key, value: value))
            }
            return .object(JSONObject(values))
        case .word, .range:
            report(.testValueNotJSON(found: describe(literal), word: literal.kind.word), at: literal.span)
            return nil
        }
    }

    /// Why a test file's path may not be read, or `nil` when it may: it is
    /// relative, and no `..` in it leaves the rules file's folder.
    static func problem(with path: String) -> SemanticMessage.TestPathProblem? {
        if path.isEmpty { return .noFile }
        if path.hasPrefix("/") { return .absolute }
        var depth = 0
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": depth -= 1
            default: depth += 1
            }
            if depth < 0 { return .outside }
        }
        return depth == 0 ? .noFile : nil
    }

    /// The errors a test expects, checked: at least one, each at a path that parses.
    private mutating func expectedErrors(_ clause: TestErrors) -> [ExpectedError]? {
        guard !clause.errors.isEmpty else {
            report(.emptyTestErrors, at: clause.span)
            return nil
        }
        var expected: [ExpectedError] = []
        for error in clause.errors {
            guard let path = JSONPath(parsing: error.path.value[...]) else {
                report(.invalidTestPath(path: error.path.value), at: error.path.span)
                continue
            }
            expected.append(ExpectedError(code: error.code.value, path: path, message: error.message?.value))
        }
        return expected.count == clause.errors.count ? expected : nil
    }
}

extension LiteralKind {
    /// The word of a bare word literal; `nil` for any other.
    var word: String? {
        if case .word(let word) = self { return word }
        return nil
    }
}
