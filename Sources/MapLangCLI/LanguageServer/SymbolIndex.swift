import MapLang

/// The names a rules file declares (models, enums, tables, transforms and
/// choices) and every place each is written: its declaration, `extends`,
/// field types, `using` stages, choice variants, `root` and test models.
/// Built from the parser's syntax tree, so it works while the file has errors.
struct SymbolIndex {
    /// What a name declares.
    enum Kind: String, Hashable {
        case model, enumeration = "enum", table, transform, choice

        /// `a` or `an`, as the kind's name takes.
        var article: String { self == .enumeration ? "an" : "a" }
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
        // Each place a name is written, and the kinds of declaration a name
        // there can mean: `using trim` is a transformer, never a model named `trim`.
        var written: [(Identifier, Set<Kind>)] = []
        let types: Set<Kind> = [.model, .enumeration, .choice]
        let stages: Set<Kind> = [.transform, .table]
        for item in file.items {
            switch item {
            case .model(let model):
                declare(.model, model.name, model.span, &written)
                if let parent = model.parent { written.append((parent, [.model])) }
                for case .field(let field) in model.members {
                    written += Self.names(in: field.type).map { ($0, types) }
                    written += (field.pipeline?.stages ?? []).map { ($0.name, stages) }
                }
            case .enumeration(let enumeration):
                declare(.enumeration, enumeration.name, enumeration.span, &written)
            case .table(let table):
                declare(.table, table.name, table.span, &written)
            case .transform(let transform):
                declare(.transform, transform.name, transform.span, &written)
                written += transform.pipeline.stages.map { ($0.name, stages) }
            case .choice(let choice):
                declare(.choice, choice.name, choice.span, &written)
                written += choice.variants.map { ($0.model, [.model]) }
                if let model = choice.defaultModel { written.append((model, [.model])) }
            case .setting(let setting):
                if case .root(let name) = setting.kind { written.append((name, [.model, .choice])) }
            case .test(let test):
                if let model = test.model { written.append((model.name, [.model, .choice])) }
            }
        }
        occurrences = written.compactMap { name, kinds in
            guard let declaration = declarations[name.name], kinds.contains(declaration.kind) else { return nil }
            return Occurrence(name: name.name, span: name.span, isDeclaration: declaration.name.span == name.span)
        }.sorted { $0.span.start < $1.span.start }
    }

    /// Records a declaration.
    private mutating func declare(_ kind: Kind, _ name: Identifier, _ span: Span, _ written: inout [(Identifier, Set<Kind>)]) {
        if declarations[name.name] == nil { declarations[name.name] = Declaration(kind: kind, name: name, span: span) }
        written.append((name, [kind]))
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

    /// A model and the models it extends, nearest first, stopping at an
    /// unknown parent or a cycle.
    func lineage(of model: ModelDecl) -> [ModelDecl] {
        var lineage: [ModelDecl] = []
        var current: ModelDecl? = model
        var seen: Set<String> = []
        while let model = current, seen.insert(model.name.name).inserted {
            lineage.append(model)
            current = model.parent.flatMap { parent in
                file.items.lazy.compactMap { item -> ModelDecl? in
                    if case .model(let candidate) = item, candidate.name.name == parent.name { return candidate }
                    return nil
                }.first
            }
        }
        return lineage
    }

    /// Every place a name is written.
    func occurrences(of name: String) -> [Occurrence] {
        occurrences.filter { $0.name == name }
    }
}
