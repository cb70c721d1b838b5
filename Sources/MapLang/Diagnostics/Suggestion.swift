/// "Did you mean …?" suggestions for misspelt names.
///
/// Shared by the parser, the checker and the command-line tool. Uses the optimal-string-alignment variant of the Damerau–Levenshtein
/// distance, so a swap of two neighbouring letters (`modle` for `model`)
/// counts as one edit.
package enum Suggestion {
    /// The candidate closest to a misspelt name, if one is close enough.
    ///
    /// Letters are compared ignoring case, so `htmlUrl` finds `htmlURL`; among
    /// candidates equally close that way, one that also matches in case wins,
    /// then the first in candidate order. A candidate qualifies when at most
    /// `max(1, name.count / 3)` edits separate it from the name.
    ///
    /// - Parameters:
    ///   - name: The name as written.
    ///   - candidates: The names that would have been valid there.
    /// - Returns: The best candidate, or `nil` when none is close enough,
    ///   or when the name is longer than `longestCompared` bytes: no one
    ///   misspells a name that long, and comparing it would cost its length
    ///   in memory for each candidate.
    package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        guard name.utf8.count <= longestCompared else { return nil }
        let written = Array(name)
        let folded = Array(name.lowercased())
        let cutoff = max(1, written.count / 3)
        var best: (candidate: String, folded: Int, exact: Int)?
        for candidate in candidates where candidate.utf8.count <= longestCompared {
            let foldedDistance = distance(folded, Array(candidate.lowercased()), limit: cutoff)
            guard foldedDistance <= cutoff else { continue }
            let exactDistance = distance(written, Array(candidate), limit: Int.max)
            if let current = best,
                (current.folded, current.exact) <= (foldedDistance, exactDistance)
            {
                continue
            }
            best = (candidate, foldedDistance, exactDistance)
        }
        return best?.candidate
    }

    /// The most bytes of a name, or of a candidate, compared.
    package static let longestCompared = 1024

    /// The number of insertions, deletions, substitutions and swaps of
    /// neighbours that turn `source` into `target`; any value above `limit`
    /// once the lengths alone rule it out.
    static func distance(_ source: [Character], _ target: [Character], limit: Int) -> Int {
        if abs(source.count - target.count) > limit { return limit == Int.max ? Int.max : limit + 1 }
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var previousRow: [Int] = []
        var row = Array(0...target.count)
        for i in 1...source.count {
            let beforePrevious = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: target.count)
            for j in 1...target.count {
                let cost = source[i - 1] == target[j - 1] ? 0 : 1
                var value = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                row[j] = value
            }
        }
        return row[target.count]
    }
}
