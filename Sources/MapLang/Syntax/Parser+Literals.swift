/// Literals, ranges and argument lists.
extension Parser {
    /// Parses a literal.
    ///
    /// ```ebnf
    /// literal = scalar | IDENT | range
    ///         | "[" [ literal { "," literal } ] "]"
    ///         | "{" [ STRING ":" literal { "," STRING ":" literal } ] "}" ;
    /// ```
    ///
    /// - Parameter separator: The token before the literal, for messages.
    mutating func parseLiteral(after separator: Token) throws(SyntaxError) -> Literal {
        switch current.kind {
        case .string(let value):
            return Literal(kind: .string(value), span: advance().span)
        case .integer, .decimal:
            return try parseNumberOrRange(after: separator)
        case .closedRange, .halfOpenRange:
            return try parseRange(lower: nil)
        case .identifier(let word):
            guard !atFieldStart, !atDeclarationStart else { break }
            let token = advance()
            switch word {
            case "true": return Literal(kind: .bool(true), span: token.span)
            case "false": return Literal(kind: .bool(false), span: token.span)
            case "null": return Literal(kind: .null, span: token.span)
            default: return Literal(kind: .word(word), span: token.span)
            }
        case .leftBracket:
            return try parseArrayLiteral()
        case .leftBrace:
            return try parseObjectLiteral()
        case .rightBrace, .rightBracket, .leftParen, .rightParen, .colon, .comma, .dot, .pipe, .equals, .questionMark,
            .arrow, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .dollar, .endOfFile:
            break
        }
        throw fail(.expectedValue(.literal, after: separator.kind, found: current.kind), at: missingSpan)
    }

    /// ```ebnf
    /// scalar = STRING | INTEGER | DECIMAL | "true" | "false" | "null" ;
    /// ```
    ///
    /// - Parameter separator: The token before the scalar, for messages.
    mutating func parseScalar(after separator: Token) throws(SyntaxError) -> Literal {
        let token = current
        switch token.kind {
        case .string(let value):
            advance()
            return Literal(kind: .string(value), span: token.span)
        case .integer(let digits):
            advance()
            return Literal(kind: .integer(digits), span: token.span)
        case .decimal(let digits):
            advance()
            return Literal(kind: .decimal(digits), span: token.span)
        case .identifier(let word):
            switch word {
            case "true", "false":
                advance()
                return Literal(kind: .bool(word == "true"), span: token.span)
            case "null":
                advance()
                return Literal(kind: .null, span: token.span)
            default:
                break
            }
        case .leftBrace, .rightBrace, .leftBracket, .rightBracket, .leftParen, .rightParen, .colon, .comma, .dot,
            .pipe, .equals, .questionMark, .arrow, .closedRange, .halfOpenRange, .equalEqual, .bangEqual, .less,
            .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .dollar, .endOfFile:
            break
        }
        throw fail(.expectedValue(.scalar, after: separator.kind, found: token.kind), at: missingSpan)
    }

    /// Parses a number, and the range it starts if a range operator follows.
    ///
    /// ```ebnf
    /// number = INTEGER | DECIMAL ;
    /// ```
    mutating func parseNumberOrRange(after separator: Token) throws(SyntaxError) -> Literal {
        guard let number = parseNumber() else {
            throw fail(.expectedValue(.literal, after: separator.kind, found: current.kind), at: missingSpan)
        }
        switch current.kind {
        case .closedRange, .halfOpenRange:
            return try parseRange(lower: number)
        case .identifier, .string, .integer, .decimal, .leftBrace, .rightBrace, .leftBracket, .rightBracket,
            .leftParen, .rightParen, .colon, .comma, .dot, .pipe, .equals, .questionMark, .arrow, .equalEqual,
            .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .dollar, .endOfFile:
            return number
        }
    }

    /// Reads the current token as a number, if it is one.
    private mutating func parseNumber() -> Literal? {
        let token = current
        switch token.kind {
        case .integer(let digits):
            advance()
            return Literal(kind: .integer(digits), span: token.span)
        case .decimal(let digits):
            advance()
            return Literal(kind: .decimal(digits), span: token.span)
        case .identifier, .string, .leftBrace, .rightBrace, .leftBracket, .rightBracket, .leftParen, .rightParen,
            .colon, .comma, .dot, .pipe, .equals, .questionMark, .arrow, .closedRange, .halfOpenRange, .equalEqual,
            .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .dollar, .endOfFile:
            return nil
        }
    }

