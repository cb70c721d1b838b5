@testable import MapLangCLI
import Testing

/// `docs/command-line.md` is what `maplang manpage --markdown` prints: the
/// same declarations as `--help`, so the two cannot drift apart.
struct CommandReferenceTests {
    /// The first line where two texts differ, with both versions, or `nil`
    /// when they are equal.
    static func firstDifference(expected: String, found: String) -> String? {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let foundLines = found.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, foundLines.count) {
            let want = index < expectedLines.count ? String(expectedLines[index]) : "(no line)"
            let have = index < foundLines.count ? String(foundLines[index]) : "(no line)"
            if want != have {
                return "line \(index + 1): the declarations give\n  \(want)\nthe file has\n  \(have)"
            }
        }
        return nil
    }

    @Test func theFileIsWhatTheDeclarationsGive() throws {
        let file = try TestFiles.text(TestFiles.packageRoot + "/" + CommandReference.path)
        let generated = CommandReference(tool: .maplang).text
        if let difference = Self.firstDifference(expected: generated, found: file) {
            Issue.record(
                "\(CommandReference.path) is out of date at \(difference)\nrun `swift run maplang manpage --markdown > \(CommandReference.path)`")
        }
    }

    /// A deliberate mismatch: one option's help changed in the declarations
    /// is found, at the line of that option.
    @Test func aChangedOptionIsFound() throws {
        let file = try TestFiles.text(TestFiles.packageRoot + "/" + CommandReference.path)
        var commands = CommandLineTool.everyCommand
        let run = try #require(commands.firstIndex { $0.name == "run" })
        var options = commands[run].options
        options[0] = OptionSpec(names: options[0].names, value: options[0].value, help: "a help text no file holds")
        commands[run] = CommandSpec(
            name: "run", summary: commands[run].summary, positionals: commands[run].positionals, options: options,
            optionalPositionals: commands[run].optionalPositionals, repeatedPositional: commands[run].repeatedPositional)
        let changed = ToolSpec(program: "maplang", commands: commands, toolOptions: CommandLineTool.toolOptions)
        let difference = try #require(Self.firstDifference(expected: CommandReference(tool: changed).text, found: file))
        #expect(difference.contains("a help text no file holds"))
        #expect(difference.contains("`" + options[0].key))
    }

    @Test func printedByManpageMarkdown() {
        let (result, _) = CLIHarness.run(["manpage", "--markdown"])
        CLIHarness.expect(result, stdout: CommandReference(tool: .maplang).text, status: 0)
    }

    /// Every command and option, and every exit status, is in the reference,
    /// each command under a heading of its own that the list links to.
    @Test func namesEveryCommandOptionAndStatus() {
        let text = CommandReference(tool: .maplang).text
        for command in CommandLineTool.everyCommand {
            #expect(text.contains("\n## \(command.name)\n"), "\(command.name)")
            #expect(text.contains("- [`\(command.name)`](#\(command.name)): "), "\(command.name)")
            for option in command.options {
                #expect(text.contains("- `\(option.key + option.valueSuffix)`"), "\(command.name) \(option.key)")
                #expect(text.contains(": \(option.help)\n"), "\(command.name) \(option.key)")
            }
        }
        for code in ExitCode.allCases {
            #expect(text.contains("\n| \(code.rawValue) | \(code.meaning) |\n"), "\(code)")
        }
    }
}
