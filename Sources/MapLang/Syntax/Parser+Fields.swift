/// Fields and their clauses: key paths, pipelines and rules.
extension Parser {
    /// Parses a field, at its name.
    ///
    /// ```ebnf
    /// field = IDENT ":" type { fieldClause } ;
    /// ```
    ///
    /// A second clause of a kind is reported and dropped. Something that is
    /// neither a clause nor a new member on the field's last line is reported
    /// and skipped, and the field is kept.
    mutating func parseField() throws(SyntaxError) -> FieldDecl {
        let nameToken = advance()
        let name = Identifier(nameToken.kind.spelling, span: nameToken.span)
        guard take(.colon) != nil else {
            let context = SyntaxMessage.TokenContext.fieldName(name.name, suggestion: keywordSuggestion(for: name.name))
            throw fail(.expectedToken(.colon, context: context, found: current.kind), at: missingSpan)
        }
        if atFieldStart || atClauseKeyword || atDeclarationStart {
            throw fail(.expectedType(found: current.kind), at: missingSpan)
        }
        let type = try parseType()
        var computed: Expr?
        if let equals = take(.equals) {
            computed = try parseExpr(after: equals)
        }
        var sources: [KeyPath]?
        var pipeline: Pipeline?
        var defaultValue: DefaultClause?
        var rules: [RuleCall] = []
        var oneOrMany: Span?
        var lossy: Span?
        var flatten: Span?
        var nulls: NullsClause?
        var firstClause: [String: Span] = [:]
        while atClauseKeyword, let word = Self.word(of: current) {
            let keyword = advance()
            let first = firstClause[word]
            if let first {
                report(
                    .duplicateClause(clause: word, field: name.name), at: keyword.span,
                    secondaryLabels: [.init(span: first, message: "first `\(word)` clause here")])
            } else {
                firstClause[word] = keyword.span
            }
            let isFirst = first == nil
            switch word {
            case "from":
                let paths = try parseKeyPaths(after: keyword)
                if isFirst { sources = paths }
            case "using":
                let stages = try parsePipeline(after: keyword)
                if isFirst { pipeline = stages }
            case "default":
                let clause = try parseDefaultClause(keyword: keyword)
                if isFirst { defaultValue = clause }
            case "oneOrMany":
                if isFirst { oneOrMany = keyword.span }
            case "lossy":
                if isFirst { lossy = keyword.span }
            case "flatten":
                if isFirst { flatten = keyword.span }
            case "omitNull", "keepNull":
                if let earlier = nulls, isFirst {
                    report(
                        .duplicateClause(clause: word, field: name.name), at: keyword.span,
                        secondaryLabels: [.init(span: earlier.span, message: "`\(earlier.omit ? "omitNull" : "keepNull")` here")])
                } else if isFirst {
                    nulls = NullsClause(omit: word == "omitNull", span: keyword.span)
                }
            default:
                let list = try parseRules(after: keyword)
                if isFirst { rules = list }
            }
        }
        let field = FieldDecl(
            name: name, type: type, sources: sources, pipeline: pipeline, defaultValue: defaultValue, rules: rules,
            oneOrMany: oneOrMany, lossy: lossy, flatten: flatten, nulls: nulls, computed: computed, span: Span(start: name.span.start, end: previousEnd))
        if Self.word(of: current) == "nulls", peek().kind != .colon, onPreviousLine {
            report(.nullsSettingOnFieldLine(field: name.name), at: current.span)
        }
        if !atEnd, current.kind != .rightBrace, !startsMember(of: .model), !atDeclarationStart, onPreviousLine {
            let suggestion = Self.word(of: current).flatMap { Suggestion.closest(to: $0, among: RulesText.clauseKeywords) }
            report(
                .expectedClause(field: name.name, found: current.kind, suggestion: suggestion), at: current.span)
            synchronizeMember(in: .model)
        }
        return field
    }

    /// The member keyword a field name without `:` may be a misspelling of.
    ///
    /// Only offered when what follows does not look like a type, so a field
    /// that merely lacks its `:` is not taken for a keyword.
    private func keywordSuggestion(for name: String) -> String? {
        if let next = Self.word(of: current), next.first?.isUppercase == true { return nil }
        return Suggestion.closest(to: name, among: Self.memberKeywords)
    }

    /// Parses the key paths of a `from` clause, after `from`.
    ///
    /// ```ebnf
    /// fieldClause = "from" keyPath { "," keyPath } | … ;
    /// ```
    mutating func parseKeyPaths(after keyword: Token) throws(SyntaxError) -> [KeyPath] {
        var paths = [try parseSourcePath(after: keyword)]
        while let comma = take(.comma) {
            paths.append(try parseSourcePath(after: comma))
        }
        return paths
    }

