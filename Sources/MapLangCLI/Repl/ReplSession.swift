import MapLang

/// The state of an interactive session and what it does with each line typed.
///
/// The session holds the rules declared so far, each typed entry a source
/// named `<repl:N>` and each loaded file a source named by its path, compiled
/// together with `Rules(units:)`. A new declaration of a name declared before
/// replaces the old one, which is left out of the units. An entry that fails
/// to parse or check is reported and changes nothing.
///
/// It does no terminal I/O: `handle(line:)` returns what to print, and
/// `ReplCommand` prints it. Files for `:load` and `:run` are read through the
/// console.
struct ReplSession {
    /// Where files are read from.
    let console: any Console
    /// Renders diagnostics, as `maplang run` does.
    let renderer: DiagnosticRenderer
    /// The sources whose declarations are in the rules, oldest first, with
    /// replaced declarations left out of their syntax trees.
    private(set) var entries: [ReplEntry] = []
    /// The rules compiled from `entries`.
    private(set) var rules: Rules
    /// The model chosen with `:model`, or `nil` for the root.
    private(set) var chosenModel: String?
    /// The rules files loaded, in the order first loaded, for `:reload`.
    private(set) var loadedFiles: [String] = []
    /// The number of the next typed entry: `<repl:N>`.
    private(set) var nextEntryNumber = 1
    /// The lines of the entry being typed.
    private var accumulator = InputAccumulator()

    /// Creates a session with no declarations.
    ///
    /// - Parameters:
    ///   - console: Where `:load` and `:run` read files.
    ///   - colored: Whether diagnostics get ANSI colours.
    init(console: any Console, colored: Bool = false) {
        self.console = console
        self.renderer = DiagnosticRenderer(colored: colored)
        self.rules = Self.emptyRules
    }

    /// Whether an entry has begun and is not complete: the prompt shows that more is expected.
    var isContinuing: Bool { !accumulator.isEmpty }

    /// Takes one line typed or read, without its line terminator.
    ///
    /// - Returns: What to print: nothing while a multi-line entry is incomplete.
    mutating func handle(line: String) -> ReplOutput {
        guard accumulator.append(line), let entry = accumulator.take() else { return ReplOutput() }
        return run(entry.kind, entry.text)
    }

    /// Drops the entry being typed (Ctrl-C).
    mutating func cancelInput() {
        accumulator.reset()
    }

    /// Ends the input: an entry still incomplete is run as it is, so its
    /// problems are reported.
    mutating func finish() -> ReplOutput {
        guard let entry = accumulator.take() else { return ReplOutput() }
        return run(entry.kind, entry.text)
    }

    /// Runs one complete entry.
    private mutating func run(_ kind: InputAccumulator.Kind, _ text: String) -> ReplOutput {
        switch kind {
        case .command:
            do {
                return execute(try ReplMetaCommand.parse(text))
            } catch {
                var output = ReplOutput()
                output.fail(error.message, help: error.help)
                return output
            }
        case .json:
            return mapTyped(text)
        case .rules:
            return declare(text)
        }
    }

    // MARK: - Declarations

    /// Adds typed declarations as the source `<repl:N>`.
    private mutating func declare(_ text: String) -> ReplOutput {
        let source = SourceFile(name: takeEntryName(), text: text)
        let parsed = RulesParser.parse(source)
        var output = ReplOutput()
        if parsed.file.items.isEmpty && parsed.diagnostics.isEmpty { return output }
        let unit = RulesUnit(source: source, file: parsed.file)
        guard let replacements = add(unit, origin: .typed, syntax: parsed.diagnostics, to: &output) else { return output }
        for item in parsed.file.items {
            let note = replacements.first(where: { $0.new == item })?.note
            output.print((note ?? Self.describe(added: item)) + "\n")
        }
        return output
    }

    /// Loads a rules file, for `maplang repl RULES`, `:load` and `:reload`,
    /// replacing what an earlier load of it declared.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - verb: How the closing line says it was read: `loaded` or `reloaded`.
    mutating func load(_ path: String, verb: String = "loaded") -> ReplOutput {
        var output = ReplOutput()
        let source: SourceFile
        do {
            source = try RulesLoader.load(path, console: console)
        } catch {
            output.fail(error.message)
            return output
        }
        let parsed = RulesParser.parse(source)
        let unit = RulesUnit(source: source, file: parsed.file)
        guard let replacements = add(unit, origin: .file, syntax: parsed.diagnostics, to: &output) else { return output }
        if !loadedFiles.contains(path) { loadedFiles.append(path) }
        for note in replacements.compactMap(\.note) { output.print(note + "\n") }
        output.print("\(verb) `\(path)`: \(Self.count(parsed.file.items))\n")
        return output
    }

