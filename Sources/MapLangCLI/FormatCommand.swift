import MapLang

/// `maplang fmt RULES [-w] [--check]`: print a rules file in its canonical layout.
///
/// Without options the formatted text goes to standard output. `-w`
/// replaces the file with it, atomically, and only when it differs.
/// `--check` prints nothing on standard output and exits with 1, saying so
/// on standard error, when the file is not already formatted. A file with
/// syntax errors is not formatted: its diagnostics are reported as `check`
/// reports them, with status 65. Before anything is written, the formatted
/// text is parsed again and must give the same tree; if it does not, that
/// is a bug in the formatter, reported with status 70.
struct FormatCommand {
    /// What `fmt` accepts.
    static let spec = CommandSpec(
        name: "fmt", summary: "print a rules file in its canonical layout, keeping its comments",
        positionals: [.rules],
        options: [
            OptionSpec(
                names: ["--write", "-w"], value: nil,
                help: "replace the file with its formatted text instead of printing it"),
            OptionSpec(
                names: ["--check"], value: nil,
                help: "print nothing; exit with 1 when the file is not formatted, 0 when it is"),
            colorOption,
        ])

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to read and write.
    let console: any Console

    /// Formats the file and prints, writes or checks the result.
    func execute() -> ExitCode {
        let reporter = ErrorReporter(console: console, arguments: arguments)
        let path = arguments.positionals[0]
        let write = arguments.flags.contains("--write")
        let check = arguments.flags.contains("--check")
        if write && check {
            reporter.fail("`--write` cannot be used with `--check`")
            return .usage
        }
        if write && path == "-" {
            reporter.fail("`--write` needs a file, not standard input")
            return .usage
        }
        let source: SourceFile
        do {
            source = try RulesLoader.load(path, console: console)
        } catch {
            reporter.fail(error.message)
            return .unreadableInput
        }
        let parsed = RulesParser.parse(source)
        guard parsed.diagnostics.isEmpty else {
            reporter.report(parsed.diagnostics)
            return .rulesError
        }
        let formatted = RulesFormatter.format(parsed.file, source: source)
        let reparsed = RulesParser.parse(SourceFile(name: path, text: formatted))
        guard reparsed.diagnostics.isEmpty, reparsed.file.withoutSpans() == parsed.file.withoutSpans() else {
            reporter.fail("internal error: formatting `\(path)` would change its meaning; the file is left as it is")
            return .internalError
        }
        if check {
            guard formatted == source.text else {
                console.writeError("\(path): would be reformatted\n")
                return .mappingFailed  // Status 1: the file failed the check, as records fail their rules.
            }
            return .success
        }
        if write && formatted == source.text { return .success }
        return reporter.writeWhole(Array(formatted.utf8), to: write ? path : nil)
    }
}
