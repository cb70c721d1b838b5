/// Checks a parsed rules file and compiles it into a `Plan`.
///
/// The checker resolves every name (types, transformers, tables, enum cases,
/// fields in checks), checks that transformers, rules and defaults fit the
/// types they are used with, and reports every problem it finds rather than
/// stopping at the first. A plan is built only when there are no errors.
struct Checker {
    /// Every source being checked together.
    let units: [SourceFile]
    /// The index in `units` of the source whose declaration is being checked.
    var unit = 0
    /// The source whose declaration is being checked: where problems are reported.
    var source: SourceFile { units[unit] }
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
    /// Every choice declaration by name, with its index in the plan.
    var choiceDecls: [String: (index: Int, decl: ChoiceDecl)] = [:]
    /// Every transformer declaration by name, with the source it is in.
    var transformDecls: [String: Sourced<TransformDecl>] = [:]
    /// Transformers already expanded, by name.
    var expandedTransforms: [String: ExpandedPipeline] = [:]
    /// Transformers being expanded, to catch one that uses itself.
    var transformsInProgress: [String] = []
    /// Where each declared name was first declared.
    var firstSpans: [String: Sourced<Span>] = [:]
    /// Transformers whose expansion failed and was reported.
    var failedTransforms: Set<String> = []
    /// Fields whose declaration failed and was reported, by model: checks,
    /// computed fields and settings that name them get no further error.
    var failedFields: [String: Set<String>] = [:]
    /// Models whose `extends` chain names an unknown model: their fields are
    /// not all known, so a name that is not among them is no error of its own.
    var modelsWithUnknownFields: Set<String> = []
    /// Every problem reported, by source, place, code and message, so each
    /// is reported once.
    var reportedProblems: Set<ReportedProblem> = []
    /// The places and codes of the problems found in members a model
    /// declares itself: the same problem met again where another model
    /// inherits the member is the same mistake, not reported again. One a
    /// member meets only where it is inherited (a field's type overridden
    /// under an inherited check) is reported, once per message.
    var ownProblems: Set<ReportedProblem> = []
    /// The model that inherits the member being checked, when it is an
    /// inherited one; its problems name that model in a note.
    var inheritingModel: String?

    /// Why fields cannot be mapped back, reported only when the rules are reversed.
    var reversalProblems: [Diagnostic] = []
    /// The reversal problems recorded, by source, place and message, so each is recorded once.
    var reportedIrreversible: Set<String> = []
    /// Transformers registered from Swift, by name.
    var customTransformers: [String: CustomTransformer] = [:]
    /// Whether `strict` is set for the whole file.
    var fileIsStrict = false
    /// What models do with keys they do not mention, unless they say otherwise.
    var fileUnknownKeys = UnknownKeysPolicy.ignore
    /// Whether output leaves out keys whose value is `null`, unless a model
    /// or field says otherwise: `nulls omit` for the file, or the caller's
    /// default (`maplang run --omit-nulls`).
    var fileOmitsNulls = false
    /// Whether `lossy` fields keep their failing elements as errors (`--drops-fail`).
    var dropsFail = false
    /// What mapping does with values lenient coercion converts (`--warn-coercions`).
    var coercionAudit = CoercionAudit.allow
    /// The file-wide naming strategy.
    var fileNaming = NamingStrategy.asIs
    /// The `root` setting, if any, with the source it is in.
    var rootName: Sourced<Identifier>?

    /// Checks a parsed file and compiles it.
    ///
    /// - Returns: The plan, or `nil` when there were errors, and every diagnostic found.
    static func check(_ file: RulesFile, source: SourceFile) -> (plan: Plan?, diagnostics: [Diagnostic]) {
        check([(file, source)])
    }

