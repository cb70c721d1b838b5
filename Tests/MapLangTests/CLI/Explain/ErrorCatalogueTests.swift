#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MapLang
import Testing

@testable import MapLangCLI

/// The error catalogue (`Sources/MapLangCLI/Explain/ErrorCatalogue.md`)
/// against the code base: a page for every code the sources can report and
/// none for any other, each page whole, and each example run through the
/// real command line to give its code and no other.
struct ErrorCatalogueTests {
    static let catalogue = ErrorCatalogue.builtIn

    /// The codes the library's sources can report: the string literals of
    /// every `var code: String` (the catalogues of each phase), and every
    /// `code: "…"` argument and `…Code = "…"` constant.
    static func codesInTheSources() throws -> Set<String> {
        var codes: Set<String> = []
        for path in try TestFiles.swiftFiles(under: TestFiles.packageRoot + "/Sources/MapLang") {
            let text = try TestFiles.text(path)
            var rest = text[...]
            while let start = rest.range(of: "var code: String {") {
                var depth = 1
                var index = start.upperBound
                while depth > 0, index < rest.endIndex {
                    if rest[index] == "{" { depth += 1 } else if rest[index] == "}" { depth -= 1 }
                    index = rest.index(after: index)
                }
                codes.formUnion(literals(in: rest[start.upperBound..<index]))
                rest = rest[index...]
            }
            for prefix in ["code: \"", "Code = \""] {
                var search = text[...]
                while let found = search.range(of: prefix) {
                    let tail = search[found.upperBound...]
                    if let end = tail.firstIndex(of: "\"") { codes.insert(String(tail[..<end])) }
                    search = tail
                }
            }
        }
        return codes
    }

