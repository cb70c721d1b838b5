/// Test blocks: `test "name" { model M  input …  output … | errors { … } }`.
extension Parser {
    /// The words that start a clause of a test.
    static let testClauseKeywords = ["model", "input", "output", "errors"]

    /// ```ebnf
    /// test = "test" STRING "{" { testClause } "}" ;
    /// ```
    mutating func parseTest() throws(SyntaxError) -> TestDecl {
        let keyword = advance()
        guard case .string(let text) = current.kind else {
            throw fail(.expectedValue(.testName, after: keyword.kind, found: current.kind), at: missingSpan)
        }
        let name = TextLiteral(text, span: advance().span)
        guard let brace = take(.leftBrace) else {
            let context = SyntaxMessage.TokenContext.declarationHeader(keyword: "test", name: RulesText.quoted(text, limit: 24))
            throw fail(.expectedToken(.leftBrace, context: context, found: current.kind), at: missingSpan)
        }
        var test = TestDecl(name: name, span: keyword.span)
        var firstClause: [String: Span] = [:]
        let end = parseBody(.test, closing: .test(text), openedBy: brace) { parser throws(SyntaxError) in
            do throws(SyntaxError) {
                try parser.parseTestClause(into: &test, firstClause: &firstClause)
            } catch {
                test.hasSyntaxErrors = true
                throw error
            }
        }
        test.span = Span(start: keyword.span.start, end: end)
        return test
    }

    /// Parses one clause of a test into it; a second clause of a kind is
    /// reported and dropped.
    ///
    /// ```ebnf
    /// testClause = "model" IDENT
    ///            | "input" testData
    ///            | "output" testData
    ///            | "errors" "{" { expectedError } "}" ;
    /// ```
    mutating func parseTestClause(into test: inout TestDecl, firstClause: inout [String: Span]) throws(SyntaxError) {
        guard let word = Self.word(of: current), Self.testClauseKeywords.contains(word) else {
            throw fail(.expectedMember(.test(test.name.value), found: current.kind), at: current.span)
        }
        let keyword = advance()
        let first = firstClause[word]
        if let first {
            report(
                .duplicateTestClause(clause: word, test: test.name.value), at: keyword.span,
                secondaryLabels: [.init(span: first, message: "first `\(word)` here")])
        } else {
            firstClause[word] = keyword.span
        }
        let isFirst = first == nil
        switch word {
        case "model":
            // Not `parseName`: `model Issue` then `input {` on the next line
            // looks like a declaration's start, `Issue input {`, to it.
            guard let word = Self.word(of: current) else {
                throw fail(.expectedName(.model, after: keyword.kind, found: current.kind), at: missingSpan)
            }
            let name = Identifier(word, span: advance().span)
            if isFirst { test.model = TestModel(name: name, span: keyword.span.merged(with: name.span)) }
        case "input":
            let data = try parseTestData(after: keyword)
            if isFirst { test.input = data }
        case "output":
            let data = try parseTestData(after: keyword)
            if isFirst { test.output = data }
        default:
            let errors = try parseTestErrors(after: keyword, in: test.name.value)
            if isFirst { test.errors = errors }
        }
    }

    /// Parses the JSON of `input` or `output`, after the keyword.
    ///
    /// ```ebnf
    /// testData = json | "file" STRING ;
    /// ```
    mutating func parseTestData(after keyword: Token) throws(SyntaxError) -> TestData {
        guard atKeyword("file") else {
            // `true`, `false` and `null` directly: `null` then `output {` on
            // the next line looks like a declaration's start to `parseLiteral`.
            let isWord = Self.isScalar(current) && Self.word(of: current) != nil
            let value = isWord ? try parseScalar(after: keyword) : try parseLiteral(after: keyword)
            return TestData(source: .inline(value), span: keyword.span.merged(with: value.span))
        }
        let file = advance()
        guard case .string(let path) = current.kind else {
            throw fail(.expectedValue(.filePath, after: file.kind, found: current.kind), at: missingSpan)
        }
        let token = advance()
        return TestData(source: .file(TextLiteral(path, span: token.span)), span: keyword.span.merged(with: token.span))
    }

    /// Parses `{ expectedError … }` after `errors`.
    mutating func parseTestErrors(after keyword: Token, in test: String) throws(SyntaxError) -> TestErrors {
        guard let brace = take(.leftBrace) else {
            throw fail(.expectedToken(.leftBrace, context: .testErrors, found: current.kind), at: missingSpan)
        }
        var errors: [ExpectedErrorDecl] = []
        let end = parseBody(.testErrors, closing: .testErrors(test), openedBy: brace) { parser throws(SyntaxError) in
            errors.append(try parser.parseExpectedError(in: test))
        }
        return TestErrors(errors: errors, span: Span(start: keyword.span.start, end: end))
    }

    /// ```ebnf
    /// expectedError = STRING "at" STRING [ STRING ] ;
    /// ```
    ///
    /// A string after the path is its message when it is on the same line
    /// and no `at` follows it: otherwise it is the next error's code.
    mutating func parseExpectedError(in test: String) throws(SyntaxError) -> ExpectedErrorDecl {
        guard case .string(let code) = current.kind else {
            throw fail(.expectedMember(.testErrors(test), found: current.kind), at: current.span)
        }
        let codeToken = advance()
        guard atKeyword("at") else {
            throw fail(.expectedKeyword("at", after: codeToken.kind, found: current.kind), at: missingSpan)
        }
        let at = advance()
        guard case .string(let path) = current.kind else {
            throw fail(.expectedValue(.jsonPath, after: at.kind, found: current.kind), at: missingSpan)
        }
        let pathToken = advance()
        var message: TextLiteral?
        if case .string(let text) = current.kind, onPreviousLine, Self.word(of: peek()) != "at" {
            message = TextLiteral(text, span: advance().span)
        }
        return ExpectedErrorDecl(
            code: TextLiteral(code, span: codeToken.span), path: TextLiteral(path, span: pathToken.span), message: message,
            span: codeToken.span.merged(with: message?.span ?? pathToken.span))
    }
}
