import MapLang

/// The names a rules file declares (models, enums, tables, transforms and
/// choices) and every place each is written: its declaration, `extends`,
/// field types, `using` stages, choice variants, `root` and test models.
/// Built from the parser's syntax tree, so it works while the file has errors.
struct SymbolIndex {
    /// What a name declares.
    enum Kind: String {
        case model, enumeration = "enum", table, transform, choice
    }

    /// A declared name.
    struct Declaration {
        /// What it declares.
        let kind: Kind
        /// The name and where it is written in its declaration.
        let name: Identifier
        /// The whole declaration.
        let span: Span
    }

    /// One place a declared name is written.
    struct Occurrence: Equatable {
        /// The name.
        let name: String
        /// Where it is written.
        let span: Span
        /// Whether this is its declaration.
        let isDeclaration: Bool
    }

    /// The syntax tree.
    let file: RulesFile
    /// The declarations by name; the first of a name that repeats.
    private(set) var declarations: [String: Declaration] = [:]
    /// Every place a declared name is written, in file order.
    private(set) var occurrences: [Occurrence] = []

    /// Indexes a file's syntax tree.
    init(file: RulesFile) {
        self.file = file
        var written: [(Identifier, Bool)] = []
        for item in file.items {
            switch item {
            case .model(let model):
                declare(.model, model.name, model.span, &written)
                if let parent = model.parent { written.append((parent, false)) }
                for case .field(let field) in model.members {
                    written += Self.names(in: field.type).map { ($0, false) }
                    written += (field.pipeline?.stages ?? []).map { ($0.name, false) }
                }
            case .enumeration(let enumeration):
                declare(.enumeration, enumeration.name, enumeration.span, &written)
            case .table(let table):
                declare(.table, table.name, table.span, &written)
            case .transform(let transform):
                declare(.transform, transform.name, transform.span, &written)
                written += transform.pipeline.stages.map { ($0.name, false) }
            case .choice(let choice):
                declare(.choice, choice.name, choice.span, &written)
                written += choice.variants.map { ($0.model, false) }
                if let model = choice.defaultModel { written.append((model, false)) }
            case .setting(let setting):
                if case .root(let name) = setting.kind { written.append((name, false)) }
            case .test(let test):
                if let model = test.model { written.append((model.name, false)) }
            }
        }
        occurrences = written.filter { declarations[$0.0.name] != nil }.map {
            Occurrence(name: $0.0.name, span: $0.0.span, isDeclaration: $0.1)
        }.sorted { $0.span.start < $1.span.start }
    }

    /// Records a declaration.
    private mutating func declare(_ kind: Kind, _ name: Identifier, _ span: Span, _ written: inout [(Identifier, Bool)]) {
        if declarations[name.name] == nil { declarations[name.name] = Declaration(kind: kind, name: name, span: span) }
        written.append((name, true))
    }

    /// The named types a written type mentions.
    private static func names(in type: TypeRef) -> [Identifier] {
        switch type.kind {
        case .named(let name): [name]
        case .array(let element), .optional(let element): names(in: element)
        case .dictionary(let key, let value): names(in: key) + names(in: value)
        }
    }

    /// The occurrence a byte offset is in or just after, if any.
    func occurrence(at offset: Int) -> Occurrence? {
        occurrences.first { $0.span.start <= offset && offset <= $0.span.end }
    }

    /// Every place a name is written.
    func occurrences(of name: String) -> [Occurrence] {
        occurrences.filter { $0.name == name }
    }
}