    /// Parses one path of a `from` clause: a key path, or `$`, the object itself.
    ///
    /// ```ebnf
    /// sourcePath = "$" | keyPath ;
    /// ```
    private mutating func parseSourcePath(after separator: Token) throws(SyntaxError) -> KeyPath {
        guard let dollar = take(.dollar) else {
            let path = try parseKeyPath(after: separator)
            // `user-name`: a `-` against the key is part of a key that must be quoted.
            if current.kind == .minus, current.span.start == previousEnd { throw unquotedKey(from: path.span.start) }
            return path
        }
        // `$ref`: a word against the `$` is part of a key that must be quoted.
        if current.span.start == dollar.span.end, case .identifier = current.kind { throw unquotedKey(from: dollar.span.start) }
        // `$.user.login`: a check's way to read the input, meant as the key path itself.
        if current.kind == .dot, current.span.start == dollar.span.end {
            let dot = advance()
            let path = try parseKeyPath(after: dot, firstMayBeKeyword: true)
            report(.dollarInKeyPath(path: sourceText(path.span)), at: dollar.span.merged(with: dot.span))
            return path
        }
        return KeyPath(components: [], span: dollar.span)
    }

    /// The error for a key written bare with punctuation in it, which runs
    /// from `start` over every token that touches the one before it.
    private mutating func unquotedKey(from start: Int) -> SyntaxError {
        var end = previousEnd
        while !atEnd, current.span.start == end, current.kind != .comma {
            end = advance().span.end
        }
        let key = sourceText(Span(start: start, end: end))
        return fail(.unquotedKey(key), at: Span(start: start, end: end))
    }

    /// ```ebnf
    /// keyPath = key { "." keyStep | index } ;
    /// ```
    ///
    /// A first step that is an index is reported (`key-path-starts-with-index`) and kept.
    ///
    /// - Parameter firstMayBeKeyword: Whether the first step may be a bare
    ///   clause keyword, as after `$.`, where no clause can start.
    ///
    /// An index written as a step, `labels.0.name`, is reported
    /// (`index-without-brackets`) and kept as the index it means.
    mutating func parseKeyPath(after separator: Token, firstMayBeKeyword: Bool = false) throws(SyntaxError) -> KeyPath {
        var components = [try parseKeyStep(after: separator, first: !firstMayBeKeyword)]
        var dottedIndexes: [(span: Span, index: Int)] = []
        while true {
            if let dot = take(.dot) {
                if case .integer(let digits) = current.kind, current.span.start == dot.span.end, let value = Int(digits) {
                    let number = advance()
                    dottedIndexes.append((dot.span.merged(with: number.span), value))
                    components.append(KeyComponent(kind: .index(value), span: number.span))
                } else {
                    components.append(try parseKeyStep(after: dot, first: false))
                }
            } else if current.kind == .leftBracket {
                components.append(try parseIndex())
            } else {
                break
            }
        }
        let span = Span(start: components[0].span.start, end: components[components.count - 1].span.end)
        if let first = dottedIndexes.first {
            report(
                .indexWithoutBrackets(
                    written: sourceText(span), asIndex: rewritten(span, dottedIndexes) { "[\($0.index)]" },
                    asKey: rewritten(span, dottedIndexes) { ".\"" + sourceText(Span(start: $0.span.start + 1, end: $0.span.end)) + "\"" }),
                at: first.span)
        }
        return KeyPath(components: components, span: span)
    }

    /// A key path's text with each `.N` in `dotted` written as `step` writes it.
    private func rewritten(
        _ span: Span, _ dotted: [(span: Span, index: Int)], _ step: ((span: Span, index: Int)) -> String
    ) -> String {
        var text = ""
        var position = span.start
        for index in dotted {
            text += sourceText(Span(start: position, end: index.span.start)) + step(index)
            position = index.span.end
        }
        return text + sourceText(Span(start: position, end: span.end))
    }

