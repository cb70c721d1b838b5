#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Public API

/// A rules file, parsed, checked and compiled: ready to map any number of
/// JSON documents, from any number of threads.
///
/// ```swift
/// let rules = try Rules(source: SourceFile(name: "issues.map", text: text))
/// let result = try rules.map(json)
/// ```
public struct Rules: Sendable {
    /// The rules files the rules were compiled from.
    public let sources: [SourceFile]
    /// The compiled plan.
    let plan: Plan
    /// The files' syntax trees, with their comments, for what reads the
    /// rules beside mapping, such as the Swift generator's doc comments.
    package let units: [RulesUnit]
    /// What the records mapped forward saw, counted when the rules were
    /// compiled for `--coverage`; `nil` otherwise.
    package let coverage: CoverageRecorder?
    /// Whether the rules were given transformers written in Swift: the
    /// app's own code, which mapping runs, so `decode` maps on the calling
    /// thread alone, where that code expects to run.
    let hasSwiftTransformers: Bool
    /// The models `encode` writes straight to source-shaped JSON, resolved
    /// when it first asks.
    let directReverse: LazyReversePlan

    /// Parses, checks and compiles a rules file.
    ///
    /// - Throws: `RulesError` with every diagnostic when the file has errors.
    public init(source: SourceFile) throws(RulesError) {
        try self.init(sources: [source])
    }

    /// Parses, checks and compiles a rules file that may use transformers
    /// registered from Swift.
    ///
    /// - Parameters:
    ///   - source: The rules file.
    ///   - transformers: Transformers the rules may call by name; a later one
    ///     replaces an earlier one of the same name.
    /// - Throws: `RulesError` with every diagnostic when the file has errors,
    ///   including a transformer named like a built-in or a declaration.
    public init(source: SourceFile, transformers: [CustomTransformer]) throws(RulesError) {
        try self.init(sources: [source], transformers: transformers)
    }

    /// Parses, checks and compiles several rules files as one set of rules.
    ///
    /// Declarations in one file may use those in another; names must be
    /// unique across all of them; file-level settings apply to all.
    ///
    /// - Throws: `RulesError` with every diagnostic when any file has errors.
    public init(sources: [SourceFile], transformers: [CustomTransformer] = []) throws(RulesError) {
        try self.init(sources: sources, transformers: transformers, options: CompileOptions())
    }

    /// Parses, checks and compiles rules files with what a run asks beyond
    /// the rules, such as `maplang run --omit-nulls`.
    ///
    /// - Throws: `RulesError` with every diagnostic when any file has errors.
    package init(sources: [SourceFile], transformers: [CustomTransformer] = [], options: CompileOptions) throws(RulesError) {
        var units: [RulesUnit] = []
        var syntaxErrors: [Diagnostic] = []
        for source in sources {
            let parsed = RulesParser.parse(source)
            units.append(RulesUnit(source: source, file: parsed.file))
            syntaxErrors += parsed.diagnostics
        }
        try self.init(
            units: units, syntaxDiagnostics: syntaxErrors, transformers: transformers, options: options)
    }

    /// Reads, parses, checks and compiles a rules file.
    ///
    /// ```swift
    /// let rules = try Rules(contentsOf: Bundle.main.url(forResource: "issues", withExtension: "map")!)
    /// ```
    ///
    /// - Parameters:
    ///   - url: Where the rules file is; diagnostics name it by its path.
    ///   - transformers: Transformers the rules may call by name.
    /// - Throws: `RulesError` with every diagnostic when the file has
    ///   errors, or with the one diagnostic coded `unreadable-rules` when it
    ///   cannot be read, is not a regular file (a link to one is followed)
    ///   or holds more than 16 MiB.
    public init(contentsOf url: URL, transformers: [CustomTransformer] = []) throws(RulesError) {
        let name = url.isFileURL ? url.path : url.absoluteString
        func unreadable(_ reason: String) -> RulesError {
            RulesError(diagnostics: [
                Diagnostic(
                    code: "unreadable-rules", message: "cannot read this rules file: \(reason)",
                    source: SourceFile(name: name, bytes: []), span: Span.at(0),
                    help: "name a readable rules file of at most \(Self.maximumSourceBytes >> 20) MiB")
            ])
        }
        guard url.isFileURL else { throw unreadable("it is not a file URL") }
        switch RulesFileReader.contents(of: url.path, limit: Self.maximumSourceBytes) {
        case .success(let bytes):
            try self.init(sources: [SourceFile(name: name, bytes: bytes)], transformers: transformers)
        case .failure(let problem):
            throw unreadable(problem.reason)
        }
    }

