/// `maplang explain [CODE]`: print an error code's page from the catalogue
/// (what it means, a minimal example that gives it, how to fix it), or,
/// with no code, every code with what it means in a line.
struct ExplainCommand {
    /// What `explain` accepts.
    static let spec = CommandSpec(
        name: "explain", summary: "explain an error code: what it means, an example, and how to fix it; with no CODE, list every code",
        positionals: [], options: [],
        optionalPositionals: [ValueSpec(name: "CODE", kind: .choice(ErrorCatalogue.builtIn.pages.map(\.code)))])

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to write.
    let console: any Console
    /// The pages to print from.
    let catalogue = ErrorCatalogue.builtIn

    /// Prints the page, or the list.
    func execute() -> ExitCode {
        guard let code = arguments.positionals.first else { return console.writeCommandOutput(list) }
        // Parsing has checked that the code is one of the catalogue's.
        let page = catalogue.page(for: code)!
        return console.writeCommandOutput("\(page.code) (\(page.group))\n\n\(page.text)\n")
    }

    /// Every code with its one-line meaning, by group.
    private var list: String {
        var text = ""
        var group: String?
        let width = catalogue.pages.map(\.code.count).max() ?? 0
        for page in catalogue.pages {
            if page.group != group {
                text += (group == nil ? "" : "\n") + page.group + ":\n"
                group = page.group
            }
            text += "  " + page.code + String(repeating: " ", count: width - page.code.count + 2) + page.summary + "\n"
        }
        return text
    }
}
