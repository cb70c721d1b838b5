@testable import MapLangCLI

/// Reads back, from a completion script's text, what it offers: the first
/// words, each command's options, an option's choices and what a positional
/// argument completes to. Each shell's script is read by its own layout, so
/// a test can compare what a script offers with the specs, in both directions.
struct CompletionScriptReader {
    /// The shell whose layout the script has.
    let shell: Shell
    /// The script's lines.
    let lines: [String]
    /// The program the script completes.
    let program: String

    init(_ shell: Shell, script: String, program: String = "maplang") {
        self.shell = shell
        self.lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        self.program = program
    }

    /// The words offered where the command goes: command names and the tool's option spellings.
    var firstWords: [String] {
        switch shell {
        case .bash:
            let index = lines.firstIndex(of: "    if (( COMP_CWORD == 1 )); then")
            return index.map { Self.compgenWords(lines[$0 + 1]) } ?? []
        case .zsh:
            let start = (lines.firstIndex(of: "    commands=(") ?? lines.endIndex) + 1
            let names = lines[start...].prefix { $0 != "    )" }.map { Self.unquoted($0).prefix { $0 != ":" } }
            let options = lines.filter { $0.hasPrefix("        '(- *)") }.map { Self.zshSpelling($0) }
            return names.map(String.init) + options
        case .fish:
            let tokens = lines.filter { $0.hasPrefix("complete -c \(program) -n __\(program)_needs_command ") }
                .map(Self.fishTokens)
            return tokens.compactMap { Self.value(after: "-a", in: $0) } + tokens.flatMap(Self.fishSpellings)
        }
    }

    /// The option spellings offered for a command.
    func options(of command: String) -> [String] {
        switch shell {
        case .bash:
            let arm = bashArm(command)
            let index = arm.firstIndex(of: "        if [[ $cur == -* ]]; then")
            return index.map { Self.compgenWords(arm[$0 + 1]) } ?? []
        case .zsh:
            return zshArm(command).filter { $0.hasPrefix("                '(") }.map { Self.zshSpelling($0) }
        case .fish:
            return fishLines(command).flatMap(Self.fishSpellings)
        }
    }

    /// The words offered for the value of the option with this spelling, or
    /// `nil` when the script offers no fixed set.
    func choices(of command: String, option spelling: String) -> [String]? {
        switch shell {
        case .bash:
            let line = bashArm(command).first { line in
                line.hasPrefix("        --") && line.prefix { $0 != ")" }.dropFirst(8).split(separator: "|")
                    .contains { $0 == spelling }
            }
            return line.flatMap { $0.contains("compgen -W") ? Self.compgenWords($0) : nil }
        case .zsh:
            let line = zshArm(command).first { $0.hasPrefix("                '(") && Self.zshSpelling($0) == spelling }
            guard let line, line.hasSuffix(")'") || line.hasSuffix(")' \\") else { return nil }
            let list = line.split(separator: ":").last.map { $0.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" } }
            return list.map { $0.split(separator: " ").map(String.init) }
        case .fish:
            let line = fishLines(command).first { Self.fishSpellings($0).contains(spelling) }
            return line.flatMap { Self.value(after: "-a", in: $0) }.map { $0.split(separator: " ").map(String.init) }
        }
    }

    /// The shell code that completes the positional argument at `index`, counting from 0;
    /// `nil` when the script has none for it.
    func positional(of command: String, at index: Int) -> String? {
        switch shell {
        case .bash:
            return bashArm(command).first { $0.hasPrefix("        \(index)) ") }
        case .zsh:
            return zshArm(command).first { $0.hasPrefix("                '\(index + 1):") }
        case .fish:
            return lines.first { $0.hasPrefix("complete -c \(program) -n '__\(program)_at \(command) \(index) ") }
                ?? lines.first { $0.hasPrefix("complete -c \(program) -n '__\(program)_at \(command) \(index)' ") }
        }
    }

    // MARK: - Each shell's layout

    /// The lines of the bash `case` arm for a command.
    private func bashArm(_ command: String) -> ArraySlice<String> {
        arm(from: "    \(command))", to: "        ;;")
    }

    /// The lines of the zsh `case` arm for a command.
    private func zshArm(_ command: String) -> ArraySlice<String> {
        arm(from: "        \(command))", to: "            ;;")
    }

    /// The lines after `start` up to `end`; none when there is no `start`.
    private func arm(from start: String, to end: String) -> ArraySlice<String> {
        guard let first = lines.firstIndex(of: start) else { return [] }
        return lines[(first + 1)...].prefix { $0 != end }
    }

    /// The fish `complete` lines, as tokens, for a command's options.
    private func fishLines(_ command: String) -> [[String]] {
        lines.filter { $0.hasPrefix("complete -c \(program) -n '__\(program)_at \(command)' ") }.map(Self.fishTokens)
    }

    /// The words of `compgen -W '…'` in a bash line.
    private static func compgenWords(_ line: String) -> [String] {
        guard let start = line.range(of: "compgen -W '") else { return [] }
        return line[start.upperBound...].prefix { $0 != "'" }.split(separator: " ").map(String.init)
    }

    /// The option spelling of a zsh `_arguments` spec: `'(--model -m)-m[…]…'` gives `-m`.
    private static func zshSpelling(_ line: String) -> String {
        String(line.drop { $0 != ")" }.dropFirst().prefix { $0 != "[" })
    }

    /// The text between a line's first pair of single quotes.
    private static func unquoted(_ line: String) -> Substring {
        line.drop { $0 != "'" }.dropFirst().prefix { $0 != "'" }
    }

    /// A fish line split into words, single-quoted words unquoted.
    private static func fishTokens(_ line: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "'" {
                quoted.toggle()
            } else if character == " " && !quoted {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// The word after a flag such as `-a`, if the flag is there.
    private static func value(after flag: String, in tokens: [String]) -> String? {
        tokens.firstIndex(of: flag).flatMap { $0 + 1 < tokens.count ? tokens[$0 + 1] : nil }
    }

    /// The option spellings of a fish `complete` line: `-l model -s m` gives `--model` and `-m`.
    private static func fishSpellings(_ tokens: [String]) -> [String] {
        zip(tokens, tokens.dropFirst()).compactMap { flag, name in
            switch flag {
            case "-l": "--" + name
            case "-s", "-o": "-" + name
            default: nil
            }
        }
    }
}
