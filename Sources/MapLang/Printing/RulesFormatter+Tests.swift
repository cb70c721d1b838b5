/// The canonical text of test blocks' clauses.
extension RulesFormatter {
    /// `input …` or `output …` at `depth`: `file "a.json"`, a scalar or an
    /// empty array or object on the keyword's line; any other array or
    /// object one element or member per line, indented two spaces a level,
    /// as `maplang run --pretty` writes JSON.
    ///
    /// - Parameters:
    ///   - keyword: `input` or `output`.
    ///   - data: The clause.
    ///   - depth: The clause's indentation level.
    /// - Returns: The clause's lines, indented.
    package static func lines(of keyword: String, _ data: TestData, depth: Int) -> [String] {
        var lines: [String]
        switch data.source {
        case .file(let path): lines = ["file " + TokenKind.quoted(path.value, limit: nil)]
        case .inline(let value): lines = jsonLines(value)
        }
        lines[0] = keyword + " " + lines[0]
        return lines.map { indent(depth) + $0 }
    }

    /// `errors { … }` at `depth`, one error a line, with no comments: the
    /// layout `maplang fmt` gives a clause with none inside it.
    ///
    /// - Returns: The clause's lines, indented; `errors {}` when there are no errors.
    package static func lines(ofErrors errors: [ExpectedErrorDecl], depth: Int) -> [String] {
        guard !errors.isEmpty else { return [indent(depth) + "errors {}"] }
        return [indent(depth) + "errors {"] + errors.map { indent(depth + 1) + written($0) } + [indent(depth) + "}"]
    }

    /// `file "a.json"`, or the JSON on one line, as the tree dump shows it.
    static func written(_ source: TestDataSource) -> String {
        switch source {
        case .file(let path): "file " + TokenKind.quoted(path.value, limit: nil)
        case .inline(let value): written(value)
        }
    }

    /// `"code" at "$.path"`, then the message when there is one.
    static func written(_ error: ExpectedErrorDecl) -> String {
        let text = TokenKind.quoted(error.code.value, limit: nil) + " at " + TokenKind.quoted(error.path.value, limit: nil)
        return text + (error.message.map { " " + TokenKind.quoted($0.value, limit: nil) } ?? "")
    }

    /// A literal over lines without indentation: each element of a
    /// non-empty array and each member of a non-empty object on a line of
    /// its own, two spaces in, with a comma after all but the last.
    static func jsonLines(_ literal: Literal) -> [String] {
        let parts: [(prefix: String, value: Literal)]
        let brackets: (open: String, close: String)
        switch literal.kind {
        case .array(let elements) where !elements.isEmpty:
            parts = elements.map { ("", $0) }
            brackets = ("[", "]")
        case .object(let members) where !members.isEmpty:
            parts = members.map { (TokenKind.quoted($0.key, limit: nil) + ": ", $0.value) }
            brackets = ("{", "}")
        case .string, .integer, .decimal, .bool, .null, .word, .array, .object, .range:
            return [written(literal)]
        }
        var lines = [brackets.open]
        for (index, part) in parts.enumerated() {
            var inner = jsonLines(part.value)
            inner[0] = part.prefix + inner[0]
            if index < parts.count - 1 { inner[inner.count - 1] += "," }
            lines += inner.map { "  " + $0 }
        }
        return lines + [brackets.close]
    }
}
