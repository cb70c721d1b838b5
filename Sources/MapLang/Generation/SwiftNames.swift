/// How the Swift generator spells names: rules identifiers that are Swift
/// keywords in backticks, and the standard types it uses qualified by their
/// module where the rules declare a type of the same name.
struct SwiftNames {
    /// The names of the types the rules declare.
    let declared: Set<String>

    /// Words Swift reserves, which a property or case name must quote.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "consume", "copy", "discard",
        "borrowing", "consuming", "some", "any", "Type", "Protocol", "_",
    ]

    /// The module each standard name the generated code uses comes from.
    private static let modules: [String: String] = [
        "String": "Swift", "Int": "Swift", "Double": "Swift", "Bool": "Swift", "Codable": "Swift", "Sendable": "Swift",
        "Equatable": "Swift", "Hashable": "Swift", "CaseIterable": "Swift", "CodingKey": "Swift", "Decoder": "Swift",
        "Encoder": "Swift", "DecodingError": "Swift", "Decimal": "Foundation", "Date": "Foundation", "URL": "Foundation",
        "Data": "Foundation", "MappedValue": "MapLang",
    ]

    /// A declared type's name: quoted when Swift reserves it.
    func type(_ name: String) -> String {
        member(name)
    }

    /// A property, parameter or case name: quoted when Swift reserves it.
    func member(_ name: String) -> String {
        Self.keywords.contains(name) ? "`\(name)`" : name
    }

    /// A standard type or protocol, qualified by its module when the rules
    /// declare a type of the same name.
    func standard(_ name: String) -> String {
        guard declared.contains(name), let module = Self.modules[name] else { return name }
        return module + "." + name
    }

    /// A case name from a model's name: its first letter lowercased, `PushEvent` → `pushEvent`.
    func caseName(forModel name: String) -> String {
        member(name.prefix(1).lowercased() + name.dropFirst())
    }
}

extension SwiftNames {
    /// Text for a `///` line: a line break, another control character or a
    /// line or paragraph separator, which would end the comment, written as
    /// its `\u{…}` escape.
    static func commentSafe(_ text: String) -> String {
        var safe = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || (0x2028...0x2029).contains(scalar.value)
            {
                safe += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }

    /// Text as a Swift string literal, quotes included: `"`, `\` and
    /// control characters escaped, everything else as itself.
    static func literal(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || (0x2028...0x2029).contains(scalar.value):
                escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
