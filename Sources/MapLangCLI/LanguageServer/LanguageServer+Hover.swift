import MapLang

/// What hovering shows: on a field, its type, the keys it reads (after the
/// naming strategy), its transformers and rules; on a declared name, its
/// declaration; on a built-in transformer or rule, its form and summary.
extension LanguageServer {
    /// The hover at a position, or `null` when there is nothing to say.
    static func hover(in document: TextDocument, at position: TextPosition16) -> JSONValue {
        let offset = document.sourceOffset(of: position)
        let file = RulesParser.parse(document.source).file
        let index = SymbolIndex(file: file)
        let text: (String, Span)?
        if let occurrence = index.occurrence(at: offset), let declaration = index.declarations[occurrence.name] {
            text = (declarationText(declaration, document), occurrence.span)
        } else {
            text = memberText(at: offset, in: index, document)
        }
        guard let (value, span) = text else { return .null }
        return .members([
            ("contents", .members([("kind", .string("markdown")), ("value", .string(value))])), ("range", document.range(of: span)),
        ])
    }

    /// A declaration's first line, as the file writes it, and what it is.
    private static func declarationText(_ declaration: SymbolIndex.Declaration, _ document: TextDocument) -> String {
        let firstLine = document.text(of: declaration.span).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let line = document.position(of: declaration.name.span.start + document.sourceStart).line + 1
        return "```maplang\n\(firstLine)\n```\n\n\(declaration.kind.rawValue) declared on line \(line)"
    }

    /// The hover of a field's name, or of a transformer or rule it uses.
    private static func memberText(at offset: Int, in index: SymbolIndex, _ document: TextDocument) -> (String, Span)? {
        let file = index.file
        let strategy = fileStrategy(file)
        for case .model(let model) in file.items {
            guard model.span.start <= offset && offset <= model.span.end else { continue }
            let modelStrategy = Self.strategy(of: model, in: index) ?? strategy
            for case .field(let field) in model.members {
                if field.name.span.start <= offset && offset <= field.name.span.end {
                    return (fieldText(field, model: model, strategy: modelStrategy, document), field.name.span)
                }
                for stage in field.pipeline?.stages ?? [] where stage.name.span.start <= offset && offset <= stage.name.span.end {
                    guard let builtin = BuiltinTransformer.all.first(where: { $0.name == stage.name.name }) else { return nil }
                    let forms = builtin.forms.map { "`\($0)`" }.joined(separator: ", ")
                    return ("built-in transformer \(forms): \(builtin.summary)", stage.name.span)
                }
                for rule in field.rules where rule.name.span.start <= offset && offset <= rule.name.span.end {
                    guard let builtin = BuiltinRule.all.first(where: { $0.name == rule.name.name }) else { return nil }
                    return ("built-in rule `\(builtin.form)`: \(builtin.summary)", rule.name.span)
                }
            }
        }
        return nil
    }

    /// A field's type, keys, transformers and rules.
    private static func fieldText(_ field: FieldDecl, model: ModelDecl, strategy: NamingStrategy?, _ document: TextDocument) -> String {
        func written(_ span: Span) -> String {
            document.text(of: span)
        }
        var lines = ["```maplang\n\(field.name.name): \(written(field.type.span))\n```", "field of `\(model.name.name)`"]
        if field.computed != nil {
            lines.append("computed from the other fields, reading no key")
        } else if let sources = field.sources {
            lines.append("reads " + sources.map { "`\(written($0.span))`" }.joined(separator: ", then "))
        } else {
            let key = strategy?.key(for: field.name.name) ?? field.name.name
            lines.append("reads `\(key)`" + (strategy.map { $0 == .asIs ? "" : " (its name, after `keys \($0.rawValue)`)" } ?? ""))
        }
        if let stages = field.pipeline?.stages, !stages.isEmpty {
            lines.append("using " + stages.map { "`\(written($0.span))`" }.joined(separator: " | "))
        }
        if !field.rules.isEmpty { lines.append("where " + field.rules.map { "`\(written($0.span))`" }.joined(separator: ", ")) }
        if let value = field.defaultValue { lines.append("default `\(written(value.value.span))`") }
        return lines.joined(separator: "\n\n")
    }

    /// The naming strategy a model's own `keys` setting chooses, or the
    /// nearest parent's, as a model inherits it; `nil` when none says.
    private static func strategy(of model: ModelDecl, in index: SymbolIndex) -> NamingStrategy? {
        for model in index.lineage(of: model) {
            for case .setting(let setting) in model.members {
                if case .keys(let name) = setting.kind { return NamingStrategy(rawValue: name.name) }
            }
        }
        return nil
    }

    /// The naming strategy a file's `keys` setting chooses, if any.
    private static func fileStrategy(_ file: RulesFile) -> NamingStrategy? {
        for case .setting(let setting) in file.items {
            if case .keys(let name) = setting.kind { return NamingStrategy(rawValue: name.name) }
        }
        return nil
    }

}
