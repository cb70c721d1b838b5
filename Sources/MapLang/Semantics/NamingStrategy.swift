/// How a model turns field names into JSON keys when a field has no `from`.
package enum NamingStrategy: String, Sendable, Equatable, CaseIterable {
    /// The key is the field's name as written.
    case asIs = "as_is"
    /// `htmlURL` reads `html_url`.
    case snakeCase = "snake_case"
    /// `htmlURL` reads `html-url`.
    case kebabCase = "kebab_case"
    /// `htmlURL` reads `HTML_URL`.
    case screamingSnakeCase = "SCREAMING_SNAKE_CASE"
    /// `htmlURL` reads `HtmlURL`.
    case pascalCase = "PascalCase"
    /// `htmlURL` reads `htmlurl`.
    case lowercase = "lowercase"

    /// The JSON key for a field name.
    package func key(for fieldName: String) -> String {
        switch self {
        case .asIs: fieldName
        case .snakeCase: Self.words(of: fieldName).map { $0.lowercased() }.joined(separator: "_")
        case .kebabCase: Self.words(of: fieldName).map { $0.lowercased() }.joined(separator: "-")
        case .screamingSnakeCase: Self.words(of: fieldName).map { $0.uppercased() }.joined(separator: "_")
        case .pascalCase: Self.words(of: fieldName).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        case .lowercase: fieldName.lowercased()
        }
    }

    /// Splits a camelCase name into words, keeping acronyms together:
    /// `htmlURL` → `html`, `URL`; `URLString` → `URL`, `String`; `user_id` → `user`, `id`.
    static func words(of name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character.isUppercase, let last = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = !last.isUppercase || (next.map { $0.isLowercase } ?? false)
                if startsWord {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
