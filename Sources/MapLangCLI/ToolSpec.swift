/// Everything a command line may hold, as the manual page and the shell
/// completion scripts describe it: the program's name, its commands and the
/// options it takes in place of a command.
struct ToolSpec: Sendable {
    /// The program's name.
    let program: String
    /// The commands, in the order the overview lists them, `help` last.
    let commands: [CommandSpec]
    /// The options taken in place of a command, such as `--version`.
    let toolOptions: [OptionSpec]

    /// `maplang`, from the specs its commands parse with.
    static let maplang = ToolSpec(
        program: "maplang", commands: CommandLineTool.everyCommand, toolOptions: CommandLineTool.toolOptions)

    /// The words that may come first: the commands' names, then the options' spellings.
    var firstWords: [String] { commands.map(\.name) + toolOptions.flatMap(\.names) }

    /// The environment variables the tool reads, each with what it does.
    var environment: [NamedMeaning] {
        [
            NamedMeaning(
                name: History.environmentVariable,
                meaning: "the file `\(program) repl` keeps its history in; empty, no history is kept")
        ]
    }

    /// The files the tool reads or writes of its own accord, each with what it is.
    var files: [NamedMeaning] {
        [
            NamedMeaning(
                name: "~/" + History.defaultFileName,
                meaning: "the history of `\(program) repl`, when \(History.environmentVariable) is not set")
        ]
    }
}

/// A name the reference and the manual page list, such as an environment
/// variable, with what it means.
struct NamedMeaning: Sendable {
    /// The name, as written.
    let name: String
    /// What it is or does.
    let meaning: String
}

extension CommandSpec {
    /// The spellings of the options that take a value: the word after one is
    /// its value, not a positional argument.
    var valueOptionSpellings: [String] { options.filter { $0.value != nil }.flatMap(\.names) }
}
