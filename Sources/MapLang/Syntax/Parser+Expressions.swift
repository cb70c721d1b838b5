/// Checks and their expressions.
extension Parser {
    /// Parses a check, at `check`.
    ///
    /// ```ebnf
    /// check = "check" expr [ "else" STRING ] ;
    /// ```
    mutating func parseCheck() throws(SyntaxError) -> CheckDecl {
        let keyword = advance()
        let condition = try parseExpr(after: keyword)
        var message: String?
        if atKeyword("else"), peek().kind != .colon {
            let elseKeyword = advance()
            guard case .string(let text) = current.kind else {
                throw fail(.expectedValue(.message, after: elseKeyword.kind, found: current.kind), at: missingSpan)
            }
            advance()
            message = text
        }
        let span = Span(start: keyword.span.start, end: previousEnd)
        return CheckDecl(condition: condition, message: message, span: span)
    }

    /// ```ebnf
    /// expr = andExpr { "or" andExpr } ;
    /// ```
    ///
    /// Each operand beyond the first deepens the tree, so it counts toward the nesting limit.
    mutating func parseExpr(after separator: Token) throws(SyntaxError) -> Expr {
        var links = 0
        defer { nesting -= links }
        var left = try parseAndExpr(after: separator)
        while atKeyword("or"), peek().kind != .colon {
            try enterNesting(.expression)
            links += 1
            let operatorToken = advance()
            let right = try parseAndExpr(after: operatorToken)
            left = Expr(kind: .binary(.or, left, right), span: left.span.merged(with: right.span))
        }
        return left
    }

    /// ```ebnf
    /// andExpr = notExpr { "and" notExpr } ;
    /// ```
    mutating func parseAndExpr(after separator: Token) throws(SyntaxError) -> Expr {
        var links = 0
        defer { nesting -= links }
        var left = try parseNotExpr(after: separator)
        while atKeyword("and"), peek().kind != .colon {
            try enterNesting(.expression)
            links += 1
            let operatorToken = advance()
            let right = try parseNotExpr(after: operatorToken)
            left = Expr(kind: .binary(.and, left, right), span: left.span.merged(with: right.span))
        }
        return left
    }

    /// ```ebnf
    /// notExpr = "not" notExpr | comparison ;
    /// ```
    mutating func parseNotExpr(after separator: Token) throws(SyntaxError) -> Expr {
        guard atKeyword("not") else { return try parseComparison(after: separator) }
        try enterNesting(.expression)
        defer { nesting -= 1 }
        let keyword = advance()
        let operand = try parseNotExpr(after: keyword)
        return Expr(kind: .not(operand), span: keyword.span.merged(with: operand.span))
    }

    /// ```ebnf
    /// comparison = coalescing [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) coalescing ] ;
    /// ```
    ///
    /// A second comparison operator is reported, and its operand read and dropped.
    mutating func parseComparison(after separator: Token) throws(SyntaxError) -> Expr {
        let left = try parseCoalescing(after: separator)
        guard let op = Self.comparisonOperator(current.kind) else { return left }
        let operatorToken = advance()
        let right = try parseCoalescing(after: operatorToken)
        while let extra = Self.comparisonOperator(current.kind) {
            report(.chainedComparison(extra), at: current.span)
            let extraToken = advance()
            _ = try parseCoalescing(after: extraToken)
        }
        return Expr(kind: .binary(op, left, right), span: left.span.merged(with: right.span))
    }

    /// ```ebnf
    /// coalescing = additive { "??" additive } ;
    /// ```
    ///
    /// `??` is two `?` with nothing between them.
    mutating func parseCoalescing(after separator: Token) throws(SyntaxError) -> Expr {
        var links = 0
        defer { nesting -= links }
        var left = try parseAdditive(after: separator)
        while current.kind == .questionMark, peek().kind == .questionMark, peek().span.start == current.span.end {
            try enterNesting(.expression)
            links += 1
            _ = advance()
            let token = advance()
            let right = try parseAdditive(after: token)
            left = Expr(kind: .binary(.coalesce, left, right), span: left.span.merged(with: right.span))
        }
        return left
    }

    /// ```ebnf
    /// additive = multiplicative { ( "+" | "-" ) multiplicative } ;
    /// ```
    ///
    /// A number written with its `-` right after an operand, as in `a -1`,
    /// is a subtraction.
    mutating func parseAdditive(after separator: Token) throws(SyntaxError) -> Expr {
        var links = 0
        defer { nesting -= links }
        var left = try parseMultiplicative(after: separator)
        while true {
            let op: BinaryOperator
            let right: Expr
            switch current.kind {
            case .plus, .minus:
                op = current.kind == .plus ? .add : .subtract
                try enterNesting(.expression)
                links += 1
                let token = advance()
                right = try parseMultiplicative(after: token)
            case .integer(let text) where text.hasPrefix("-"), .decimal(let text) where text.hasPrefix("-"):
                op = .subtract
                try enterNesting(.expression)
                links += 1
                let token = advance()
                let unsigned: LiteralKind =
                    if case .integer = token.kind { .integer(String(text.dropFirst())) } else { .decimal(String(text.dropFirst())) }
                let span = Span(start: token.span.start + 1, end: token.span.end)
                right = try parseMultiplicative(after: token, first: Expr(kind: .literal(Literal(kind: unsigned, span: span)), span: span))
            default:
                return left
            }
            left = Expr(kind: .binary(op, left, right), span: left.span.merged(with: right.span))
        }
    }

