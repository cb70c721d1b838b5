/// Top-level items and the bodies of models, enums and tables.
extension Parser {
    /// Parses the whole file, recovering after each broken item.
    ///
    /// ```ebnf
    /// file = { topItem } ;
    /// ```
    mutating func parseFile() -> [Decl] {
        var items: [Decl] = []
        while !atEnd {
            let start = position
            do {
                items.append(try parseTopItem())
            } catch {
                if position == start { advance() }
                synchronizeTopLevel(depth: openDelimitersAtFailure)
            }
        }
        return items
    }

    /// ```ebnf
    /// topItem = setting | model | enum | table | transform | choice | test ;
    /// ```
    mutating func parseTopItem() throws(SyntaxError) -> Decl {
        let word = Self.word(of: current)
        switch word {
        case "model": return .model(try parseModel())
        case "enum": return .enumeration(try parseEnum())
        case "table": return .table(try parseTable())
        case "transform": return .transform(try parseTransform())
        case "choice": return .choice(try parseChoice())
        case "test": return .test(try parseTest())
        case "root", "strict", "lenient", "keys", "only", "except", "ignore", "unknown", "nulls": return .setting(try parseSetting())
        default:
            let suggestion = word.flatMap { Suggestion.closest(to: $0, among: Self.topLevelKeywords) }
            let error = fail(.expectedDeclaration(found: current.kind, suggestion: suggestion), at: current.span)
            // `modle Issue {`: read on as the declaration it was probably meant to be.
            if suggestion == "test", case .string = peek().kind, peek(2).kind == .leftBrace { return .test(try parseTest()) }
            guard Self.word(of: peek()) != nil else { throw error }
            let opensBody = peek(2).kind == .leftBrace
            switch suggestion {
            case "model" where opensBody: return .model(try parseModel())
            case "enum" where opensBody: return .enumeration(try parseEnum())
            case "table" where opensBody: return .table(try parseTable())
            case "transform" where peek(2).kind == .equals: return .transform(try parseTransform())
            default: throw error
            }
        }
    }

    /// Parses a setting, at its keyword.
    ///
    /// ```ebnf
    /// setting = "root" IDENT | "strict" | "lenient" | "keys" IDENT
    ///         | "only" IDENT { "," IDENT } | "except" IDENT { "," IDENT }
    ///         | "ignore" key { "," key }
    ///         | "unknown" ( "ignore" | "reject" | "keep" IDENT )
    ///         | "nulls" ( "omit" | "keep" ) ;
    /// key     = IDENT | STRING ;
    /// ```
    mutating func parseSetting() throws(SyntaxError) -> Setting {
        let keyword = advance()
        let kind: SettingKind
        switch Self.word(of: keyword) {
        case "root":
            kind = .root(try parseName(.model, after: keyword))
        case "keys":
            kind = .keys(try parseName(.keyStrategy, after: keyword))
        case "strict":
            kind = .strict
        case "only":
            kind = .only(try parseNameList(.member, after: keyword))
        case "except":
            kind = .except(try parseNameList(.member, after: keyword))
        case "ignore":
            kind = .ignore(try parseKeyList(after: keyword))
        case "unknown":
            kind = .unknownKeys(try parseUnknownKeysPolicy(after: keyword))
        case "nulls":
            switch Self.word(of: current) {
            case "omit", "keep":
                kind = .nulls(omit: Self.word(of: advance()) == "omit")
            default:
                throw fail(.expectedKeyword("omit` or `keep", after: keyword.kind, found: current.kind), at: missingSpan)
            }
        default:
            kind = .lenient
        }
        return Setting(kind: kind, span: Span(start: keyword.span.start, end: previousEnd))
    }

    /// Parses `a, b, c` after a setting's keyword.
    mutating func parseNameList(_ role: SyntaxMessage.NameRole, after keyword: Token) throws(SyntaxError) -> [Identifier] {
        var names = [try parseName(role, after: keyword)]
        while let comma = take(.comma) {
            names.append(try parseName(role, after: comma))
        }
        return names
    }

    /// Parses keys, names or strings, after `ignore`.
    mutating func parseKeyList(after keyword: Token) throws(SyntaxError) -> [Identifier] {
        var separator = keyword
        var keys: [Identifier] = []
        repeat {
            if case .string(let text) = current.kind {
                keys.append(Identifier(text, span: advance().span))
            } else {
                keys.append(try parseName(.key, after: separator))
            }
            guard let comma = take(.comma) else { break }
            separator = comma
        } while true
        return keys
    }

