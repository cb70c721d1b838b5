import MapLangCLI
import Testing

/// `maplang fmt RULES [-w|--write] [--check]`.
struct FormatterCLITests {
    /// Rules that are not in canonical layout.
    static let messy = "root Issue\nmodel Issue{ // the issue\n  title :String where nonEmpty from name\n}"

    /// `messy`, formatted.
    static let tidy = """
        root Issue

        model Issue { // the issue
          title: String from name where nonEmpty
        }

        """

    @Test func printsTheFormattedText() {
        let (result, console) = CLIHarness.run(["fmt", "issue.map"], files: ["issue.map": Self.messy])
        CLIHarness.expect(result, stdout: Self.tidy, status: 0)
        #expect(console.written.isEmpty)
    }

    @Test func checkFailsWhenTheFileWouldChange() {
        let (result, console) = CLIHarness.run(["fmt", "--check", "issue.map"], files: ["issue.map": Self.messy])
        CLIHarness.expect(result, stderr: "issue.map: would be reformatted\n", status: 1)
        #expect(console.written.isEmpty)
    }

    @Test func checkPassesWhenTheFileIsFormatted() {
        let (result, _) = CLIHarness.run(["fmt", "--check", "issue.map"], files: ["issue.map": Self.tidy])
        CLIHarness.expect(result, status: 0)
    }

    @Test func writeReplacesTheFile() {
        let (result, console) = CLIHarness.run(["fmt", "-w", "issue.map"], files: ["issue.map": Self.messy])
        CLIHarness.expect(result, status: 0)
        #expect(console.written["issue.map"].map { String(decoding: $0, as: UTF8.self) } == Self.tidy)
        #expect(console.abandoned.isEmpty)
    }

    /// A file whose lines end with `\r\n` keeps them: every line the
    /// formatter writes ends so, none with a line feed alone.
    @Test func writeKeepsALineEndingOfCarriageReturnAndLineFeed() {
        let crlf = { (text: String) in text.replacingOccurrences(of: "\n", with: "\r\n") }
        let (result, console) = CLIHarness.run(["fmt", "-w", "issue.map"], files: ["issue.map": crlf(Self.messy)])
        CLIHarness.expect(result, status: 0)
        #expect(console.written["issue.map"].map { String(decoding: $0, as: UTF8.self) } == crlf(Self.tidy))
        let (checked, _) = CLIHarness.run(["fmt", "--check", "issue.map"], files: ["issue.map": crlf(Self.tidy)])
        CLIHarness.expect(checked, status: 0)
        // The first line decides: a file of line feeds stays so.
        let (plain, _) = CLIHarness.run(["fmt", "issue.map"], files: ["issue.map": Self.messy + "\r\n"])
        CLIHarness.expect(plain, stdout: Self.tidy, status: 0)
    }

    /// A file already formatted is left alone, not rewritten.
    @Test func writeLeavesAFormattedFileAlone() {
        let (result, console) = CLIHarness.run(["fmt", "--write", "issue.map"], files: ["issue.map": Self.tidy])
        CLIHarness.expect(result, status: 0)
        #expect(console.written.isEmpty)
    }

    /// Every shipped example is already in canonical layout: `fmt --check` passes.
    @Test func everyExampleIsCanonical() throws {
        let examples = TestFiles.packageRoot + "/examples"
        for name in try TestFiles.list(examples) where TestFiles.exists("\(examples)/\(name)/\(name).map") {
            let (checked, _) = CLIHarness.run(["fmt", "--check", "\(examples)/\(name)/\(name).map"])
            #expect(checked.status == 0, "\(name): \(checked.stderr)")
        }
    }