    /// The quoted words in a code's `switch`: `"unknown-type"`.
    static func literals(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 && !$0.element.isEmpty && $0.element.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }
            .map { String($0.element) }
    }

    /// Pages keep their text between their first and last lines that are
    /// not blank, as written; a page of blank lines is empty.
    @Test func readsGroupsPagesAndTheirTextExactly() {
        let markdown = "# Title\nintro\n## First group\n### one\n\n \t\nText of one.\n\nMore.\n\t\n"
            + "### two\n \n\n## Second group\n### three\n```\n  code\n```"
        let expected = [
            ErrorCatalogue.Page(code: "one", group: "First group", text: "Text of one.\n\nMore."),
            ErrorCatalogue.Page(code: "two", group: "First group", text: ""),
            ErrorCatalogue.Page(code: "three", group: "Second group", text: "```\n  code\n```"),
        ]
        #expect(ErrorCatalogue(utf8: Array(markdown.utf8)).pages == expected)
        let crlf = markdown.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        #expect(ErrorCatalogue(utf8: Array(crlf.utf8)).pages == expected)
        #expect(ErrorCatalogue(utf8: []).pages == [])
    }

    @Test func everyCodeHasAPageAndEveryPageACode() throws {
        let emitted = try Self.codesInTheSources()
        let documented = Self.catalogue.pages.map(\.code)
        #expect(emitted.count > 100, "the sources' codes were not found")
        #expect(Set(documented).count == documented.count, "a code has two pages")
        #expect(emitted.subtracting(documented).sorted() == [], "codes with no page")
        #expect(Set(documented).subtracting(emitted).sorted() == [], "pages for codes nothing reports")
    }

    /// A page says what the code means, shows an example, and says how to fix it.
    @Test func everyPageIsWhole() {
        for page in Self.catalogue.pages {
            let parts = page.text.components(separatedBy: "**Example**")
            #expect(parts.count == 2, "\(page.code): one **Example**")
            let meaning = parts.first ?? ""
            let hasWords = meaning.contains { !$0.isWhitespace }
            #expect(hasWords, "\(page.code): what it means")
            #expect(page.text.contains("\n**Fix:** "), "\(page.code): how to fix it")
            #expect(page.text.contains("```"), "\(page.code): an example block")
        }
    }

    /// A page's example, as the tests run it.
    struct Example {
        var rules: String?
        var input: (text: String, ndjson: Bool)?
        var command: [String] = []
        var shown: [String] = []

        init(_ page: ErrorCatalogue.Page) {
            var language: String?
            var body: [Substring] = []
            for line in page.text.split(separator: "\n", omittingEmptySubsequences: false) {
                if let open = language {
                    if line.hasPrefix("```") {
                        let text = body.joined(separator: "\n") + "\n"
                        switch open {
                        case "maplang": rules = rules ?? text
                        case "json", "ndjson": input = input ?? (text, open == "ndjson")
                        default: shown.append(open)
                        }
                        language = nil
                    } else {
                        body.append(line)
                    }
                } else if line.hasPrefix("```") {
                    language = String(line.dropFirst(3))
                    body = []
                } else if line.hasPrefix("`maplang "), line.hasSuffix("`") {
                    command = line.dropFirst(9).dropLast().split(separator: " ").map(String.init)
                        .filter { $0 != "RULES" && $0 != "INPUT" }
                }
            }
        }
    }

    /// The codes whose example no rules and input in text can give: bytes
    /// that are not UTF-8 or are UTF-16, an invisible character, limits that
    /// take megabytes or hundreds of levels, a pattern that takes seconds,
    /// a file that cannot be read, what only the library does, and a reject
    /// written to the output rather than reported. Their
    /// pages show a command or a Swift call instead; other tests give each
    /// of these codes.
    static let shownOnly: Set<String> = [
        "bidi-control", "invalid-utf8", "nesting-too-deep", "unreadable-rules", "custom-transformer-name-taken",
        "inheritance-too-deep", "transform-too-deep", "transform-too-long", "json-invalid-utf8", "json-not-utf8",
        "json-number-too-long", "json-string-too-long", "json-too-deep", "pattern-too-costly", "too-many-tests",
        "reject-key-in-record", "flatten-too-deep", "inheritance-too-large", "whole-object-too-deep",
        "problems-not-kept",
    ]

    @Test(arguments: catalogue.pages.map(\.code))
    func theExampleGivesItsCodeAndNoOther(_ code: String) throws {
        let page = try #require(Self.catalogue.page(for: code))
        let example = Example(page)
        guard let rules = example.rules else {
            #expect(Self.shownOnly.contains(code), "\(code): no example rules")
            #expect(!example.shown.isEmpty, "\(code): no example")
            return
        }
        #expect(!Self.shownOnly.contains(code), "\(code): listed as shown only, but has an example to run")
        var files = ["r.map": rules]
        var arguments = example.command.isEmpty ? [example.input == nil ? "check" : "run"] : example.command
        arguments += ["--error-format", "json", "r.map"]
        if let input = example.input {
            files["in.json"] = input.text
            if input.ndjson, !arguments.contains("--ndjson") { arguments.insert("--ndjson", at: 1) }
            arguments.append("in.json")
        }
        let (outcome, _) = CLIHarness.run(arguments, files: files)
        let codes = outcome.stderr.split(separator: "\n").compactMap { line -> String? in
            guard case .object(let object)? = try? JSONReader.parse(Array(line.utf8)),
                case .string(let found)? = object.members.first(where: { $0.key == "code" })?.value
            else { return nil }
            return found
        }
        #expect(!codes.isEmpty && codes.allSatisfy { $0 == code }, "\(code): \(arguments) gave \(outcome)")
    }

    @Test func explainPrintsThePage() throws {
        let page = try #require(Self.catalogue.page(for: "unknown-type"))
        let (outcome, _) = CLIHarness.run(["explain", "unknown-type"])
        CLIHarness.expect(outcome, stdout: "unknown-type (\(page.group))\n\n\(page.text)\n", status: 0)
    }

    @Test func explainWithNoCodeListsEveryCode() {
        let (outcome, _) = CLIHarness.run(["explain"])
        #expect(outcome.status == 0)
        let listed = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
            .map { $0.dropFirst(2).prefix { $0 != " " } }.map(String.init)
        #expect(listed == Self.catalogue.pages.map(\.code))
        #expect(outcome.stdout.hasPrefix("Rules files: syntax:\n"))
    }

    @Test func anUnknownCodeIsAUsageErrorWithASuggestion() {
        let (outcome, _) = CLIHarness.run(["explain", "unknwn-type"])
        CLIHarness.expect(
            outcome,
            stderr: "maplang: error: `explain` takes one of \(Self.catalogue.pages.count) CODE values, not `unknwn-type`\n"
                + "help: did you mean `unknown-type`?\n",
            status: 64)
    }

    @Test func aPageSummaryIsItsFirstSentence() {
        let catalogue = ErrorCatalogue(
            utf8: Array("# t\n\n## Group\n\n### a-code\n\nIt means this. And more.\n\n**Example**\n\n### b-code\nOne line\n".utf8))
        #expect(catalogue.pages.map(\.code) == ["a-code", "b-code"])
        #expect(catalogue.pages.map(\.summary) == ["It means this.", "One line"])
        #expect(catalogue.pages.map(\.group) == ["Group", "Group"])
        #expect(catalogue.pages[0].text == "It means this. And more.\n\n**Example**")
    }
}
