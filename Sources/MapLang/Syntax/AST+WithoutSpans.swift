// MARK: - Public API

extension RulesFile {
    /// The tree with everything that only records how the file was spelt
    /// taken out, so two spellings of the same rules compare equal.
    ///
    /// The formatter's promise is that its output parses to the same tree
    /// as its input once this is applied to both:
    ///
    /// - every span is `0..<0`;
    /// - every key step's `quoted` is `false`: `"login"` and `login` name the
    ///   same key, and the formatter quotes only where the parser needs it;
    /// - the comments, which have no place in the tree but their spans, are
    ///   compared as a collection: sorted by text, with trailing white space
    ///   removed, as the formatter removes it.
    ///
    /// Parentheses in check expressions and the escapes in strings already
    /// leave no trace in the tree.
    ///
    /// - Returns: The normalised tree, meant for comparing with `==`.
    package func withoutSpans() -> RulesFile {
        let texts = comments.map { Comment(text: Self.trimmingTrailingWhiteSpace($0.text), span: .erased) }
        return RulesFile(
            items: items.map { $0.withoutSpans() },
            comments: texts.sorted { $0.text < $1.text },
            span: .erased)
    }

    /// A comment's text without the spaces and tabs at its end, as the formatter prints it.
    static func trimmingTrailingWhiteSpace(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

extension Decl {
    /// The declaration with every span set to `0..<0` and every key step unquoted.
    ///
    /// - Returns: The normalised declaration, meant for comparing with `==`.
    package func withoutSpans() -> Decl {
        switch self {
        case .setting(let setting): .setting(setting.withoutSpans())
        case .model(let model): .model(model.withoutSpans())
        case .enumeration(let enumeration): .enumeration(enumeration.withoutSpans())
        case .table(let table): .table(table.withoutSpans())
        case .transform(let transform): .transform(transform.withoutSpans())
        case .choice(let choice): .choice(choice.withoutSpans())
        case .test(let test): .test(test.withoutSpans())
        }
    }
}

// MARK: - Implementation

extension Span {
    /// The span every node gets in a tree without spans.
    static let erased = Span(start: 0, end: 0)
}

extension Identifier {
    /// The name with a zero span.
    func withoutSpans() -> Identifier { Identifier(name, span: .erased) }
}

extension Setting {
    /// The setting with zero spans.
    func withoutSpans() -> Setting {
        let kind: SettingKind
        switch self.kind {
        case .root(let name): kind = .root(name.withoutSpans())
        case .strict: kind = .strict
        case .lenient: kind = .lenient
        case .keys(let strategy): kind = .keys(strategy.withoutSpans())
        case .only(let names): kind = .only(names.map { $0.withoutSpans() })
        case .except(let names): kind = .except(names.map { $0.withoutSpans() })
        case .ignore(let keys): kind = .ignore(keys.map { $0.withoutSpans() })
        case .unknownKeys(.keep(let field)): kind = .unknownKeys(.keep(field.withoutSpans()))
        case .unknownKeys(let policy): kind = .unknownKeys(policy)
        case .nulls(let omit): kind = .nulls(omit: omit)
        }
        return Setting(kind: kind, span: .erased)
    }
}

extension ModelDecl {
    /// The model with zero spans.
    func withoutSpans() -> ModelDecl {
        ModelDecl(
            name: name.withoutSpans(), parent: parent?.withoutSpans(), members: members.map { $0.withoutSpans() },
            span: .erased)
    }
}

extension ModelMember {
    /// The member with zero spans.
    func withoutSpans() -> ModelMember {
        switch self {
        case .setting(let setting): .setting(setting.withoutSpans())
        case .field(let field): .field(field.withoutSpans())
        case .check(let check): .check(check.withoutSpans())
        }
    }
}

extension FieldDecl {
    /// The field with zero spans.
    func withoutSpans() -> FieldDecl {
        FieldDecl(
            name: name.withoutSpans(), type: type.withoutSpans(), sources: sources?.map { $0.withoutSpans() },
            pipeline: pipeline?.withoutSpans(), defaultValue: defaultValue?.withoutSpans(),
            rules: rules.map { $0.withoutSpans() }, oneOrMany: oneOrMany.map { _ in .erased },
            lossy: lossy.map { _ in .erased }, flatten: flatten.map { _ in .erased },
            nulls: nulls.map { NullsClause(omit: $0.omit, span: .erased) }, computed: computed?.withoutSpans(), span: .erased)
    }
}

extension TypeRef {
    /// The type with zero spans.
    func withoutSpans() -> TypeRef {
        let kind: TypeRefKind
        switch self.kind {
        case .named(let name): kind = .named(name.withoutSpans())
        case .array(let element): kind = .array(element.withoutSpans())
        case .dictionary(let key, let value): kind = .dictionary(key: key.withoutSpans(), value: value.withoutSpans())
        case .optional(let wrapped): kind = .optional(wrapped.withoutSpans())
        }
        return TypeRef(kind: kind, span: .erased)
    }
}

extension KeyPath {
    /// The key path with zero spans and unquoted steps.
    func withoutSpans() -> KeyPath {
        KeyPath(components: components.map { $0.withoutSpans() }, span: .erased)
    }
}

extension KeyComponent {
    /// The step with a zero span, unquoted.
    func withoutSpans() -> KeyComponent {
        let kind: KeyComponentKind
        switch self.kind {
        case .key(let key, quoted: _): kind = .key(key, quoted: false)
        case .index(let index): kind = .index(index)
        }
        return KeyComponent(kind: kind, span: .erased)
    }
}

extension Pipeline {
    /// The pipeline with zero spans.
    func withoutSpans() -> Pipeline {
        Pipeline(stages: stages.map { $0.withoutSpans() }, span: .erased)
    }
}

extension TransformCall {
    /// The call with zero spans.
    func withoutSpans() -> TransformCall {
        TransformCall(name: name.withoutSpans(), arguments: arguments.map { $0.withoutSpans() }, span: .erased)
    }
}

extension DefaultClause {
    /// The clause with zero spans.
    func withoutSpans() -> DefaultClause {
        DefaultClause(value: value.withoutSpans(), onlyWhenMissing: onlyWhenMissing, span: .erased)
    }
}

extension RuleCall {
    /// The rule with zero spans.
    func withoutSpans() -> RuleCall {
        RuleCall(name: name.withoutSpans(), arguments: arguments.map { $0.withoutSpans() }, span: .erased)
    }
}

extension Literal {
    /// The literal with zero spans.
    func withoutSpans() -> Literal {
        let kind: LiteralKind
        switch self.kind {
        case .string(let text): kind = .string(text)
        case .integer(let digits): kind = .integer(digits)
        case .decimal(let digits): kind = .decimal(digits)
        case .bool(let value): kind = .bool(value)
        case .null: kind = .null
        case .word(let word): kind = .word(word)
        case .array(let elements): kind = .array(elements.map { $0.withoutSpans() })
        case .object(let members):
            kind = .object(members.map { LiteralMember(key: $0.key, value: $0.value.withoutSpans()) })
        case .range(let lower, let upper, let includesUpper):
            kind = .range(lower: lower?.withoutSpans(), upper: upper?.withoutSpans(), includesUpper: includesUpper)
        }
        return Literal(kind: kind, span: .erased)
    }
}

extension CheckDecl {
    /// The check with zero spans.
    func withoutSpans() -> CheckDecl {
        CheckDecl(condition: condition.withoutSpans(), message: message, span: .erased)
    }
}

extension Expr {
    /// The expression with zero spans.
    func withoutSpans() -> Expr {
        let kind: ExprKind
        switch self.kind {
        case .literal(let literal): kind = .literal(literal.withoutSpans())
        case .reference(let path): kind = .reference(path.map { $0.withoutSpans() })
        case .call(let name, let arguments): kind = .call(name.withoutSpans(), arguments.map { $0.withoutSpans() })
        case .not(let operand): kind = .not(operand.withoutSpans())
        case .binary(let op, let left, let right): kind = .binary(op, left.withoutSpans(), right.withoutSpans())
        case .conditional(let condition, let whenTrue, let whenFalse):
            kind = .conditional(condition.withoutSpans(), whenTrue.withoutSpans(), whenFalse.withoutSpans())
        case .input(let path): kind = .input(path.withoutSpans())
        }
        return Expr(kind: kind, span: .erased)
    }
}

extension EnumDecl {
    /// The enum with zero spans.
    func withoutSpans() -> EnumDecl {
        EnumDecl(
            name: name.withoutSpans(), cases: cases.map { $0.withoutSpans() },
            defaultCase: defaultCase?.withoutSpans(), span: .erased)
    }
}

extension EnumCaseDecl {
    /// The case with zero spans.
    func withoutSpans() -> EnumCaseDecl {
        EnumCaseDecl(name: name.withoutSpans(), inputs: inputs.map { $0.withoutSpans() }, span: .erased)
    }
}

extension TableDecl {
    /// The table with zero spans.
    func withoutSpans() -> TableDecl {
        TableDecl(
            name: name.withoutSpans(), rows: rows.map { $0.withoutSpans() }, defaultValue: defaultValue?.withoutSpans(),
            span: .erased)
    }
}

extension TableRow {
    /// The row with zero spans.
    func withoutSpans() -> TableRow {
        TableRow(inputs: inputs.map { $0.withoutSpans() }, output: output.withoutSpans(), span: .erased)
    }
}

extension ChoiceDecl {
    /// The choice with zero spans.
    func withoutSpans() -> ChoiceDecl {
        ChoiceDecl(
            name: name.withoutSpans(), discriminator: discriminator.withoutSpans(),
            variants: variants.map { ChoiceVariant(inputs: $0.inputs.map { $0.withoutSpans() }, model: $0.model.withoutSpans(), span: .erased) },
            defaultModel: defaultModel?.withoutSpans(), span: .erased)
    }
}

extension TransformDecl {
    /// The transform with zero spans.
    func withoutSpans() -> TransformDecl {
        TransformDecl(name: name.withoutSpans(), pipeline: pipeline.withoutSpans(), span: .erased)
    }
}

extension TestDecl {
    /// The test with zero spans.
    func withoutSpans() -> TestDecl {
        TestDecl(
            name: name.withoutSpans(), model: model.map { TestModel(name: $0.name.withoutSpans(), span: .erased) },
            input: input?.withoutSpans(), output: output?.withoutSpans(),
            errors: errors.map { TestErrors(errors: $0.errors.map { $0.withoutSpans() }, span: .erased) },
            hasSyntaxErrors: hasSyntaxErrors, span: .erased)
    }
}

extension TextLiteral {
    /// The string with a zero span.
    func withoutSpans() -> TextLiteral { TextLiteral(value, span: .erased) }
}

extension TestData {
    /// The clause with zero spans.
    func withoutSpans() -> TestData {
        switch source {
        case .inline(let value): TestData(source: .inline(value.withoutSpans()), span: .erased)
        case .file(let path): TestData(source: .file(path.withoutSpans()), span: .erased)
        }
    }
}

extension ExpectedErrorDecl {
    /// The expected error with zero spans.
    func withoutSpans() -> ExpectedErrorDecl {
        ExpectedErrorDecl(code: code.withoutSpans(), path: path.withoutSpans(), message: message?.withoutSpans(), span: .erased)
    }
}
