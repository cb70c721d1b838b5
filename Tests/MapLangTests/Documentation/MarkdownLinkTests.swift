#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

/// Every relative link in the package's Markdown files leads to a file or
/// folder that is there, and a link's `#fragment` into a Markdown file to
/// one of its headings, as GitHub names them.
struct MarkdownLinkTests {
    /// A link as written: the file it is in, its line and its target.
    struct Link: CustomTestStringConvertible, Sendable {
        let file: String
        let line: Int
        let target: String
        var testDescription: String { "\(file):\(line) \(target)" }
    }

    /// The package's Markdown files, relative to its root: build output,
    /// hidden folders and fuzzing output left out.
    static let files: [String] = {
        let skipped = ["fuzz-out"]
        return (FileManager.default.subpaths(atPath: TestFiles.packageRoot) ?? []).filter { path in
            let parts = path.split(separator: "/")
            return path.hasSuffix(".md") && !parts.contains { $0.hasPrefix(".") || skipped.contains(String($0)) }
        }.sorted()
    }()

    /// The links of one Markdown text: inline `[text](target)` and
    /// reference definitions `[name]: target`, outside code blocks and
    /// code spans.
    static func links(in text: String, file: String) -> [Link] {
        var links: [Link] = []
        var fenced = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingPrefix(while: { $0 == " " }).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced else { continue }
            let prose = withoutCodeSpans(String(line))
            var targets = prose.matches(of: /\]\(([^()\s]+)(?:\s+"[^"]*")?\)/).map { String($0.output.1) }
            if let definition = prose.firstMatch(of: /^\s*\[[^\]]+\]:\s+(\S+)/) {
                targets.append(String(definition.output.1))
            }
            links += targets.map { Link(file: file, line: index + 1, target: $0) }
        }
        return links
    }

    /// A line with its code spans (`` `…` ``) taken out.
    static func withoutCodeSpans(_ line: String) -> String {
        line.replacing(/`[^`]*`/, with: "")
    }

    /// Whether a target leaves the package: a URL with a scheme, or a mail address.
    static func isExternal(_ target: String) -> Bool {
        target.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.-]*:/) != nil || target.hasPrefix("//")
    }

    /// The anchors GitHub gives a Markdown text's headings: lower case,
    /// punctuation but `-` and `_` dropped, spaces as `-`, and `-1`, `-2`…
    /// after a repeated one.
    static func anchors(of text: String) -> Set<String> {
        var anchors: Set<String> = []
        var fenced = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, let heading = line.firstMatch(of: /^#{1,6}\s+(.*)$/) else { continue }
            let words = heading.output.1.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            let anchor = words.replacing(" ", with: "-")
            var unique = anchor
            var count = 0
            while anchors.contains(unique) {
                count += 1
                unique = anchor + "-\(count)"
            }
            anchors.insert(unique)
        }
        return anchors
    }

    /// Every relative link of every Markdown file.
    static let relativeLinks: [Link] = files.flatMap { file in
        let text = (try? TestFiles.text(TestFiles.packageRoot + "/" + file)) ?? ""
        return links(in: text, file: file).filter { !isExternal($0.target) }
    }

    @Test func theFilesAreFound() {
        for file in ["README.md", "DEVELOPING.md", "grammar.md", "Benchmarks/RESULTS.md", "docs/command-line.md"] {
            #expect(Self.files.contains(file), "\(file)")
        }
        #expect(Self.relativeLinks.count >= 20)
    }

    @Test(arguments: relativeLinks)
    func resolves(_ link: Link) throws {
        let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let folder = link.file.split(separator: "/").dropLast().joined(separator: "/")
        let relative = path.isEmpty ? link.file : (folder.isEmpty ? path : folder + "/" + path)
        let full = TestFiles.packageRoot + "/" + relative
        #expect(FileManager.default.fileExists(atPath: full), "\(link.file):\(link.line): \(link.target) leads nowhere")
        guard parts.count == 2, full.hasSuffix(".md"), FileManager.default.fileExists(atPath: full) else { return }
        let anchors = Self.anchors(of: try TestFiles.text(full))
        #expect(anchors.contains(String(parts[1])), "\(link.file):\(link.line): \(link.target): no such heading")
    }

    /// The checks themselves: a missing file, a missing heading, and what
    /// is not a link are told apart.
    @Test func findsWhatIsBroken() {
        let text = """
            See [the reference](docs/nowhere.md) and [`grammar.md`](grammar.md#2-grammar).
            `[not](a-link.md)` and
            ```
            [not](either.md)
            ```
            [site]: https://example.com
            [local]: DEVELOPING.md
            """
        let found = Self.links(in: text, file: "README.md").map(\.target)
        #expect(found == ["docs/nowhere.md", "grammar.md#2-grammar", "https://example.com", "DEVELOPING.md"])
        #expect(Self.isExternal("https://example.com") && !Self.isExternal("docs/a.md"))
        #expect(Self.anchors(of: "# A `b`: c\n## 2. Grammar\n## 2. Grammar\n") == ["a-b-c", "2-grammar", "2-grammar-1"])
    }
}
