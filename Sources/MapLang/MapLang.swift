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
    /// The plan's keys and fields resolved for mapping records straight from bytes to JSON.
    let direct: DirectPlan

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
        var units: [RulesUnit] = []
        var syntaxErrors: [Diagnostic] = []
        for source in sources {
            let parsed = RulesParser.parse(source)
            units.append(RulesUnit(source: source, file: parsed.file))
            syntaxErrors += parsed.diagnostics
        }
        try self.init(units: units, syntaxDiagnostics: syntaxErrors, transformers: transformers)
    }

    /// Checks and compiles rules already parsed, such as a REPL's
    /// declarations with the replaced ones left out.
    ///
    /// - Throws: `RulesError` with every diagnostic when the rules have errors.
    package init(units: [RulesUnit], transformers: [CustomTransformer] = []) throws(RulesError) {
        try self.init(units: units, syntaxDiagnostics: [], transformers: transformers)
    }

    /// Checks parsed units, failing with the parser's diagnostics too.
    private init(units: [RulesUnit], syntaxDiagnostics: [Diagnostic], transformers: [CustomTransformer]) throws(RulesError) {
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
        let (plan, diagnostics) = Checker.check(units.map { ($0.file, $0.source) }, transformers: custom)
        let all = clashes + syntaxDiagnostics + diagnostics
        guard let plan, !all.contains(where: { $0.severity == .error }) else {
            let order = Dictionary(units.enumerated().map { ($1.source.name, $0) }, uniquingKeysWith: { first, _ in first })
            throw RulesError(
                diagnostics: all.sorted {
                    (order[$0.source.name] ?? 0, $0.span.start) < (order[$1.source.name] ?? 0, $1.span.start)
                })
        }
        self.sources = units.map(\.source)
        self.plan = plan
        self.direct = DirectPlan(plan)
    }

    /// The names of the declared models, in declaration order.
    public var modelNames: [String] { plan.models.map(\.name) }

    /// The model (or choice) documents map to when no other is chosen: the
    /// `root` setting, or the only model of a file that declares one.
    public var rootModel: String? { plan.root.map(plan.name(of:)) }

    /// The names of the declared choices, in declaration order.
    public var choiceNames: [String] { plan.choices.map(\.name) }

    /// How input JSON is read under these rules: duplicate keys in an object
    /// are an error in a `strict` file; otherwise the last one wins.
    public var readerOptions: JSONReaderOptions {
        var options = JSONReaderOptions()
        options.duplicateKeys = plan.isStrict ? .reject : .lastWins
        return options
    }

    /// Chooses the model to map to.
    ///
    /// - Parameter name: A model's name, or `nil` for the root model.
    /// - Throws: `ModelChoiceError` when there is no such model, no root, or
    ///   no model at all.
    public func model(named name: String?) throws(ModelChoiceError) -> ModelID {
        if let name {
            if let target = plan.target(named: name) { return ModelID(target: target, name: name) }
            let names = modelNames + plan.choices.map(\.name)
            throw .unknownModel(name: name, suggestion: Suggestion.closest(to: name, among: names), available: names)
        }
        guard !modelNames.isEmpty else { throw .noModels }
        guard let root = plan.root else { throw .noRootModel(available: modelNames) }
        return ModelID(target: root, name: plan.name(of: root))
    }

    /// What `model` stands for in these rules: its target when it came
    /// from them, otherwise the model or choice of the same name, as when
    /// it came from an earlier compile of the same file; `nil` when these
    /// rules have none of that name.
    func target(of model: ModelID) -> RecordTarget? {
        if plan.holds(model.target), plan.name(of: model.target) == model.name { return model.target }
        return plan.target(named: model.name)
    }

    /// The error every record gets when mapped to a model these rules do not have.
    func foreignModelError(_ model: ModelID, at path: JSONPath = .root) -> MappingError {
        MappingError(
            path: path, model: model.name, field: nil,
            problem: .typeMismatch(expected: "a model of these rules", found: "`\(model.name)`, from other rules"),
            ruleFile: plan.models.first?.site.file ?? "", ruleLocation: SourceLocation(line: 1, column: 1),
            rule: "the model chosen")
    }

    /// Maps one record, already parsed, to a model.
    ///
    /// - Parameters:
    ///   - value: The record.
    ///   - model: The model to map to, from `model(named:)`.
    ///   - path: Where the record is in its document, used in error paths.
    ///   - direction: `.forward` to map source JSON to the model, `.reverse`
    ///     to map model-shaped JSON back to the source's shape.
    public func map(
        _ value: JSONValue, to model: ModelID, at path: JSONPath = .root, direction: MappingDirection = .forward
    ) -> MappedRecord {
        guard let target = target(of: model) else { return MappedRecord(index: nil, value: nil, errors: [foreignModelError(model, at: path)]) }
        let (mapped, errors) = Interpreter(plan: plan).run(value, target: target, at: path, direction: direction)
        return MappedRecord(index: nil, value: mapped, errors: errors)
    }

    /// Maps a model-shaped value, such as a mapped record or an encoded Swift
    /// value, back to source-shaped JSON.
    ///
    /// - Parameters:
    ///   - value: The model-shaped value.
    ///   - model: The model it has the shape of.
    public func reverse(_ value: MappedValue, from model: ModelID) -> MappedRecord {
        guard let target = target(of: model) else { return MappedRecord(index: nil, value: nil, errors: [foreignModelError(model)]) }
        let (mapped, errors) = Interpreter(plan: plan).reverse(value, target: target, at: .root)
        return MappedRecord(index: nil, value: mapped, errors: errors)
    }

    /// Why some fields cannot be mapped back to source-shaped JSON, each
    /// pointing at the key path or transformer in the way; empty when every
    /// field can. `maplang check --reverse` reports them as errors.
    public var reversalProblems: [Diagnostic] { plan.reversalProblems }

    /// Maps a whole document: each element of a top-level array as its own
    /// record, read one at a time so the array is never held as a whole, or a
    /// single top-level object.
    ///
    /// - Parameters:
    ///   - bytes: The document's UTF-8 bytes.
    ///   - model: The model to map each record to.
    ///   - options: Limits and policies for reading the JSON; `readerOptions` when `nil`.
    ///   - direction: Forward from source JSON, or in reverse from model-shaped JSON.
    ///   - body: Called with each record as soon as it is mapped.
    /// - Returns: Whether the document was an array of records or one record.
    /// - Throws: `JSONSyntaxError` when the document is not valid JSON; records
    ///   before the error have already been passed to `body`.
    public func mapDocument(
        _ bytes: [UInt8], to model: ModelID, options: JSONReaderOptions? = nil,
        direction: MappingDirection = .forward, _ body: (MappedRecord) -> Void
    ) throws(JSONSyntaxError) -> DocumentShape {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try mapDocument(in: buffer, to: model, options: options, direction: direction) { record, _ in body(record) }
        }
    }

    /// Maps a whole document held in memory the caller owns, such as a
    /// mapped file, as `mapDocument(_:to:options:direction:_:)` does; `body`
    /// also gets the offset just past each record, before which the caller
    /// may let go of the bytes.
    package func mapDocument(
        in buffer: UnsafeBufferPointer<UInt8>, to model: ModelID, options: JSONReaderOptions? = nil,
        direction: MappingDirection = .forward, _ body: (MappedRecord, _ end: Int) -> Void
    ) throws(JSONSyntaxError) -> DocumentShape {
        try mapDocument(in: buffer, continuingAt: nil, partial: false, to: model, options: options, direction: direction, body)
    }

    /// `mapDocument(in:to:options:direction:_:)` over part of a document
    /// read from a stream, as `serializeDocument(in:continuingAt:partial:…)` takes it.
    package func mapDocument(
        in buffer: UnsafeBufferPointer<UInt8>, continuingAt index: Int?, partial: Bool, to model: ModelID,
        options: JSONReaderOptions?, direction: MappingDirection, _ body: (MappedRecord, _ end: Int) -> Void
    ) throws(JSONSyntaxError) -> DocumentShape {
        let interpreter = Interpreter(plan: plan)
        let target = target(of: model)
        var offset = 0
        do {
            return try JSONReader.walkDocument(
                in: buffer, options: options ?? readerOptions, offset: &offset, resume: index.map { (0, $0) }, partial: partial
            ) { scanner, index, expected in
                try scanner.readValue(depth: index == nil ? 0 : 1, expected: expected)
            } deliver: { value, index, end in
                let path = index.map { JSONPath.root.appending(.index($0)) } ?? .root
                guard let target else { return body(MappedRecord(index: index, value: nil, errors: [foreignModelError(model, at: path)]), end) }
                let (mapped, errors) = interpreter.run(value, target: target, at: path, direction: direction)
                body(MappedRecord(index: index, value: mapped, errors: errors), end)
            }
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            preconditionFailure("the record callback cannot throw")
        }
    }
}

