/// Types.
extension Parser {
    /// ```ebnf
    /// type = baseType [ "?" ] ;
    /// ```
    ///
    /// A second `?` is an error (`double-optional`), reported and passed over.
    mutating func parseType() throws(SyntaxError) -> TypeRef {
        let base = try parseBaseType()
        guard var mark = take(.questionMark) else { return base }
        while let extra = take(.questionMark) {
            report(.doubleOptional, at: extra.span)
            mark = extra
        }
        return TypeRef(kind: .optional(base), span: base.span.merged(with: mark.span))
    }

    /// ```ebnf
    /// baseType = IDENT
    ///          | "[" type "]"
    ///          | "[" type ":" type "]" ;
    /// ```
    mutating func parseBaseType() throws(SyntaxError) -> TypeRef {
        if let name = Self.word(of: current) {
            let token = advance()
            return TypeRef(kind: .named(Identifier(name, span: token.span)), span: token.span)
        }
        guard let open = take(.leftBracket) else {
            throw fail(.expectedType(found: current.kind), at: missingSpan)
        }
        try enterNesting(.type)
        defer { nesting -= 1 }
        openDelimiters += 1
        defer { openDelimiters -= 1 }
        let element = try parseType()
        if let close = take(.rightBracket) {
            return TypeRef(kind: .array(element), span: open.span.merged(with: close.span))
        }
        guard take(.colon) != nil else {
            throw unclosed(.rightBracket, .arrayType, opener: open)
        }
        let value = try parseType()
        guard let close = take(.rightBracket) else {
            throw unclosed(.rightBracket, .dictionaryType, opener: open)
        }
        return TypeRef(kind: .dictionary(key: element, value: value), span: open.span.merged(with: close.span))
    }
}
