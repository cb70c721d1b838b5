/// Checks a parsed rules file and compiles it into a `Plan`.
///
/// The checker resolves every name (types, transformers, tables, enum cases,
/// fields in checks), checks that transformers, rules and defaults fit the
/// types they are used with, and reports every problem it finds rather than
/// stopping at the first. A plan is built only when there are no errors.
struct Checker {
    /// The file being checked.
    let source: SourceFile
    /// Problems found so far.
    var diagnostics: [Diagnostic] = []

    /// The models, enums and tables in declaration order, duplicates left out.
    var declarations = Declarations()
    /// Every model declaration by name, with its index in the plan.
    var modelDecls: [String: (index: Int, decl: ModelDecl)] = [:]
    /// Every enum declaration by name, with its index in the plan.
    var enumDecls: [String: (index: Int, decl: EnumDecl)] = [:]
    /// Every table declaration by name, with its index in the plan.
    var tableDecls: [String: (index: Int, decl: TableDecl)] = [:]
    /// Every transformer declaration by name.
    var transformDecls: [String: TransformDecl] = [:]
    /// Transformers already expanded, by name.
    var expandedTransforms: [String: ExpandedPipeline] = [:]
    /// Transformers being expanded, to catch one that uses itself.
    var transformsInProgress: [String] = []
    /// Transformers whose expansion failed and was reported.
    var failedTransforms: Set<String> = []

    /// Whether `strict` is set for the whole file.
    var fileIsStrict = false
    /// The file-wide naming strategy.
    var fileNaming = NamingStrategy.asIs
    /// The `root` setting, if any.
    var rootName: Identifier?

    /// Checks a parsed file and compiles it.
    ///
    /// - Returns: The plan, or `nil` when there were errors, and every diagnostic found.
    static func check(_ file: RulesFile, source: SourceFile) -> (plan: Plan?, diagnostics: [Diagnostic]) {
        var checker = Checker(source: source)
        let plan = checker.compile(file)
        let hasErrors = checker.diagnostics.contains { $0.severity == .error }
        return (hasErrors ? nil : plan, checker.diagnostics)
    }

    /// Reports a problem.
    mutating func report(
        _ problem: SemanticMessage, at span: Span, label: String? = nil,
        secondary: [Diagnostic.SecondaryLabel] = []
    ) {
        diagnostics.append(Diagnostic(problem, source: source, span: span, label: label, secondaryLabels: secondary))
    }

    /// Resolves a span to a site for runtime error messages.
    func site(_ span: Span, _ description: String) -> RuleSite {
        RuleSite(file: source.name, location: source.location(of: span.start), description: description)
    }

    /// Runs every pass in order.
    private mutating func compile(_ file: RulesFile) -> Plan {
        collectDeclarations(file)
        let enums = declarations.enums.map { compileEnum($0) }
        let tables = declarations.tables.map { compileTable($0) }
        for decl in declarations.transforms {
            _ = expandTransform(named: decl.name)
        }
        var models = declarations.models.map { compileModelFields($0, tables: tables) }
        for (index, decl) in declarations.models.enumerated() {
            models[index].checks = compileChecks(decl, models: models, enums: enums)
        }
        let modelIndex = Dictionary(models.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        return Plan(models: models, enums: enums, tables: tables, root: resolveRoot(modelCount: models.count),
            modelIndex: modelIndex, isStrict: fileIsStrict)
    }

    /// Records every declaration's name and the file-level settings.
    private mutating func collectDeclarations(_ file: RulesFile) {
        var firstSpans: [String: Span] = [:]
        func claim(_ name: Identifier, checker: inout Checker) -> Bool {
            if let first = firstSpans[name.name] {
                checker.report(
                    .duplicateDeclaration(name: name.name), at: name.span,
                    secondary: [.init(span: first, message: "first declared here")])
                return false
            }
            if ValueType.builtins[name.name] != nil {
                checker.report(.builtinNameTaken(name: name.name, kind: "type"), at: name.span)
                return false
            }
            if BuiltinTransformer.named[name.name] != nil {
                checker.report(.builtinNameTaken(name: name.name, kind: "transformer"), at: name.span)
                return false
            }
            firstSpans[name.name] = name.span
            return true
        }
        for item in file.items {
            switch item {
            case .setting(let setting):
                applyFileSetting(setting)
            case .model(let decl):
                if claim(decl.name, checker: &self) {
                    modelDecls[decl.name.name] = (declarations.models.count, decl)
                    declarations.models.append(decl)
                }
            case .enumeration(let decl):
                if claim(decl.name, checker: &self) {
                    enumDecls[decl.name.name] = (declarations.enums.count, decl)
                    declarations.enums.append(decl)
                }
            case .table(let decl):
                if claim(decl.name, checker: &self) {
                    tableDecls[decl.name.name] = (declarations.tables.count, decl)
                    declarations.tables.append(decl)
                }
            case .transform(let decl):
                if claim(decl.name, checker: &self) {
                    transformDecls[decl.name.name] = decl
                    declarations.transforms.append(decl)
                }
            }
        }
    }

    /// Applies `root`, `strict`, `lenient` or `keys` at file level.
    private mutating func applyFileSetting(_ setting: Setting) {
        switch setting.kind {
        case .root(let name):
            if let first = rootName {
                report(.duplicateRoot, at: setting.span, secondary: [.init(span: first.span, message: "first set here")])
            } else {
                rootName = name
            }
        case .strict:
            fileIsStrict = true
        case .lenient:
            fileIsStrict = false
        case .keys(let name):
            fileNaming = namingStrategy(name) ?? fileNaming
        }
    }

    /// Resolves a naming strategy's name, reporting an unknown one.
    mutating func namingStrategy(_ name: Identifier) -> NamingStrategy? {
        if let strategy = NamingStrategy(rawValue: name.name) { return strategy }
        let names = NamingStrategy.allCases.map(\.rawValue)
        report(.unknownNamingStrategy(name: name.name, suggestion: Suggestion.closest(to: name.name, among: names), known: names), at: name.span)
        return nil
    }

    /// The root model's index: the `root` setting, or the only model.
    private mutating func resolveRoot(modelCount: Int) -> Int? {
        guard let rootName else { return modelCount == 1 ? 0 : nil }
        if let model = modelDecls[rootName.name] { return model.index }
        report(
            .unknownModel(name: rootName.name, suggestion: Suggestion.closest(to: rootName.name, among: modelDecls.keys.sorted())),
            at: rootName.span)
        return nil
    }
}

/// The declarations a checker compiles, in source order, each name once.
struct Declarations {
    /// Models, in the order the plan lists them.
    var models: [ModelDecl] = []
    /// Enums, in the order the plan lists them.
    var enums: [EnumDecl] = []
    /// Tables, in the order the plan lists them.
    var tables: [TableDecl] = []
    /// Transformer declarations.
    var transforms: [TransformDecl] = []
}
