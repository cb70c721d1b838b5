import MapLang

extension ReplSession {
    /// Runs a `:command`.
    mutating func execute(_ command: ReplMetaCommand) -> ReplOutput {
        var output = ReplOutput()
        switch command {
        case .help:
            output.print(ReplMetaCommand.helpText)
        case .load(let path):
            return load(path)
        case .reload:
            guard !loadedFiles.isEmpty else {
                output.fail("no rules file is loaded", help: "`:load FILE` loads one")
                return output
            }
            for path in loadedFiles {
                output.append(load(path, verb: "reloaded"))
            }
        case .run(let path):
            do {
                return map(try console.openInput(path), named: path)
            } catch {
                output.fail(error.message)
            }
        case .model(nil):
            output.print(modelStatus + "\n")
        case .model(let name?):
            do {
                _ = try rules.model(named: name)
                choose(model: name)
                output.print("JSON maps to `\(name)`\n")
            } catch {
                output.fail(error.message, help: help(forUnknown: name, among: rules.modelNames, listing: "the models"))
            }
        case .models:
            output.print(listing)
        case .show(let name):
            guard let (decl, entry) = declaration(named: name) else { return unknownDeclaration(name) }
            let text = RulesFormatter.format(decl, source: entry.unit.source, comments: entry.unit.file.comments)
            output.print(text.hasSuffix("\n") ? text : text + "\n")
        case .ast(let name):
            guard let (decl, entry) = declaration(named: name) else { return unknownDeclaration(name) }
            output.print(Self.syntaxTree(of: decl, in: entry))
        case .clear:
            clear()
            output.print("cleared every declaration\n")
        case .quit:
            output.quit = true
        }
        return output
    }

    /// Which model JSON maps to, and why.
    var modelStatus: String {
        if let chosenModel { return "JSON maps to `\(chosenModel)`, chosen with `:model`" }
        if let root = rules.rootModel { return "JSON maps to `\(root)`, the root model" }
        return "JSON maps to no model: declare `root NAME` or choose one with `:model NAME`"
    }

    /// What `:models` prints: each declaration but the tests with where it is, the settings, and the model JSON maps to.
    var listing: String {
        var rows: [(String, String)] = []
        var settings: [String] = []
        for entry in entries {
            let source = entry.unit.source
            for item in entry.unit.file.items {
                switch item {
                case .setting(let setting):
                    settings.append(Self.spelling(setting))
                case .test:
                    // Tests are run by `maplang test`, not in a session: no row of their own.
                    continue
                case .model, .enumeration, .table, .transform, .choice:
                    let line = source.location(of: item.replSpan.start).line
                    rows.append(("\(Self.kindWord(item)) \(item.replName ?? "")", "\(source.name):\(line)"))
                }
            }
        }
        guard !rows.isEmpty || !settings.isEmpty else { return "nothing is declared\n" }
        let width = rows.map(\.0.count).max() ?? 0
        var lines = rows.map { $0.0.padding(to: width) + "  " + $0.1 }
        if !settings.isEmpty { lines.append("settings: " + settings.joined(separator: ", ")) }
        lines.append(modelStatus)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report for `:show` or `:ast` of a name nothing declares.
    private func unknownDeclaration(_ name: String) -> ReplOutput {
        var output = ReplOutput()
        output.fail(
            "nothing is declared as `\(name)`", help: help(forUnknown: name, among: declaredNames, listing: "what is declared"))
        return output
    }

    /// `did you mean …?` for a close name, else where to look.
    private func help(forUnknown name: String, among names: [String], listing what: String) -> String {
        Suggestion.closest(to: name, among: names).map { "did you mean `\($0)`?" } ?? "`:models` lists \(what)"
    }

    /// The comments of a declaration: those from the block of whole-line
    /// comments right above it to the end of its last line.
    static func comments(of decl: Decl, in entry: ReplEntry) -> [Comment] {
        let source = entry.unit.source
        let comments = entry.unit.file.comments
        let span = decl.replSpan
        let commentLines = Set(
            comments.map { source.lineIndex(of: $0.span.start) }.filter { line in
                source.lineText(at: line).drop { $0 == " " || $0 == "\t" }.hasPrefix("//")
            })
        var firstLine = source.lineIndex(of: span.start)
        while firstLine > 0, commentLines.contains(firstLine - 1) { firstLine -= 1 }
        let lastLine = source.lineIndex(of: max(span.end - 1, span.start))
        let start = source.lineStarts[firstLine]
        let end = lastLine + 1 < source.lineStarts.count ? source.lineStarts[lastLine + 1] : source.bytes.count
        return comments.filter { start <= $0.span.start && $0.span.start < end }
    }

    /// `:ast`: the declaration's outline from `ASTDumper`, without the file's own line.
    static func syntaxTree(of decl: Decl, in entry: ReplEntry) -> String {
        let file = RulesFile(items: [decl], comments: comments(of: decl, in: entry), span: decl.replSpan)
        let dump = ASTDumper.dump(file, source: entry.unit.source)
        let lines = dump.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        return lines.map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")
    }
}
