import MapLang

/// The outline of an open document: models with their fields, enums with
/// their cases, tables, transforms and choices, as the protocol's
/// hierarchical document symbols.
enum DocumentSymbols {
    /// The protocol's symbol kinds used.
    private enum Kind: Int {
        case function = 12
        case `class` = 5
        case field = 8
        case `enum` = 10
        case interface = 11
        case enumMember = 22
        case `struct` = 23
    }

    /// The symbols of every declaration that parsed, in file order.
    static func symbols(of document: TextDocument) -> [JSONValue] {
        let file = RulesParser.parse(document.source).file
        return file.items.compactMap { item -> JSONValue? in
            switch item {
            case .model(let model):
                let fields = model.members.compactMap { member -> JSONValue? in
                    guard case .field(let field) = member else { return nil }
                    return symbol(document, field.name, .field, span: field.span, detail: typeText(field.type, document))
                }
                return symbol(document, model.name, .class, span: model.span, detail: model.parent.map { "extends \($0.name)" }, children: fields)
            case .enumeration(let enumeration):
                let cases = enumeration.cases.map { symbol(document, $0.name, .enumMember, span: $0.span) }
                return symbol(document, enumeration.name, .enum, span: enumeration.span, children: cases)
            case .table(let table):
                return symbol(document, table.name, .struct, span: table.span, detail: "table")
            case .transform(let transform):
                return symbol(document, transform.name, .function, span: transform.span, detail: "transform")
            case .choice(let choice):
                return symbol(document, choice.name, .interface, span: choice.span, detail: "choice")
            case .setting, .test:
                return nil
            }
        }
    }

    /// One symbol: its name, kind, whole range and the range of its name.
    private static func symbol(
        _ document: TextDocument, _ name: Identifier, _ kind: Kind, span: Span, detail: String? = nil, children: [JSONValue] = []
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(name.name)), ("kind", .integer(kind.rawValue)),
            ("range", document.range(of: span)), ("selectionRange", document.range(of: name.span)),
        ]
        if let detail { members.append(("detail", .string(detail))) }
        if !children.isEmpty { members.append(("children", .array(children))) }
        return .members(members)
    }

    /// A field's type as written.
    private static func typeText(_ type: TypeRef, _ document: TextDocument) -> String {
        document.text(of: type.span)
    }
}
