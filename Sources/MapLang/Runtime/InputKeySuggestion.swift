/// "Did you mean …?" for input keys: a required key path that finds no
/// key, next to a key of the input that differs only in case, in
/// separators (`user_id`, `userId`, `UserID`) or by a small edit.
///
/// Looked for only when a record fails, among at most `keysLooked` keys of
/// the object where the path stops, so a record with a million keys costs
/// no more than one with a thousand.
enum InputKeySuggestion {
    /// The most keys of one object compared with a missing key.
    static let keysLooked = 1_000

    /// Help for a field none of whose paths found a key: the first path that
    /// stops at a missing key close to one the object there has, rewritten
    /// with that key, as `from` would read it. A key the model reads for a
    /// field of its own is not offered.
    static func help(for paths: [KeyPathPlan], in object: JSONObject, known: Set<ExactKey>) -> String? {
        for path in paths {
            if let (found, rewritten) = closestPath(path, in: object, known: known) {
                return "the input has \(JSONWriter.preview(string: found)); to read it, write `from \(rewritten)`"
            }
        }
        return nil
    }

    /// Help for keys a model with `unknown reject` does not take, each
    /// close to a key the model reads: `"titel"` for `title`.
    static func help(forUnknown keys: [String], known: Set<ExactKey>) -> String? {
        let candidates = known.prefix(keysLooked).map(\.string).sorted()
        let pairs = keys.prefix(MappingProblem.unknownKeysShown).compactMap { key in
            closest(to: key, among: candidates).map { "\(JSONWriter.preview(string: key)) to `\($0)`" }
        }
        guard !pairs.isEmpty else { return nil }
        return "close to keys the model reads: " + pairs.joined(separator: ", ") + "; to read a key under another name, use `from`"
    }

    /// The key of the object where `path` stops that it probably meant, and
    /// the path written with it; `nil` when the path stops elsewhere than
    /// at a missing key of an object, or no key there is close.
    private static func closestPath(_ path: KeyPathPlan, in object: JSONObject, known: Set<ExactKey>) -> (String, String)? {
        var current = object
        for (position, step) in path.steps.enumerated() {
            guard case .key(let key) = step else { return nil }
            if let next = current[key] {
                guard case .object(let inner) = next else { return nil }
                current = inner
                continue
            }
            let candidates = current.members.prefix(keysLooked).map(\.key).filter {
                position > 0 || !known.contains(ExactKey(string: $0))
            }
            guard let found = closest(to: key, among: candidates) else { return nil }
            var steps = path.steps
            steps[position] = .key(found)
            return (found, written(steps))
        }
        return nil
    }

    /// The candidate a key probably meant: one equal to it once case and
    /// separators are ignored, else, for a key of more than three
    /// characters, the closest by edit distance (one edit makes any short
    /// key another).
    static func closest(to key: String, among candidates: [String]) -> String? {
        let folded = fold(key)
        if let same = candidates.first(where: { $0 != key && fold($0) == folded }) { return same }
        guard key.count > 3 else { return nil }
        return Suggestion.closest(to: key, among: candidates.filter { $0 != key })
    }

    /// A key lowercased, without `_`, `-`, spaces and dots.
    private static func fold(_ key: String) -> String {
        String(key.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " && $0 != "." })
    }

    /// Steps as a `from` clause writes them.
    private static func written(_ steps: [KeyStep]) -> String {
        var text = ""
        for (position, step) in steps.enumerated() {
            switch step {
            case .key(let key): text += (position == 0 ? "" : ".") + RulesText.key(key, first: position == 0)
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
