/// The fish completion script: one `complete` line for each command, option
/// and positional argument, each with a condition on the command typed and
/// the position of the cursor, and each command and option with its help.
struct FishCompletion {
    /// What to complete.
    let tool: ToolSpec

    /// The script's lines after its header.
    var lines: [String] {
        let name = tool.program
        var lines = Self.functions(name).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = "complete -c \(name) -n __\(name)_needs_command"
        lines += tool.commands.map { "\(first) -a \($0.name.fishQuoted) -d \($0.summary.fishQuoted)" }
        lines += tool.toolOptions.map { "\(first) \(option($0))" }
        for command in tool.commands {
            let at = "complete -c \(name) -n \("__\(name)_at \(command.name)".fishQuoted)"
            lines += command.options.map { "\(at) \(option($0))" }
            let positions = command.allPositionals.enumerated().map { ("\($0.offset)", $0.element) }
                + (command.repeatedPositional.map { [("\(command.allPositionals.count)+", $0)] } ?? [])
            for (position, value) in positions where !offer(value.kind).isEmpty {
                let condition = (["__\(name)_at", command.name, position] + command.valueOptionSpellings)
                    .joined(separator: " ")
                lines.append("complete -c \(name) -n \(condition.fishQuoted) " + offer(value.kind).joined(separator: " "))
            }
        }
        return lines
    }

    /// The functions the conditions call, and the line that stops fish
    /// from offering files where no line below offers them.
    private static func functions(_ name: String) -> String {
        #"""

        # Whether no command has been typed yet.
        function __\#(name)_needs_command
            test (count (commandline -opc)) -eq 1
        end

        # Whether the command typed is $argv[1]; given also a number and the
        # spellings of the options that take a value, whether the cursor is at
        # that positional argument, counting from 0, or past it for N+.
        function __\#(name)_at
            set -l tokens (commandline -opc)
            test (count $tokens) -ge 2; and test $tokens[2] = $argv[1]; or return 1
            set -q argv[2]; or return 0
            set -l values $argv
            set -e values[1..2]
            set -e tokens[1..2]
            set -l position 0
            set -l skip 0
            set -l ended 0
            for token in $tokens
                if test $skip -eq 1
                    set skip 0
                else if test $ended -eq 0; and test $token = --
                    set ended 1
                else if test $ended -eq 0; and contains -- $token $values
                    set skip 1
                else if test $ended -eq 1; or test $token = -; or not string match -q -- '-*' $token
                    set position (math $position + 1)
                end
            end
            if string match -q -- '*+' $argv[2]
                test $position -ge (string trim -r -c + -- $argv[2])
            else
                test $position -eq $argv[2]
            end
        end

        # The `.map` files and the directories; fish's own function offers
        # them first, then every other file.
        function __\#(name)_rules_files
            __fish_complete_suffix .map | string match -r -- '^.*(?:\\.map|/)$'
        end

        complete -c \#(name) -f
        """#
    }

    /// The arguments of `complete` for an option: its spellings, its help and its value.
    private func option(_ option: OptionSpec) -> String {
        let spellings = option.names.map { spelling in
            if spelling.hasPrefix("--") { return "-l " + spelling.dropFirst(2) }
            return (spelling.count == 2 ? "-s " : "-o ") + spelling.dropFirst()
        }
        // `-r`: the option takes a value; `-f`: which is not any file.
        let value = option.value.map { ["-r"] + ($0.kind == .file ? [] : ["-f"]) + offer($0.kind) } ?? []
        return (spellings + value + ["-d", option.help.fishQuoted]).joined(separator: " ")
    }

    /// The arguments of `complete` that offer a value of this kind; none when there is nothing to offer.
    private func offer(_ kind: ValueKind) -> [String] {
        switch kind {
        case .rulesFile: ["-a", "'(__\(tool.program)_rules_files)'"]
        case .file: ["-F"]
        case .choice(let choices): ["-a", choices.joined(separator: " ").fishQuoted]
        case .text: []
        }
    }
}
