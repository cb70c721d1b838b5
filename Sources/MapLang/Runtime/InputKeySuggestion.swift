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
    /// stops at a missing key close to one the object there has, and whose
    /// rest then leads to a value, rewritten with that key in the field's
    /// `from` (its other paths kept). A key the model reads for a field of
    /// its own is not offered.
    static func help(for paths: [KeyPathPlan], in object: JSONObject, known: Set<ExactKey>) -> String? {
        for (index, path) in paths.enumerated() {
            if let (found, steps) = closestPath(path, in: object, known: known) {
                var clause = paths.map { Self.written($0.steps) }
                clause[index] = Self.written(steps)
                return "the input has \(JSONWriter.preview(string: found)); to read it, write `from \(clause.joined(separator: ", "))`"
            }
        }
        return nil
    }

    /// Help for keys a model with `unknown reject` does not take, each
    /// close to a key the model reads that the object does not have:
    /// `"titel"` for `title`.
    static func help(forUnknown keys: [String], in object: JSONObject, known: Set<ExactKey>) -> String? {
        let candidates = known.map(\.string).filter { object[$0] == nil }.sorted().prefix(keysLooked).map { $0 }
        let pairs = keys.prefix(MappingProblem.unknownKeysShown).compactMap { key in
            closest(to: key, among: candidates).map { "\(JSONWriter.preview(string: key)) to `\($0)`" }
        }
        guard !pairs.isEmpty else { return nil }
        return "close to keys the model reads: " + pairs.joined(separator: ", ") + "; to read a key under another name, use `from`"
    }

    /// The key of the object where `path` stops that it probably meant, and
    /// the path's steps with it; `nil` when the path stops elsewhere than at
    /// a missing key of an object, no key there is close, or the rest of the
    /// path does not lead to a value from it.
    private static func closestPath(_ path: KeyPathPlan, in object: JSONObject, known: Set<ExactKey>) -> (String, [KeyStep])? {
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
            guard let found = closest(to: key, among: candidates), let next = current[found],
                leads(to: path.steps[(position + 1)...], from: next)
            else { return nil }
            var steps = path.steps
            steps[position] = .key(found)
            return (found, steps)
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

    /// Whether following the steps from a value finds something.
    private static func leads(to steps: ArraySlice<KeyStep>, from value: JSONValue) -> Bool {
        var current = value
        for step in steps {
            switch (step, current) {
            case (.key(let key), .object(let members)):
                guard let next = members[key] else { return false }
                current = next
            case (.index(let index), .array(let items)):
                let position = index < 0 ? items.count + index : index
                guard items.indices.contains(position) else { return false }
                current = items[position]
            case (.key, _), (.index, _):
                return false
            }
        }
        return true
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