    /// Parses a range, at its operator; the lower bound, if any, is already read.
    ///
    /// ```ebnf
    /// range = number "..." [ number ] | number "..<" number | ( "..." | "..<" ) number ;
    /// ```
    ///
    /// `a..<` with no upper bound is reported (`range-without-upper-bound`)
    /// and read as `a...`.
    mutating func parseRange(lower: Literal?) throws(SyntaxError) -> Literal {
        let operatorToken = advance()
        let upper = parseNumber()
        if lower == nil, upper == nil {
            throw fail(.expectedValue(.rangeBound, after: operatorToken.kind, found: current.kind), at: missingSpan)
        }
        if upper == nil, operatorToken.kind == .halfOpenRange {
            report(.halfOpenRangeWithoutUpperBound, at: operatorToken.span)
        }
        let span = Span(start: lower?.span.start ?? operatorToken.span.start, end: previousEnd)
        return Literal(
            kind: .range(lower: lower, upper: upper, includesUpper: operatorToken.kind == .closedRange), span: span)
    }

    /// Parses `[a, b]`, at `[`.
    mutating func parseArrayLiteral() throws(SyntaxError) -> Literal {
        let (elements, span) = try parseDelimitedList(closing: .rightBracket, context: .arrayLiteral) {
            (parser: inout Parser, separator: Token) throws(SyntaxError) in try parser.parseLiteral(after: separator)
        }
        return Literal(kind: .array(elements), span: span)
    }

    /// Parses `{"key": value}`, at `{`.
    mutating func parseObjectLiteral() throws(SyntaxError) -> Literal {
        let (members, span) = try parseDelimitedList(closing: .rightBrace, context: .objectLiteral) {
            (parser: inout Parser, separator: Token) throws(SyntaxError) in try parser.parseObjectMember(after: separator)
        }
        return Literal(kind: .object(members), span: span)
    }

    /// Parses a comma-separated list from its opening bracket (the current
    /// token) to `closing`, each element read by `element` after the token before it.
    private mutating func parseDelimitedList<Element>(
        closing: TokenKind, context: SyntaxMessage.Construct,
        element: (inout Parser, Token) throws(SyntaxError) -> Element
    ) throws(SyntaxError) -> ([Element], Span) {
        try enterNesting(.value)
        defer { nesting -= 1 }
        let open = advance()
        openDelimiters += 1
        defer { openDelimiters -= 1 }
        var elements: [Element] = []
        if let close = take(closing) { return (elements, open.span.merged(with: close.span)) }
        elements.append(try element(&self, open))
        while true {
            if let close = take(closing) { return (elements, open.span.merged(with: close.span)) }
            guard let comma = take(.comma) else { throw unclosed(closing, context, opener: open) }
            elements.append(try element(&self, comma))
        }
    }

    /// Parses `"key": value` in an object literal.
    private mutating func parseObjectMember(after separator: Token) throws(SyntaxError) -> LiteralMember {
        guard case .string(let key) = current.kind else {
            throw fail(.expectedValue(.objectKey, after: separator.kind, found: current.kind), at: missingSpan)
        }
        advance()
        guard let colon = take(.colon) else {
            throw fail(.expectedToken(.colon, context: .objectKey(key), found: current.kind), at: missingSpan)
        }
        return LiteralMember(key: key, value: try parseLiteral(after: colon))
    }

    /// Parses the arguments of a transformer or rule, if a `(` follows.
    ///
    /// ```ebnf
    /// "(" [ literal { "," literal } ] ")"
    /// ```
    ///
    /// - Returns: The arguments, or `nil` when no `(` follows.
    mutating func parseArguments() throws(SyntaxError) -> (values: [Literal], end: Int)? {
        guard let open = take(.leftParen) else { return nil }
        openDelimiters += 1
        defer { openDelimiters -= 1 }
        var values: [Literal] = []
        if let close = take(.rightParen) { return (values, close.span.end) }
        try enterNesting(.value)
        defer { nesting -= 1 }
        values.append(try parseLiteral(after: open))
        while true {
            if let close = take(.rightParen) { return (values, close.span.end) }
            guard let comma = take(.comma) else { throw unclosed(.rightParen, .argumentList, opener: open) }
            values.append(try parseLiteral(after: comma))
        }
    }
}
