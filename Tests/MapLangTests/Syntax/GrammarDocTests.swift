import MapLang
@testable import MapLangCLI
import Testing

/// Every ```maplang block in `grammar.md` and `README.md` compiles, with no
/// diagnostics at all, so the documentation cannot drift from the language.
struct GrammarDocTests {
    /// One fenced block: where it is and what it holds.
    struct Block: CustomTestStringConvertible, Sendable {
        let file: String
        /// The 1-based line of the opening fence.
        let line: Int
        let text: String
        var testDescription: String { "\(file):\(line)" }
    }

    static let documents = ["grammar.md", "README.md"]

    /// The ```maplang blocks of a Markdown file, in order.
    static func blocks(in file: String) -> [Block] {
        guard let text = try? TestFiles.text(TestFiles.packageRoot + "/" + file) else { return [] }
        var blocks: [Block] = []
        var open: (line: Int, lines: [String])?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
            let trimmed = line.trimmingPrefix(while: { $0 == " " })
            if var current = open {
                if trimmed.hasPrefix("```") {
                    blocks.append(Block(file: file, line: current.line, text: current.lines.joined(separator: "\n") + "\n"))
                    open = nil
                } else {
                    current.lines.append(line)
                    open = current
                }
            } else if trimmed == "```maplang" {
                open = (index + 1, [])
            }
        }
        return blocks
    }

    static let allBlocks = documents.flatMap(blocks(in:))

    @Test(arguments: documents)
    func documentHasExamples(_ file: String) {
        #expect(TestFiles.exists(TestFiles.packageRoot + "/" + file), "\(file) is missing")
        #expect(!Self.blocks(in: file).isEmpty, "\(file) has no ```maplang block")
    }

    @Test func grammarHasAnExampleForEachMajorSection() {
        #expect(Self.blocks(in: "grammar.md").count >= 8)
    }

    @Test(arguments: allBlocks)
    func blockCompiles(_ block: Block) {
        let source = SourceFile(name: "\(block.file):\(block.line)", text: block.text)
        do {
            _ = try Rules(source: source)
        } catch {
            Issue.record("does not compile:\n\(DiagnosticRenderer().render(error.diagnostics))\nin:\n\(block.text)")
        }
    }

    /// The README's tour of the command line names every command; every
    /// option is in the generated reference (`CommandReferenceTests`).
    @Test func readmeNamesEveryCommand() throws {
        let readme = try TestFiles.text(TestFiles.packageRoot + "/README.md")
        for spec in CommandLineTool.everyCommand where spec.name != "help" {
            #expect(readme.contains("`maplang \(spec.name)"), "`maplang \(spec.name)` is not in the README")
        }
        #expect(readme.contains("(docs/command-line.md)"))
    }
}
