import MapLang

/// `maplang run RULES INPUT…`: map JSON documents, or NDJSON lines, and print the result.
///
/// A top-level array is mapped record by record: the records that map are
/// written, in order, as a JSON array; each error goes to standard error
/// with the record's path (at most `--max-errors` of them, `ReportLimit`),
/// and the exit status is 1 when any record failed.
/// A single object that fails writes nothing. With `--ndjson`, each input
/// line is a record and each record that maps is an output line; the others
/// are reported, or written to `--rejects FILE` untouched with their reasons.
/// With `--reverse`, records go the other way: model-shaped JSON in,
/// source-shaped JSON out; rules with fields that cannot be mapped back are
/// refused before any input is read. Several inputs, and folders of them
/// (`RunInputs`), are mapped in order into one output, each summed up
/// under its own name; gzip-compressed inputs are read as they are.
/// With `--inline-rejects`, every NDJSON line gives one output line: its
/// record, or the line rejected (`InlineReject`).
struct RunCommand {
    /// What `run` accepts.
    static let spec = CommandSpec(
        name: "run",
        summary: "map JSON documents (INPUT: files, folders of files, or `-` for standard input) with a rules file",
        positionals: [.rules, .input],
        options: [
            OptionSpec(
                names: ["--model", "-m"], value: ValueSpec(name: "NAME", kind: .text),
                help: "map to this model instead of the root"),
            OptionSpec(names: ["--pretty"], value: nil, help: "indent the output"),
            OptionSpec(
                names: ["--output", "-o"], value: .file, help: "write the output to FILE, replacing it only once complete"),
            OptionSpec(
                names: ["--ndjson"], value: nil,
                help: "read one JSON document per line and write one mapped document per line"),
            OptionSpec(
                names: ["--rejects"], value: .file,
                help: "with --ndjson: write each rejected line to FILE, after a `#` line giving the reasons"),
            OptionSpec(
                names: ["--inline-rejects"], value: nil,
                help: "with --ndjson: write each rejected line in its place in the output, as {\"$reject\":{file, line, text, errors}}, so every line gives one output line; rejects alone do not fail the run"),
            OptionSpec(
                names: ["--jobs", "-j"], value: ValueSpec(name: "N", kind: .text),
                help: "map NDJSON lines, or the records of a large array, on N threads, at most one per core; output stays in input order"),
            OptionSpec(
                names: ["--reverse"], value: nil,
                help: "map model-shaped JSON, as `run` writes it, back to the source's shape"),
            OptionSpec(
                names: ["--omit-nulls"], value: nil,
                help: "leave out keys whose value is null, where the rules do not say `nulls keep` or `keepNull`"),
            OptionSpec(
                names: ["--drops-fail"], value: nil,
                help: "make an element a `lossy` field would drop an error of its record instead of a warning"),
            OptionSpec(
                names: ["--warn-coercions"], value: nil,
                help: "warn of each value lenient coercion converts (`\"42\"` into an Int); `=error` makes each an error",
                attachedValue: ValueSpec(name: "error", kind: .choice(["error"]))),
            coverageOption,
        ] + explainOptions + [
            OptionSpec(
                names: ["--progress"], value: nil,
                help: "show a progress line on standard error even when it is no terminal or the run is short"),
            OptionSpec(names: ["--no-progress"], value: nil, help: "never show the progress line long runs show on a terminal"),
            ReportLimit.option,
            colorOption,
            errorFormatOption,
        ],
        repeatedPositional: .input)

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to read and write.
    let console: any Console

    /// What `--warn-coercions` asks for.
    private var coercionAudit: CoercionAudit {
        guard arguments.flags.contains("--warn-coercions") else { return .allow }
        return arguments.values["--warn-coercions"] == "error" ? .refuse : .warn
    }

