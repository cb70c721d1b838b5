/// Turns the text of a `pattern("…")` into a `PatternSyntax` tree.
///
/// The parser reads Unicode scalars, so `é` in a pattern is one literal.
/// Errors it throws carry *scalar* offsets; `Pattern.init` converts them to
/// Character offsets. Recursion follows group nesting only, which is limited
/// to `Pattern.maximumNesting`.
///
/// Grammar:
///
///     pattern       := "(?i)"? alternation
///     alternation   := concatenation ("|" concatenation)*
///     concatenation := quantified*
///     quantified    := atom quantifier?
///     quantifier    := ("*" | "+" | "?" | "{" n "}" | "{" n ",}" | "{" n "," m "}") "?"?
///     atom          := literal | "." | "^" | "$" | escape | class | group
///     group         := "(" ("?:" | "?<" name ">")? alternation ")"
struct PatternParser {
    /// The pattern source.
    let scalars: [Unicode.Scalar]
    /// The index in `scalars` of the next scalar to read.
    var position = 0
    /// How many groups enclose `position`.
    private var depth = 0
    /// Whether the first capturing group, the one `extract` gives, has been read.
    private var capturedFirst = false

    /// Creates a parser at the start of `source`.
    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// Parses a whole pattern.
    ///
    /// - Throws: `PatternError` with a scalar offset.
    static func parse(_ source: String) throws(PatternError) -> PatternSyntax {
        var parser = PatternParser(source)
        return try parser.parsePattern()
    }

    /// `pattern := "(?i)"? alternation`
    mutating func parsePattern() throws(PatternError) -> PatternSyntax {
        let ignoresCase = consume("(?i)")
        let root = try parseAlternation()
        if let scalar = peek() {
            // `parseAlternation` stops early only at a `)` it did not open.
            throw error(at: position, .unmatchedClosing(scalar))
        }
        return PatternSyntax(root: root, ignoresCase: ignoresCase)
    }

