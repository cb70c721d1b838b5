import MapLang

/// The `maplang` command as a value: arguments in, exit status out, with all
/// reading and writing going through a `Console`, so tests drive exactly the
/// code path the executable does.
public struct CommandLineTool {
    /// Where the tool reads and writes.
    let console: any Console

    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Creates the tool.
    ///
    /// - Parameter console: Where to read and write; the process's own streams by default.
    public init(console: any Console = ProcessConsole()) {
        self.console = console
    }

    /// Runs the tool.
    ///
    /// - Parameter arguments: The command line, not counting the program name.
    /// - Returns: The exit status.
    public func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            console.writeError(Self.overview)
            return ExitCode.usage.rawValue
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h", "help":
            return help(for: rest.first)
        case "--version":
            print("maplang \(Self.version)\n")
            return ExitCode.success.rawValue
        default:
            guard let subcommand = Subcommand.named(first) else {
                return usageError(first.hasPrefix("-") ? Self.unknownOption(first) : Self.unknownCommand(first))
            }
            let command = subcommand.spec
            let options = rest.prefix { $0 != "--" }
            if options.contains("--help") || options.contains("-h") {
                print(command.helpText)
                return ExitCode.success.rawValue
            }
            do {
                return subcommand.execute(try command.parse(rest), console: console).rawValue
            } catch {
                return usageError(error, command: command, json: Self.asksForJSONErrors(options, command: command))
            }
        }
    }

    /// Prints the overview, or one command's help.
    private func help(for name: String?) -> Int32 {
        guard let name else {
            print(Self.overview)
            return ExitCode.success.rawValue
        }
        guard let subcommand = Subcommand.named(name) else { return usageError(Self.unknownCommand(name)) }
        print(subcommand.spec.helpText)
        return ExitCode.success.rawValue
    }

    /// The error for a first argument that names no command.
    private static func unknownCommand(_ name: String) -> UsageError {
        let names = commands.map(\.name)
        return UsageError(
            message: "unknown command `\(name)`",
            help: Suggestion.closest(to: name, among: names).map { "did you mean `\($0)`?" }
                ?? "the commands are " + names.map { "`\($0)`" }.joined(separator: ", "))
    }

    /// The error for a first argument that is an option `maplang` itself does not have.
    private static func unknownOption(_ spelling: String) -> UsageError {
        UsageError(
            message: "unknown option `\(spelling)`",
            help: Suggestion.closest(to: spelling, among: ["--help", "--version"]).map { "did you mean `\($0)`?" }
                ?? "`maplang --help` lists the commands and options")
    }

    /// Whether a command line that did not parse asked for `--error-format
    /// json`, so its usage error can be reported the same way.
    private static func asksForJSONErrors(_ options: ArraySlice<String>, command: CommandSpec) -> Bool {
        guard command.options.contains(where: { $0.key == errorFormatOption.key }) else { return false }
        var asked = false
        var previous: String?
        for argument in options {
            let (spelling, attached) = CommandSpec.splitAttachedValue(argument)
            if spelling == errorFormatOption.key, let attached { asked = attached == "json" }
            if previous == errorFormatOption.key { asked = argument == "json" }
            previous = argument
        }
        return asked
    }

    /// Writes text to standard output.
    private func print(_ text: String) {
        guard let sink = try? console.openOutput(nil) else { return }
        try? sink.write(Array(text.utf8))
        try? sink.commit()
    }

    /// Reports a usage error and returns its status: as text, or as one
    /// JSON object whose `help` is the fix or, failing that, the usage line.
    private func usageError(_ error: UsageError, command: CommandSpec? = nil, json: Bool = false) -> Int32 {
        let usage = error.usage ?? (error.help == nil ? command?.usageLine : nil)
        if json {
            let reporter = ErrorReporter(console: console, arguments: ParsedArguments(values: ["--error-format": "json"]))
            reporter.fail(error.message, help: error.help ?? usage.map { "usage: \($0)" })
        } else {
            var text = "maplang: error: \(error.message)\n"
            if let help = error.help { text += "help: \(help)\n" }
            if let usage { text += "usage: \(usage)\n" }
            console.writeError(text)
        }
        return ExitCode.usage.rawValue
    }

    /// Every subcommand.
    static let commands = Subcommand.allCases.map(\.spec)

    /// What `maplang --help` prints.
    static var overview: String {
        var lines = [
            "maplang \(version): map JSON into models with rules written in MapLang", "",
            "usage: maplang COMMAND [arguments] [options]", "", "commands:",
        ]
        let width = commands.map(\.name.count).max() ?? 0
        for command in commands {
            lines.append("  " + command.name.padding(to: width) + "  " + command.summary)
        }
        lines += [
            "", "`maplang help COMMAND` or `maplang COMMAND --help` shows a command's options.", "",
            "exit status: 0 success, 1 records failed to map, 2 invalid JSON input, 64 usage error,",
            "65 errors in the rules file, 66 unreadable file, 70 internal error, 74 output not written",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The `--color` option every command that prints diagnostics takes.
let colorOption = OptionSpec(
    names: ["--color"], valueName: "WHEN", choices: ["auto", "always", "never"],
    help: "colour diagnostics: `auto` (when standard error is a terminal), `always` or `never`")

extension ParsedArguments {
    /// Whether diagnostics should be coloured, following `--color`.
    func colored(_ console: any Console) -> Bool {
        switch values["--color"] ?? "auto" {
        case "always": true
        case "never": false
        default: console.errorIsTerminal
        }
    }
}