/// A parsed rules source: its text and the syntax tree to compile from it.
package struct RulesUnit: Sendable {
    /// The source text.
    package var source: SourceFile
    /// Its syntax tree, possibly with some items left out.
    package var file: RulesFile

    /// Creates a unit.
    package init(source: SourceFile, file: RulesFile) {
        self.source = source
        self.file = file
    }
}

/// A model, or a choice among models, picked with `Rules.model(named:)`.
public struct ModelID: Sendable, Equatable, Hashable {
    /// The model or choice in the compiled plan.
    let target: RecordTarget
    /// Its name, to find it in other rules compiled from the same file.
    let name: String
}

/// One record's outcome.
public struct MappedRecord: Sendable, Equatable {
    /// The record's position in a top-level array, or `nil` for a single document.
    public var index: Int?
    /// The mapped value, or `nil` when the record had errors.
    public var value: MappedValue?
    /// Every error in the record, in the order found.
    public var errors: [MappingError]
}

/// Which way records are mapped.
public enum MappingDirection: Sendable, Equatable {
    /// From the source's JSON to the model's shape, as `maplang run` does.
    case forward
    /// From the model's shape back to the source's JSON, as `maplang run --reverse` does.
    case reverse
}

/// Whether a document held an array of records or a single record.
public enum DocumentShape: Sendable, Equatable {
    /// A top-level array: each element was a record.
    case array
    /// Anything else: the document was one record.
    case single
}

