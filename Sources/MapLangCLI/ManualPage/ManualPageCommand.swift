/// `maplang manpage`: print the manual page, `maplang.1`, in roff, or with
/// `--markdown` the command-line reference, `docs/command-line.md`.
///
/// Both are built from the texts the commands print, so `man maplang`, the
/// reference and `maplang help COMMAND` say the same things.
struct ManualPageCommand {
    /// `--markdown`: the reference in Markdown instead of the page in roff.
    static let markdownOption = OptionSpec(
        names: ["--markdown"], value: nil,
        help: "print the command-line reference in Markdown (MapLang's `\(CommandReference.path)`) instead")

    /// What `manpage` accepts.
    static let spec = CommandSpec(
        name: "manpage", summary: "print the manual page in roff, for `man`", positionals: [],
        options: [markdownOption])

    /// What was asked for.
    let arguments: ParsedArguments
    /// Where to write.
    let console: any Console

    /// Prints the page or the reference.
    func execute() -> ExitCode {
        let tool = ToolSpec.maplang
        let asksForMarkdown = arguments.flags.contains(Self.markdownOption.key)
        return console.writeCommandOutput(asksForMarkdown ? CommandReference(tool: tool).text : ManualPage(tool: tool).text)
    }
}