    /// Checks several parsed sources as one set of rules and compiles them.
    ///
    /// Declarations in one source may use those in another; names must be
    /// unique across all of them; file-level settings apply to all.
    ///
    /// - Returns: The plan, or `nil` when there were errors, and every diagnostic found.
    static func check(
        _ units: [(file: RulesFile, source: SourceFile)], transformers: [String: CustomTransformer] = [:],
        afterEarlierErrors: Bool = false, options: CompileOptions = CompileOptions()
    ) -> (plan: Plan?, diagnostics: [Diagnostic]) {
        var checker = Checker(units: units.map(\.source))
        checker.fileOmitsNulls = options.omittingNulls
        checker.dropsFail = options.dropsFail
        checker.coercionAudit = options.coercions
        checker.customTransformers = transformers
        checker.hasEarlierErrors = afterEarlierErrors
        let plan = checker.compile(units.map(\.file))
        return (plan, checker.diagnostics)
    }

    /// Whether the parser or the caller found errors before this check, so
    /// it gives its diagnostics but no plan.
    var hasEarlierErrors = false

    /// How many more "did you mean" suggestions this check may look for.
    var suggestionsLeft = Checker.suggestionLimit
    /// How many misspelt names get a suggestion: no more than the
    /// diagnostics shown, so thousands of unknown names among thousands of
    /// declarations cost linear time, not a comparison of each with each.
    static let suggestionLimit = 100

    /// The closest of the candidates to a misspelt name, while suggestions
    /// are left (using one up); the candidates are gathered, from the
    /// checker passed to `candidates`, only then.
    mutating func suggestion(for name: String, among candidates: (Checker) -> [String]) -> String? {
        guard suggestionsLeft > 0 else { return nil }
        suggestionsLeft -= 1
        return Suggestion.closest(to: name, among: candidates(self))
    }

    /// Reports a problem.
    mutating func report(
        _ problem: SemanticMessage, at span: Span, label: String? = nil,
        secondary: [Diagnostic.SecondaryLabel] = []
    ) {
        let place = ReportedProblem(unit: unit, span: span, code: problem.code, message: nil)
        if inheritingModel != nil, ownProblems.contains(place) { return }
        guard reportedProblems.insert(ReportedProblem(unit: unit, span: span, code: problem.code, message: problem.message)).inserted
        else { return }
        if inheritingModel == nil { ownProblems.insert(place) }
        let notes = inheritingModel.map { ["in `\($0)`, which inherits this"] } ?? []
        diagnostics.append(Diagnostic(problem, source: source, span: span, label: label, secondaryLabels: secondary, notes: notes))
    }

    /// Whether a name that is no field of a model stands for a field the
    /// checker could not compile, or for one the model may inherit from an
    /// unknown model: an error reported already, not one of its own.
    func isPlaceholder(field name: String, of model: String) -> Bool {
        modelsWithUnknownFields.contains(model) || failedFields[model]?.contains(name) == true
    }

    /// Resolves a span to a site for runtime error messages.
    func site(_ span: Span, _ description: String) -> RuleSite {
        RuleSite(file: source.name, location: source.location(of: span.start), description: description)
    }

    /// Runs `body` with problems reported against another source.
    mutating func within<Result>(_ unit: Int, _ body: (inout Checker) -> Result) -> Result {
        let saved = self.unit
        self.unit = unit
        defer { self.unit = saved }
        return body(&self)
    }

    /// Runs `body` on a member of `model`, or part of one: with problems
    /// reported against the source it is written in, and as the model's
    /// inheritance when it inherits it.
    mutating func within<Decl, Result>(_ member: Sourced<Decl>, of model: String, _ body: (inout Checker) -> Result) -> Result {
        let saved = inheritingModel
        inheritingModel = member.inherited ? model : nil
        defer { inheritingModel = saved }
        return within(member.unit, body)
    }

