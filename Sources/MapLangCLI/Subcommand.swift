/// The subcommands of `maplang`, in the order help lists them.
enum Subcommand: CaseIterable {
    /// `maplang run`: map JSON with rules.
    case run
    /// `maplang check`: parse and check rules.
    case check
    /// `maplang test`: run the tests of rules files.
    case test
    /// `maplang repl`: an interactive session.
    case repl
    /// `maplang fmt`: print rules in canonical layout.
    case format
    /// `maplang gen`: generate code from rules.
    case generate
    /// `maplang schema`: the JSON Schema of what rules read or write.
    case schema
    /// `maplang infer`: starter rules from sample JSON.
    case infer
    /// `maplang explain`: an error code's page.
    case explain
    /// `maplang lsp`: a language server for editors.
    case languageServer
    /// `maplang completions`: print a shell's completion script.
    case completions
    /// `maplang manpage`: print the manual page.
    case manualPage

    /// What the subcommand accepts.
    var spec: CommandSpec {
        switch self {
        case .run: RunCommand.spec
        case .check: CheckCommand.spec
        case .test: TestCommand.spec
        case .repl: ReplCommand.spec
        case .format: FormatCommand.spec
        case .generate: GenerateCommand.spec
        case .schema: SchemaCommand.spec
        case .infer: InferCommand.spec
        case .explain: ExplainCommand.spec
        case .languageServer: LanguageServerCommand.spec
        case .completions: CompletionsCommand.spec
        case .manualPage: ManualPageCommand.spec
        }
    }

    /// Runs the subcommand with arguments that parsed.
    func execute(_ arguments: ParsedArguments, console: any Console) -> ExitCode {
        switch self {
        case .run: RunCommand(arguments: arguments, console: console).execute()
        case .check: CheckCommand(arguments: arguments, console: console).execute()
        case .test: TestCommand(arguments: arguments, console: console).execute()
        case .repl: ReplCommand(arguments: arguments, console: console).execute()
        case .format: FormatCommand(arguments: arguments, console: console).execute()
        case .generate: GenerateCommand(arguments: arguments, console: console).execute()
        case .schema: SchemaCommand(arguments: arguments, console: console).execute()
        case .infer: InferCommand(arguments: arguments, console: console).execute()
        case .explain: ExplainCommand(arguments: arguments, console: console).execute()
        case .languageServer: LanguageServerCommand(arguments: arguments, console: console).execute()
        case .completions: CompletionsCommand(arguments: arguments, console: console).execute()
        case .manualPage: ManualPageCommand(arguments: arguments, console: console).execute()
        }
    }

    /// The subcommand with this name, if there is one.
    static func named(_ name: String) -> Subcommand? {
        allCases.first { $0.spec.name == name }
    }
}
