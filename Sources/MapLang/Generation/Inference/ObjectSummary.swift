// MARK: - The objects of one position, and the choices they may be

/// The objects found at one position: each key's values, in the order the
/// keys first appear, what tells a dictionary from a model, and, for the
/// keys of the first object that may name a type (`type`, `kind`…), the
/// objects grouped by that key's value, so a choice can be made of them.
final class ObjectSummary {
    /// How many objects.
    private(set) var count = 0
    /// The keys, each once, in the order they first appear.
    private(set) var order: [String] = []
    /// Each key's values, one per object that has it (its first member).
    private(set) var fields: [ExactKey: ValueSummary] = [:]
    /// The most keys one object has.
    private(set) var mostPerObject = 0
    /// Whether every key is a number, as a dictionary keyed by id's are.
    private(set) var allKeysNumeric = true
    /// The keys that may name the objects' type, each with its groups;
    /// `nil` until the first object, or when choices are not looked for.
    private(set) var choices: [ChoiceSummary]?
    /// Whether the objects' type is looked for, here and in the objects
    /// they hold: not in a choice's group, whose objects the main summary
    /// holds too.
    private let tracksChoices: Bool

    /// An empty summary; `tracksChoices` looks for a key naming the objects' type.
    init(tracksChoices: Bool) {
        self.tracksChoices = tracksChoices
    }

    /// The values of a key, if any object had it.
    func values(of key: String) -> ValueSummary? { fields[ExactKey(string: key)] }

    /// Adds one object: each key once (the first), keys compared by their
    /// bytes, as a model's fields read them.
    func add(_ object: JSONObject) {
        count += 1
        var seen: Set<ExactKey> = []
        for member in object.members {
            let key = ExactKey(string: member.key)
            guard seen.insert(key).inserted else { continue }
            if allKeysNumeric, !member.key.allSatisfy({ $0.isASCII && $0.isNumber }) { allKeysNumeric = false }
            if let summary = fields[key] {
                summary.add(member.value)
            } else {
                let summary = ValueSummary(tracksChoices: tracksChoices)
                summary.add(member.value)
                fields[key] = summary
                order.append(member.key)
            }
        }
        mostPerObject = max(mostPerObject, seen.count)
        guard tracksChoices else { return }
        if choices == nil { choices = ChoiceSummary.candidates(in: object) }
        for index in choices?.indices ?? 0..<0 { choices?[index].add(object) }
    }

    /// Adds what another summary of objects saw, as if its objects had come
    /// after these; the other is not used again.
    func merge(_ other: ObjectSummary) {
        count += other.count
        for key in other.order {
            let exact = ExactKey(string: key)
            guard let theirs = other.fields[exact] else { continue }
            if let mine = fields[exact] {
                mine.merge(theirs)
            } else {
                fields[exact] = theirs
                order.append(key)
            }
        }
        mostPerObject = max(mostPerObject, other.mostPerObject)
        allKeysNumeric = allKeysNumeric && other.allKeysNumeric
        guard tracksChoices, let theirs = other.choices else { return }
        guard var mine = choices else {
            choices = theirs
            return
        }
        // A key looked for on both sides: its groups join; one the other
        // objects were not looked at for cannot name all their types.
        for index in mine.indices {
            if let same = theirs.first(where: { $0.key == mine[index].key }) {
                mine[index].merge(same)
            } else {
                mine[index].giveUp()
            }
        }
        choices = mine
    }

    /// All the values of all the keys, as a dictionary's elements.
    func allValues() -> ValueSummary {
        let all = ValueSummary(tracksChoices: tracksChoices)
        for key in order {
            if let values = fields[ExactKey(string: key)] { all.merge(values) }
        }
        return all
    }
}

/// One key that may name the type of the objects at a position, and the
/// objects grouped by its value, while every object has a short string
/// there and the groups are at most `ChoiceSummary.mostGroups`.
struct ChoiceSummary {
    /// The key.
    let key: String
    /// Whether every object so far has a value there that can name a type.
    private(set) var isViable = true
    /// Each value and its objects, in the order the values first appear.
    private(set) var groups: [(value: String, objects: ObjectSummary)] = []
    /// Each value's place in `groups`.
    private var index: [String: Int] = [:]

    /// The most groups a choice is made of.
    static let mostGroups = 20

    /// The keys most likely to name an object's type, first.
    static let likelyKeys = ["type", "kind", "@type", "_type", "event", "event_type", "eventType", "object"]

    /// The most keys looked at, so that a wide object costs no more than a
    /// few summaries more.
    static let mostCandidates = 4

    /// The keys of an object that may name its type: a likely key, or one
    /// whose last word is `type` or `kind`, the likely ones first.
    static func candidates(in object: JSONObject) -> [ChoiceSummary] {
        let named = object.members.map(\.key).filter { key in
            likelyKeys.contains(key) || ["type", "kind"].contains(InferenceNames.words(of: key).last?.lowercased() ?? "")
        }
        var seen: Set<ExactKey> = []
        let unique = named.filter { seen.insert(ExactKey(string: $0)).inserted }
        return unique.sorted { (likelyKeys.firstIndex(of: $0) ?? .max) < (likelyKeys.firstIndex(of: $1) ?? .max) }
            .prefix(mostCandidates).map { ChoiceSummary(key: $0) }
    }

    /// Adds one object to the group its value names, or gives up when it
    /// names none or makes too many groups.
    mutating func add(_ object: JSONObject) {
        guard isViable else { return }
        let value = object.members.first { ExactKey.equal($0.key, key) }?.value
        guard case .string(let text)? = value, (1...64).contains(text.count), text.contains(where: \.isLetter) else {
            return giveUp()
        }
        if let at = index[text] {
            groups[at].objects.add(object)
            return
        }
        guard groups.count < Self.mostGroups else { return giveUp() }
        let objects = ObjectSummary(tracksChoices: false)
        objects.add(object)
        index[text] = groups.count
        groups.append((text, objects))
    }

    /// Adds the groups of the same key from other objects.
    mutating func merge(_ other: ChoiceSummary) {
        guard isViable, other.isViable else { return giveUp() }
        for (value, objects) in other.groups {
            if let at = index[value] {
                groups[at].objects.merge(objects)
            } else if groups.count < Self.mostGroups {
                index[value] = groups.count
                groups.append((value, objects))
            } else {
                return giveUp()
            }
        }
    }

    /// Stops looking: the key names no type, and its groups are let go.
    mutating func giveUp() {
        isViable = false
        groups = []
        index = [:]
    }
}
