/// The `//` comments written on their own lines directly above a
/// declaration, which become the doc comment of what is generated from it.
struct DocComments {
    /// Each file's own-line comments by 0-based line.
    private let byLine: [String: [Int: String]]
    /// The files, by name.
    private let sources: [String: SourceFile]

    /// Collects the comments of every file of some rules.
    init(units: [RulesUnit]) {
        var byLine: [String: [Int: String]] = [:]
        var sources: [String: SourceFile] = [:]
        for unit in units {
            let source = unit.source
            sources[source.name] = source
            var lines: [Int: String] = [:]
            for comment in unit.file.comments {
                let line = source.lineIndex(of: comment.span.start)
                // Only a comment with nothing but white space before it on its line.
                let start = source.lineRange(at: line).lowerBound
                guard start <= comment.span.start,
                    source.bytes[start..<comment.span.start].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
                else { continue }
                lines[line] = comment.text
            }
            byLine[source.name] = lines
        }
        self.byLine = byLine
        self.sources = sources
    }

    /// The text of the comments directly above the declaration starting at
    /// an offset of a file, one line each, without `//` and one space after it.
    func above(offset: Int, in file: String) -> [String] {
        guard let source = sources[file] else { return [] }
        return above(line: source.lineIndex(of: offset), in: file)
    }

    /// The text of the comments directly above a 1-based line of a file.
    func above(site: RuleSite) -> [String] {
        above(line: site.location.line - 1, in: site.file)
    }

    private func above(line: Int, in file: String) -> [String] {
        guard let lines = byLine[file] else { return [] }
        var texts: [String] = []
        var index = line - 1
        while index >= 0, let text = lines[index] {
            texts.append(text.hasPrefix(" ") ? String(text.dropFirst()) : text)
            index -= 1
        }
        return texts.reversed()
    }
}