    /// Parses what follows `unknown`: `ignore`, `reject` or `keep field`.
    mutating func parseUnknownKeysPolicy(after keyword: Token) throws(SyntaxError) -> UnknownKeysPolicy {
        switch Self.word(of: current) {
        case "ignore":
            advance()
            return .ignore
        case "reject":
            advance()
            return .reject
        case "keep":
            let keep = advance()
            return .keep(try parseName(.member, after: keep))
        default:
            throw fail(.expectedKeyword("ignore`, `reject` or `keep", after: keyword.kind, found: current.kind), at: missingSpan)
        }
    }

    /// Parses a name for a declaration, a setting or a call.
    ///
    /// A name followed by `:` is taken for the next field and a keyword that
    /// starts a declaration for the next declaration, so neither is accepted.
    ///
    /// - Parameters:
    ///   - role: What the name is for, for the message.
    ///   - after: The token before the name, for the message.
    ///   - rejectingClauseKeywords: Whether `from`, `using`, `default` and `where` are refused.
    mutating func parseName(
        _ role: SyntaxMessage.NameRole, after: Token, rejectingClauseKeywords: Bool = false
    ) throws(SyntaxError) -> Identifier {
        guard let word = Self.word(of: current), !atFieldStart, !atDeclarationStart,
            !(rejectingClauseKeywords && RulesText.clauseKeywords.contains(word))
        else {
            throw fail(.expectedName(role, after: after.kind, found: current.kind), at: missingSpan)
        }
        return Identifier(word, span: advance().span)
    }

    /// Parses `{` after a declaration's keyword and name.
    mutating func parseOpeningBrace(keyword: Token, name: Identifier) throws(SyntaxError) -> Token {
        guard let brace = take(.leftBrace) else {
            let context = SyntaxMessage.TokenContext.declarationHeader(keyword: keyword.kind.spelling, name: name.name)
            throw fail(.expectedToken(.leftBrace, context: context, found: current.kind), at: missingSpan)
        }
        return brace
    }

    /// Parses members up to and including the body's `}`, recovering after
    /// each broken member, and returns where the body ends.
    ///
    /// A body left open at the end of the file, or where a declaration
    /// clearly starts, is reported once with a label at its `{`.
    mutating func parseBody(
        _ body: BodyKind, closing construct: SyntaxMessage.Construct, openedBy brace: Token,
        member parseMember: (inout Parser) throws(SyntaxError) -> Void
    ) -> Int {
        while true {
            if let close = take(.rightBrace) { return close.span.end }
            if atEnd || atDeclarationStart {
                report(
                    .unclosedDelimiter(.rightBrace, closing: construct, found: current.kind), at: missingSpan,
                    secondaryLabels: [.init(span: brace.span, message: "`{` opened here")])
                return previousEnd
            }
            let start = position
            let baseDepth = openDelimiters
            do {
                try parseMember(&self)
            } catch {
                if position == start { advance() }
                synchronizeMember(in: body, depth: max(0, openDelimitersAtFailure - baseDepth))
            }
        }
    }

    /// ```ebnf
    /// model = "model" IDENT "{" { modelMember } "}" ;
    /// ```
    mutating func parseModel() throws(SyntaxError) -> ModelDecl {
        let keyword = advance()
        let name = try parseName(.declaration, after: keyword)
        var parent: Identifier?
        if Self.word(of: current) == "extends" {
            let extends = advance()
            parent = try parseName(.model, after: extends)
        }
        let brace = try parseOpeningBrace(keyword: keyword, name: name)
        var members: [ModelMember] = []
        let end = parseBody(.model, closing: .model(name.name), openedBy: brace) { parser throws(SyntaxError) in
            members.append(try parser.parseModelMember(in: name.name))
        }
        return ModelDecl(name: name, parent: parent, members: members, span: Span(start: keyword.span.start, end: end))
    }

