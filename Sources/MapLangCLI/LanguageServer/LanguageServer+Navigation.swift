import MapLang

/// Go to definition, find references and rename, for the declared names of
/// one file.
extension LanguageServer {
    /// The location of the declaration of the name at a position, or `null`.
    static func definition(in document: TextDocument, at position: TextPosition16) -> JSONValue {
        let offset = document.sourceOffset(of: position)
        let index = SymbolIndex(file: RulesParser.parse(document.source).file)
        if let found = index.occurrence(at: offset), let declaration = index.declarations[found.name] {
            return location(document, declaration.name.span)
        }
        return listedField(at: offset, in: index).map { location(document, $0.span) } ?? .null
    }

    /// The declaration of the field a model's `only` or `except` list names
    /// at an offset: the model's own, or the nearest of its parents'.
    private static func listedField(at offset: Int, in index: SymbolIndex) -> Identifier? {
        for case .model(let model) in index.file.items where model.span.start <= offset && offset <= model.span.end {
            for case .setting(let setting) in model.members {
                let names: [Identifier]
                switch setting.kind {
                case .only(let listed), .except(let listed): names = listed
                case .root, .strict, .lenient, .keys, .ignore, .unknownKeys, .nulls: names = []
                }
                guard let name = names.first(where: { $0.span.start <= offset && offset <= $0.span.end }) else { continue }
                return field(named: name.name, from: model, in: index)
            }
        }
        return nil
    }

    /// The declaration of a field of a model or, failing that, of its parents, nearest first.
    private static func field(named name: String, from model: ModelDecl, in index: SymbolIndex) -> Identifier? {
        for model in index.lineage(of: model) {
            for case .field(let field) in model.members where field.name.name == name { return field.name }
        }
        return nil
    }

    /// Every place the name at a position is written, its declaration
    /// included when asked.
    static func references(in document: TextDocument, at position: TextPosition16, includeDeclaration: Bool) -> JSONValue {
        let index = SymbolIndex(file: RulesParser.parse(document.source).file)
        guard let found = index.occurrence(at: document.sourceOffset(of: position)) else { return .array([]) }
        return .array(
            index.occurrences(of: found.name).filter { includeDeclaration || !$0.isDeclaration }.map { location(document, $0.span) })
    }

    /// The edits that rename the declared name at a position everywhere it
    /// is written; an error when the new name is not a name, is a word of
    /// the language (the file would not parse) or is declared already.
    static func rename(in document: TextDocument, at position: TextPosition16, to newName: String) -> Result<JSONValue, RenameRefusal> {
        let index = SymbolIndex(file: RulesParser.parse(document.source).file)
        guard let found = index.occurrence(at: document.sourceOffset(of: position)) else {
            return .failure(RenameRefusal(message: "there is no declared model, enum, table, transform or choice here to rename"))
        }
        guard RulesText.isIdentifier(newName) else {
            return .failure(RenameRefusal(message: "`\(newName)` is not a name: letters, digits and `_`, not starting with a digit"))
        }
        if Self.builtinTypes.contains(newName) || BuiltinTransformer.all.contains(where: { $0.name == newName }) {
            return .failure(RenameRefusal(message: "`\(newName)` is the name of a built-in type or transformer"))
        }
        if TokenKind.keywords.contains(newName) {
            return .failure(RenameRefusal(message: "`\(newName)` is a word of the language, such as `from` or `default`"))
        }
        if newName != found.name, let existing = index.declarations[newName] {
            let line = document.position(of: existing.name.span.start + document.sourceStart).line + 1
            return .failure(RenameRefusal(message: "`\(newName)` is already declared, as \(existing.kind.article) \(existing.kind.rawValue) on line \(line)"))
        }
        let occurrences = index.occurrences(of: found.name)
        let edits = occurrences.map { occurrence -> JSONValue in
            .members([("range", document.range(of: occurrence.span)), ("newText", .string(newName))])
        }
        return .success(.members([("changes", .members([(document.uri, .array(edits))]))]))
    }

    /// A location in the document.
    private static func location(_ document: TextDocument, _ span: Span) -> JSONValue {
        .members([("uri", .string(document.uri)), ("range", document.range(of: span))])
    }
}

/// Why a rename was refused.
struct RenameRefusal: Error {
    /// What to tell the user.
    let message: String
}
