/// `maplang completions SHELL`: print the script that completes `maplang`
/// command lines in bash, zsh or fish.
///
/// The script is built from the specs the commands parse with, so it offers
/// exactly their names, options, option values and files. Installed where
/// the shell looks (`scripts/install.sh` does it), it loads by itself;
/// otherwise it can be sourced.
struct CompletionsCommand {
    /// What `completions` accepts.
    static let spec = CommandSpec(
        name: "completions",
        summary: "print the completion script for SHELL, one of "
            + Shell.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "),
        positionals: [ValueSpec(name: "SHELL", kind: .choice(Shell.allCases.map(\.rawValue)))],
        options: [])

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to write.
    let console: any Console

    /// Prints the script.
    func execute() -> ExitCode {
        // Parsing has checked that the argument is one of the shells.
        let shell = Shell(rawValue: arguments.positionals[0])!
        return console.writeCommandOutput(shell.completionScript(for: .maplang))
    }
}