    /// Maps the input and reports the result.
    func execute() -> ExitCode {
        var reporter = ErrorReporter(console: console, arguments: arguments)
        let ndjson = arguments.flags.contains("--ndjson")
        if !ndjson && arguments.values["--rejects"] != nil {
            reporter.fail("`--rejects` needs `--ndjson`")
            return .usage
        }
        let inline = arguments.flags.contains("--inline-rejects")
        if inline && (!ndjson || arguments.values["--rejects"] != nil) {
            reporter.fail(
                ndjson ? "`--inline-rejects` writes rejects to the output; it cannot be used with `--rejects`" : "`--inline-rejects` needs `--ndjson`")
            return .usage
        }
        if arguments.positionals.dropFirst().filter({ $0 == "-" }).count > 1 {
            reporter.fail("standard input (`-`) is named more than once; it can be read only once")
            return .usage
        }
        let found = RunInputs(console: console, arguments: Array(arguments.positionals.dropFirst()))
        // Not an error: an engine may hand a worker an empty partition.
        for folder in found.emptyFolders { reporter.summary("note: `\(folder)` holds no file to map\n") }
        if found.entries.count != 1 && arguments.flags.contains("--explain") {
            reporter.fail("`--explain` traces the records of one input; the run has \(found.entries.count)")
            return .usage
        }
        if let collision = Self.outputCollision(arguments, inputs: found, console: console) {
            reporter.fail(collision)
            return .usage
        }
        if coercionAudit != .allow && arguments.flags.contains("--reverse") {
            reporter.fail("`--warn-coercions` reports what forward mapping converts; it cannot be used with `--reverse`")
            return .usage
        }
        let coverageShare: Int?
        let explained: RecordSelection?
        do {
            coverageShare = try Self.coverageShare(arguments)
            explained = try Self.explainSelection(arguments)
            reporter.limit = try ReportLimit(arguments: arguments)
        } catch {
            reporter.fail(error.message)
            return .usage
        }
        if ndjson && arguments.flags.contains("--pretty") {
            reporter.fail("`--pretty` cannot be used with `--ndjson`, whose output has one record per line")
            return .usage
        }
        // Checked here, reported after the rules' errors.
        let jobs = Self.jobs(arguments)
        let early = jobs.flatMap { Self.earlyInput(jobs: $0, found: found, console: console) }
        let rules: Rules
        let model: ModelID
        do {
            rules = try Rules(
                sources: [try RulesLoader.load(arguments.positionals[0], console: console)],
                options: CompileOptions(
                    omittingNulls: arguments.flags.contains("--omit-nulls"), dropsFail: arguments.flags.contains("--drops-fail"),
                    coercions: coercionAudit, countsCoverage: coverageShare != nil))
            model = try rules.model(named: arguments.values["--model"])
        } catch let error as ConsoleError {
            reporter.fail(error.message)
            return .unreadableInput
        } catch let error as RulesError {
            reporter.report(error.diagnostics)
            return .rulesError
        } catch let error as ModelChoiceError {
            reporter.fail(error.message, help: Self.help(for: error))
            return error == .noModels ? .rulesError : .usage
        } catch {
            reporter.fail("internal error: \(error)")
            return .internalError
        }
        guard let jobs else {
            reporter.fail("`--jobs` takes a number of threads from 1 to \(Rules.mostJobs), not `\(arguments.values["--jobs"] ?? "")`")
            return .usage
        }
        let direction: MappingDirection = arguments.flags.contains("--reverse") ? .reverse : .forward
        if direction == .reverse && !rules.reversalProblems.isEmpty {
            reporter.report(rules.reversalProblems)
            return .rulesError
        }
        if direction == .reverse, let note = Self.oneWayNote(rules) { reporter.summary(note) }
        let sink: any OutputSink
        do {
            sink = try console.openOutput(arguments.values["--output"])
        } catch {
            reporter.fail(error.message)
            return .outputError
        }
        var inputs = found.entries.enumerated().map { position, entry in
            switch entry {
            case .file(let path):
                let name = path == "-" ? "<stdin>" : path
                let open = { () throws(ConsoleError) in try console.openRunInput(path) }
                guard position == 0, let early else { return RunInput(name: name, open: open) }
                return RunInput(name: name) { () throws(ConsoleError) in try early.take(orOpen: open) }
            case .unreadable(let message):
                return RunInput(name: "") { () throws(ConsoleError) in throw ConsoleError(message: message) }
            }
        }
        if let explained, let input = inputs.first {
            let opened: any InputSource
            do {
                opened = try input.open()
            } catch {
                reporter.fail(error.message)
                sink.abandon()
                return .unreadableInput
            }
            do {
                let replay = try explain(opened, named: input.name, rules: rules, model: model, selection: explained, reporter: reporter)
                inputs = [RunInput(name: input.name) { replay }]
            } catch {
                sink.abandon()
                return error.status
            }
        }
        var job = MappingJob(
            rules: rules, model: model, direction: direction, inputName: inputs.first?.name ?? "",
            output: RecordOutput(
                pretty: arguments.flags.contains("--pretty"), sink: sink,
                isStandardOutput: arguments.values["--output"] == nil), reporter: reporter)
        job.jobs = jobs
        job.coverageShare = coverageShare
        job.inlineRejects = inline
        job.reporter.progress = ProgressLine(console: console, arguments: arguments)
        return ndjson ? job.runLines(inputs, rejectsPath: arguments.values["--rejects"]) : job.runDocuments(inputs)
    }

