/// A record's source-shaped JSON while `DirectSourceEncoder` builds it:
/// nodes in one array, each a piece of JSON text already written, an
/// object or an array, linked to its next sibling, so nothing is allocated
/// per value beyond the arrays' growth.
///
/// Values are put at key paths as `SourceObjectBuilder` puts them for
/// reverse mapping: the first value written at a path stays, and an object
/// written where one is being built is merged into it. Only objects made
/// for a path while their record is put together are being built; a
/// record already finished, like any value written whole, takes nothing in.
struct SourceTree {
    /// One value.
    struct Node {
        /// What the value is.
        enum Content {
            /// JSON text, at these offsets of `text`.
            case text(start: Int, end: Int)
            /// An object whose members are the nodes linked from `first`; -1 when empty.
            case object(first: Int, last: Int)
            /// An array whose elements are the nodes linked from `first`; -1 when empty.
            case array(first: Int, last: Int)
        }

        /// The member's key, by index into `DirectReversePlan.keys`; -1 for an element.
        var key: Int
        var content: Content
        /// The next member or element; -1 for the last.
        var next = -1
    }

    /// The nodes written so far.
    private(set) var nodes: [Node] = []
    /// The scalars' JSON text.
    var text = JSONWriter()

    /// The number of nodes, to return to with `truncate`.
    var mark: (nodes: Int, text: Int) { (nodes.count, text.bytes.count) }

    /// Forgets the nodes and text written since `mark`.
    mutating func truncate(to mark: (nodes: Int, text: Int)) {
        nodes.removeSubrange(mark.nodes...)
        text.bytes.removeSubrange(mark.text...)
    }

    /// Adds the text written to `text` since `start` as a node.
    mutating func textNode(since start: Int) -> Int {
        add(.text(start: start, end: text.bytes.count))
    }

    /// Adds an empty object.
    mutating func objectNode() -> Int { add(.object(first: -1, last: -1)) }

    /// Adds an empty array.
    mutating func arrayNode() -> Int { add(.array(first: -1, last: -1)) }

    private mutating func add(_ content: Node.Content) -> Int {
        nodes.append(Node(key: -1, content: content))
        return nodes.count - 1
    }

    /// Adds a node after a container's last member or element.
    mutating func append(_ node: Int, to container: Int) {
        switch nodes[container].content {
        case .object(let first, let last):
            if last >= 0 { nodes[last].next = node }
            nodes[container].content = .object(first: first < 0 ? node : first, last: node)
        case .array(let first, let last):
            if last >= 0 { nodes[last].next = node }
            nodes[container].content = .array(first: first < 0 ? node : first, last: node)
        case .text:
            break
        }
    }

    /// Puts a value at a path of keys inside an object.
    ///
    /// - Parameters:
    ///   - keys: The keys, by index; those from `depth` on are left to follow.
    ///   - lookUp: Whether the object may already have the first key; when
    ///     not, the member is added without looking.
    ///   - building: The first node of the record being put together: the
    ///     objects from here on are being built.
    mutating func insert(_ node: Int, at keys: [Int], from depth: Int, into object: Int, lookUp: Bool, building: Int) {
        let key = keys[depth]
        let existing = lookUp ? member(key, of: object) : -1
        if depth == keys.count - 1 {
            if existing < 0 {
                nodes[node].key = key
                append(node, to: object)
            } else if existing >= building, case .object = nodes[existing].content, case .object = nodes[node].content {
                merge(node, into: existing, building: building)
            }
            return
        }
        var inner = existing
        if inner < 0 {
            inner = objectNode()
            nodes[inner].key = key
            append(inner, to: object)
        } else if inner < building {
            return
        }
        insert(node, at: keys, from: depth + 1, into: inner, lookUp: existing >= 0, building: building)
    }

    /// Puts an object's members into one being built, keeping members already there.
    private mutating func merge(_ source: Int, into object: Int, building: Int) {
        guard case .object(var member, _) = nodes[source].content else { return }
        while member >= 0 {
            let next = nodes[member].next
            nodes[member].next = -1
            insert(member, at: [nodes[member].key], from: 0, into: object, lookUp: true, building: building)
            member = next
        }
    }

    /// The member of an object with a key; -1 when there is none.
    private func member(_ key: Int, of object: Int) -> Int {
        guard case .object(var member, _) = nodes[object].content else { return -1 }
        while member >= 0, nodes[member].key != key { member = nodes[member].next }
        return member
    }

    /// Appends a node's JSON.
    ///
    /// - Parameter keys: The keys' JSON with their colons, by index.
    func write(_ node: Int, keys: [[UInt8]], to output: inout [UInt8]) {
        switch nodes[node].content {
        case .text(let start, let end):
            text.bytes.withUnsafeBufferPointer { output.appendBytes(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        case .object(let first, _):
            output.append(UInt8(ascii: "{"))
            var member = first
            while member >= 0 {
                if member != first { output.append(UInt8(ascii: ",")) }
                keys[nodes[member].key].withUnsafeBufferPointer { output.appendBytes($0) }
                write(member, keys: keys, to: &output)
                member = nodes[member].next
            }
            output.append(UInt8(ascii: "}"))
        case .array(let first, _):
            output.append(UInt8(ascii: "["))
            var element = first
            while element >= 0 {
                if element != first { output.append(UInt8(ascii: ",")) }
                write(element, keys: keys, to: &output)
                element = nodes[element].next
            }
            output.append(UInt8(ascii: "]"))
        }
    }
}
