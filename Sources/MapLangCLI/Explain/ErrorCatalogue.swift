/// The pages of `ErrorCatalogue.md`, one per error code, which
/// `maplang explain` prints.
///
/// The catalogue is one Markdown file built into the tool: `##` headings
/// name the groups (rules syntax, rules meaning, tests, mapping, input), and each
/// `###` heading is a code, followed by its page: what it means, a minimal
/// example that gives it, and how to fix it.
struct ErrorCatalogue {
    /// One code's page.
    struct Page: Equatable {
        /// The code, such as `unknown-type`.
        let code: String
        /// The group's title, such as `Rules files: syntax`.
        let group: String
        /// The page's text after its heading, without blank lines at either end.
        let text: String

        /// The page's first sentence: what the code means, in a line.
        var summary: String {
            let paragraph = Array(
                text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !ErrorCatalogue.isBlank($0) }
                    .joined(separator: " "))
            var index = 0
            while index + 1 < paragraph.count, !(paragraph[index] == "." && paragraph[index + 1] == " ") { index += 1 }
            return String(paragraph[...min(index, paragraph.count - 1)])
        }
    }

    /// The pages in the catalogue's order.
    let pages: [Page]

    /// Reads the catalogue's Markdown.
    ///
    /// Every run of the tool reads it (`explain` completes and checks its
    /// codes), so it is read as bytes, and each page's text is taken from
    /// the Markdown in one piece: reading it as characters and joining
    /// lines took most of a run's start-up time.
    init(markdown: String) {
        var pages: [Page] = []
        var group = ""
        var code: String?
        // The current page's lines that are not blank: where the first starts and the last ends.
        var content: Range<String.Index>?
        func close() {
            guard let code else { return }
            pages.append(Page(code: code, group: group, text: content.map { String(markdown[$0]) } ?? ""))
        }
        let utf8 = markdown.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let line = markdown[start..<end]
            start = end == utf8.endIndex ? end : utf8.index(after: end)
            if line.hasPrefix("### ") {
                close()
                code = String(line.dropFirst(4))
                content = nil
            } else if line.hasPrefix("## ") {
                close()
                code = nil
                group = String(line.dropFirst(3))
            } else if code != nil, !Self.isBlank(line) {
                content = (content?.lowerBound ?? line.startIndex)..<line.endIndex
            }
        }
        close()
        self.pages = pages
    }

    /// Whether a line holds nothing but spaces and tabs.
    static func isBlank(_ line: Substring) -> Bool {
        line.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// The catalogue built into the tool.
    static let builtIn = ErrorCatalogue(markdown: String(decoding: PackageResources.ErrorCatalogue_md, as: UTF8.self))

    /// The page of a code, if the catalogue has one.
    func page(for code: String) -> Page? {
        pages.first { $0.code == code }
    }
}
