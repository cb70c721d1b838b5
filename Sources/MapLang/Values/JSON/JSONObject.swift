/// The members of a JSON object, in input order.
///
/// Keys compare by their exact Unicode scalars, as JSON defines them: `"é"`
/// written precomposed and `"e\u0301"` are two different keys, although Swift's
/// `String` equality would call them equal.
package struct JSONObject: Sendable, Equatable {
    /// The object's keys and values in the order they appeared.
    package var members: [JSONMember]

    /// Creates an object from its members.
    package init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// The number of members.
    package var count: Int { members.count }

    /// Whether the object has no members.
    package var isEmpty: Bool { members.isEmpty }

    /// The value of the first member with exactly this key, or `nil` when there is none.
    package subscript(key: String) -> JSONValue? {
        members.first(where: { ExactKey.equal($0.key, key) })?.value
    }
}

/// One key and its value in a `JSONObject`.
package struct JSONMember: Sendable, Equatable {
    /// The member's key.
    package var key: String
    /// The member's value.
    package var value: JSONValue

    /// Creates a member.
    package init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }

    /// Whether two members have the same key, compared by Unicode scalars, and equal values.
    package static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        ExactKey.equal(lhs.key, rhs.key) && lhs.value == rhs.value
    }
}