    /// ```ebnf
    /// choice        = "choice" IDENT "by" keyPath "{" { choiceVariant | choiceDefault } "}" ;
    /// choiceVariant = scalar { "," scalar } "->" IDENT ;
    /// choiceDefault = "default" "->" IDENT ;
    /// ```
    mutating func parseChoice() throws(SyntaxError) -> ChoiceDecl {
        let keyword = advance()
        let name = try parseName(.declaration, after: keyword)
        guard Self.word(of: current) == "by" else {
            throw fail(.expectedKeyword("by", after: .identifier(name.name), found: current.kind), at: missingSpan)
        }
        let by = advance()
        let discriminator = try parseKeyPath(after: by)
        let brace = try parseOpeningBrace(keyword: keyword, name: name)
        var variants: [ChoiceVariant] = []
        var defaultModel: Identifier?
        let end = parseBody(.choice, closing: .choice(name.name), openedBy: brace) { parser throws(SyntaxError) in
            if parser.atKeyword("default") {
                let defaultKeyword = parser.advance()
                guard let arrow = parser.take(.arrow) else {
                    throw parser.fail(
                        .expectedToken(.arrow, context: .choiceDefault, found: parser.current.kind), at: parser.missingSpan)
                }
                let model = try parser.parseName(.model, after: arrow)
                if defaultModel != nil {
                    parser.report(.duplicateChoiceDefault(choiceName: name.name), at: defaultKeyword.span)
                } else {
                    defaultModel = model
                }
            } else if Self.isScalar(parser.current) {
                let first = try parser.parseScalar(after: parser.current)
                var inputs = [first]
                while let comma = parser.take(.comma) {
                    inputs.append(try parser.parseScalar(after: comma))
                }
                guard let arrow = parser.take(.arrow) else {
                    throw parser.fail(
                        .expectedToken(.arrow, context: .tableRowInputs, found: parser.current.kind), at: parser.missingSpan)
                }
                let model = try parser.parseName(.model, after: arrow)
                variants.append(ChoiceVariant(inputs: inputs, model: model, span: Span(start: first.span.start, end: model.span.end)))
            } else {
                let found = parser.current
                throw parser.fail(.expectedMember(.choice(name.name), found: found.kind), at: found.span)
            }
        }
        return ChoiceDecl(
            name: name, discriminator: discriminator, variants: variants, defaultModel: defaultModel,
            span: Span(start: keyword.span.start, end: end))
    }

    /// Parses one member of a model's body.
    ///
    /// ```ebnf
    /// modelMember = setting   (* not followed by ":" *)
    ///             | check     (* not followed by ":" *)
    ///             | field ;
    /// ```
    mutating func parseModelMember(in model: String) throws(SyntaxError) -> ModelMember {
        guard let word = Self.word(of: current) else {
            throw fail(.expectedMember(.model(model), found: current.kind), at: current.span)
        }
        if peek().kind != .colon {
            if word == "check" { return .check(try parseCheck()) }
            if Self.settingKeywords.contains(word) { return .setting(try parseSetting()) }
        }
        return .field(try parseField())
    }

    /// ```ebnf
    /// enum = "enum" IDENT "{" { enumCase | enumDefault } "}" ;
    /// ```
    mutating func parseEnum() throws(SyntaxError) -> EnumDecl {
        let keyword = advance()
        let name = try parseName(.declaration, after: keyword)
        let brace = try parseOpeningBrace(keyword: keyword, name: name)
        var cases: [EnumCaseDecl] = []
        var defaultCase: Identifier?
        var firstDefault: Span?
        let end = parseBody(.enumeration, closing: .enumeration(name.name), openedBy: brace) {
            parser throws(SyntaxError) in
            guard parser.atKeyword("default") else {
                cases.append(try parser.parseEnumCase(in: name.name))
                return
            }
            let defaultKeyword = parser.current
            let chosen = try parser.parseEnumDefault()
            if let firstDefault {
                parser.report(
                    .duplicateEnumDefault(enumName: name.name), at: defaultKeyword.span,
                    secondaryLabels: [.init(span: firstDefault, message: "first `default` here")])
            } else {
                defaultCase = chosen
                firstDefault = defaultKeyword.span
            }
        }
        return EnumDecl(
            name: name, cases: cases, defaultCase: defaultCase, span: Span(start: keyword.span.start, end: end))
    }

