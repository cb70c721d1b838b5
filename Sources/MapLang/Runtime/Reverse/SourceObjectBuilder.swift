/// Builds a source-shaped JSON object from values written at key paths,
/// merging paths that share a parent: `user.login` and `user.id` make one
/// `"user"` object. Members keep the order they were first written in.
struct SourceObjectBuilder {
    /// A member's value: written directly, or an object still being built.
    private enum Node {
        case value(MappedValue)
        case object(SourceObjectBuilder)
    }

    /// The members in order.
    private var members: [(key: String, node: Node)] = []

    /// Writes a value at a path of keys. The first value written at a path
    /// stays: when two fields read one key, the first field declared writes
    /// it; an object written where one is being built is merged into it.
    mutating func insert(_ value: MappedValue, at path: ArraySlice<String>) {
        guard let key = path.first else { return }
        let index = members.firstIndex { $0.key == key }
        if path.count == 1 {
            guard let index else {
                members.append((key, .value(value)))
                return
            }
            if case .object(var existing) = members[index].node, case .object(let object) = value {
                for member in object.members { existing.insert(member.value, at: [member.key]) }
                members[index].node = .object(existing)
            }
            return
        }
        var child = SourceObjectBuilder()
        if let index {
            guard case .object(let existing) = members[index].node else { return }
            child = existing
        }
        child.insert(value, at: path.dropFirst())
        if let index { members[index].node = .object(child) } else { members.append((key, .object(child))) }
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
                members.map { member in
                    switch member.node {
                    case .value(let value): MappedMember(key: member.key, value: value)
                    case .object(let builder): MappedMember(key: member.key, value: builder.value)
                    }
                }))
    }
}