    /// ```ebnf
    /// multiplicative = operand { ( "*" | "/" ) operand } ;
    /// ```
    ///
    /// - Parameter first: The first operand, when it has been read already.
    mutating func parseMultiplicative(after separator: Token, first: Expr? = nil) throws(SyntaxError) -> Expr {
        var links = 0
        defer { nesting -= links }
        var left: Expr
        if let first { left = first } else { left = try parseOperand(after: separator) }
        while current.kind == .star || current.kind == .slash {
            let op: BinaryOperator = current.kind == .star ? .multiply : .divide
            try enterNesting(.expression)
            links += 1
            let token = advance()
            let right = try parseOperand(after: token)
            left = Expr(kind: .binary(op, left, right), span: left.span.merged(with: right.span))
        }
        return left
    }

    /// The comparison a token stands for, if any.
    static func comparisonOperator(_ kind: TokenKind) -> BinaryOperator? {
        switch kind {
        case .equalEqual: return .equal
        case .bangEqual: return .notEqual
        case .less: return .less
        case .lessEqual: return .lessOrEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterOrEqual
        case .identifier, .string, .integer, .decimal, .leftBrace, .rightBrace, .leftBracket, .rightBracket,
            .leftParen, .rightParen, .colon, .comma, .dot, .pipe, .equals, .questionMark, .arrow, .closedRange,
            .halfOpenRange, .plus, .minus, .star, .slash, .dollar, .endOfFile:
            return nil
        }
    }

    /// ```ebnf
    /// operand = scalar
    ///         | IDENT { "." IDENT }
    ///         | IDENT "(" [ expr { "," expr } ] ")"
    ///         | "$" "." keyPath
    ///         | "if" expr "then" expr "else" expr
    ///         | "(" expr ")" ;
    /// ```
    ///
    /// `and`, `or`, `not`, `then` and `else` are not names here, and neither
    /// is a name followed by `:`, which starts the next field.
    mutating func parseOperand(after separator: Token) throws(SyntaxError) -> Expr {
        switch current.kind {
        case .dollar:
            let dollar = advance()
            guard let dot = take(.dot) else {
                throw fail(.expectedToken(.dot, context: .inputPath, found: current.kind), at: missingSpan)
            }
            let path = try parseKeyPath(after: dot, firstMayBeKeyword: true)
            return Expr(kind: .input(path), span: dollar.span.merged(with: path.span))
        case .identifier("if") where !atFieldStart:
            return try parseConditional()
        case .string, .integer, .decimal:
            let literal = try parseScalar(after: separator)
            return Expr(kind: .literal(literal), span: literal.span)
        case .identifier(let word):
            if word == "true" || word == "false" || word == "null" {
                let literal = try parseScalar(after: separator)
                return Expr(kind: .literal(literal), span: literal.span)
            }
            guard !["and", "or", "not", "then", "else"].contains(word), !atFieldStart, !atDeclarationStart else { break }
            let name = Identifier(word, span: advance().span)
            if current.kind == .leftParen {
                return try parseCall(name)
            }
            var path = [name]
            while let dot = take(.dot) {
                path.append(try parseName(.member, after: dot))
            }
            return Expr(kind: .reference(path), span: name.span.merged(with: path[path.count - 1].span))
        case .leftParen:
            try enterNesting(.expression)
            defer { nesting -= 1 }
            let open = advance()
            openDelimiters += 1
            defer { openDelimiters -= 1 }
            let inner = try parseExpr(after: open)
            guard let close = take(.rightParen) else {
                throw unclosed(.rightParen, .parenthesizedExpression, opener: open)
            }
            return Expr(kind: inner.kind, span: open.span.merged(with: close.span))
        case .leftBrace, .rightBrace, .leftBracket, .rightBracket, .rightParen, .colon, .comma, .dot, .pipe, .equals,
            .questionMark, .arrow, .closedRange, .halfOpenRange, .equalEqual, .bangEqual, .less, .lessEqual, .greater,
            .greaterEqual, .plus, .minus, .star, .slash, .endOfFile:
            break
        }
        throw fail(.expectedExpression(after: separator.kind, found: current.kind), at: missingSpan)
    }

    /// Parses `if condition then value else value`, at `if`.
    private mutating func parseConditional() throws(SyntaxError) -> Expr {
        try enterNesting(.expression)
        defer { nesting -= 1 }
        let keyword = advance()
        let condition = try parseExpr(after: keyword)
        guard atKeyword("then") else {
            throw fail(.expectedKeyword("then", after: tokens[position - 1].kind, found: current.kind), at: missingSpan)
        }
        let then = advance()
        let whenTrue = try parseExpr(after: then)
        guard atKeyword("else") else {
            throw fail(.expectedKeyword("else", after: tokens[position - 1].kind, found: current.kind), at: missingSpan)
        }
        let otherwise = advance()
        let whenFalse = try parseExpr(after: otherwise)
        return Expr(kind: .conditional(condition, whenTrue, whenFalse), span: keyword.span.merged(with: whenFalse.span))
    }

    /// Parses a call's arguments, at `(` after the function's name.
    private mutating func parseCall(_ name: Identifier) throws(SyntaxError) -> Expr {
        try enterNesting(.expression)
        defer { nesting -= 1 }
        let open = advance()
        openDelimiters += 1
        defer { openDelimiters -= 1 }
        var arguments: [Expr] = []
        if let close = take(.rightParen) {
            return Expr(kind: .call(name, arguments), span: name.span.merged(with: close.span))
        }
        arguments.append(try parseExpr(after: open))
        while true {
            if let close = take(.rightParen) {
                return Expr(kind: .call(name, arguments), span: name.span.merged(with: close.span))
            }
            guard let comma = take(.comma) else { throw unclosed(.rightParen, .argumentList, opener: open) }
            arguments.append(try parseExpr(after: comma))
        }
    }
}
