import MapLang

/// `maplang gen swift RULES [-o FILE] [--access public|internal] [--model NAME]…`:
/// the Swift types `Rules.decode` fills and `Rules.encode` reads.
///
/// The rules are checked first, and a file with errors is reported as
/// `check` reports it, with status 65. `--model` narrows the output to the
/// named models, enums and choices and the types they use; a name the
/// rules do not declare is a usage error. `-o` writes as `run -o` does,
/// and never names the rules file.
struct GenerateCommand {
    /// What `gen` accepts.
    static let spec = CommandSpec(
        name: "gen", summary: "generate Swift types for the models, enums and choices of a rules file",
        positionals: [ValueSpec(name: "LANGUAGE", kind: .choice(["swift"])), .rules],
        options: [
            OptionSpec(
                names: ["--output", "-o"], value: .file, help: "write the code to FILE, replacing it only once complete"),
            OptionSpec(
                names: ["--access"], value: ValueSpec(name: "LEVEL", kind: .choice(SwiftGenerator.Access.allCases.map(\.rawValue))),
                help: "the access level of the generated types: `internal` (the default) or `public`"),
            OptionSpec(
                names: ["--model", "-m"], value: ValueSpec(name: "NAME", kind: .text),
                help: "generate only this type and the types it uses; may be given more than once"),
            colorOption,
            errorFormatOption,
        ])

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to read and write.
    let console: any Console

    /// Generates the code and writes it.
    func execute() -> ExitCode {
        let reporter = ErrorReporter(console: console, arguments: arguments)
        let path = arguments.positionals[1]
        let rules: Rules
        switch GeneratorInput.rules(at: path, output: arguments.values["--output"], console: console, reporter: reporter) {
        case .checked(let checked): rules = checked
        case .failed(let status): return status
        }
        var options = SwiftGenerator.Options()
        options.access = arguments.values["--access"].flatMap(SwiftGenerator.Access.init(rawValue:)) ?? .internal
        options.types = arguments.allValues["--model"] ?? []
        let code: String
        do {
            code = try SwiftGenerator.generate(rules, options: options)
        } catch {
            reporter.fail(
                "`--model` names `\(error.name)`, which `\(path)` does not declare",
                help: error.suggestion.map { "did you mean `\($0)`?" })
            return .usage
        }
        return reporter.writeWhole(Array(code.utf8), to: arguments.values["--output"])
    }
}
