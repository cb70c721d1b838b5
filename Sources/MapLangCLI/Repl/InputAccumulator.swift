/// Collects the lines of one REPL entry and says when the entry is complete.
///
/// The first line decides what the entry is: a `:command` (always one line),
/// a JSON document (it starts like one: `{`, `[`, `"`, a number, `true`,
/// `false` or `null`), or rules declarations (anything else). An entry is
/// complete once its braces, brackets and parentheses balance, not counting
/// those inside strings or `//` comments. Declarations also stay open while
/// they end where more must follow: after `|`, `,`, `=`, `->` or `:`, or
/// after a header such as `model Issue` whose `{` is still to come.
///
/// Comment lines wait for the declaration they come before, so a pasted
/// declaration keeps its comments; a command or JSON after them drops them.
struct InputAccumulator: Sendable, Equatable {
    /// What an entry holds.
    enum Kind: Sendable, Equatable {
        /// A `:command`.
        case command
        /// A JSON document to map.
        case json
        /// Rules declarations or settings.
        case rules
    }

    /// The lines collected so far.
    private(set) var lines: [String] = []
    /// What the entry holds, once its first line has come.
    private(set) var kind: Kind?
    /// Open braces, brackets and parentheses minus closed ones.
    private(set) var depth = 0
    /// The entry's tokens so far, roughly: see `LineScan`.
    private var tokens: [String] = []

    /// Whether no line has been collected.
    var isEmpty: Bool { lines.isEmpty }

    /// Whether the lines collected make a whole entry.
    var isComplete: Bool {
        guard let kind else { return false }
        switch kind {
        case .command: return true
        case .json: return depth <= 0
        case .rules: return !tokens.isEmpty && depth <= 0 && !Self.awaitsMore(after: tokens)
        }
    }

    /// The entry's text: its lines joined by line feeds.
    var text: String { lines.joined(separator: "\n") }

    /// Adds a line, without its line terminator.
    ///
    /// A line of white space before the first real line is dropped, so empty
    /// lines at the prompt start nothing.
    ///
    /// - Returns: Whether the entry is now complete.
    @discardableResult
    mutating func append(_ line: String) -> Bool {
        if kind == nil || (kind == .rules && tokens.isEmpty) {
            // Nothing yet, or only comments: this line may start something else.
            let next = Self.kind(ofFirstLine: line)
            if kind == nil || (next != nil && next != .rules) {
                guard let next else { return false }
                self = InputAccumulator()
                kind = next
            }
        }
        lines.append(line)
        let scan = LineScan(line)
        depth += scan.depthChange
        tokens += scan.tokens
        return isComplete
    }

    /// Hands out the entry's text and starts a new one.
    mutating func take() -> (kind: Kind, text: String)? {
        defer { self = InputAccumulator() }
        guard let kind else { return nil }
        return (kind, text)
    }

    /// Drops whatever was collected.
    mutating func reset() {
        self = InputAccumulator()
    }

    // MARK: - Classification

    /// What an entry starting with `line` holds, or `nil` when the line is blank.
    static func kind(ofFirstLine line: String) -> Kind? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = trimmed.first, first != "\r" else { return nil }
        if first == ":" { return .command }
        if "{[\"-0123456789".contains(first) { return .json }
        for word in ["true", "false", "null"] where trimmed.hasPrefix(word) {
            let after = trimmed.dropFirst(word.count).first
            if after.map({ !LineScan.isWordCharacter($0) }) ?? true { return .json }
        }
        return .rules
    }

    /// The words that start a declaration or setting and need a name or body after them.
    private static let headerKeywords: Set<String> = ["model", "enum", "table", "transform", "root", "keys"]
    /// The words that start a declaration whose body or `=` follows its name.
    private static let namedHeaderKeywords: Set<String> = ["model", "enum", "table", "transform"]
    /// Tokens after which a declaration cannot end.
    private static let continuingTokens: Set<String> = ["|", ",", "=", "->", ":"]

    /// Whether declarations that end with these tokens need another line.
    private static func awaitsMore(after tokens: [String]) -> Bool {
        guard let last = tokens.last else { return false }
        if continuingTokens.contains(last) { return true }
        let start = tokens.lastIndex(where: { $0 == "}" }).map { $0 + 1 } ?? 0
        let tail = tokens[start...]
        if tail.count == 1 { return headerKeywords.contains(last) }
        if tail.count == 2 {
            let keyword = tail[tail.startIndex]
            return namedHeaderKeywords.contains(keyword) && LineScan.isWord(last)
        }
        return false
    }
}

/// One line's tokens, roughly: enough to balance brackets and see how the line ends.
private struct LineScan {
    /// Words, numbers, `"…"` for each string, `->`, and other punctuation one character at a time.
    var tokens: [String] = []
    /// Openers minus closers outside strings and comments.
    var depthChange = 0

    /// Scans a line. A string runs to its closing quote, `\` escaping the next
    /// character, or to the end of the line; a comment runs from `//` to the end.
    init(_ line: String) {
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\"":
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    index += characters[index] == "\\" ? 2 : 1
                }
                index += 1
                tokens.append("\"…\"")
                continue
            case "/" where index + 1 < characters.count && characters[index + 1] == "/":
                return
            case "{", "[", "(":
                depthChange += 1
                tokens.append(String(character))
            case "}", "]", ")":
                depthChange -= 1
                tokens.append(String(character))
            case "-" where index + 1 < characters.count && characters[index + 1] == ">":
                tokens.append("->")
                index += 2
                continue
            case _ where Self.isWordCharacter(character):
                var end = index
                while end < characters.count, Self.isWordCharacter(characters[end]) { end += 1 }
                tokens.append(String(characters[index..<end]))
                index = end
                continue
            case _ where character.isWhitespace:
                break
            default:
                tokens.append(String(character))
            }
            index += 1
        }
    }

    /// Letters, digits and `_`.
    static func isWordCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }

    /// Whether a token is a word: an identifier or a number.
    static func isWord(_ token: String) -> Bool {
        token.allSatisfy(isWordCharacter)
    }
}
