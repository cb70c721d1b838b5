import MapLang

/// `maplang check RULES`: parse and check a rules file without running it.
struct CheckCommand {
    /// What `check` accepts.
    static let spec = CommandSpec(
        name: "check", summary: "parse and check a rules file, reporting every error in it",
        positionals: [.rules],
        options: [
            OptionSpec(names: ["--ast"], value: nil, help: "print the parsed syntax tree"),
            OptionSpec(
                names: ["--reverse"], value: nil,
                help: "also check that every field can be mapped back, as `run --reverse` needs"),
            colorOption,
            errorFormatOption,
        ])

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to read and write.
    let console: any Console

    /// Checks the file and reports the result.
    func execute() -> ExitCode {
        let reporter = ErrorReporter(console: console, arguments: arguments)
        let path = arguments.positionals[0]
        let source: SourceFile
        do {
            source = try RulesLoader.load(path, console: console)
        } catch {
            reporter.fail(error.message)
            return .unreadableInput
        }
        if arguments.flags.contains("--ast") {
            let parsed = RulesParser.parse(source)
            do {
                try console.writeOutput(ASTDumper.dump(parsed.file, source: source))
            } catch {
                reporter.fail(error.message)
                return .outputError
            }
        }
        do {
            let rules = try Rules(source: source)
            if arguments.flags.contains("--reverse") && !rules.reversalProblems.isEmpty {
                reporter.report(rules.reversalProblems)
                return .rulesError
            }
            let count = rules.modelNames.count
            reporter.summary("\(path): ok, \(count) \(count == 1 ? "model" : "models")\n")
            if arguments.flags.contains("--reverse"), let note = RunCommand.oneWayNote(rules) { reporter.summary(note) }
            return .success
        } catch {
            reporter.report(error.diagnostics)
            return .rulesError
        }
    }
}

/// Reads a rules file through the console.
enum RulesLoader {
    /// The most bytes a rules file may hold, as the library reads one.
    static let sizeLimit = Rules.maximumSourceBytes

    /// Reads a rules file's bytes; any that are not UTF-8 are left for the
    /// lexer to report at their exact position.
    static func load(_ path: String, console: any Console) throws(ConsoleError) -> SourceFile {
        SourceFile(name: path, bytes: try read(path, console: console))
    }

    /// Reads a rules file's bytes exactly as they are, a byte order mark
    /// included, for `maplang test --update` to write them back.
    static func read(_ path: String, console: any Console) throws(ConsoleError) -> [UInt8] {
        let tooLarge = ConsoleError(message: "cannot read `\(path)`: a rules file may hold at most \(sizeLimit >> 20) MiB")
        return try console.openInput(path).readAll(limit: sizeLimit, tooLarge: tooLarge)
    }
}
