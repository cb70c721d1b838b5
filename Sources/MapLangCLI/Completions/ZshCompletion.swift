/// The zsh completion script, `_PROGRAM`: `_arguments` specs for the
/// command, then for each command's options and positional arguments, with
/// each one's help as its description. Autoloaded from `fpath` it completes;
/// sourced, it registers itself with `compdef`.
struct ZshCompletion {
    /// What to complete.
    let tool: ToolSpec

    /// The script's lines after its header.
    var lines: [String] {
        let name = tool.program
        var lines = ["", "_\(name)() {", "    local curcontext=$curcontext state line", "    local -a commands", "    commands=("]
        lines += tool.commands.map { "        " + ($0.name.backslashEscaping(":") + ":" + $0.summary).posixQuoted }
        lines += ["    )", "    _arguments -C \\"]
        lines += tool.toolOptions.flatMap { Self.specs(for: $0, exclusions: "- *") }.map { "        \($0) \\" }
        lines += Self.dispatch(name).split(separator: "\n").map(String.init)
        for command in tool.commands {
            let specs = command.options.flatMap { Self.specs(for: $0, exclusions: $0.names.joined(separator: " ")) }
                + command.allPositionals.enumerated().map { index, value in
                    Self.spec(position: "\(index + 1)", required: index < command.positionals.count, value)
                } + (command.repeatedPositional.map { [Self.spec(position: "*", required: true, $0)] } ?? [])
            guard !specs.isEmpty else { continue }
            lines += ["        \(command.name))", "            _arguments \\"]
            lines += specs.enumerated().map { "                \($0.element)" + ($0.offset < specs.count - 1 ? " \\" : "") }
            lines.append("            ;;")
        }
        return lines + Self.ending(name).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The end of the first `_arguments`, which leaves the command or its
    /// arguments as the state, and the start of the `case` on the command.
    private static func dispatch(_ name: String) -> String {
        #"""
                '1: :->command' \
                '*:: :->argument' && return 0
            case $state in
            command)
                _describe -t commands '\#(name) command' commands
                ;;
            argument)
                curcontext=${curcontext%:*:*}:\#(name)-$words[1]:
                case $words[1] in
        """#
    }

    /// The end of the function, and the lines that complete when the file
    /// is autoloaded, or register the function when it is sourced.
    private static func ending(_ name: String) -> String {
        #"""
                esac
                ;;
            esac
        }

        if [[ $funcstack[1] == _\#(name) ]]; then
            _\#(name) "$@"
        else
            compdef _\#(name) \#(name)
        fi
        """#
    }

    /// One quoted `_arguments` spec for each spelling of an option: the
    /// spellings it excludes, the spelling, its help, and its value.
    private static func specs(for option: OptionSpec, exclusions: String) -> [String] {
        let value = option.value.map { ":" + $0.name.backslashEscaping(":") + ":" + action(for: $0.kind) } ?? ""
        return option.names.map { "(\(exclusions))\($0)[\(option.help.backslashEscaping("]"))]\(value)".posixQuoted }
    }

    /// The quoted `_arguments` spec of a positional argument: at a
    /// position from 1, or `*` for any number after the others.
    private static func spec(position: String, required: Bool, _ value: ValueSpec) -> String {
        "\(position)\(required ? ":" : "::")\(value.name.backslashEscaping(":")):\(action(for: value.kind))".posixQuoted
    }

    /// What `_arguments` does for a value of this kind.
    private static func action(for kind: ValueKind) -> String {
        switch kind {
        case .rulesFile: #"_files -g "*.map""#
        case .file: "_files"
        case .choice(let choices): "(" + choices.joined(separator: " ") + ")"
        case .text: " "
        }
    }
}