    /// Every example formats without errors, and `-w` writes exactly what `fmt` prints.
    @Test func everyExampleFormats() throws {
        let examples = TestFiles.packageRoot + "/examples"
        for name in try TestFiles.list(examples) where TestFiles.exists("\(examples)/\(name)/\(name).map") {
            let path = "\(examples)/\(name)/\(name).map"
            let (printed, _) = CLIHarness.run(["fmt", path])
            #expect(printed.status == 0, "\(name)")
            #expect(printed.stderr == "", "\(name)")
            let (written, console) = CLIHarness.run(["fmt", "-w", path])
            #expect(written.status == 0, "\(name)")
            let original = try TestFiles.text(path)
            let expected = printed.stdout == original ? nil : printed.stdout
            #expect(console.written[path].map { String(decoding: $0, as: UTF8.self) } == expected, "\(name)")
        }
    }

    @Test func syntaxErrorsAreReportedAndNothingIsFormatted() {
        let (result, console) = CLIHarness.run(
            ["fmt", "-w", "bad.map"], files: ["bad.map": "model A {\n  x Int\n}\n"])
        CLIHarness.expect(
            result,
            stderr: """
                bad.map:2:4: error[expected-token]: expected `:` after the field name `x`, found identifier `Int`
                  |
                2 |   x Int
                  |    ^

                1 error

                """, status: 65)
        #expect(console.written.isEmpty)
    }

    /// Checker errors such as an unknown type do not stop formatting.
    @Test func checkerErrorsDoNotStopFormatting() {
        let (result, _) = CLIHarness.run(["fmt", "a.map"], files: ["a.map": "model A { x: Strin }"])
        CLIHarness.expect(result, stdout: "model A {\n  x: Strin\n}\n", status: 0)
    }

    @Test func unreadableFile() {
        let (result, _) = CLIHarness.run(["fmt", "missing.map"])
        CLIHarness.expect(
            result, stderr: "maplang: error: cannot read `missing.map`: No such file or directory\n", status: 66)
    }

    @Test func writeAndCheckTogetherAreAUsageError() {
        let (result, _) = CLIHarness.run(["fmt", "-w", "--check", "issue.map"], files: ["issue.map": Self.messy])
        CLIHarness.expect(result, stderr: "maplang: error: `--write` cannot be used with `--check`\n", status: 64)
    }

    @Test func writingStandardInputIsAUsageError() {
        let (result, _) = CLIHarness.run(["fmt", "-w", "-"], stdin: Self.messy)
        CLIHarness.expect(result, stderr: "maplang: error: `--write` needs a file, not standard input\n", status: 64)
    }

    @Test func formatsStandardInput() {
        let (result, _) = CLIHarness.run(["fmt", "-"], stdin: Self.messy)
        CLIHarness.expect(result, stdout: Self.tidy, status: 0)
    }

    /// The formatted text is parsed again before anything is written. An enum
    /// case named `from` right after a case without inputs parses only while
    /// the `default` stands between them; moving `default` last would make
    /// `a from default…`, so the file is refused and left as it is.
    @Test func outputThatWouldNotParseBackIsRefused() {
        let rules = "enum E {\n  a\n  default a\n  from\n}\n"
        let (result, console) = CLIHarness.run(["fmt", "-w", "e.map"], files: ["e.map": rules])
        CLIHarness.expect(
            result,
            stderr: "maplang: error: internal error: formatting `e.map` would change its meaning; "
                + "the file is left as it is\n",
            status: 70)
        #expect(console.written.isEmpty)
    }

    @Test func missingFileArgument() {
        let (result, _) = CLIHarness.run(["fmt"])
        CLIHarness.expect(
            result, stderr: "maplang: error: `fmt` needs RULES\nusage: maplang fmt RULES [options]\n", status: 64)
    }

    @Test func help() {
        let (result, _) = CLIHarness.run(["fmt", "--help"])
        CLIHarness.expect(
            result,
            stdout: """
                usage: maplang fmt RULES [options]

                print a rules file in its canonical layout, keeping its comments

                options:
                  --write, -w   replace the file with its formatted text instead of printing it
                  --check       print nothing; exit with 1 when the file is not formatted, 0 when it is
                  --color WHEN  colour diagnostics: `auto` (when standard error is a terminal), `always` or `never`

                """, status: 0)
    }
}
