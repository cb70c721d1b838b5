@testable import MapLangCLI
import Testing

/// `maplang completions SHELL`: each shell's script offers exactly what the
/// command specs hold, no more and no less, and a wrong shell is a usage error.
struct CLICompletionTests {
    /// One command in one shell's script.
    struct CommandCase: CustomTestStringConvertible, Sendable {
        let shell: Shell
        let command: String
        var testDescription: String { "\(shell) \(command)" }
    }

    static let commandCases = Shell.allCases.flatMap { shell in
        CommandLineTool.everyCommand.map { CommandCase(shell: shell, command: $0.name) }
    }

    /// The script the command prints for a shell.
    static func script(_ shell: Shell) -> String {
        CLIHarness.run(["completions", shell.rawValue]).outcome.stdout
    }

    @Test(arguments: Shell.allCases)
    func printsTheScript(_ shell: Shell) {
        let (result, _) = CLIHarness.run(["completions", shell.rawValue])
        CLIHarness.expect(result, stdout: shell.completionScript(for: .maplang), status: 0)
        #expect(result.stdout.hasSuffix("\n"))
        #expect(!result.stdout.contains("\t"), "scripts are indented with spaces")
    }

    /// Every command, `help` and `completions` among them, then `--help`, `-h` and `--version`.
    @Test(arguments: Shell.allCases)
    func firstWordsAreTheCommandsAndTheToolOptions(_ shell: Shell) {
        let words = CompletionScriptReader(shell, script: Self.script(shell)).firstWords
        #expect(words == CommandLineTool.everyCommand.map(\.name) + ["--help", "-h", "--version"])
        for name in ["run", "check", "repl", "fmt", "completions", "manpage", "help"] {
            #expect(words.contains(name), "\(name)")
        }
    }

    /// Every spelling of every option of the command, and nothing else.
    @Test(arguments: commandCases)
    func offersEachOption(_ testCase: CommandCase) throws {
        let spec = try #require(CommandLineTool.everyCommand.first { $0.name == testCase.command })
        let reader = CompletionScriptReader(testCase.shell, script: Self.script(testCase.shell))
        #expect(reader.options(of: testCase.command) == spec.options.flatMap(\.names))
    }

    /// Each option's fixed set of values, and none for the others.
    @Test(arguments: commandCases)
    func offersEachOptionsChoices(_ testCase: CommandCase) throws {
        let spec = try #require(CommandLineTool.everyCommand.first { $0.name == testCase.command })
        let reader = CompletionScriptReader(testCase.shell, script: Self.script(testCase.shell))
        for option in spec.options {
            var expected: [String]?
            if case .choice(let choices) = option.value?.kind { expected = choices }
            for spelling in option.names {
                #expect(reader.choices(of: testCase.command, option: spelling) == expected, "\(spelling)")
            }
        }
    }

    /// The two options with choices, written out.
    @Test(arguments: Shell.allCases)
    func errorFormatAndColorChoices(_ shell: Shell) {
        let reader = CompletionScriptReader(shell, script: Self.script(shell))
        #expect(reader.choices(of: "run", option: "--error-format") == ["text", "json"])
        #expect(reader.choices(of: "check", option: "--error-format") == ["text", "json"])
        for command in ["run", "check", "repl", "fmt"] {
            #expect(reader.choices(of: command, option: "--color") == ["auto", "always", "never"], "\(command)")
        }
        #expect(reader.choices(of: "run", option: "--model") == nil)
    }

    /// One positional argument, what a shell's script does for it.
    struct PositionalCase: CustomTestStringConvertible, Sendable {
        let shell: Shell
        let command: String
        let index: Int
        /// The script's line for it, written out.
        let line: String?
        var testDescription: String { "\(shell) \(command) #\(index)" }
    }

