/// One construct of the language measured on its own: the benchmark's
/// issue rules with one change that uses it, mapped side by side with the
/// rules unchanged, on the same generated issues.
package struct ConstructCase: Sendable {
    /// The row's name: the construct and where the rules use it.
    package let name: String
    /// The text of `issues-bench.map` the change replaces; it must occur once.
    package let original: String
    /// What replaces it.
    package let replacement: String
    /// Members added to every generated issue, for a construct that reads
    /// what the issues do not hold, such as an array of strings; both
    /// rules are measured on the issues with them.
    package var extraMembers: String?

    /// A construct with the members it adds to every issue.
    init(name: String, original: String, replacement: String, extraMembers: String? = nil) {
        self.name = name
        self.original = original
        self.replacement = replacement
        self.extraMembers = extraMembers
    }

    /// The generated issues with `extraMembers` in each, placed before `"locked"`.
    package func issues(_ bytes: [UInt8]) -> [UInt8] {
        guard let extraMembers else { return bytes }
        let marker = Array(#""locked":"#.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == marker[0], bytes[index...].starts(with: marker) { result += Array(extraMembers.utf8) }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    /// The benchmark's rules with the change made.
    ///
    /// - Throws: `BenchError` when the rules no longer hold `original` once.
    package func rules(from base: String) throws -> String {
        let parts = base.split(separator: original, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw BenchError("construct `\(name)`: the rules do not hold `\(original)` exactly once") }
        return parts.joined(separator: replacement)
    }

    /// Every construct of the second language round, each on a field of the
    /// issues whose data it maps without an error.
    package static let all: [ConstructCase] = [
        ConstructCase(name: "lossy [Label]", original: "  labels: [Label]\n", replacement: "  labels: [Label] lossy\n"),
        ConstructCase(name: "oneOrMany [Label]", original: "  labels: [Label]\n", replacement: "  labels: [Label] oneOrMany\n"),
        ConstructCase(name: "nulls omit", original: "keys snake_case\n", replacement: "keys snake_case\nnulls omit\n"),
        ConstructCase(
            name: "replace on title", original: "  title: String where",
            replacement: "  title: String using replace(\"e\", \"E\") where"),
        ConstructCase(
            name: "removePrefix on htmlURL", original: "  htmlURL: URL\n",
            replacement: "  htmlURL: String using removePrefix(\"https://\")\n"),
        ConstructCase(
            name: "scale and round on comments", original: "  comments: Int\n",
            replacement: "  comments: Decimal using scale(-2) | round(1)\n"),
        ConstructCase(
            name: "extract from the title", original: "  comments: Int\n",
            replacement: "  comments: Int\n  firstWord: String from title using extract(\"^([^ ]+)\")\n"),
        ConstructCase(
            name: "split of the title", original: "  comments: Int\n",
            replacement: "  comments: Int\n  words: [String] from title using split(\" \") | trim\n"),
        ConstructCase(
            name: "join of an array of strings", original: "  comments: Int\n",
            replacement: "  comments: Int\n  tags: String from tag_list using join(\", \")\n",
            extraMembers: #""tag_list":["cache","slow path","p1"],"#),
        ConstructCase(
            name: "Data from base64", original: "  comments: Int\n", replacement: "  comments: Int\n  avatar: Data\n",
            extraMembers: #""avatar":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==","#),
        ConstructCase(
            name: "json of a string holding an object", original: "  comments: Int\n",
            replacement: "  comments: Int\n  payload: Label using json\n",
            extraMembers: #""payload":"{\"name\":\"bug\",\"color\":\"d73a4a\"}","#),
        ConstructCase(
            name: "from $ grouping two keys", original: "model Issue {\n",
            replacement: "model Counts {\n  comments: Int\n  number: Int\n}\n\nmodel Issue {\n  counts: Counts from $\n"),
        ConstructCase(
            name: "flatten of the user", original: "model Issue {\n",
            replacement: "model Poster {\n  login: String\n  siteAdmin: Bool\n}\n\nmodel Issue {\n  poster: Poster flatten from user\n"),
        ConstructCase(
            name: "computed fields (string, Decimal, Bool)", original: "  comments: Int\n",
            replacement: "  comments: Int\n  heading: String = author + \": \" + title\n  perDay: Decimal = comments / 7\n"
                + "  busy: Bool = comments > 10 and assignee != null\n"),
    ]
}
