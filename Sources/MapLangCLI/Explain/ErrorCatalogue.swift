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
                text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !ErrorCatalogue.isBlank($0.utf8) }
                    .joined(separator: " "))
            var index = 0
            while index + 1 < paragraph.count, !(paragraph[index] == "." && paragraph[index + 1] == " ") { index += 1 }
            return String(paragraph[...min(index, paragraph.count - 1)])
        }
    }

    /// The pages in the catalogue's order.
    let pages: [Page]

    /// Reads the catalogue's Markdown, given as UTF-8.
    ///
    /// Every run of the tool reads it (`explain` completes and checks its
    /// codes), so it is read as bytes, with no string made of the whole,
    /// and each page's text is taken from the Markdown in one piece:
    /// reading it as characters and joining lines took most of a run's
    /// start-up time.
    init(utf8 markdown: [UInt8]) {
        guard markdown.contains(UInt8(ascii: "\r")) else {
            pages = markdown.withUnsafeBufferPointer { Self.pages(in: $0) }
            return
        }
        // Windows line breaks, as a checkout may give the file, read as `\n`.
        var text = String(decoding: markdown, as: UTF8.self).replacing("\r\n", with: "\n")
        pages = text.withUTF8 { Self.pages(in: $0) }
    }

    /// The pages of the catalogue's Markdown, given as UTF-8.
    private static func pages(in bytes: UnsafeBufferPointer<UInt8>) -> [Page] {
        var pages: [Page] = []
        var group = ""
        var code: String?
        // The current page's lines that are not blank: where the first starts and the last ends.
        var content: Range<Int>?
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        func close() {
            guard let code else { return }
            pages.append(Page(code: code, group: group, text: content.map(text) ?? ""))
        }
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            // Only a line that starts with `#` is compared with the headings' marks.
            let mayBeHeading = line.first == UInt8(ascii: "#")
            if mayBeHeading, line.starts(with: "### ".utf8) {
                close()
                code = text(start + 4..<end)
                content = nil
            } else if mayBeHeading, line.starts(with: "## ".utf8) {
                close()
                code = nil
                group = text(start + 3..<end)
            } else if code != nil, !Self.isBlank(line) {
                content = (content?.lowerBound ?? start)..<end
            }
            start = end + 1
        }
        close()
        return pages
    }

    /// Whether a line, given as UTF-8, holds nothing but spaces and tabs.
    static func isBlank(_ line: some Sequence<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// The catalogue built into the tool.
    static let builtIn = ErrorCatalogue(utf8: PackageResources.ErrorCatalogue_md)

    /// The page of a code, if the catalogue has one.
    func page(for code: String) -> Page? {
        pages.first { $0.code == code }
    }
}
