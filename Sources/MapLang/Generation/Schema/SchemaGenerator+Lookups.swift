// MARK: - The values an enum or choice lists, as the JSON that finds them

extension SchemaGenerator {
    /// The schema of the JSON values that find some listed values.
    struct LookupSchema {
        /// Every JSON value that finds a listed value, and perhaps more.
        var schema: MappedValue
        /// Only JSON values that find a listed value: what a choice's
        /// `default` model may not be chosen by.
        var exactly: MappedValue
        /// Whether `schema` takes exactly the values that find one: `false`
        /// when some value is found by more than JSON Schema can list.
        var isExact: Bool
    }

    /// The characters Unicode text takes as equal to an ASCII one (their
    /// canonical decomposition is that one character): a listed string
    /// holding the ASCII one is also found with them.
    private static let asciiEquivalents: [Character: Unicode.Scalar] = ["K": "\u{212A}", ";": "\u{037E}", "`": "\u{1FEF}"]

    /// The schema of listed values as looked up (grammar.md 3.8, 3.9):
    /// strings as Unicode text (so `K` also finds the Kelvin sign's),
    /// numbers by value, booleans.
    ///
    /// A string past ASCII, which other sequences of scalars may equal, and
    /// a number a `Double` does not hold exactly are widened to any string
    /// or any number.
    static func lookupSchema(_ keys: [LookupKey]) -> LookupSchema {
        var plain: [MappedValue] = []
        var patterns: [MappedValue] = []
        var wideTypes: [String] = []
        for key in keys.sorted(by: lookupOrder) {
            switch key {
            case .string(let text):
                if !text.unicodeScalars.allSatisfy(\.isASCII) {
                    if !wideTypes.contains("string") { wideTypes.append("string") }
                } else if text.contains(where: { asciiEquivalents[$0] != nil }) {
                    patterns.append(SchemaObject.type("string").adding("pattern", .string(equivalentsPattern(text))).value)
                } else {
                    plain.append(.string(text))
                }
            case .number(let text):
                let value = Double(text) ?? .infinity
                // Past 2^53 a validator may read the number as a `Double` and compare it so.
                if value.isFinite && value.magnitude < 9_007_199_254_740_992 {
                    plain.append(.decimal(text))
                } else if !wideTypes.contains("number") {
                    wideTypes.append("number")
                }
            case .bool(let flag):
                plain.append(.bool(flag))
            }
        }
        var exact = patterns
        if !plain.isEmpty { exact.insert(plain.count == 1 ? SchemaObject("const", plain[0]).value : SchemaObject("enum", .array(plain)).value, at: 0) }
        let exactly: MappedValue = exact.count == 1 ? exact[0] : exact.isEmpty ? .noSchema : SchemaObject("anyOf", .array(exact)).value
        guard !wideTypes.isEmpty else { return LookupSchema(schema: exactly, exactly: exactly, isExact: true) }
        let wide = SchemaObject("type", wideTypes.count == 1 ? .string(wideTypes[0]) : .strings(wideTypes)).value
        return LookupSchema(
            schema: exact.isEmpty ? wide : SchemaObject("anyOf", .array(exact + [wide])).value, exactly: exactly, isExact: false)
    }

    /// `^O(?:K|\u212A)$` for `OK`: the text, each character that Unicode
    /// text equates to another also matching that one.
    private static func equivalentsPattern(_ text: String) -> String {
        var pattern = "^"
        for character in text {
            if let other = asciiEquivalents[character] {
                pattern += "(?:" + String(character) + "|\\u" + String(other.value, radix: 16, uppercase: true) + ")"
            } else {
                let scalar = character.unicodeScalars.first ?? " "
                pattern += #"\^$.|?*+()[]{}"#.unicodeScalars.contains(scalar) ? "\\" + String(character) : String(character)
            }
        }
        return pattern + #"(?![\s\S])"#
    }
}