/// A rules file that could not be compiled, with every problem found in it.
public struct RulesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, in source order.
    public let diagnostics: [Diagnostic]

    /// Every diagnostic rendered exactly as `maplang check` prints them,
    /// without colour, ending with the count of errors.
    public var description: String { DiagnosticRenderer().render(diagnostics) }
}

/// A model that cannot be chosen.
public enum ModelChoiceError: Error, Sendable, Equatable {
    /// No model has this name; `suggestion` is a close one, `available` all of them.
    case unknownModel(name: String, suggestion: String?, available: [String])
    /// No model was named and the rules declare models but no root.
    case noRootModel(available: [String])
    /// The rules declare no model at all, so there is nothing to choose.
    case noModels

    /// What is wrong, lowercase, with no trailing period.
    public var message: String {
        switch self {
        case .unknownModel(let name, _, _):
            "the rules declare no model `\(name)`"
        case .noRootModel:
            "the rules declare no root model"
        case .noModels:
            "the rules declare no model"
        }
    }

    /// How to fix it.
    public var help: String {
        switch self {
        case .unknownModel(_, let suggestion?, _):
            "did you mean `\(suggestion)`?"
        case .unknownModel(_, nil, let available):
            "the models are " + available.sorted().map { "`\($0)`" }.joined(separator: ", ")
        case .noRootModel:
            "declare `root NAME` in the rules or choose a model with `--model NAME`"
        case .noModels:
            "declare a model with `model NAME { … }`"
        }
    }
}
