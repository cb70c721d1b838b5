import MapLang

/// What a subcommand accepts: its positional arguments and options.
struct CommandSpec: Sendable {
    /// The subcommand's name, such as `run`.
    let name: String
    /// One line saying what it does.
    let summary: String
    /// Its positional arguments, in order.
    let positionals: [ValueSpec]
    /// Its options.
    let options: [OptionSpec]
    /// Positional arguments that may follow the required ones or be left
    /// out, shown in brackets in usage: `maplang repl [RULES]`.
    var optionalPositionals: [ValueSpec] = []
    /// A positional argument that may follow the others any number of
    /// times, shown as `[PATH...]` in usage: `maplang test [PATH...]`.
    var repeatedPositional: ValueSpec? = nil
}

/// One option: its spellings and the value it takes, if any.
struct OptionSpec: Sendable {
    /// The spellings, long first: `["--output", "-o"]`.
    let names: [String]
    /// The value it takes; `nil` for a flag.
    let value: ValueSpec?
    /// One line saying what it does.
    let help: String
    /// For a flag, a value it may also take attached with `=`, as
    /// `--warn-coercions=error`; parsed as both the flag and the value.
    var attachedValue: ValueSpec?

    /// The long spelling, which parsed results are keyed by.
    var key: String { names[0] }

    /// The value as help and the manual page show it: ` NAME`, `[=NAME]` for
    /// an attached value, nothing for a flag.
    var valueSuffix: String {
        if let value { return " " + value.name }
        return attachedValue.map { "[=" + $0.name + "]" } ?? ""
    }
}

/// A command line split into positionals, option values and flags.
struct ParsedArguments: Sendable, Equatable {
    /// The positional arguments in order.
    var positionals: [String] = []
    /// Each option's value, keyed by its long spelling: the last one given.
    var values: [String: String] = [:]
    /// Every value given for each option, in order, for options that may
    /// be given more than once, such as `gen --model`.
    var allValues: [String: [String]] = [:]
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
            guard let valueSpec = option.value else {
                if let attached {
                    guard let attachedSpec = option.attachedValue else { throw UsageError(message: "`\(option.key)` takes no value") }
                    try Self.check(attached, against: attachedSpec, for: option.key)
                    result.values[option.key] = attached
                }
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
                throw UsageError(message: "`\(option.key)` needs a value: `\(option.key) \(valueSpec.name)`")
            }
            try Self.check(value, against: valueSpec, for: option.key)
            result.values[option.key] = value
            result.allValues[option.key, default: []].append(value)
        }
        if result.positionals.count < positionals.count {
            throw UsageError(
                message: "`\(name)` needs \(positionals[result.positionals.count].name)",
                usage: usageLine)
        }
        if result.positionals.count > allPositionals.count && repeatedPositional == nil {
            throw UsageError(
                message: "unexpected argument `\(VisibleText.argument(result.positionals[allPositionals.count]))`",
                usage: usageLine)
        }
        for (index, value) in result.positionals.enumerated() {
            guard let valueSpec = index < allPositionals.count ? allPositionals[index] : repeatedPositional else { continue }
            try Self.check(value, against: valueSpec, for: name)
        }
        return result
    }

    /// The most words a usage error lists when a value is not one of them.
    static let listedChoices = 12

    /// The positional arguments, required then optional.
    var allPositionals: [ValueSpec] { positionals + optionalPositionals }

    /// Checks a value against its fixed set of words, if it has one: `user`,
    /// an option or a command, is what the message says takes the value.
    private static func check(_ value: String, against valueSpec: ValueSpec, for user: String) throws(UsageError) {
        guard case .choice(let choices) = valueSpec.kind, !choices.contains(value) else { return }
        // A long list, such as the error codes, is counted rather than shown.
        let listed =
            choices.count > listedChoices
            ? "one of \(choices.count) \(valueSpec.name) values" : choices.map { "`\($0)`" }.joined(separator: ", ")
        throw UsageError(
            message: "`\(user)` takes \(listed), not `\(VisibleText.argument(value))`",
            help: Suggestion.closest(to: value, among: choices).map { "did you mean `\($0)`?" })
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
            message: "`\(name)` has no option `\(VisibleText.argument(spelling))`", help: suggestion.map { "did you mean `\($0)`?" })
    }

    /// `maplang run RULES INPUT [options]`.
    var usageLine: String {
        (["maplang", name] + positionals.map(\.name) + optionalPositionals.map { "[\($0.name)]" }
            + (repeatedPositional.map { ["[\($0.name)...]"] } ?? []) + (options.isEmpty ? [] : ["[options]"]))
            .joined(separator: " ")
    }

    /// The full help text for the subcommand.
    var helpText: String {
        var lines = ["usage: \(usageLine)", "", summary]
        if !options.isEmpty {
            lines += ["", "options:"]
            let spellings = options.map { option in
                option.names.joined(separator: ", ") + option.valueSuffix
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
