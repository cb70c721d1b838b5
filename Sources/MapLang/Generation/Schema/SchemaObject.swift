/// A JSON Schema object being built: its keywords in the order they are
/// set, so that the schema reads in a stable, sensible order.
struct SchemaObject {
    /// The keywords and their values.
    private(set) var members: [MappedMember] = []

    /// An empty schema, which every value satisfies.
    init() {}

    /// A schema of one keyword.
    init(_ keyword: String, _ value: MappedValue) {
        members = [MappedMember(key: keyword, value: value)]
    }

    /// A keyword's value; setting `nil` removes it, setting an existing
    /// keyword replaces its value in place.
    subscript(keyword: String) -> MappedValue? {
        get { members.first { $0.key == keyword }?.value }
        set {
            let index = members.firstIndex { $0.key == keyword }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(MappedMember(key: keyword, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The schema as a JSON value.
    var value: MappedValue { .object(MappedObject(members)) }

    /// `{"type": …}`, one name or several.
    static func type(_ names: String...) -> SchemaObject {
        SchemaObject("type", names.count == 1 ? .string(names[0]) : .array(names.map(MappedValue.string)))
    }

    /// `{"$ref": "#/$defs/Name"}`.
    static func reference(_ name: String) -> SchemaObject {
        SchemaObject("$ref", .string("#/$defs/" + name))
    }
}

extension SchemaObject {
    /// A schema of these keywords.
    init(members: [MappedMember]) {
        self.init()
        for member in members { self[member.key] = member.value }
    }

    /// The schema with one more keyword.
    func adding(_ keyword: String, _ value: MappedValue) -> SchemaObject {
        var copy = self
        copy[keyword] = value
        return copy
    }
}

extension MappedValue {
    /// The empty schema, which every value satisfies.
    static let anySchema = MappedValue.object(MappedObject())

    /// The schema no value satisfies: `{"not": {}}`.
    static let noSchema = SchemaObject("not", .anySchema).value

    /// The strings as a JSON array.
    static func strings(_ texts: [String]) -> MappedValue { .array(texts.map(MappedValue.string)) }

    /// Whether this is the empty schema.
    var isAnySchema: Bool { self == .anySchema }

    /// Whether this is the schema no value satisfies.
    var isNoSchema: Bool { self == .noSchema }
}
