/// A value produced by mapping: JSON's shapes plus typed cases for the
/// values MapLang's types give meaning to.
///
/// Serialised, a `date` is an ISO-8601 UTC string, a `url` a string and a
/// `decimal` its digits exactly as read. What JSON cannot hold, a `double`
/// that is not finite or a `decimal` that is not a JSON number literal (which
/// mapping never makes, but a value built by hand can), is written as `null`.
public enum MappedValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An exact 64-bit integer.
    case int(Int64)
    /// A finite binary floating-point number; written as `null` if not finite.
    case double(Double)
    /// A number kept as the exact text of a JSON number literal, such as
    /// `19.99`; written as `null` if the text is not one.
    case decimal(String)
    /// A string.
    case string(String)
    /// An instant, written as an ISO-8601 UTC string.
    case date(Timestamp)
    /// An absolute URL, written as a string.
    case url(String)
    /// An ordered list of values.
    case array([MappedValue])
    /// Named values in a fixed order: a model's fields in declaration order,
    /// or a dictionary's keys in input order.
    case object(MappedObject)
}

/// The members of a mapped object, in order.
public struct MappedObject: Sendable, Hashable {
    /// The object's keys and values in output order.
    public var members: [MappedMember]

    /// Creates an object from its members.
    public init(_ members: [MappedMember] = []) {
        self.members = members
    }

    /// The value stored under a key, or `nil` when the key is absent.
    public subscript(key: String) -> MappedValue? {
        members.first(where: { $0.key == key })?.value
    }
}

/// One key and its value in a `MappedObject`.
public struct MappedMember: Sendable, Hashable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: MappedValue

    /// Creates a member.
    public init(key: String, value: MappedValue) {
        self.key = key
        self.value = value
    }
}
