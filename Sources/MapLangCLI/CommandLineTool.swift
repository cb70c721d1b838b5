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

    /// The stack the tool runs on: mapping recurses once per level of a
    /// record's input and output, and a record may nest 512 levels, each
    /// of which may add models read `from $`; 512 MiB of address space, of
    /// which only what a record's depth touches is used.
    static let stackSize = 512 << 20

    /// Runs the tool, on a thread of its own with a stack of `stackSize`
    /// whatever the calling thread's, waiting for it.
    ///
    /// - Parameter arguments: The command line, not counting the program name.
    /// - Returns: The exit status.
    public func run(_ arguments: [String]) -> Int32 {
        HelperThread.runWaiting(stackSize: Self.stackSize) { runHere(arguments) }
    }

    /// Runs the tool on the calling thread.
    private func runHere(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            console.writeError(Self.overview)
            return ExitCode.usage.rawValue
        }
        let rest = Array(arguments.dropFirst())
        if first == Self.helpName || Self.helpOption.names.contains(first) {
            return help(for: rest.first)
        }
        if Self.versionOption.names.contains(first) {
            return print("maplang \(Self.version)\n")
        }
        guard let subcommand = Subcommand.named(first) else {
            return usageError(first.hasPrefix("-") ? Self.unknownOption(first) : Self.unknownCommand(first))
        }
        let command = subcommand.spec
        let options = rest.prefix { $0 != "--" }
        if Self.helpOption.names.contains(where: options.contains) {
            return print(command.helpText)
        }
        do {
            return subcommand.execute(try command.parse(rest), console: console).rawValue
        } catch {
            return usageError(error, command: command, json: Self.asksForJSONErrors(options, command: command))
        }
    }

    /// Prints the overview, or one command's help.
    private func help(for name: String?) -> Int32 {
        guard let name else {
            return print(Self.overview)
        }
        guard let command = Self.everyCommand.first(where: { $0.name == name }) else {
            return usageError(Self.unknownCommand(name))
        }
        return print(command.helpText)
    }

    /// The error for a first argument that names no command.
    private static func unknownCommand(_ name: String) -> UsageError {
        let names = commands.map(\.name)
        return UsageError(
            message: "unknown command `\(VisibleText.argument(name))`",
            help: Suggestion.closest(to: name, among: names).map { "did you mean `\($0)`?" }
                ?? "the commands are " + names.map { "`\($0)`" }.joined(separator: ", "))
    }

    /// The error for a first argument that is an option `maplang` itself does not have.
    private static func unknownOption(_ spelling: String) -> UsageError {
        UsageError(
            message: "unknown option `\(VisibleText.argument(spelling))`",
            help: Suggestion.closest(to: spelling, among: toolOptions.map(\.key)).map { "did you mean `\($0)`?" }
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

    /// Writes text to standard output; the exit status says whether it was written.
    private func print(_ text: String) -> Int32 {
        console.writeCommandOutput(text).rawValue
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

    /// The name of `helpCommand`, known without building every command's
    /// description, as `helpCommand` does, which a run does not need.
    static let helpName = "help"

    /// `maplang help [COMMAND]`, which `run` handles before any subcommand;
    /// described here for the manual page and shell completion.
    static let helpCommand: CommandSpec = {
        let name = helpName
        return CommandSpec(
            name: name, summary: "show the overview of the commands, or COMMAND's usage and options", positionals: [],
            options: [],
            optionalPositionals: [ValueSpec(name: "COMMAND", kind: .choice(commands.map(\.name) + [name]))])
    }()

    /// Every command a user can type: the subcommands, then `help`.
    static let everyCommand = commands + [helpCommand]

    /// `--help` and `-h`, which show the overview, or a command's help after its name.
    static let helpOption = OptionSpec(names: ["--help", "-h"], value: nil, help: "show the overview of the commands")

    /// `--version`.
    static let versionOption = OptionSpec(names: ["--version"], value: nil, help: "print the version")

    /// The options `maplang` takes in place of a command.
    static let toolOptions = [helpOption, versionOption]

    /// What `maplang` does, in the overview's first line and the manual page's name line.
    static let purpose = "map JSON into models with rules written in MapLang"

    /// How `maplang` is used, whatever the command.
    static let usage = "maplang COMMAND [arguments] [options]"

    /// Where to find more on one command.
    static let helpPointer = "`maplang help COMMAND` or `maplang COMMAND --help` shows a command's options."

    /// What `maplang --help` prints.
    static var overview: String {
        var lines = ["maplang \(version): \(purpose)", "", "usage: \(usage)", "", "commands:"]
        let width = commands.map(\.name.count).max() ?? 0
        for command in commands {
            lines.append("  " + command.name.padding(to: width) + "  " + command.summary)
        }
        lines += ["", helpPointer, ""]
        let statuses = ExitCode.allCases.map { "\($0.rawValue) \($0.meaning)" }
        lines += Self.lines(of: ["exit status:"] + statuses.dropLast().map { $0 + "," } + statuses.suffix(1), width: 100)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Words joined by spaces into lines of at most `width` characters, a
    /// word never split; a word longer than `width` has a line of its own.
    private static func lines(of words: [String], width: Int) -> [String] {
        var lines: [String] = []
        for word in words {
            if let last = lines.last, last.count + 1 + word.count <= width {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        return lines
    }
}

/// The `--color` option every command that prints diagnostics takes.
let colorOption = OptionSpec(
    names: ["--color"], value: ValueSpec(name: "WHEN", kind: .choice(["auto", "always", "never"])),
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
