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
    /// with that key, as `from` would read it.
    static func help(for paths: [KeyPathPlan], in object: JSONObject) -> String? {
        for path in paths {
            if let (found, rewritten) = closestPath(path, in: object) {
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
    private static func closestPath(_ path: KeyPathPlan, in object: JSONObject) -> (String, String)? {
        var current = object
        for (position, step) in path.steps.enumerated() {
            guard case .key(let key) = step else { return nil }
            if let next = current[key] {
                guard case .object(let inner) = next else { return nil }
                current = inner
                continue
            }
            guard let found = closest(to: key, among: current.members.prefix(keysLooked).map(\.key)) else { return nil }
            var steps = path.steps
            steps[position] = .key(found)
            return (found, written(steps))
        }
        return nil
    }

    /// The candidate a key probably meant: one equal to it once case and
    /// separators are ignored, else the closest by edit distance.
    static func closest(to key: String, among candidates: [String]) -> String? {
        let folded = fold(key)
        if let same = candidates.first(where: { $0 != key && fold($0) == folded }) { return same }
        return Suggestion.closest(to: key, among: candidates.filter { $0 != key })
    }

    /// A key lowercased, without `_`, `-`, spaces and dots.
    private static func fold(_ key: String) -> String {
        String(key.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " && $0 != "." })
    }

    /// Steps as a `from` clause writes them.
    private static func written(_ steps: [KeyStep]) -> String {
        let components = steps.map { step in
            switch step {
            case .key(let key): KeyComponent(kind: .key(key, quoted: false), span: .at(0))
            case .index(let index): KeyComponent(kind: .index(index), span: .at(0))
            }
        }
        return RulesFormatter.written(KeyPath(components: components, span: .at(0)))
    }
}
