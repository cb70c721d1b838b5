/// The canonical text of test blocks' clauses.
extension RulesFormatter {
    /// The widest line, in characters, a test's JSON is written on before
    /// it is written across lines.
    static let testJSONWidth = 80

    /// `input …` or `output …`, each line starting with `indentation`:
    /// `file "a.json"`, or the JSON on the keyword's line when it fits in
    /// `testJSONWidth` characters; otherwise each element of the array or
    /// member of the object on a line of its own, two spaces deeper, each
    /// written by the same rule.
    ///
    /// - Parameters:
    ///   - keyword: `input` or `output`.
    ///   - data: The clause.
    ///   - indentation: What starts each of the clause's lines.
    /// - Returns: The clause's lines.
    package static func lines(of keyword: String, _ data: TestData, indentation: String) -> [String] {
        switch data.source {
        case .file(let path): [indentation + keyword + " file " + RulesText.quoted(path.value, limit: nil)]
        case .inline(let value): jsonLines(value, lead: keyword + " ", indentation: indentation, trailer: "")
        }
    }

    /// `errors { … }`, one error a line, with no comments: the layout
    /// `maplang fmt` gives a clause with none inside it.
    ///
    /// - Parameter indentation: What starts each of the clause's lines.
    /// - Returns: The clause's lines; `errors {}` when there are no errors.
    package static func lines(ofErrors errors: [ExpectedErrorDecl], indentation: String) -> [String] {
        guard !errors.isEmpty else { return [indentation + "errors {}"] }
        return [indentation + "errors {"] + errors.map { indentation + "  " + written($0) } + [indentation + "}"]
    }

    /// `file "a.json"`, or the JSON on one line, as the tree dump shows it.
    static func written(_ source: TestDataSource) -> String {
        switch source {
        case .file(let path): "file " + RulesText.quoted(path.value, limit: nil)
        case .inline(let value): written(value)
        }
    }

    /// `"code" at "$.path"`, then the message when there is one.
    static func written(_ error: ExpectedErrorDecl) -> String {
        let text = RulesText.quoted(error.code.value, limit: nil) + " at " + RulesText.quoted(error.path.value, limit: nil)
        return text + (error.message.map { " " + RulesText.quoted($0.value, limit: nil) } ?? "")
    }

    /// A literal's lines: `lead`, the literal and `trailer` on one line when
    /// they fit in `testJSONWidth` characters with `indentation`; otherwise
    /// the array's or object's brackets around its elements or members, each
    /// on lines of its own, two spaces deeper, with a comma after all but the last.
    static func jsonLines(_ literal: Literal, lead: String, indentation: String, trailer: String) -> [String] {
        let parts: [(lead: String, value: Literal)]
        let brackets: (open: String, close: String)
        switch literal.kind {
        case .array(let elements) where !elements.isEmpty:
            parts = elements.map { ("", $0) }
            brackets = ("[", "]")
        case .object(let members) where !members.isEmpty:
            parts = members.map { (RulesText.quoted($0.key, limit: nil) + ": ", $0.value) }
            brackets = ("{", "}")
        case .string, .integer, .decimal, .bool, .null, .word, .array, .object, .range:
            return [indentation + lead + written(literal) + trailer]
        }
        let room = testJSONWidth - indentation.count - lead.count - trailer.count
        if fits(literal, in: room) { return [indentation + lead + written(literal) + trailer] }
        var lines = [indentation + lead + brackets.open]
        for (index, part) in parts.enumerated() {
            let comma = index < parts.count - 1 ? "," : ""
            lines += jsonLines(part.value, lead: part.lead, indentation: indentation + "  ", trailer: comma)
        }
        return lines + [indentation + brackets.close + trailer]
    }

    /// Whether a literal written on one line takes at most `room`
    /// characters, found without writing more of it than that.
    private static func fits(_ literal: Literal, in room: Int) -> Bool {
        var left = room
        /// Takes a part's width from what is left; whether any is left.
        func take(_ literal: Literal) -> Bool {
            switch literal.kind {
            case .array(let elements):
                left -= 2 + 2 * max(0, elements.count - 1)
                return left >= 0 && elements.allSatisfy(take)
            case .object(let members):
                left -= 2 + 2 * max(0, members.count - 1)
                return left >= 0 && members.allSatisfy { member in
                    left -= RulesText.quoted(member.key, limit: nil).count + 2
                    return left >= 0 && take(member.value)
                }
            case .string, .integer, .decimal, .bool, .null, .word, .range:
                left -= written(literal).count
                return left >= 0
            }
        }
        return take(literal)
    }
}