    /// Parses one step of a key path.
    ///
    /// ```ebnf
    /// keyStep = IDENT | STRING | index ;
    /// ```
    ///
    /// A path's first step may not be a bare clause keyword: `from default`
    /// is written `from "default"`.
    mutating func parseKeyStep(after separator: Token, first: Bool) throws(SyntaxError) -> KeyComponent {
        switch current.kind {
        case .identifier(let word):
            guard !atFieldStart, !atDeclarationStart, !(first && RulesText.clauseKeywords.contains(word)) else { break }
            return KeyComponent(kind: .key(word, quoted: false), span: advance().span)
        case .string(let key):
            return KeyComponent(kind: .key(key, quoted: true), span: advance().span)
        case .leftBracket:
            let index = try parseIndex()
            if first { report(.keyPathStartsWithIndex, at: index.span) }
            return index
        case .integer, .decimal, .leftBrace, .rightBrace, .rightBracket, .leftParen, .rightParen, .colon, .comma,
            .dot, .pipe, .equals, .questionMark, .arrow, .closedRange, .halfOpenRange, .equalEqual, .bangEqual, .less,
            .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .dollar, .endOfFile:
            break
        }
        throw fail(.expectedName(.key, after: separator.kind, found: current.kind), at: missingSpan)
    }

    /// ```ebnf
    /// index = "[" INTEGER "]" ;
    /// ```
    mutating func parseIndex() throws(SyntaxError) -> KeyComponent {
        let open = advance()
        openDelimiters += 1
        defer { openDelimiters -= 1 }
        guard case .integer(let digits) = current.kind else {
            throw fail(.expectedValue(.index, after: open.kind, found: current.kind), at: missingSpan)
        }
        let number = advance()
        guard let value = Int(digits) else {
            throw fail(.indexOutOfRange(digits), at: number.span)
        }
        guard let close = take(.rightBracket) else {
            throw unclosed(.rightBracket, .index, opener: open)
        }
        return KeyComponent(kind: .index(value), span: open.span.merged(with: close.span))
    }

    /// ```ebnf
    /// pipeline = transformCall { "|" transformCall } ;
    /// ```
    mutating func parsePipeline(after keyword: Token) throws(SyntaxError) -> Pipeline {
        var stages = [try parseTransformCall(after: keyword)]
        while let pipe = take(.pipe) {
            stages.append(try parseTransformCall(after: pipe))
        }
        let span = Span(start: stages[0].span.start, end: stages[stages.count - 1].span.end)
        return Pipeline(stages: stages, span: span)
    }

    /// ```ebnf
    /// transformCall = IDENT [ "(" [ literal { "," literal } ] ")" ] ;
    /// ```
    mutating func parseTransformCall(after separator: Token) throws(SyntaxError) -> TransformCall {
        let name = try parseName(.transformer, after: separator, rejectingClauseKeywords: true)
        let arguments = try parseArguments()
        return TransformCall(
            name: name, arguments: arguments?.values ?? [], span: Span(start: name.span.start, end: previousEnd))
    }

    /// Parses the rules of a `where` clause, after `where`.
    ///
    /// ```ebnf
    /// fieldClause = … | "where" ruleCall { "," ruleCall } ;
    /// ```
    mutating func parseRules(after keyword: Token) throws(SyntaxError) -> [RuleCall] {
        var rules = [try parseRuleCall(after: keyword)]
        while let comma = take(.comma) {
            rules.append(try parseRuleCall(after: comma))
        }
        return rules
    }

    /// ```ebnf
    /// ruleCall = IDENT [ "(" [ literal { "," literal } ] ")" ] ;
    /// ```
    mutating func parseRuleCall(after separator: Token) throws(SyntaxError) -> RuleCall {
        let name = try parseName(.rule, after: separator, rejectingClauseKeywords: true)
        let arguments = try parseArguments()
        return RuleCall(
            name: name, arguments: arguments?.values ?? [], span: Span(start: name.span.start, end: previousEnd))
    }

    /// Parses a `default` clause, after `default`.
    ///
    /// ```ebnf
    /// fieldClause = … | "default" literal [ "when" "missing" ] | … ;
    /// ```
    mutating func parseDefaultClause(keyword: Token) throws(SyntaxError) -> DefaultClause {
        if atClauseKeyword || (atKeyword("when") && Self.word(of: peek()) == "missing") {
            throw fail(.expectedValue(.literal, after: keyword.kind, found: current.kind), at: missingSpan)
        }
        let value = try parseLiteral(after: keyword)
        var onlyWhenMissing = false
        if atKeyword("when"), peek().kind != .colon {
            advance()
            guard atKeyword("missing") else {
                throw fail(
                    .expectedToken(.identifier("missing"), context: .when, found: current.kind), at: missingSpan)
            }
            advance()
            onlyWhenMissing = true
        }
        return DefaultClause(
            value: value, onlyWhenMissing: onlyWhenMissing, span: Span(start: keyword.span.start, end: previousEnd))
    }
}