    /// Runs every pass in order; `nil` when any error was found.
    private mutating func compile(_ files: [RulesFile]) -> Plan? {
        for (index, file) in files.enumerated() {
            within(index) { $0.collectDeclarations(file) }
        }
        // Resolved first, where `root` stands at the top of a file, so a
        // misspelt root gets a suggestion before the file's others use them up.
        let root = resolveRoot(modelCount: declarations.models.count)
        let enums = declarations.enums.map { item in within(item.unit) { $0.compileEnum(item.decl) } }
        let tables = declarations.tables.map { item in within(item.unit) { $0.compileTable(item.decl) } }
        measureTransforms()
        for item in declarations.transforms {
            _ = expandTransform(named: item.decl.name)
        }
        let beforeInheritance = diagnostics.count
        measureInheritance()
        // Past the limit, nothing is copied; after a chain too deep or a
        // cycle (each copy stopped at 64 models), with no second error.
        guard !tooManyCopiedMembers(reporting: diagnostics.count == beforeInheritance) else { return nil }
        let members = declarations.models.map { effectiveMembers(of: $0) }
        var models = zip(declarations.models, members).map { item, members in
            within(item.unit) { $0.compileModelFields(item.decl, members: members, tables: tables) }
        }
        resolveFlattening(&models, members: members)
        for (index, item) in declarations.models.enumerated() {
            compileComputedFields(item.decl.name.name, members: members[index], models: &models, enums: enums)
        }
        for (index, item) in declarations.models.enumerated() {
            models[index].checks = compileChecks(item.decl.name.name, members: members[index], models: models, enums: enums)
        }
        let choices = declarations.choices.map { item in within(item.unit) { $0.compileChoice(item.decl, models: &models) } }
        resolveWholeObjectKeys(&models, choices: choices, members: members)
        let tests = compileTests(hasRoot: rootName != nil || declarations.models.count == 1)
        // Rules with errors get no plan, so the direct path's tables are
        // only ever built from a consistent one.
        guard !hasEarlierErrors, !diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        var plan = Plan(
            models: models, enums: enums, tables: tables, choices: choices, root: root, isStrict: fileIsStrict,
            reversalProblems: reversalProblems, tests: tests)
        plan.coercionAudit = coercionAudit
        return plan
    }

