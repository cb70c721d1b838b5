/// How `maplang infer` names what it declares: fields after their keys,
/// types after the keys that hold them, enum cases after their values.
enum InferenceNames {
    /// The words of a key: split at anything not a letter or digit, and
    /// where a lower-case letter or digit meets an upper-case one.
    static func words(of key: String) -> [String] {
        var words: [String] = []
        for piece in key.split(whereSeparator: { !($0.isLetter || $0.isNumber) || !$0.isASCII }) {
            words += NamingStrategy.words(of: String(piece))
        }
        return words
    }

    /// A field's name for a key: `html_url` → `htmlUrl`, `ID` → `id`,
    /// `+1` → `plus1`, `-1` → `minus1`; never a word the grammar uses.
    static func field(for key: String) -> String {
        var words = words(of: key)
        if let sign = key.first, sign == "+" || sign == "-", key.dropFirst().first?.isNumber == true {
            words.insert(sign == "+" ? "plus" : "minus", at: 0)
        }
        guard let first = words.first else { return "field" }
        var name = first.lowercased() + words.dropFirst().map(capitalized).joined()
        if name.first?.isNumber == true { name = "field" + name }
        return TokenKind.keywords.contains(name) ? name + "Value" : name
    }

    /// A type's name for a key: `pull_request` → `PullRequest`;
    /// `fallback` when the key gives no letters.
    static func type(for key: String, fallback: String) -> String {
        let name = words(of: key).map(capitalized).joined()
        guard let first = name.first, first.isLetter else { return fallback + name }
        return name
    }

    /// An enum case's name for a value: `in_progress` → `inProgress`,
    /// `Open` → `open`; `empty` for a value with no letter or digit.
    static func enumCase(for value: String) -> String {
        words(of: value).isEmpty ? "empty" : field(for: value)
    }

    /// Whether text is a name as the lexer reads one: an ASCII letter or
    /// `_`, then letters, digits and `_`.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, Ascii.isIdentifierStart(first) else { return false }
        return text.utf8.allSatisfy(Ascii.isIdentifierContinue)
    }

    /// The word with its first letter upper-case and the rest lower-case,
    /// unless it is all capitals (an acronym such as `URL`) of two letters or more.
    static func capitalized(_ word: String) -> String {
        if word.count > 1, word.allSatisfy({ $0.isUppercase || $0.isNumber }) { return word }
        return word.prefix(1).uppercased() + word.dropFirst().lowercased()
    }

    /// The singular of an English plural key, for an array's elements:
    /// `labels` → `label`, `categories` → `category`, `statuses` → `status`,
    /// `boxes` → `box`; a word that is not plural is kept.
    static func singular(_ key: String) -> String {
        let lower = key.lowercased()
        for (suffix, replacement) in [("ies", "y"), ("sses", "ss"), ("shes", "sh"), ("ches", "ch"), ("xes", "x"), ("uses", "us")]
        where lower.hasSuffix(suffix) && lower.count > suffix.count + 1 {
            return String(key.dropLast(suffix.count)) + replacement
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"), lower.count > 3 {
            return String(key.dropLast())
        }
        return key
    }

    /// A key as `from` writes it: bare when it is a plain name the grammar
    /// does not use, a string literal otherwise.
    static func keyPath(for key: String) -> String {
        isIdentifier(key) && !TokenKind.keywords.contains(key) ? key : RulesText.quoted(key, limit: nil)
    }

    /// The built-in types' names, which no declaration may take.
    static let builtinTypes: Set<String> = Set(ValueType.builtins.keys)
}
