import MapLang

/// `maplang schema RULES [--side input|output] [--model NAME] [-o FILE]`:
/// the JSON Schema (2020-12) of the JSON the rules read, or of what `run`
/// writes with them.
///
/// The rules are checked first, and a file with errors is reported as
/// `check` reports it, with status 65. `--model` names the model or choice
/// records are read as, as `run --model` does; without it the rules' root.
/// `-o` writes as `run -o` does, and never names the rules file.
struct SchemaCommand {
    /// What `schema` accepts.
    static let spec = CommandSpec(
        name: "schema", summary: "write the JSON Schema of the JSON a rules file reads, or of what `run` writes with it",
        positionals: [.rules],
        options: [
            OptionSpec(
                names: ["--side"], value: ValueSpec(name: "SIDE", kind: .choice(SchemaGenerator.Side.allCases.map(\.rawValue))),
                help: "`input` (the default): the JSON the rules read; `output`: the JSON `run` writes"),
            OptionSpec(
                names: ["--model", "-m"], value: ValueSpec(name: "NAME", kind: .text),
                help: "the model or choice records are read as, instead of the rules' root"),
            OptionSpec(
                names: ["--output", "-o"], value: .file, help: "write the schema to FILE, replacing it only once complete"),
            colorOption,
            errorFormatOption,
        ])

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to read and write.
    let console: any Console

    /// Writes the schema.
    func execute() -> ExitCode {
        let reporter = ErrorReporter(console: console, arguments: arguments)
        let path = arguments.positionals[0]
        let rules: Rules
        switch GeneratorInput.rules(at: path, output: arguments.values["--output"], console: console, reporter: reporter) {
        case .checked(let checked): rules = checked
        case .failed(let status): return status
        }
        var options = SchemaGenerator.Options()
        options.side = arguments.values["--side"].flatMap(SchemaGenerator.Side.init(rawValue:)) ?? .input
        options.model = arguments.values["--model"]
        let schema: MappedValue
        do {
            schema = try SchemaGenerator.generate(rules, options: options)
        } catch {
            switch error {
            case .unknownTarget(let name, let suggestion):
                reporter.fail(
                    "`--model` names `\(name)`, which `\(path)` does not declare as a model or choice",
                    help: suggestion.map { "did you mean `\($0)`?" })
            case .noRoot(let candidates):
                reporter.fail(
                    "`\(path)` has no `root` and more than one model; name the one records are read as",
                    help: "add `--model NAME`; the models and choices are " + candidates.map { "`\($0)`" }.joined(separator: ", "))
            }
            return .usage
        }
        return reporter.writeWhole(schema.jsonBytes(pretty: true) + [UInt8(ascii: "\n")], to: arguments.values["--output"])
    }
}