    /// Records every declaration's name and the file-level settings of one source.
    private mutating func collectDeclarations(_ file: RulesFile) {
        func claim(_ name: Identifier, checker: inout Checker) -> Bool {
            if let first = checker.firstSpans[name.name] {
                let secondary = first.unit == checker.unit
                    ? [Diagnostic.SecondaryLabel(span: first.decl, message: "first declared here")] : []
                checker.report(.duplicateDeclaration(name: name.name), at: name.span, secondary: secondary)
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
            if checker.customTransformers[name.name] != nil {
                checker.report(.customTransformerNameTaken(name: name.name), at: name.span)
                return false
            }
            checker.firstSpans[name.name] = Sourced(decl: name.span, unit: checker.unit)
            return true
        }
        for item in file.items {
            switch item {
            case .setting(let setting):
                applyFileSetting(setting)
            case .model(let decl):
                if claim(decl.name, checker: &self) {
                    modelDecls[decl.name.name] = (declarations.models.count, decl)
                    declarations.models.append(Sourced(decl: decl, unit: unit))
                }
            case .enumeration(let decl):
                if claim(decl.name, checker: &self) {
                    enumDecls[decl.name.name] = (declarations.enums.count, decl)
                    declarations.enums.append(Sourced(decl: decl, unit: unit))
                }
            case .table(let decl):
                if claim(decl.name, checker: &self) {
                    tableDecls[decl.name.name] = (declarations.tables.count, decl)
                    declarations.tables.append(Sourced(decl: decl, unit: unit))
                }
            case .transform(let decl):
                if claim(decl.name, checker: &self) {
                    transformDecls[decl.name.name] = Sourced(decl: decl, unit: unit)
                    declarations.transforms.append(Sourced(decl: decl, unit: unit))
                }
            case .choice(let decl):
                if claim(decl.name, checker: &self) {
                    choiceDecls[decl.name.name] = (declarations.choices.count, decl)
                    declarations.choices.append(Sourced(decl: decl, unit: unit))
                }
            case .test(let decl):
                declarations.tests.append(Sourced(decl: decl, unit: unit))
            }
        }
    }

    /// Applies a setting at file level.
    private mutating func applyFileSetting(_ setting: Setting) {
        switch setting.kind {
        case .root(let name):
            if let first = rootName {
                let secondary = first.unit == unit ? [Diagnostic.SecondaryLabel(span: first.decl.span, message: "first set here")] : []
                report(.duplicateRoot, at: setting.span, secondary: secondary)
            } else {
                rootName = Sourced(decl: name, unit: unit)
            }
        case .strict:
            fileIsStrict = true
        case .lenient:
            fileIsStrict = false
        case .keys(let name):
            fileNaming = namingStrategy(name) ?? fileNaming
        case .unknownKeys(.keep):
            report(.settingNotAllowedInFile(setting: "unknown keep"), at: setting.span)
        case .unknownKeys(let policy):
            fileUnknownKeys = policy
        case .nulls(let omit):
            fileOmitsNulls = omit
        case .only:
            report(.settingNotAllowedInFile(setting: "only"), at: setting.span)
        case .except:
            report(.settingNotAllowedInFile(setting: "except"), at: setting.span)
        case .ignore:
            report(.settingNotAllowedInFile(setting: "ignore"), at: setting.span)
        }
    }

    /// Resolves a naming strategy's name, reporting an unknown one.
    mutating func namingStrategy(_ name: Identifier) -> NamingStrategy? {
        if let strategy = NamingStrategy(rawValue: name.name) { return strategy }
        let names = NamingStrategy.allCases.map(\.rawValue)
        report(.unknownNamingStrategy(name: name.name, suggestion: Suggestion.closest(to: name.name, among: names), known: names), at: name.span)
        return nil
    }

    /// What documents map to by default: the `root` setting, or the only model.
    private mutating func resolveRoot(modelCount: Int) -> RecordTarget? {
        guard let rootName else { return modelCount == 1 ? .model(0) : nil }
        let name = rootName.decl
        if let model = modelDecls[name.name] { return .model(model.index) }
        if let choice = choiceDecls[name.name] { return .choice(choice.index) }
        within(rootName.unit) {
            let suggestion =
                $0.suggestion(for: name.name) { checker in
                    checker.modelDecls.keys.sorted() + checker.choiceDecls.keys.sorted()
                }
            $0.report(.unknownModel(name: name.name, suggestion: suggestion), at: name.span)
        }
        return nil
    }
}

/// The declarations a checker compiles, in source order, each name once.
struct Declarations {
    /// Models, in the order the plan lists them.
    var models: [Sourced<ModelDecl>] = []
    /// Enums, in the order the plan lists them.
    var enums: [Sourced<EnumDecl>] = []
    /// Tables, in the order the plan lists them.
    var tables: [Sourced<TableDecl>] = []
    /// Transformer declarations.
    var transforms: [Sourced<TransformDecl>] = []
    /// Choices, in the order the plan lists them.
    var choices: [Sourced<ChoiceDecl>] = []
    /// Test blocks, in source order.
    var tests: [Sourced<TestDecl>] = []
}

/// Where a problem was reported, its code, and its message when it counts.
struct ReportedProblem: Hashable {
    /// The index of the source in `Checker.units`.
    var unit: Int
    /// The place.
    var span: Span
    /// The problem's code.
    var code: String
    /// The message, or `nil` for the place and code alone.
    var message: String?
}

/// A piece of syntax and the index of the source it comes from.
struct Sourced<Decl> {
    /// The syntax.
    var decl: Decl
    /// Its source's index in `Checker.units`.
    var unit: Int
    /// For a model's member, whether the model inherits it rather than declaring it.
    var inherited = false
}
