import MapLang

/// What hovering shows: on a field, its type, the keys it reads (after the
/// naming strategy), its transformers and rules; on a declared name, its
/// declaration; on a built-in transformer or rule, its form and summary.
extension LanguageServer {
    /// The hover at a position, or `null` when there is nothing to say.
    static func hover(in document: TextDocument, at position: TextPosition16) -> JSONValue {
        let offset = document.offset(of: position)
        let file = RulesParser.parse(document.source).file
        let index = SymbolIndex(file: file)
        let text: (String, Span)?
        if let occurrence = index.occurrence(at: offset), let declaration = index.declarations[occurrence.name] {
            text = (declarationText(declaration, document), occurrence.span)
        } else {
            text = memberText(at: offset, in: file, document)
        }
        guard let (value, span) = text else { return .null }
        return .members([
            ("contents", .members([("kind", .string("markdown")), ("value", .string(value))])), ("range", document.range(of: span)),
        ])
    }

    /// A declaration's first line, as the file writes it, and what it is.
    private static func declarationText(_ declaration: SymbolIndex.Declaration, _ document: TextDocument) -> String {
        let bytes = document.bytes[declaration.span.start..<min(declaration.span.end, document.bytes.count)]
        let firstLine = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? bytes
        let line = position(document, declaration.name.span.start)
        return "```maplang\n\(String(decoding: firstLine, as: UTF8.self))\n```\n\n\(declaration.kind.rawValue) declared on line \(line)"
    }

    /// The hover of a field's name, or of a transformer or rule it uses.
    private static func memberText(at offset: Int, in file: RulesFile, _ document: TextDocument) -> (String, Span)? {
        let strategy = fileStrategy(file)
        for case .model(let model) in file.items {
            guard model.span.start <= offset && offset <= model.span.end else { continue }
            var modelStrategy = strategy
            for case .setting(let setting) in model.members {
                if case .keys(let name) = setting.kind { modelStrategy = NamingStrategy(rawValue: name.name) ?? modelStrategy }
            }
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
            String(decoding: document.bytes[span.start..<min(span.end, document.bytes.count)], as: UTF8.self)
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

    /// The naming strategy a file's `keys` setting chooses, if any.
    private static func fileStrategy(_ file: RulesFile) -> NamingStrategy? {
        for case .setting(let setting) in file.items {
            if case .keys(let name) = setting.kind { return NamingStrategy(rawValue: name.name) }
        }
        return nil
    }

    /// The 1-based line of an offset.
    private static func position(_ document: TextDocument, _ offset: Int) -> Int {
        document.position(of: offset).line + 1
    }
}