    /// The most bytes a rules file read by name may hold: 16 MiB, a
    /// thousand times a large real one, so a wrong path (a log, a disk
    /// image) gives an error instead of a long parse.
    package static let maximumSourceBytes = 16 << 20

    /// Checks and compiles rules already parsed, such as a REPL's
    /// declarations with the replaced ones left out.
    ///
    /// - Throws: `RulesError` with every diagnostic when the rules have errors.
    package init(units: [RulesUnit], transformers: [CustomTransformer] = []) throws(RulesError) {
        try self.init(units: units, syntaxDiagnostics: [], transformers: transformers, options: CompileOptions())
    }

    /// Checks parsed units, failing with the parser's diagnostics too.
    private init(
        units: [RulesUnit], syntaxDiagnostics: [Diagnostic], transformers: [CustomTransformer], options: CompileOptions
    ) throws(RulesError) {
        var custom: [String: CustomTransformer] = [:]
        var clashes: [Diagnostic] = []
        for transformer in transformers {
            if BuiltinTransformer.named[transformer.name] != nil, let first = units.first {
                clashes.append(
                    Diagnostic(
                        code: "builtin-name-taken",
                        message: "a transformer registered from Swift cannot be named `\(transformer.name)`, a built-in transformer",
                        source: first.source, span: Span.at(0), help: "register it under another name"))
            }
            custom[transformer.name] = transformer
        }
        let earlier = clashes + syntaxDiagnostics
        let (plan, diagnostics) = Checker.check(
            units.map { ($0.file, $0.source) }, transformers: custom,
            afterEarlierErrors: earlier.contains { $0.severity == .error }, options: options)
        let all = earlier + diagnostics
        guard let plan, !all.contains(where: { $0.severity == .error }) else {
            let order = Dictionary(units.enumerated().map { ($1.source.name, $0) }, uniquingKeysWith: { first, _ in first })
            throw RulesError(
                diagnostics: all.sorted {
                    (order[$0.source.name] ?? 0, $0.span.start) < (order[$1.source.name] ?? 0, $1.span.start)
                })
        }
        self.sources = units.map(\.source)
        self.units = units
        self.plan = plan
        self.coverage = options.countsCoverage ? CoverageRecorder(plan: plan) : nil
        self.hasSwiftTransformers = !transformers.isEmpty
        self.directReverse = LazyReversePlan(models: plan.models, enums: plan.enums)
    }

    /// The names of the declared models, in declaration order.
    public var modelNames: [String] { plan.models.map(\.name) }

    /// An interpreter of the rules, counting coverage when it is asked for.
    var interpreter: Interpreter { Interpreter(plan: plan, coverage: coverage) }

    /// The model (or choice) documents map to when no other is chosen: the
    /// `root` setting, or the only model of a file that declares one.
    public var rootModel: String? { plan.root.map(plan.name(of:)) }

    /// The names of the declared choices, in declaration order.
    public var choiceNames: [String] { plan.choices.map(\.name) }

    /// Why some fields cannot be mapped back to source-shaped JSON, each
    /// pointing at the key path or transformer in the way; empty when every
    /// field can. `maplang check --reverse` reports them as errors.
    public var reversalProblems: [Diagnostic] { plan.reversalProblems }

    /// The rules files' test blocks, checked, in source order: what
    /// `maplang test` runs.
    package var tests: [RulesTest] { plan.tests }

    /// The computed fields, as `Model.field`, in declaration order: reverse
    /// mapping leaves them out, and forward mapping works them out again.
    package var oneWayFields: [String] {
        plan.models.flatMap { model in model.fields.filter(\.isComputed).map { "\(model.name).\($0.name)" } }
    }
}
