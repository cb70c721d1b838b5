// MARK: - Public API

/// Parses rules files into syntax trees.
package enum RulesParser {
    /// Parses a rules file.
    ///
    /// Parsing never stops at an error: each problem is reported, the parser
    /// skips to the next declaration or member, and everything well formed
    /// stays in the tree.
    ///
    /// - Parameter source: The rules file.
    /// - Returns: The syntax tree and every lexical and syntax problem, ordered by position.
    package static func parse(_ source: SourceFile) -> ParseResult {
        let lexed = Lexer.tokenize(source)
        var parser = Parser(source: source, lexed: lexed)
        let items = parser.parseFile()
        let file = RulesFile(items: items, comments: lexed.comments, span: Span(start: 0, end: source.bytes.count))
        let ordered = (lexed.diagnostics + parser.diagnostics).enumerated().sorted { left, right in
            (left.element.span.start, left.offset) < (right.element.span.start, right.offset)
        }
        return ParseResult(file: file, diagnostics: ordered.map(\.element))
    }
}

/// What parsing a rules file produces.
package struct ParseResult: Sendable {
    /// The syntax tree, holding every part that parsed.
    package var file: RulesFile
    /// The lexical and syntax problems, ordered by where they start.
    package var diagnostics: [Diagnostic]

    /// Creates a parse result.
    package init(file: RulesFile, diagnostics: [Diagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }
}

// MARK: - Implementation

/// Thrown to abandon the construct being parsed; the problem is already reported.
struct SyntaxError: Error {}

/// A recursive-descent parser over a file's tokens.
///
/// Each `parse…` method is named after the grammar rule it reads and quotes it.
/// A method either returns its node or reports a problem and throws
/// `SyntaxError`; the loops over top-level items and body members catch it
/// and skip to a place where parsing can resume.
struct Parser {
    /// How deeply types, literals and expressions may nest.
    static let nestingLimit = 64
    /// The words that start a top-level item.
    static let topLevelKeywords = [
        "model", "enum", "table", "transform", "choice", "test", "root", "strict", "lenient", "keys", "unknown", "nulls",
    ]
    /// The words that start a setting.
    static let settingKeywords: Set<String> = [
        "root", "strict", "lenient", "keys", "only", "except", "ignore", "unknown", "nulls",
    ]
    /// The words that start a model member other than a field.
    static let memberKeywords = ["check", "keys", "strict", "lenient", "root", "only", "except", "ignore", "unknown", "nulls"]

    /// The file being parsed.
    let source: SourceFile
    /// Its tokens, ending with `endOfFile`.
    let tokens: [Token]
    /// The index of the current token.
    var position = 0
    /// The problems reported so far.
    var diagnostics: [Diagnostic] = []
    /// Where reported problems start, to report only one problem at a place.
    var reportedOffsets: Set<Int>
    /// How many types, literals or expressions enclose the current one.
    var nesting = 0
    /// How many brackets, parentheses and literal braces are open.
    var openDelimiters = 0
    /// How many of them were open when the last problem was found and not
    /// taken to be missing their closer; recovery skips to their closers first.
    var openDelimitersAtFailure = 0

    /// Creates a parser over a lexed file.
    init(source: SourceFile, lexed: Lexer.Lexed) {
        self.source = source
        self.tokens = lexed.tokens
        self.reportedOffsets = Set(lexed.diagnostics.map(\.span.start))
    }

    // MARK: Tokens

    /// The token being looked at.
    var current: Token { tokens[position] }

    /// The token `distance` places after the current one, or the end of file.
    func peek(_ distance: Int = 1) -> Token {
        tokens[min(position + distance, tokens.count - 1)]
    }

    /// Whether every token has been read.
    var atEnd: Bool { current.kind == .endOfFile }

    /// Where the last consumed token ends: the place for a "missing" problem.
    var previousEnd: Int { position > 0 ? tokens[position - 1].span.end : current.span.start }

    /// A zero-width span right after the last consumed token.
    var missingSpan: Span { .at(previousEnd) }

    /// Consumes the current token and returns it; the end of file is never consumed.
    @discardableResult
    mutating func advance() -> Token {
        let token = current
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    /// Consumes the current token if it is of the given kind.
    mutating func take(_ kind: TokenKind) -> Token? {
        current.kind == kind ? advance() : nil
    }

    /// Whether the current token is the given word.
    func atKeyword(_ word: String) -> Bool { Self.word(of: current) == word }

    /// The text of an identifier token, `nil` for any other.
    static func word(of token: Token) -> String? {
        if case .identifier(let name) = token.kind { return name }
        return nil
    }

    /// Whether the current token is `name :`, the start of a field.
    var atFieldStart: Bool { Self.word(of: current) != nil && peek().kind == .colon }

    /// Whether the current token is a clause keyword that starts a clause, not a field.
    var atClauseKeyword: Bool {
        guard let word = Self.word(of: current) else { return false }
        return RulesText.clauseKeywords.contains(word) && peek().kind != .colon
    }

    /// Whether the tokens here start a declaration beyond doubt: two words
    /// and `{`, as in `model Issue {`, two words and `=`, as in `transform
    /// clean =`, or `model Name extends` and `choice Name by`.
    ///
    /// Apart from `Type default {}`, nothing valid anywhere else looks like
    /// that, so an unclosed body ends here, and recovery stops here even when
    /// the keyword is misspelt. So does `test "name" {`.
    var atDeclarationStart: Bool {
        if atTestStart { return true }
        guard Self.word(of: current) != nil, let second = Self.word(of: peek()),
            second != "default", second != "extends", second != "by"
        else {
            return false
        }
        if peek(2).kind == .leftBrace || peek(2).kind == .equals { return true }
        switch (Self.word(of: current), Self.word(of: peek(2))) {
        case ("model", "extends"), ("choice", "by"): return true
        default: return false
        }
    }

    /// Whether the tokens here are `test "name" {`, which nothing else is.
    var atTestStart: Bool {
        guard atKeyword("test"), case .string = peek().kind else { return false }
        return peek(2).kind == .leftBrace
    }

    /// Whether the current token starts on the line where the previous one ends.
    var onPreviousLine: Bool {
        position > 0 && source.lineIndex(of: current.span.start) == source.lineIndex(of: previousEnd)
    }

    /// Whether a token is a string, number, `true`, `false` or `null`.
    static func isScalar(_ token: Token) -> Bool {
        switch token.kind {
        case .string, .integer, .decimal: return true
        case .identifier(let word): return word == "true" || word == "false" || word == "null"
        case .leftBrace, .rightBrace, .leftBracket, .rightBracket, .leftParen, .rightParen, .colon, .comma, .dot,
            .pipe, .equals, .questionMark, .arrow, .closedRange, .halfOpenRange, .equalEqual, .bangEqual, .less,
            .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .dollar, .endOfFile:
            return false
        }
    }

    /// The source text of a span, for messages.
    func sourceText(_ span: Span) -> String {
        String(decoding: source.bytes[span.start..<span.end], as: UTF8.self)
    }

    // MARK: Problems

    /// Records a problem unless one was already reported where it starts.
    mutating func report(
        _ problem: SyntaxMessage, at span: Span, label: String? = nil,
        secondaryLabels: [Diagnostic.SecondaryLabel] = []
    ) {
        guard reportedOffsets.insert(span.start).inserted else { return }
        diagnostics.append(
            Diagnostic(problem, source: source, span: span, label: label, secondaryLabels: secondaryLabels))
    }

    /// Records a problem and returns the error that abandons the construct.
    mutating func fail(
        _ problem: SyntaxMessage, at span: Span, secondaryLabels: [Diagnostic.SecondaryLabel] = []
    ) -> SyntaxError {
        report(problem, at: span, secondaryLabels: secondaryLabels)
        openDelimitersAtFailure = openDelimiters
        return SyntaxError()
    }

    /// Reports that a closing delimiter is missing, pointing also at the opening one.
    ///
    /// When what follows on the same line could be one more item, a `,` is
    /// the likely omission and recovery still looks for the closer; otherwise
    /// the closer is taken to be missing.
    mutating func unclosed(_ closer: TokenKind, _ construct: SyntaxMessage.Construct, opener: Token) -> SyntaxError {
        let error = fail(
            .unclosedDelimiter(closer, closing: construct, found: current.kind), at: missingSpan,
            secondaryLabels: [.init(span: opener.span, message: "`\(opener.kind.spelling)` opened here")])
        if !(onPreviousLine && continuesList) {
            openDelimitersAtFailure = max(0, openDelimiters - 1)
        }
        return error
    }

    /// Whether the current token could be one more item of a list.
    private var continuesList: Bool {
        switch current.kind {
        case .identifier:
            return !atFieldStart && !atDeclarationStart
        case .string, .integer, .decimal, .leftBracket, .leftBrace, .leftParen, .closedRange, .halfOpenRange:
            return true
        case .rightBrace, .rightBracket, .rightParen, .colon, .comma, .dot, .pipe, .equals, .questionMark, .arrow,
            .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .dollar, .endOfFile:
            return false
        }
    }

    /// Enters one level of nesting, failing past the limit.
    ///
    /// Pair every successful call with `nesting -= 1`, usually in a `defer`.
    mutating func enterNesting(_ kind: SyntaxMessage.Nesting) throws(SyntaxError) {
        guard nesting < Self.nestingLimit else {
            throw fail(.nestingTooDeep(kind, limit: Self.nestingLimit), at: current.span)
        }
        nesting += 1
    }

    // MARK: Recovery

    /// The kinds of body a member can be in, for recovery.
    enum BodyKind {
        /// A model's fields, checks and settings.
        case model
        /// An enum's cases and default.
        case enumeration
        /// A table's rows and default.
        case table
        /// A choice's variants and default.
        case choice
        /// A test's clauses.
        case test
        /// The expected errors of a test.
        case testErrors
    }

    /// Skips to the next token that can start a top-level item.
    ///
    /// That is a top-level keyword outside any brackets, or anything that
    /// beyond doubt starts a declaration.
    ///
    /// - Parameter depth: How many delimiters are open where the problem was found.
    mutating func synchronizeTopLevel(depth: Int = 0) {
        var depth = depth
        while !atEnd {
            if atDeclarationStart { return }
            if depth == 0, let word = Self.word(of: current), Self.topLevelKeywords.contains(word),
                peek().kind != .colon
            {
                return
            }
            skip(depth: &depth)
        }
    }

    /// Skips to the next token that can start a member of the body, or to its `}`.
    ///
    /// - Parameters:
    ///   - body: The kind of body, which decides what starts a member.
    ///   - depth: How many delimiters are open where the problem was found.
    mutating func synchronizeMember(in body: BodyKind, depth: Int = 0) {
        var depth = depth
        while !atEnd {
            if atDeclarationStart { return }
            if depth == 0 {
                if current.kind == .rightBrace || startsMember(of: body) { return }
            }
            skip(depth: &depth)
        }
    }

    /// Whether the current token is a plausible start of a member, for recovery.
    func startsMember(of body: BodyKind) -> Bool {
        let before = position > 0 ? tokens[position - 1] : Token(kind: .endOfFile, span: .at(0))
        switch body {
        case .model:
            guard let word = Self.word(of: current) else { return false }
            return peek().kind == .colon || Self.memberKeywords.contains(word)
        case .enumeration:
            // Not after `from` or after `"input",`: a bare word there is a misspelt input.
            guard Self.word(of: current) != nil, Self.word(of: before) != "from" else { return false }
            return before.kind != .comma || position < 2 || !Self.isScalar(tokens[position - 2])
        case .test:
            guard let word = Self.word(of: current) else { return false }
            return Self.testClauseKeywords.contains(word)
        case .testErrors:
            // A string that starts a line: the code of the next error.
            guard case .string = current.kind else { return false }
            return position == 0 || source.lineIndex(of: current.span.start) != source.lineIndex(of: before.span.end)
        case .table, .choice:
            if atKeyword("default") { return true }
            return Self.isScalar(current) && before.kind != .comma && before.kind != .arrow
                && Self.word(of: before) != "default"
        }
    }

    /// Consumes one token while skipping, keeping track of bracket depth.
    private mutating func skip(depth: inout Int) {
        switch current.kind {
        case .leftBrace, .leftBracket, .leftParen:
            depth += 1
        case .rightBrace, .rightBracket, .rightParen:
            depth = max(0, depth - 1)
        case .identifier, .string, .integer, .decimal, .colon, .comma, .dot, .pipe, .equals, .questionMark, .arrow,
            .closedRange, .halfOpenRange, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .dollar,
            .endOfFile:
            break
        }
        advance()
    }
}
