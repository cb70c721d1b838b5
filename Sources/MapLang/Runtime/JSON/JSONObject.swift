/// The members of a JSON object, in input order.
///
/// Keys compare by their exact Unicode scalars, as JSON defines them: `"é"`
/// written precomposed and `"e\u0301"` are two different keys, although Swift's
/// `String` equality would call them equal.
public struct JSONObject: Sendable, Equatable {
    /// The object's keys and values in the order they appeared.
    public var members: [JSONMember]

    /// Creates an object from its members.
    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value of the first member with exactly this key, or `nil` when there is none.
    public subscript(key: String) -> JSONValue? {
        members.first(where: { ExactKey.equal($0.key, key) })?.value
    }
}

/// One key and its value in a `JSONObject`.
public struct JSONMember: Sendable, Equatable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }

    /// Whether two members have the same key, compared by Unicode scalars, and equal values.
    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        ExactKey.equal(lhs.key, rhs.key) && lhs.value == rhs.value
    }
}
