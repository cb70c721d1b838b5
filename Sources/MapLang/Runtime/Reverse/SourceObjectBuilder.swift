/// Builds a source-shaped JSON object from values written at key paths,
/// merging paths that share a parent: `user.login` and `user.id` make one
/// `"user"` object. Members keep the order they were first written in.
struct SourceObjectBuilder {
    /// A member's value: written directly, or an object still being built.
    private enum Node {
        case value(MappedValue)
        case object(SourceObjectBuilder)
    }

    /// The members' keys and nodes in order, and where each key is.
    private var nodes: [Node] = []
    private var positions = KeyPositions()

    /// Writes a value at a path of keys. The first value written at a path
    /// stays: when two fields read one key, the first field declared writes
    /// it; an object written where one is being built is merged into it.
    ///
    /// A member is found by its key through `KeyPositions`, and an object
    /// being built is taken out while it grows, so it is never copied: building
    /// takes time linear in the keys written.
    mutating func insert(_ value: MappedValue, at path: ArraySlice<String>) {
        guard let key = path.first else { return }
        let index = positions.position(of: key)
        if path.count == 1 {
            guard let index else { return append(key, .value(value)) }
            if case .object(var existing) = nodes[index], case .object(let object) = value {
                nodes[index] = .value(.null)
                existing.merge(object)
                nodes[index] = .object(existing)
            }
            return
        }
        var child = SourceObjectBuilder()
        if let index {
            guard case .object(let existing) = nodes[index] else { return }
            child = existing
            nodes[index] = .value(.null)
        }
        child.insert(value, at: path.dropFirst())
        if let index { nodes[index] = .object(child) } else { append(key, .object(child)) }
    }

    /// Adds a member after the others.
    private mutating func append(_ key: String, _ node: Node) {
        positions.append(key)
        nodes.append(node)
    }

    /// Adds an object's members after those already written, merging
    /// objects and keeping values already written.
    mutating func merge(_ object: MappedObject) {
        for member in object.members { insert(member.value, at: [member.key]) }
    }

    /// The object built so far.
    var value: MappedValue {
        .object(
            MappedObject(
                zip(positions.keys, nodes).map { key, node in
                    switch node {
                    case .value(let value): MappedMember(key: key, value: value)
                    case .object(let builder): MappedMember(key: key, value: builder.value)
                    }
                }))
    }
}
