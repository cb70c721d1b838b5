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