    /// Checks the rules with a new unit added and commits them when they
    /// compile, reporting every problem otherwise.
    ///
    /// - Parameters:
    ///   - unit: The new source and its syntax tree.
    ///   - origin: Whether it was typed or loaded; a file replaces its own earlier load whole.
    ///   - syntax: The parser's diagnostics for the unit.
    /// - Returns: The declarations and settings replaced, or `nil` when the unit was rejected.
    private mutating func add(
        _ unit: RulesUnit, origin: ReplEntry.Origin, syntax: [Diagnostic], to output: inout ReplOutput
    ) -> [Replacement]? {
        let newEntry = ReplEntry(unit: unit, origin: origin)
        var replaced: [Replacement] = []
        var candidate: [ReplEntry] = []
        for var entry in entries {
            if origin == .file, entry.origin == .file, entry.unit.source.name == unit.source.name { continue }
            entry.unit.file.items = entry.unit.file.items.filter { old in
                guard let new = unit.file.items.first(where: { Self.replaces($0, old) }) else { return true }
                replaced.append(Replacement(old: old, new: new))
                return false
            }
            if !entry.unit.file.items.isEmpty { candidate.append(entry) }
        }
        candidate.append(newEntry)
        var diagnostics = syntax
        let compiled: Rules?
        do {
            compiled = try Rules(units: candidate.map(\.unit))
        } catch {
            diagnostics += error.diagnostics
            compiled = nil
        }
        let order = Dictionary(
            candidate.enumerated().map { ($1.unit.source.name, $0) }, uniquingKeysWith: { first, _ in first })
        diagnostics = diagnostics.enumerated().sorted { left, right in
            (order[left.element.source.name] ?? 0, left.element.span.start, left.offset)
                < (order[right.element.source.name] ?? 0, right.element.span.start, right.offset)
        }.map(\.element)
        guard let compiled, !diagnostics.contains(where: { $0.severity == .error }) else {
            output.error(renderer.render(diagnostics))
            return nil
        }
        let warnings = diagnostics.filter { $0.source.name == unit.source.name }
        if !warnings.isEmpty { output.error(renderer.render(warnings)) }
        entries = candidate
        rules = compiled
        return replaced
    }

    /// The next entry's source name, `<repl:N>`.
    private mutating func takeEntryName() -> String {
        defer { nextEntryNumber += 1 }
        return "<repl:\(nextEntryNumber)>"
    }

    // MARK: - Mapping

    /// Maps JSON typed at the prompt, named `<repl:N>` in errors.
    private mutating func mapTyped(_ text: String) -> ReplOutput {
        let name = takeEntryName()
        return map(BytesInput(Array(text.utf8)), named: name)
    }

    /// Maps a document with the current model, writing and reporting exactly as `maplang run --pretty` does.
    func map(_ input: any InputSource, named name: String) -> ReplOutput {
        let model: ModelID
        do {
            model = try rules.model(named: chosenModel)
        } catch {
            var output = ReplOutput()
            switch error {
            case .unknownModel(_, let suggestion, _):
                output.fail(error.message, help: suggestion.map { "did you mean `\($0)`?" } ?? "`:models` lists the models")
            case .noModels:
                output.fail(error.message, help: "declare a model, or load a rules file with `:load FILE`")
            case .noRootModel:
                output.fail(error.message, help: "declare `root NAME`, or choose a model with `:model NAME`")
            }
            return output
        }
        let capture = CapturingConsole(reading: console)
        let sink: any OutputSink
        do {
            sink = try capture.openOutput(nil)
        } catch {
            preconditionFailure("captured output cannot fail to open")
        }
        let color = ParsedArguments(values: ["--color": renderer.colored ? "always" : "never"])
        let reporter = ErrorReporter(console: capture, arguments: color)
        let job = MappingJob(
            rules: rules, model: model, direction: .forward, inputName: name, output: RecordOutput(pretty: true, sink: sink),
            reporter: reporter)
        _ = job.runDocuments([RunInput(name: name) { input }])
        return capture.finish()
    }

    // MARK: - Reading declarations

    /// The declaration named `name`, with the entry it is in.
    func declaration(named name: String) -> (decl: Decl, entry: ReplEntry)? {
        for entry in entries.reversed() {
            if let decl = entry.unit.file.items.first(where: { $0.replName == name }) { return (decl, entry) }
        }
        return nil
    }

    /// Every declared name, in declaration order.
    var declaredNames: [String] {
        entries.flatMap { $0.unit.file.items.compactMap(\.replName) }
    }

    /// The rules with nothing declared.
    static var emptyRules: Rules {
        do {
            return try Rules(units: [])
        } catch {
            preconditionFailure("empty rules cannot fail to compile")
        }
    }

    /// Forgets every declaration, loaded file and model choice.
    mutating func clear() {
        entries = []
        rules = Self.emptyRules
        chosenModel = nil
        loadedFiles = []
    }