    static let positionalCases: [PositionalCase] = [
        PositionalCase(shell: .bash, command: "run", index: 0, line: #"        0) _maplang_files "$cur" '!*.map' ;;"#),
        PositionalCase(shell: .bash, command: "run", index: 1, line: #"        1) _maplang_files "$cur" ;;"#),
        PositionalCase(shell: .bash, command: "run", index: 2, line: nil),
        PositionalCase(shell: .bash, command: "repl", index: 0, line: #"        0) _maplang_files "$cur" '!*.map' ;;"#),
        PositionalCase(
            shell: .bash, command: "completions", index: 0,
            line: #"        0) COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur")) ;;"#),
        PositionalCase(
            shell: .bash, command: "help", index: 0,
            line: #"        0) COMPREPLY=($(compgen -W 'run check test repl fmt gen schema infer explain lsp completions manpage help' -- "$cur")) ;;"#),
        PositionalCase(shell: .bash, command: "manpage", index: 0, line: nil),
        PositionalCase(shell: .bash, command: "test", index: 0, line: nil),
        PositionalCase(shell: .zsh, command: "run", index: 0, line: #"                '1:RULES:_files -g "*.map"' \"#),
        PositionalCase(shell: .zsh, command: "run", index: 1, line: #"                '2:INPUT:_files' \"#),
        PositionalCase(shell: .zsh, command: "repl", index: 0, line: #"                '1::RULES:_files -g "*.map"'"#),
        PositionalCase(shell: .zsh, command: "completions", index: 0, line: "                '1:SHELL:(bash zsh fish)'"),
        PositionalCase(
            shell: .zsh, command: "help", index: 0,
            line: "                '1::COMMAND:(run check test repl fmt gen schema infer explain lsp completions manpage help)'"),
        PositionalCase(
            shell: .fish, command: "run", index: 0,
            line: "complete -c maplang -n '__maplang_at run 0 --model -m --output -o --rejects --jobs -j --record --explain-to --max-errors --color"
                + " --error-format' -a '(__maplang_rules_files)'"),
        PositionalCase(
            shell: .fish, command: "run", index: 1,
            line: "complete -c maplang -n '__maplang_at run 1 --model -m --output -o --rejects --jobs -j --record --explain-to --max-errors --color"
                + " --error-format' -F"),
        PositionalCase(
            shell: .fish, command: "check", index: 0,
            line: "complete -c maplang -n '__maplang_at check 0 --color --error-format' -a '(__maplang_rules_files)'"),
        PositionalCase(
            shell: .fish, command: "completions", index: 0,
            line: "complete -c maplang -n '__maplang_at completions 0' -a 'bash zsh fish'"),
        PositionalCase(
            shell: .fish, command: "help", index: 0,
            line: "complete -c maplang -n '__maplang_at help 0' -a 'run check test repl fmt gen schema infer explain lsp completions manpage help'"),
    ]

    /// `RULES` offers `.map` files, `INPUT` any file, `SHELL` the shells and `COMMAND` the commands.
    @Test(arguments: positionalCases)
    func completesPositionals(_ testCase: PositionalCase) {
        let reader = CompletionScriptReader(testCase.shell, script: Self.script(testCase.shell))
        #expect(reader.positional(of: testCase.command, at: testCase.index) == testCase.line)
    }

    /// `test [PATH...]` offers rules files and folders at every position.
    @Test(arguments: [
        (Shell.bash, #"        *) _maplang_files "$cur" '!*.map' ;;"#),
        (Shell.zsh, #"                '*:PATH:_files -g "*.map"'"#),
        (Shell.fish, "complete -c maplang -n '__maplang_at test 0+ --color --error-format' -a '(__maplang_rules_files)'"),
    ])
    func completesARepeatedPositional(_ shell: Shell, _ line: String) {
        let script = Self.script(shell)
        #expect(script.split(separator: "\n").contains { $0 == line }, "\(line)")
        if shell == .fish {
            #expect(script.contains("\n    if string match -q -- '*+' $argv[2]\n"))
        }
    }

    /// Every positional argument of every command has its line, in every shell, but free text.
    @Test(arguments: commandCases)
    func everyPositionalIsCompleted(_ testCase: CommandCase) throws {
        let spec = try #require(CommandLineTool.everyCommand.first { $0.name == testCase.command })
        let reader = CompletionScriptReader(testCase.shell, script: Self.script(testCase.shell))
        for (index, value) in spec.allPositionals.enumerated() {
            #expect(reader.positional(of: testCase.command, at: index) != nil, "\(value.name)")
        }
        #expect(reader.positional(of: testCase.command, at: spec.allPositionals.count) == nil)
    }

    /// A made-up tool, to show that the scripts follow the specs they are
    /// given, and that quotes, brackets and backslashes in help are escaped.
    static let madeUp = ToolSpec(
        program: "demo",
        commands: [
            CommandSpec(
                name: "go", summary: "it's go: [fast]",
                positionals: [ValueSpec(name: "WHERE", kind: .text), .input],
                options: [
                    OptionSpec(
                        names: ["--flavour", "-f"], value: ValueSpec(name: "F", kind: .choice(["sweet", "sour"])),
                        help: #"it's [odd] \ really"#),
                    OptionSpec(names: ["--rules-too"], value: .rules, help: "more rules"),
                ])
        ],
        toolOptions: [OptionSpec(names: ["--about"], value: nil, help: "say what it is")])

    struct MadeUpCase: CustomTestStringConvertible, Sendable {
        let shell: Shell
        /// Lines the script must hold, written out.
        let lines: [String]
        var testDescription: String { "\(shell)" }
    }

    static let madeUpCases: [MadeUpCase] = [
        MadeUpCase(
            shell: .bash,
            lines: [
                "_demo() {",
                #"        COMPREPLY=($(compgen -W 'go --about' -- "$cur"))"#,
                "    go)",
                #"        --flavour|-f) COMPREPLY=($(compgen -W 'sweet sour' -- "$cur")); return 0 ;;"#,
                #"        --rules-too) _demo_files "$cur" '!*.map'; return 0 ;;"#,
                #"            COMPREPLY=($(compgen -W '--flavour -f --rules-too' -- "$cur"))"#,
                "        case $(_demo_position --flavour -f --rules-too) in",
                "        0) ;;",
                #"        1) _demo_files "$cur" ;;"#,
                "complete -F _demo demo",
            ]),
        MadeUpCase(
            shell: .zsh,
            lines: [
                "#compdef demo",
                #"        'go:it'\''s go: [fast]'"#,
                #"        '(- *)--about[say what it is]' \"#,
                #"                '(--flavour -f)--flavour[it'\''s [odd\] \\ really]:F:(sweet sour)' \"#,
                #"                '(--flavour -f)-f[it'\''s [odd\] \\ really]:F:(sweet sour)' \"#,
                #"                '(--rules-too)--rules-too[more rules]:RULES:_files -g "*.map"' \"#,
                #"                '1:WHERE: ' \"#,
                "                '2:INPUT:_files'",
                "    compdef _demo demo",
            ]),
        MadeUpCase(
            shell: .fish,
            lines: [
                #"complete -c demo -n __demo_needs_command -a 'go' -d 'it\'s go: [fast]'"#,
                "complete -c demo -n __demo_needs_command -l about -d 'say what it is'",
                #"complete -c demo -n '__demo_at go' -l flavour -s f -r -f -a 'sweet sour' -d 'it\'s [odd] \\ really'"#,
                "complete -c demo -n '__demo_at go' -l rules-too -r -f -a '(__demo_rules_files)' -d 'more rules'",
                "complete -c demo -n '__demo_at go 1 --flavour -f --rules-too' -F",
            ]),
    ]

    @Test(arguments: madeUpCases)
    func followsTheSpecsItIsGiven(_ testCase: MadeUpCase) {
        let script = testCase.shell.completionScript(for: Self.madeUp)
        let lines = Set(script.split(separator: "\n").map(String.init))
        for line in testCase.lines {
            let present = lines.contains(line)
            #expect(present, "\(line)")
        }
        #expect(!script.contains("maplang"), "the program's name comes from the spec")
        let reader = CompletionScriptReader(testCase.shell, script: script, program: "demo")
        #expect(reader.firstWords == ["go", "--about"])
        #expect(reader.options(of: "go") == ["--flavour", "-f", "--rules-too"])
        #expect(reader.choices(of: "go", option: "-f") == ["sweet", "sour"])
    }

    // MARK: - The command line

    struct UsageCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let stderr: String
        var testDescription: String { "maplang " + arguments.joined(separator: " ") }
    }

    static let usage = "usage: maplang completions SHELL\n"

    static let usageCases: [UsageCase] = [
        UsageCase(
            arguments: ["completions", "tcsh"],
            stderr: "maplang: error: `completions` takes `bash`, `zsh`, `fish`, not `tcsh`\n" + usage),
        UsageCase(
            arguments: ["completions", "bsh"],
            stderr: "maplang: error: `completions` takes `bash`, `zsh`, `fish`, not `bsh`\nhelp: did you mean `bash`?\n"),
        UsageCase(
            arguments: ["completions", "Fish"],
            stderr: "maplang: error: `completions` takes `bash`, `zsh`, `fish`, not `Fish`\nhelp: did you mean `fish`?\n"),
        UsageCase(arguments: ["completions"], stderr: "maplang: error: `completions` needs SHELL\n" + usage),
        UsageCase(arguments: ["completions", "bash", "zsh"], stderr: "maplang: error: unexpected argument `zsh`\n" + usage),
        UsageCase(
            arguments: ["completions", "bash", "--pretty"],
            stderr: "maplang: error: `completions` has no option `--pretty`\n" + usage),
        UsageCase(
            arguments: ["completion", "bash"],
            stderr: "maplang: error: unknown command `completion`\nhelp: did you mean `completions`?\n"),
    ]

    /// A wrong shell is a usage error with status 64, like any wrong argument.
    @Test(arguments: usageCases)
    func usageErrors(_ testCase: UsageCase) {
        let (result, _) = CLIHarness.run(testCase.arguments)
        CLIHarness.expect(result, stderr: testCase.stderr, status: 64)
    }

    static let help = """
        usage: maplang completions SHELL

        print the completion script for SHELL, one of `bash`, `zsh`, `fish`

        """

    @Test(arguments: [["help", "completions"], ["completions", "--help"], ["completions", "-h"]])
    func helpText(_ arguments: [String]) {
        let (result, _) = CLIHarness.run(arguments)
        CLIHarness.expect(result, stdout: Self.help, status: 0)
    }
}
