/// The positions of distinct keys in the order they were first added, for
/// objects built a member at a time: compared in turn while there are few,
/// which costs less than hashing, and hashed once there are many, so that
/// building an object stays linear in its size.
struct KeyPositions {
    /// The keys, in the order they were added.
    private(set) var keys: [String] = []
    /// The position of each key, once there are more than `mostScanned`.
    private var table: [String: Int]?

    /// The most keys compared in turn.
    static var mostScanned: Int { 16 }

    /// The position of a key, or `nil` when it has not been added.
    func position(of key: String) -> Int? {
        if let table { return table[key] }
        return keys.firstIndex(of: key)
    }

    /// Adds a key that is not there yet, at the next position.
    mutating func append(_ key: String) {
        keys.append(key)
        if table != nil {
            table?[key] = keys.count - 1
        } else if keys.count > Self.mostScanned {
            table = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

/// Finds the members of a mapped object by key, the last one when a key
/// repeats: compared in turn in a small object, hashed in a large one.
struct MemberLookup {
    /// The object.
    let object: MappedObject
    /// The last member of each key, for an object of more than `mostScanned` members.
    private let table: [String: MappedValue]?

    /// The most members compared in turn.
    static var mostScanned: Int { 32 }

    /// Prepares to look up an object's members.
    init(_ object: MappedObject) {
        self.object = object
        table =
            object.members.count > Self.mostScanned
            ? Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }) : nil
    }

    /// The value of the last member with a key, or `nil`.
    subscript(key: String) -> MappedValue? {
        if let table { return table[key] }
        return object.members.last(where: { $0.key == key })?.value
    }
}
