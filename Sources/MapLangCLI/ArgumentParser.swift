import MapLang

/// What a subcommand accepts: its positional arguments and options.
struct CommandSpec: Sendable {
    /// The subcommand's name, such as `run`.
    let name: String
    /// One line saying what it does.
    let summary: String
    /// The names of its positional arguments, in order, as usage shows them.
    let positionals: [String]
    /// Its options.
    let options: [OptionSpec]
    /// The names of positional arguments that may follow the required ones
    /// or be left out, shown in brackets in usage: `maplang repl [RULES]`.
    var optionalPositionals: [String] = []
}

/// One option: its spellings, whether it takes a value, and which values it allows.
struct OptionSpec: Sendable {
    /// The spellings, long first: `["--output", "-o"]`.
    let names: [String]
    /// The value's name in usage, such as `FILE`; `nil` for a flag.
    let valueName: String?
    /// The values allowed, when there is a fixed set.
    let choices: [String]?
    /// One line saying what it does.
    let help: String

    /// The long spelling, which parsed results are keyed by.
    var key: String { names[0] }
}

/// A command line split into positionals, option values and flags.
struct ParsedArguments: Sendable, Equatable {
    /// The positional arguments in order.
    var positionals: [String] = []
    /// Each option's value, keyed by its long spelling.
    var values: [String: String] = [:]
    /// The flags given, by long spelling.
    var flags: Set<String> = []
}

/// A command line that does not fit its command.
struct UsageError: Error, Sendable, Equatable {
    /// What is wrong.
    let message: String
    /// How to fix it, if there is something to say.
    var help: String?
    /// The command's usage line, printed as `usage: …` after the message.
    var usage: String?
}

extension CommandSpec {
    /// Splits the arguments after the subcommand's name.
    ///
    /// Options may come before, between or after positionals; `--name=value`
    /// and `--name value` both work; `--` ends the options; a lone `-` is a
    /// positional (standard input).
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (spelling, attached) = Self.splitAttachedValue(argument)
            guard let option = options.first(where: { $0.names.contains(spelling) }) else {
                throw unknownOption(spelling)
            }
            guard let valueName = option.valueName else {
                if attached != nil { throw UsageError(message: "`\(option.key)` takes no value") }
                result.flags.insert(option.key)
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else if index < arguments.count, !Self.looksLikeOption(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(message: "`\(option.key)` needs a value: `\(option.key) \(valueName)`")
            }
            if let choices = option.choices, !choices.contains(value) {
                throw UsageError(
                    message: "`\(option.key)` takes " + choices.map { "`\($0)`" }.joined(separator: ", ")
                        + ", not `\(value)`")
            }
            result.values[option.key] = value
        }
        if result.positionals.count < positionals.count {
            throw UsageError(
                message: "`\(name)` needs \(positionals[result.positionals.count])",
                usage: usageLine)
        }
        if result.positionals.count > positionals.count + optionalPositionals.count {
            throw UsageError(
                message: "unexpected argument `\(result.positionals[positionals.count + optionalPositionals.count])`",
                usage: usageLine)
        }
        return result
    }

    /// `--name=value` as `--name` and `value` (which may be empty); any other
    /// argument as itself and `nil`.
    static func splitAttachedValue(_ argument: String) -> (spelling: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Whether an argument is an option rather than a value: it starts with
    /// `-` and is not `-` alone, which names standard input.
    static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-"
    }

    /// The error for an option the command does not have. Long options get
    /// a "did you mean" among the long spellings; a one-letter option is too
    /// short for a guess to mean anything.
    private func unknownOption(_ spelling: String) -> UsageError {
        let suggestion = spelling.hasPrefix("--")
            ? Suggestion.closest(to: spelling, among: options.flatMap(\.names).filter { $0.hasPrefix("--") }) : nil
        return UsageError(
            message: "`\(name)` has no option `\(spelling)`", help: suggestion.map { "did you mean `\($0)`?" })
    }

    /// `maplang run RULES INPUT [options]`.
    var usageLine: String {
        (["maplang", name] + positionals + optionalPositionals.map { "[\($0)]" } + (options.isEmpty ? [] : ["[options]"]))
            .joined(separator: " ")
    }

    /// The full help text for the subcommand.
    var helpText: String {
        var lines = ["usage: \(usageLine)", "", summary]
        if !options.isEmpty {
            lines += ["", "options:"]
            let spellings = options.map { option in
                option.names.joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? "")
            }
            let width = spellings.map(\.count).max() ?? 0
            for (spelling, option) in zip(spellings, options) {
                lines.append("  " + spelling.padding(to: width) + "  " + option.help)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
