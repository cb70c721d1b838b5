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
            guard let command = Self.commands.first(where: { $0.name == first }) else {
                let names = Self.commands.map(\.name)
                return usageError(
                    UsageError(
                        message: "unknown command `\(first)`",
                        help: Suggestion.closest(to: first, among: names).map { "did you mean `\($0)`?" }
                            ?? "the commands are " + names.map { "`\($0)`" }.joined(separator: ", ")))
            }
            if rest.contains("--help") || rest.contains("-h") {
                print(command.helpText)
                return ExitCode.success.rawValue
            }
            do {
                let parsed = try command.parse(rest)
                return execute(command.name, parsed).rawValue
            } catch {
                return usageError(error, command: command)
            }
        }
    }

    /// Runs a subcommand whose arguments parsed.
    private func execute(_ name: String, _ arguments: ParsedArguments) -> ExitCode {
        switch name {
        case RunCommand.spec.name: RunCommand(arguments: arguments, console: console).execute()
        case CheckCommand.spec.name: CheckCommand(arguments: arguments, console: console).execute()
        case FormatCommand.spec.name: FormatCommand(arguments: arguments, console: console).execute()
        case ReplCommand.spec.name: ReplCommand(arguments: arguments, console: console).execute()
        default: preconditionFailure("command `\(name)` is listed but not dispatched")
        }
    }

    /// Prints the overview, or one command's help.
    private func help(for name: String?) -> Int32 {
        guard let name else {
            print(Self.overview)
            return ExitCode.success.rawValue
        }
        guard let command = Self.commands.first(where: { $0.name == name }) else {
            return usageError(UsageError(message: "unknown command `\(name)`"))
        }
        print(command.helpText)
        return ExitCode.success.rawValue
    }

    /// Writes text to standard output.
    private func print(_ text: String) {
        guard let sink = try? console.openOutput(nil) else { return }
        try? sink.write(Array(text.utf8))
        try? sink.commit()
    }

    /// Reports a usage error and returns its status.
    private func usageError(_ error: UsageError, command: CommandSpec? = nil) -> Int32 {
        var text = "maplang: error: \(error.message)\n"
        if let help = error.help { text += "help: \(help)\n" }
        if let usage = error.usage {
            text += "usage: \(usage)\n"
        } else if let command, error.help == nil {
            text += "usage: \(command.usageLine)\n"
        }
        console.writeError(text)
        return ExitCode.usage.rawValue
    }

    /// Every subcommand.
    static let commands = [RunCommand.spec, CheckCommand.spec, ReplCommand.spec, FormatCommand.spec]

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
