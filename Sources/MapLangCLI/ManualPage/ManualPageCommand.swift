/// `maplang manpage`: print the manual page, `maplang.1`, in roff.
///
/// The page is built from the texts the commands print, so `man maplang`
/// and `maplang help COMMAND` say the same things.
struct ManualPageCommand {
    /// What `manpage` accepts.
    static let spec = CommandSpec(
        name: "manpage", summary: "print the manual page in roff, for `man`", positionals: [], options: [])

    /// Where to write.
    let console: any Console

    /// Prints the page.
    func execute() -> ExitCode {
        console.writeCommandOutput(ManualPage(tool: .maplang).text)
    }
}
