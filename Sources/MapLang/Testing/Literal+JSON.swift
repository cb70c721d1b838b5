extension Literal {
    /// A JSON value as the literal a test block writes it, with no spans:
    /// numbers with their digits, objects with their keys in order.
    package init(json value: JSONValue) {
        let kind: LiteralKind
        switch value {
        case .null: kind = .null
        case .bool(let flag): kind = .bool(flag)
        case .number(let number): kind = number.isInteger ? .integer(number.literal) : .decimal(number.literal)
        case .string(let text): kind = .string(text)
        case .array(let elements): kind = .array(elements.map(Literal.init(json:)))
        case .object(let object): kind = .object(object.members.map { LiteralMember(key: $0.key, value: Literal(json: $0.value)) })
        }
        self.init(kind: kind, span: .erased)
    }
}
