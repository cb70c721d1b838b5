@testable import MapLangCLI
import Testing

/// `maplang manpage`: the manual page says what `maplang --help` and
/// `maplang help COMMAND` print, line for line, in well-formed roff.
struct CLIManPageTests {
    /// The page the command prints.
    static let page: String = {
        let (result, _) = CLIHarness.run(["manpage"])
        return result.stdout
    }()

    /// The page's lines as a reader sees them, roff markup taken off.
    static let plain = RoffText.plain(page)

    @Test func printsThePage() {
        let (result, _) = CLIHarness.run(["manpage"])
        CLIHarness.expect(result, stdout: ManualPage(tool: .maplang).text, status: 0)
    }

    @Test func header() {
        let lines = Self.page.split(separator: "\n").map(String.init)
        #expect(lines[1] == #".TH MAPLANG 1 \#(ManualPage.date) "maplang \#(CommandLineTool.version)" "User Commands""#)
        let date = ManualPage.date.split(separator: "-", omittingEmptySubsequences: false)
        #expect(date.map(\.count) == [4, 2, 2] && date.allSatisfy { Int($0) != nil }, "YYYY-MM-DD")
        #expect(Self.plain.contains("maplang - map JSON into models with rules written in MapLang"))
    }

    @Test func sectionsInOrder() {
        let sections = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { $0.dropFirst(4) }
        #expect(
            sections == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO",
            ])
    }

    /// A line that starts with `.` is one of the requests the page uses: any
    /// other would be text that was not escaped.
    @Test func everyRequestIsKnown() {
        let requests: Set = [#".\""#, ".TH", ".SH", ".SS", ".TP", ".PP", ".nf", ".fi", ".nh", ".ad"]
        for line in Self.page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(requests.contains(String(line.prefix { $0 != " " })), "\(line)")
        }
    }

    /// Every hyphen is `\-`, so options print and copy as typed, but in
    /// comments and the header's date; and nothing is beyond ASCII.
    @Test func hyphensAreEscaped() {
        for line in Self.page.split(separator: "\n") where !line.hasPrefix(#".\""#) && !line.hasPrefix(".TH ") {
            let unescaped = zip(line, " " + line).contains { character, previous in character == "-" && previous != "\\" }
            #expect(!unescaped, "\(line)")
            #expect(line.allSatisfy { $0.isASCII }, "\(line)")
        }
        let tags = [#"\fB\-\-error\-format\fR \fIFORMAT\fR"#, #"\fB\-\-model\fR, \fB\-m\fR \fINAME\fR"#]
        for tag in tags {
            #expect(Self.page.split(separator: "\n").contains { $0 == tag }, "\(tag)")
        }
    }

    /// What `maplang help COMMAND` prints for each command: its usage, its
    /// summary, and each option with its help on the line after it.
    @Test(arguments: CommandLineTool.everyCommand.map(\.name))
    func agreesWithTheCommandsHelp(_ name: String) throws {
        let (result, _) = CLIHarness.run(["help", name])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("usage: "))
        #expect(Self.plain.contains(String(lines[0].dropFirst(7))), "usage")
        #expect(Self.plain.contains(lines[2]), "summary")
        let options = lines.drop { $0 != "options:" }.dropFirst().filter { !$0.isEmpty }
        #expect(options.count == (CommandLineTool.everyCommand.first { $0.name == name }?.options.count ?? -1))
        for line in options {
            let (spelling, help) = Self.split(line)
            #expect(Self.follows(help, spelling), "\(line)")
        }
    }

    /// What `maplang --help` prints: each command with its summary, the
    /// general usage, where to find a command's options, and each exit status.
    @Test func agreesWithTheOverview() throws {
        let (result, _) = CLIHarness.run(["--help"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Self.plain.contains(try #require(lines.first { $0.hasPrefix("usage: ") }).dropFirst(7).description))
        #expect(Self.plain.contains(try #require(lines.first { $0.hasPrefix("`maplang help") })))
        let commands = lines.drop { $0 != "commands:" }.dropFirst().prefix { !$0.isEmpty }
        #expect(commands.count == CommandLineTool.commands.count)
        for line in commands {
            let (name, summary) = Self.split(line)
            #expect(Self.follows(summary, name), "\(line)")
        }
        let statusText = lines.drop { !$0.hasPrefix("exit status: ") }.filter { !$0.isEmpty }.joined(separator: " ")
            .dropFirst(13)
        let statuses = statusText.split(separator: ", ").map(String.init)
        #expect(statuses.count == ExitCode.allCases.count)
        for status in statuses {
            let number = String(status.prefix { $0 != " " })
            #expect(Self.follows(String(status.dropFirst(number.count + 1)), number), "\(status)")
        }
    }

    /// `--help` and `--version` are the options in place of a command.
    @Test func toolOptions() {
        #expect(Self.follows("show the overview of the commands", "--help, -h"))
        #expect(Self.follows("print the version", "--version"))
        #expect(Self.plain.contains("maplang --version"))
    }

    /// The REPL's history file and the variable that moves it.
    @Test func environmentAndFiles() {
        #expect(Self.follows("the file `maplang repl` keeps its history in; empty, no history is kept", "MAPLANG_HISTORY"))
        #expect(Self.follows("the history of `maplang repl`, when MAPLANG_HISTORY is not set", "~/.maplang_history"))
    }

    static let help = """
        usage: maplang manpage [options]

        print the manual page in roff, for `man`

        options:
          --markdown  print the command-line reference in Markdown (MapLang's `docs/command-line.md`) instead

        """

    @Test(arguments: [["help", "manpage"], ["manpage", "--help"]])
    func helpText(_ arguments: [String]) {
        let (result, _) = CLIHarness.run(arguments)
        CLIHarness.expect(result, stdout: Self.help, status: 0)
    }

    @Test func helpHelp() {
        let (result, _) = CLIHarness.run(["help", "help"])
        CLIHarness.expect(
            result,
            stdout: "usage: maplang help [COMMAND]\n\nshow the overview of the commands, or COMMAND's usage and options\n",
            status: 0)
    }

    @Test func takesNoArguments() {
        let (result, _) = CLIHarness.run(["manpage", "extra"])
        CLIHarness.expect(
            result, stderr: "maplang: error: unexpected argument `extra`\nusage: maplang manpage [options]\n", status: 64)
    }

    /// A help line split at its first run of two or more spaces: `  --pretty   indent` gives `--pretty`, `indent`.
    static func split(_ line: String) -> (String, String) {
        let text = line.drop { $0 == " " }
        guard let gap = text.firstRange(of: "  ") else { return (String(text), "") }
        return (String(text[..<gap.lowerBound]), String(text[gap.upperBound...].drop { $0 == " " }))
    }

    /// Whether the page has `text` on the line right after `tag`.
    static func follows(_ text: String, _ tag: String) -> Bool {
        zip(plain, plain.dropFirst()).contains { $0 == tag && $1 == text }
    }

    // MARK: - Escaping

    struct EscapeCase: CustomTestStringConvertible, Sendable {
        let text: String
        let roff: String
        var testDescription: String { text }
    }

    static let escapeCases: [EscapeCase] = [
        EscapeCase(text: "--model", roff: #"\-\-model"#),
        EscapeCase(text: #"C:\dir\n"#, roff: #"C:\edir\en"#),
        EscapeCase(text: ".hidden", roff: #"\&.hidden"#),
        EscapeCase(text: "'quoted'", roff: #"\&\(aqquoted\(aq"#),
        EscapeCase(text: "a.b 'c'", roff: #"a.b \(aqc\(aq"#),
        EscapeCase(text: "`code`", roff: #"\(gacode\(ga"#),
        EscapeCase(text: "colour é", roff: #"colour \[u00E9]"#),
        EscapeCase(text: "→ 😀", roff: #"\[u2192] \[u1F600]"#),
        EscapeCase(text: "one\n.two\n'three", roff: "one\n\\&.two\n\\&\\(aqthree"),
        EscapeCase(text: #"\fB"#, roff: #"\efB"#),
        EscapeCase(text: "", roff: ""),
    ]

    @Test(arguments: escapeCases)
    func escapes(_ testCase: EscapeCase) {
        #expect(Roff.escaped(testCase.text) == testCase.roff)
        #expect(RoffText.plain(Roff.escaped(testCase.text)) == testCase.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
}

/// Roff read back as text, for comparing the page with the help the commands print.
enum RoffText {
    /// The text lines of roff: comments and requests without arguments left
    /// out, a request's arguments kept, and font changes and escapes undone.
    static func plain(_ roff: String) -> [String] {
        roff.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            if line.hasPrefix(#".\""#) { return nil }
            guard line.hasPrefix(".") else { return unescaped(String(line)) }
            let arguments = line.drop { $0 != " " }.dropFirst()
            return arguments.isEmpty ? nil : unescaped(String(arguments))
        }
    }

    /// The text with roff's escapes replaced by what they print.
    static func unescaped(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        let escapes = [
            (#"\fB"#, ""), (#"\fI"#, ""), (#"\fR"#, ""), (#"\&"#, ""), (#"\-"#, "-"), (#"\e"#, #"\"#), (#"\(aq"#, "'"),
            (#"\(ga"#, "`"),
        ]
        while let first = rest.first {
            if let (escape, replacement) = escapes.first(where: { rest.hasPrefix($0.0) }) {
                result += replacement
                rest = rest.dropFirst(escape.count)
            } else if rest.hasPrefix(#"\[u"#), let end = rest.firstIndex(of: "]"),
                let value = UInt32(rest[rest.index(rest.startIndex, offsetBy: 3)..<end], radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: end)...]
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return result
    }
}
