import MapLang

/// A `:command` typed at the REPL's prompt.
enum ReplMetaCommand: Sendable, Equatable {
    /// `:help`: list the commands.
    case help
    /// `:load FILE`: add a rules file's declarations.
    case load(path: String)
    /// `:reload`: read the loaded rules files again.
    case reload
    /// `:run FILE`: map a JSON file.
    case run(path: String)
    /// `:model [NAME]`: choose the model JSON maps to, or say which it is.
    case model(name: String?)
    /// `:models`: list the declarations.
    case models
    /// `:show NAME`: print a declaration back, formatted.
    case show(name: String)
    /// `:ast NAME`: print a declaration's syntax tree.
    case ast(name: String)
    /// `:clear`: forget every declaration.
    case clear
    /// `:quit`: end the session.
    case quit

    /// How a command is written and what it does, for `:help` and for parsing.
    struct Usage: Sendable {
        /// The name without its colon.
        let name: String
        /// The argument's name, if it takes one.
        let argument: String?
        /// Whether the argument may be left out.
        let argumentIsOptional: Bool
        /// One line saying what it does.
        let summary: String

        /// `:load FILE`, `:model [NAME]`.
        var synopsis: String {
            guard let argument else { return ":" + name }
            return ":" + name + " " + (argumentIsOptional ? "[\(argument)]" : argument)
        }
    }

    /// Every command, in the order `:help` lists them.
    static let usages = [
        Usage(name: "help", argument: nil, argumentIsOptional: false, summary: "list the commands"),
        Usage(name: "load", argument: "FILE", argumentIsOptional: false, summary: "add the declarations of a rules file"),
        Usage(name: "reload", argument: nil, argumentIsOptional: false, summary: "read the loaded rules files again"),
        Usage(name: "run", argument: "FILE", argumentIsOptional: false, summary: "map a JSON file and print the result"),
        Usage(
            name: "model", argument: "NAME", argumentIsOptional: true,
            summary: "choose the model JSON maps to, or show which it is"),
        Usage(name: "models", argument: nil, argumentIsOptional: false, summary: "list what is declared"),
        Usage(name: "show", argument: "NAME", argumentIsOptional: false, summary: "print a declaration, formatted"),
        Usage(name: "ast", argument: "NAME", argumentIsOptional: false, summary: "print a declaration's syntax tree"),
        Usage(name: "clear", argument: nil, argumentIsOptional: false, summary: "forget every declaration"),
        Usage(name: "quit", argument: nil, argumentIsOptional: false, summary: "end the session (so does Ctrl-D)"),
    ]

    /// What `:help` prints: the commands, then the built-in transformers
    /// as their declarations describe them.
    static var helpText: String {
        let width = usages.map(\.synopsis.count).max() ?? 0
        var lines = [
            "Type declarations (models, enums, tables, transforms, settings) to add them to the rules,",
            "or JSON to map it with the current model. Either may span several lines.",
            "",
        ]
        lines += usages.map { "  " + $0.synopsis.padding(to: width) + "  " + $0.summary }
        lines += ["", "Built-in transformers, written after `using`:"]
        let builtins = BuiltinTransformer.all
        let formWidth = builtins.map { $0.forms[0].count }.max() ?? 0
        lines += builtins.map { "  " + $0.forms[0].padding(to: formWidth) + "  " + $0.summary }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a command line such as `:load rules.map`.
    ///
    /// The argument is the rest of the line with the spaces around it trimmed,
    /// so a file name may hold spaces.
    ///
    /// - Throws: `UsageError` for an unknown command, with the closest one as
    ///   help, or a missing or unexpected argument.
    static func parse(_ line: String) throws(UsageError) -> ReplMetaCommand {
        var text = Substring(line).drop { $0.isWhitespace }
        if text.first == ":" { text = text.dropFirst() }
        let name = String(text.prefix { !$0.isWhitespace })
        let rest = text.dropFirst(name.count).trimmingWhitespace
        let argument = rest.isEmpty ? nil : rest
        guard let usage = usages.first(where: { $0.name == name }) else {
            let suggestion = Suggestion.closest(to: name, among: usages.map(\.name))
            throw UsageError(
                message: "unknown command `:\(name)`",
                help: suggestion.map { "did you mean `:\($0)`?" } ?? "`:help` lists the commands")
        }
        if usage.argument == nil, let argument {
            throw UsageError(message: "`:\(name)` takes no argument, found `\(argument)`", help: "usage: \(usage.synopsis)")
        }
        if let expected = usage.argument, !usage.argumentIsOptional, argument == nil {
            throw UsageError(message: "`:\(name)` needs \(expected)", help: "usage: \(usage.synopsis)")
        }
        switch name {
        case "help": return .help
        case "load": return .load(path: argument ?? "")
        case "reload": return .reload
        case "run": return .run(path: argument ?? "")
        case "model": return .model(name: argument)
        case "models": return .models
        case "show": return .show(name: argument ?? "")
        case "ast": return .ast(name: argument ?? "")
        case "clear": return .clear
        case "quit": return .quit
        default: preconditionFailure("command `:\(name)` is listed but not parsed")
        }
    }
}

extension Substring {
    /// The text without white space at either end.
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