    /// ```ebnf
    /// enumCase = IDENT [ "from" scalar { "," scalar } ] ;
    /// ```
    mutating func parseEnumCase(in enumName: String) throws(SyntaxError) -> EnumCaseDecl {
        guard let word = Self.word(of: current) else {
            throw fail(.expectedMember(.enumeration(enumName), found: current.kind), at: current.span)
        }
        let name = Identifier(word, span: advance().span)
        var inputs: [Literal] = []
        if atKeyword("from") {
            var separator = advance()
            inputs.append(try parseScalar(after: separator))
            while let comma = take(.comma) {
                separator = comma
                inputs.append(try parseScalar(after: separator))
            }
        }
        return EnumCaseDecl(name: name, inputs: inputs, span: Span(start: name.span.start, end: previousEnd))
    }

    /// ```ebnf
    /// enumDefault = "default" IDENT ;
    /// ```
    ///
    /// `default -> a`, as tables and choices write it, is reported with the
    /// form to write and read as `default a`.
    mutating func parseEnumDefault() throws(SyntaxError) -> Identifier {
        let keyword = advance()
        guard let arrow = take(.arrow) else { return try parseName(.enumCase, after: keyword) }
        let name = try parseName(.enumCase, after: arrow)
        report(.enumDefaultArrow(caseName: name.name), at: arrow.span)
        return name
    }

    /// ```ebnf
    /// table = "table" IDENT "{" { tableRow | tableDefault } "}" ;
    /// ```
    mutating func parseTable() throws(SyntaxError) -> TableDecl {
        let keyword = advance()
        let name = try parseName(.declaration, after: keyword)
        let brace = try parseOpeningBrace(keyword: keyword, name: name)
        var rows: [TableRow] = []
        var defaultValue: Literal?
        var firstDefault: Span?
        let end = parseBody(.table, closing: .table(name.name), openedBy: brace) { parser throws(SyntaxError) in
            if parser.atKeyword("default") {
                let defaultKeyword = parser.current
                let value = try parser.parseTableDefault()
                if let firstDefault {
                    parser.report(
                        .duplicateTableDefault(tableName: name.name), at: defaultKeyword.span,
                        secondaryLabels: [.init(span: firstDefault, message: "first `default` here")])
                } else {
                    defaultValue = value
                    firstDefault = defaultKeyword.span
                }
            } else if Self.isScalar(parser.current) {
                rows.append(try parser.parseTableRow())
            } else {
                let found = parser.current
                throw parser.fail(.expectedMember(.table(name.name), found: found.kind), at: found.span)
            }
        }
        return TableDecl(
            name: name, rows: rows, defaultValue: defaultValue, span: Span(start: keyword.span.start, end: end))
    }

    /// ```ebnf
    /// tableRow = scalar { "," scalar } "->" scalar ;
    /// ```
    mutating func parseTableRow() throws(SyntaxError) -> TableRow {
        let first = try parseScalar(after: current)
        var inputs = [first]
        while let comma = take(.comma) {
            inputs.append(try parseScalar(after: comma))
        }
        guard let arrow = take(.arrow) else {
            throw fail(.expectedToken(.arrow, context: .tableRowInputs, found: current.kind), at: missingSpan)
        }
        let output = try parseScalar(after: arrow)
        return TableRow(inputs: inputs, output: output, span: first.span.merged(with: output.span))
    }

    /// ```ebnf
    /// tableDefault = "default" "->" scalar ;
    /// ```
    mutating func parseTableDefault() throws(SyntaxError) -> Literal {
        advance()
        guard let arrow = take(.arrow) else {
            throw fail(.expectedToken(.arrow, context: .tableDefault, found: current.kind), at: missingSpan)
        }
        return try parseScalar(after: arrow)
    }

    /// ```ebnf
    /// transform = "transform" IDENT "=" pipeline ;
    /// ```
    mutating func parseTransform() throws(SyntaxError) -> TransformDecl {
        let keyword = advance()
        let name = try parseName(.declaration, after: keyword)
        guard let equals = take(.equals) else {
            let context = SyntaxMessage.TokenContext.declarationHeader(keyword: "transform", name: name.name)
            throw fail(.expectedToken(.equals, context: context, found: current.kind), at: missingSpan)
        }
        let pipeline = try parsePipeline(after: equals)
        return TransformDecl(
            name: name, pipeline: pipeline, span: Span(start: keyword.span.start, end: pipeline.span.end))
    }
}