    /// The help for a model that cannot be chosen, naming the option that chooses one.
    static func help(for error: ModelChoiceError) -> String {
        switch error {
        case .noRootModel: "declare `root NAME` in the rules or choose a model with `--model NAME`"
        case .unknownModel, .noModels: error.help
        }
    }

    /// The first input, opened before the rules compile, when the run maps
    /// on `jobs` threads and that is more than one.
    private static func earlyInput(jobs: Int, found: RunInputs, console: any Console) -> EarlyInput? {
        guard jobs > 1, case .file(let path) = found.entries.first else { return nil }
        return EarlyInput(path: path, console: console)
    }

    /// How many threads the run uses: one without `--jobs`, else as
    /// `threads(requested:cores:)` says; `nil` when `--jobs` is not a
    /// number from 1 to `Rules.mostJobs`.
    private static func jobs(_ arguments: ParsedArguments) -> Int? {
        guard let value = arguments.values["--jobs"] else { return 1 }
        guard let count = Int(value), (1...Rules.mostJobs).contains(count) else { return nil }
        return threads(requested: count, cores: HelperThread.availableCores)
    }

    /// How many threads `--jobs` runs: those asked for, but no more than the
    /// cores the process may use, since the work is all computing and more
    /// threads than cores would only take turns, each holding its runs' memory.
    static func threads(requested: Int, cores: Int?) -> Int {
        min(requested, max(1, cores ?? requested))
    }

    /// What is wrong when `-o` or `--rejects` names a file the run reads
    /// (the rules or the input, standard input included), or both name one
    /// file, under any spelling: through links, `..` or another path. An
    /// output replaces its file, so the input would be lost, or the mapped
    /// and rejected lines mixed; `nil` when every output is a file of its own.
    static func outputCollision(_ arguments: ParsedArguments, inputs: RunInputs, console: any Console) -> String? {
        // An output of `-` is the file of that name, not standard input.
        let outputs = ["--output", "--rejects", "--explain-to"].compactMap { option in
            arguments.values[option].map { (option: option, path: $0, identity: console.identity(of: $0 == "-" ? "./-" : $0)) }
        }
        let read =
            [(what: "the rules file", path: arguments.positionals[0], effect: "it would be overwritten")]
            + inputs.paths.map { (what: "the input file", path: $0, effect: "it would be overwritten while it is read") }
        let identities = read.map { console.identity(of: $0.path) }
        for output in outputs {
            guard let identity = output.identity else { continue }
            for (input, inputIdentity) in zip(read, identities) where inputIdentity == identity {
                let named = input.path == output.path ? "" : " (`\(input.path)`)"
                return "`\(output.option)` names \(input.what) `\(output.path)`\(named); \(input.effect)"
            }
        }
        for output in outputs where output.option != "--output" {
            guard let identity = output.identity else { continue }
            if arguments.values["--output"] == nil, identity == console.standardOutputIdentity {
                return "`\(output.option)` names `\(output.path)`, the file standard output writes to; the records written there would be replaced"
            }
        }
        for (index, first) in outputs.enumerated() {
            for second in outputs[(index + 1)...] where first.identity != nil && first.identity == second.identity {
                return "`\(first.option)` and `\(second.option)` name the same file `\(first.path)`; what they write would be mixed"
            }
        }
        return outputInInputFolder(outputs.map { ($0.option, $0.path) }, folders: inputs.folders, console: console)
    }

    /// What is wrong when an output would be written into a folder named as
    /// an input, at any depth and under any spelling: a later run over the
    /// folder would read it as input. `nil` when none would.
    private static func outputInInputFolder(
        _ outputs: [(option: String, path: String)], folders: [String], console: any Console
    ) -> String? {
        let resolved = folders.compactMap { folder in (try? console.resolvedPath(folder)).map { (folder, $0) } }
        guard !resolved.isEmpty else { return nil }
        for output in outputs {
            let parent = OutputFile.directory(of: output.path)
            guard let place = try? console.resolvedPath(parent.isEmpty ? "." : parent) else { continue }
            for (folder, root) in resolved where place == root || place.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
                return "`\(output.option)` names `\(output.path)`, inside the input folder `\(folder)`; a later run over the folder would read it as input"
            }
        }
        return nil
    }

    /// What `--reverse` says of computed fields: reverse mapping leaves them
    /// out; `nil` when the rules have none.
    static func oneWayNote(_ rules: Rules) -> String? {
        let fields = rules.oneWayFields
        guard !fields.isEmpty else { return nil }
        let listed = fields.prefix(10).map { "`\($0)`" }.joined(separator: ", ") + (fields.count > 10 ? " and \(fields.count - 10) more" : "")
        return "note: reverse mapping leaves out the computed \(fields.count == 1 ? "field" : "fields") \(listed), "
            + "which forward mapping works out again\n"
    }
}