    /// Chooses the model JSON maps to.
    mutating func choose(model name: String) {
        chosenModel = name
    }

    // MARK: - Describing declarations

    /// Whether `new` takes the place of `old`: a declaration of the same name
    /// (tests have names of their own, apart from the types'), or a
    /// file-level setting of the same kind (`strict` and `lenient` are one kind).
    static func replaces(_ new: Decl, _ old: Decl) -> Bool {
        if let name = new.replName { return name == old.replName && (kindWord(new) == "test") == (kindWord(old) == "test") }
        guard case .setting(let newSetting) = new, case .setting(let oldSetting) = old else { return false }
        return settingGroup(newSetting.kind) == settingGroup(oldSetting.kind)
    }

    /// Which settings replace each other.
    private static func settingGroup(_ kind: SettingKind) -> Int {
        switch kind {
        case .root: 0
        case .strict, .lenient: 1
        case .keys: 2
        case .unknownKeys: 3
        case .only, .except, .ignore: 4
        case .nulls: 5
        }
    }

    /// `model`, `enum`, `table`, `transform`, `choice`, `test` or `setting`.
    static func kindWord(_ decl: Decl) -> String {
        switch decl {
        case .setting: "setting"
        case .model: "model"
        case .enumeration: "enum"
        case .table: "table"
        case .transform: "transform"
        case .choice: "choice"
        case .test: "test"
        }
    }

    /// A setting as written: `root Issue`, `strict`, `keys snake_case`.
    static func spelling(_ setting: Setting) -> String {
        RulesFormatter.written(setting.kind)
    }

    /// The note for a typed declaration or setting that replaced nothing:
    /// `defined model \`Issue\``, `set \`root Issue\``.
    private static func describe(added item: Decl) -> String {
        switch item {
        case .setting(let setting): "set `\(spelling(setting))`"
        case .model, .enumeration, .table, .transform, .choice, .test: "defined \(kindWord(item)) `\(item.replName ?? "")`"
        }
    }

    /// `2 models, 1 enum`, or `no declarations`.
    static func count(_ items: [Decl]) -> String {
        var counts: [(String, Int)] = [("model", 0), ("enum", 0), ("table", 0), ("transform", 0), ("choice", 0), ("test", 0)]
        for item in items {
            guard let index = counts.firstIndex(where: { $0.0 == kindWord(item) }) else { continue }
            counts[index].1 += 1
        }
        let parts = counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)\($0.1 == 1 ? "" : "s")" }
        return parts.isEmpty ? "no declarations" : parts.joined(separator: ", ")
    }
}

/// A declaration or setting that took the place of an earlier one.
struct Replacement: Sendable {
    /// The one left out.
    var old: Decl
    /// The one that replaced it.
    var new: Decl

    /// `replaced model \`Issue\``, `replaced enum \`Issue\` with model \`Issue\``,
    /// `replaced \`root Book\` with \`root Issue\``; `nil` when a setting is set again as it was.
    var note: String? {
        if case .setting(let oldSetting) = old, case .setting(let newSetting) = new {
            let before = ReplSession.spelling(oldSetting)
            let after = ReplSession.spelling(newSetting)
            return before == after ? nil : "replaced `\(before)` with `\(after)`"
        }
        let name = new.replName ?? ""
        let oldKind = ReplSession.kindWord(old)
        let newKind = ReplSession.kindWord(new)
        if oldKind == newKind { return "replaced \(newKind) `\(name)`" }
        return "replaced \(oldKind) `\(name)` with \(newKind) `\(name)`"
    }
}

/// One source in a REPL session: a typed entry or a loaded file.
struct ReplEntry: Sendable {
    /// Where a source came from.
    enum Origin: Sendable, Equatable {
        /// Typed at the prompt: `<repl:N>`.
        case typed
        /// Read from a rules file, named by its path.
        case file
    }

    /// The source and its declarations still in force.
    var unit: RulesUnit
    /// Where it came from.
    var origin: Origin
}

extension Decl {
    /// The name a model, enum, table, transform, choice or test declares; `nil` for a setting.
    var replName: String? {
        switch self {
        case .setting: nil
        case .model(let decl): decl.name.name
        case .enumeration(let decl): decl.name.name
        case .table(let decl): decl.name.name
        case .transform(let decl): decl.name.name
        case .choice(let decl): decl.name.name
        case .test(let decl): decl.name.value
        }
    }

    /// Where the declaration is.
    var replSpan: Span {
        switch self {
        case .setting(let setting): setting.span
        case .model(let decl): decl.span
        case .enumeration(let decl): decl.span
        case .table(let decl): decl.span
        case .transform(let decl): decl.span
        case .choice(let decl): decl.span
        case .test(let decl): decl.span
        }
    }
}