    /// `alternation := concatenation ("|" concatenation)*`
    private mutating func parseAlternation() throws(PatternError) -> PatternNode {
        var alternatives = [try parseConcatenation()]
        while consume("|") {
            alternatives.append(try parseConcatenation())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    /// `concatenation := quantified*`
    private mutating func parseConcatenation() throws(PatternError) -> PatternNode {
        var parts: [PatternNode] = []
        while let scalar = peek(), scalar != "|", scalar != ")" {
            let part = try parseQuantified()
            if part != .empty { parts.append(part) }
        }
        switch parts.count {
        case 0: return .empty
        case 1: return parts[0]
        default: return .concatenation(parts)
        }
    }

    /// `quantified := atom quantifier?`
    private mutating func parseQuantified() throws(PatternError) -> PatternNode {
        if let quantifier = try parseQuantifier() {
            throw error(at: quantifier.offset, .nothingToRepeat(quantifier.text))
        }
        let isGroup = peek() == "("
        let atom = try parseAtom()
        guard let quantifier = try parseQuantifier() else { return atom }
        if case .assertion = atom, !isGroup {
            throw error(at: quantifier.offset, .nothingToRepeat(quantifier.text))
        }
        if let extra = try parseQuantifier() {
            throw error(at: extra.offset, .repeatedQuantifier(extra.text))
        }
        return .repetition(
            PatternRepetition(
                body: atom,
                minimum: quantifier.minimum,
                maximum: quantifier.maximum,
                isLazy: quantifier.isLazy,
                offset: quantifier.offset
            )
        )
    }

    /// `atom := literal | "." | "^" | "$" | escape | class | group`
    private mutating func parseAtom() throws(PatternError) -> PatternNode {
        let start = position
        guard let scalar = peek() else { return .empty }
        switch scalar {
        case "(":
            return try parseGroup()
        case "[":
            return try parseClass()
        case "\\":
            if consume("\\b") { return .assertion(.wordBoundary) }
            if consume("\\B") { return .assertion(.nonWordBoundary) }
            switch try parseEscape() {
            case .scalar(let value): return .scalar(value)
            case .set(let set): return .set(set)
            }
        case ".":
            position += 1
            return .anyExceptNewline
        case "^":
            position += 1
            return .assertion(.start)
        case "$":
            position += 1
            return .assertion(.end)
        case "]", "}":
            throw error(at: start, .unmatchedClosing(scalar))
        default:
            position += 1
            return .scalar(scalar)
        }
    }

    /// `group := "(" ("?:" | "?<" name ">")? alternation ")"`
    private mutating func parseGroup() throws(PatternError) -> PatternNode {
        let open = position
        position += 1
        // `(?:…)` captures nothing; `(…)` and `(?<name>…)` do.
        let captures = peek() == "?" ? try parseGroupPrefix(open: open) : true
        let isFirstCapture = captures && !capturedFirst
        if isFirstCapture { capturedFirst = true }
        depth += 1
        if depth > Pattern.maximumNesting {
            throw error(at: open, .nestingTooDeep(limit: Pattern.maximumNesting))
        }
        let body = try parseAlternation()
        guard consume(")") else { throw error(at: open, .unclosedGroup) }
        depth -= 1
        return isFirstCapture ? .firstCapture(body) : body
    }

    /// Reads what follows `(?`: `:` or `<name>`; rejects every other form.
    ///
    /// - Returns: Whether the group captures: `(?<name>…)` does, `(?:…)` not.
    private mutating func parseGroupPrefix(open: Int) throws(PatternError) -> Bool {
        let after = position + 1
        let marker = after < scalars.count ? scalars[after] : nil
        let isLookbehind =
            marker == "<" && after + 1 < scalars.count
            && "=!".unicodeScalars.contains(scalars[after + 1])
        switch marker {
        case ":":
            position = after + 1
            return false
        case "=", "!":
            throw error(at: open, .lookaround(text(from: open, to: after + 1)))
        case "<" where isLookbehind:
            throw error(at: open, .lookaround(text(from: open, to: after + 2)))
        case "<":
            position = after + 1
            let nameStart = position
            while let scalar = peek(), scalar != ">", scalar != ")" { position += 1 }
            let name = text(from: nameStart, to: position)
            guard consume(">") else { throw error(at: open, .unclosedGroup) }
            guard Self.isGroupName(name) else {
                throw error(at: nameStart, .invalidGroupName(name))
            }
            return true
        default:
            var end = after
            while end < scalars.count, Self.isASCIILetter(scalars[end]) { end += 1 }
            if end < scalars.count { end += 1 }
            let form = text(from: open, to: end)
            throw error(at: open, form == "(?i)" ? .misplacedFlag(form) : .unsupportedGroup(form))
        }
    }

    /// `quantifier := ("*" | "+" | "?" | "{" n "}" | "{" n ",}" | "{" n "," m "}") "?"?`
    ///
    /// Returns `nil`, consuming nothing, when no quantifier starts here.
    private mutating func parseQuantifier() throws(PatternError) -> PatternQuantifier? {
        let start = position
        var quantifier: PatternQuantifier
        switch peek() {
        case "*": quantifier = PatternQuantifier(minimum: 0, maximum: nil)
        case "+": quantifier = PatternQuantifier(minimum: 1, maximum: nil)
        case "?": quantifier = PatternQuantifier(minimum: 0, maximum: 1)
        case "{": quantifier = try parseBounds()
        default: return nil
        }
        if start == position { position += 1 }
        quantifier.isLazy = consume("?")
        quantifier.offset = start
        quantifier.text = text(from: start, to: position)
        return quantifier
    }

    /// `"{" n "}" | "{" n ",}" | "{" n "," m "}"`, at a `{`.
    private mutating func parseBounds() throws(PatternError) -> PatternQuantifier {
        let open = position
        position += 1
        let minimum = parseCount()
        var maximum = minimum
        var isWellFormed = minimum != nil
        if isWellFormed, consume(",") {
            maximum = parseCount()
            isWellFormed = maximum != nil || peek() == "}"
        }
        guard isWellFormed, let minimum, consume("}") else {
            if let scalar = peek(), scalar != "}" { position += 1 }
            throw error(at: open, .malformedRepetition(text(from: open, to: position)))
        }
        let written = text(from: open, to: position)
        let limit = Pattern.maximumRepetition
        if minimum > limit || (maximum ?? 0) > limit {
            throw error(at: open, .repetitionLimitExceeded(written, limit: limit))
        }
        if let maximum, maximum < minimum {
            throw error(at: open, .repetitionBoundsReversed(written))
        }
        return PatternQuantifier(minimum: minimum, maximum: maximum)
    }

    /// Reads decimal digits, saturating just above the repetition limit so a
    /// long run of digits cannot overflow. Returns `nil` when there are none.
    private mutating func parseCount() -> Int? {
        var value: Int?
        while let scalar = peek(), ("0"..."9").contains(scalar) {
            let digit = Int(scalar.value - 0x30)
            value = min((value ?? 0) * 10 + digit, Pattern.maximumRepetition + 1)
            position += 1
        }
        return value
    }

    // MARK: - Reading

    /// The next scalar, or `nil` at the end.
    func peek() -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    /// Consumes `expected` if the source continues with it.
    mutating func consume(_ expected: String) -> Bool {
        var index = position
        for scalar in expected.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        position = index
        return true
    }

    /// The source text between two scalar offsets, clamped to the end.
    func text(from start: Int, to end: Int) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[start..<min(end, scalars.count)])
        return String(result)
    }

    /// An error at a scalar offset.
    func error(at offset: Int, _ cause: PatternError.Cause) -> PatternError {
        PatternError(offset: offset, cause: cause)
    }

    /// Whether `scalar` is an ASCII letter.
    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// Whether `name` is an ASCII identifier, as a group name must be.
    private static func isGroupName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isASCIILetter(first) || first == "_" else {
            return false
        }
        return name.unicodeScalars.allSatisfy { PatternScalarSet.isWord($0) }
    }
}

/// A quantifier as read, before it is attached to its atom.
struct PatternQuantifier {
    /// The fewest repetitions.
    var minimum: Int
    /// The most repetitions, or `nil` for no limit.
    var maximum: Int?
    /// Whether a `?` follows.
    var isLazy = false
    /// The scalar offset of the quantifier.
    var offset = 0
    /// The quantifier as written, such as `*?` or `{2,3}`.
    var text = ""
}
