/// A `pattern("…")` regular expression rewritten in the dialect JSON Schema
/// uses, ECMA-262, so that a validator's `pattern` keyword matches the same
/// strings MapLang's rule does.
///
/// The rewrite works on the parsed pattern, where every escape is already a
/// scalar or a set, and writes only constructs that ECMA-262 engines and
/// Python's `re` read alike:
/// - `.` and negated classes are written so that they also take a
///   surrogate pair whole, as MapLang takes one scalar;
/// - `\d`, `\w`, `\s` are explicit ASCII classes;
/// - `\b` and `\B` are written with look-around over the ASCII word class,
///   and `$` as a look-ahead for the end, which `$` is only in ECMA-262;
/// - groups do not capture (only `extract` reads a group);
/// - `(?i)` becomes classes of each letter's case forms, for patterns
///   whose letters are all ASCII.
///
/// A pattern the rewrite cannot keep exact gives `nil`, with the reason.
enum ECMAPattern {
    /// Why a pattern could not be rewritten.
    struct Unsupported: Error {
        /// The reason, for the schema's list of what it does not express.
        var reason: String
    }

    /// The pattern in ECMA-262 syntax.
    static func translate(_ source: String) throws(Unsupported) -> String {
        let syntax: PatternSyntax
        do {
            syntax = try PatternParser.parse(source)
        } catch {
            throw Unsupported(reason: "the pattern does not parse")
        }
        return try write(syntax.root, ignoringCase: syntax.ignoresCase)
    }

    /// A lead and trail surrogate: one scalar past U+FFFF, as ECMA-262
    /// sees it without the `u` flag.
    private static let surrogatePair = #"[\uD800-\uDBFF][\uDC00-\uDFFF]"#

    /// The ASCII word class, of `\b` and `\B`.
    private static let word = "[A-Za-z0-9_]"

    private static func write(_ node: PatternNode, ignoringCase: Bool) throws(Unsupported) -> String {
        switch node {
        case .empty:
            return "(?:)"
        case .scalar(let scalar):
            guard ignoringCase else { return literal(scalar) }
            return try caseless(scalar)
        case .anyExceptNewline:
            return "(?:\(surrogatePair)|[^\\n\\uD800-\\uDFFF])"
        case .set(let set):
            return try characterClass(set, ignoringCase: ignoringCase)
        case .assertion(let assertion):
            switch assertion {
            case .start: return "^"
            // Not `$`, which in Python's `re` also matches before a final line feed.
            case .end: return #"(?![\s\S])"#
            case .wordBoundary: return "(?:(?<=\(word))(?!\(word))|(?<!\(word))(?=\(word)))"
            case .nonWordBoundary: return "(?:(?<=\(word))(?=\(word))|(?<!\(word))(?!\(word)))"
            }
        case .concatenation(let parts):
            var text = ""
            for part in parts { text += try write(part, ignoringCase: ignoringCase) }
            return text
        case .alternation(let alternatives):
            var written: [String] = []
            for alternative in alternatives { written.append(try write(alternative, ignoringCase: ignoringCase)) }
            return "(?:" + written.joined(separator: "|") + ")"
        case .repetition(let repetition):
            let body = "(?:" + (try write(repetition.body, ignoringCase: ignoringCase)) + ")"
            switch (repetition.minimum, repetition.maximum) {
            case (0, nil): return body + "*"
            case (1, nil): return body + "+"
            case (0, 1): return body + "?"
            case (let low, nil): return body + "{\(low),}"
            case (let low, let high?) where low == high: return body + "{\(low)}"
            case (let low, let high?): return body + "{\(low),\(high)}"
            }
        case .firstCapture(let inner):
            return "(?:" + (try write(inner, ignoringCase: ignoringCase)) + ")"
        }
    }

    /// A scalar matched as itself.
    private static func literal(_ scalar: Unicode.Scalar) -> String {
        if scalar.value > 0xFFFF { return String(Character(scalar)) }
        if scalar.value < 0x20 || scalar.value == 0x7F { return hex(scalar.value) }
        if scalar.value > 0x7F { return hex(scalar.value) }
        // Only syntax characters: `\-` and the like are errors in ECMA-262's Unicode mode.
        return #"\^$.|?*+()[]{}"#.unicodeScalars.contains(scalar) ? "\\" + String(Character(scalar)) : String(Character(scalar))
    }

    /// `\xHH` or `\uHHHH`.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return value < 0x100
            ? "\\x" + String(repeating: "0", count: 2 - digits.count) + digits
            : "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// The scalars that fold to an ASCII letter under `(?i)` without being
    /// one of its two forms: the Kelvin sign, the long s, the dotless i.
    private static let foldingIntoASCII: [Unicode.Scalar: [Unicode.Scalar]] = [
        "k": ["\u{212A}"], "s": ["\u{017F}"], "i": ["\u{0131}"],
    ]

    /// Every scalar that matches a letter under `(?i)`.
    private static func caseForms(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let lower = PatternCaseFolding.folded(scalar)
        let upper = PatternCaseFolding.uppercase(lower)
        return [lower, upper] + (foldingIntoASCII[lower] ?? [])
    }

    /// A literal under `(?i)`: a class of its case forms.
    private static func caseless(_ scalar: Unicode.Scalar) throws(Unsupported) -> String {
        if scalar.isASCII {
            guard scalar.properties.isAlphabetic else { return literal(scalar) }
            return "[" + caseForms(of: scalar).map(classMember).joined() + "]"
        }
        guard !scalar.properties.changesWhenCaseMapped else {
            throw Unsupported(reason: "`(?i)` with the letter `\(Character(scalar))`, whose case forms JSON Schema's dialect cannot list exactly")
        }
        return literal(scalar)
    }

    /// A class, with the case forms of its ASCII letters under `(?i)`;
    /// negated, it also takes a surrogate pair whole.
    private static func characterClass(_ set: PatternScalarSet, ignoringCase: Bool) throws(Unsupported) -> String {
        var ranges = set.ranges
        if ignoringCase {
            guard ranges.allSatisfy({ $0.upperBound < 0x80 }) else {
                throw Unsupported(reason: "`(?i)` with a class holding letters past ASCII, whose case forms JSON Schema's dialect cannot list exactly")
            }
            // A scalar is in the class when it, its folded form or its upper-case form is.
            let members = Set(ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init))
            var added: [ClosedRange<UInt32>] = []
            for scalar in members where scalar.properties.isAlphabetic {
                let other = PatternCaseFolding.folded(scalar) == scalar ? PatternCaseFolding.uppercase(scalar) : PatternCaseFolding.folded(scalar)
                added.append(other.value...other.value)
            }
            for scalar in foldingIntoASCII.values.joined()
            where members.contains(PatternCaseFolding.folded(scalar)) || members.contains(PatternCaseFolding.uppercase(scalar)) {
                added.append(scalar.value...scalar.value)
            }
            ranges = PatternScalarSet(ranges: ranges + added).ranges
        }
        if ranges.contains(where: { $0.upperBound > 0xFFFF }) {
            throw Unsupported(reason: "a class holding characters past U+FFFF, which JSON Schema's dialect reads as two units")
        }
        // No surrogate code units: a scalar never is one, and in ECMA-262 they would match half a pair.
        let members = ranges.flatMap { range -> [ClosedRange<UInt32>] in
            guard range.overlaps(0xD800...0xDFFF) else { return [range] }
            var pieces: [ClosedRange<UInt32>] = []
            if range.lowerBound < 0xD800 { pieces.append(range.lowerBound...0xD7FF) }
            if range.upperBound > 0xDFFF { pieces.append(0xE000...range.upperBound) }
            return pieces
        }
        let body = members.map { range -> String in
            let low = classMember(Unicode.Scalar(range.lowerBound) ?? "?")
            guard range.count > 1 else { return low }
            return low + "-" + classMember(Unicode.Scalar(range.upperBound) ?? "?")
        }.joined()
        guard set.isNegated else { return members.isEmpty ? "[^\\s\\S]" : "[" + body + "]" }
        return "(?:\(surrogatePair)|[^" + body + "\\uD800-\\uDFFF])"
    }

    /// A scalar inside a class.
    private static func classMember(_ scalar: Unicode.Scalar) -> String {
        if scalar.value < 0x20 || scalar.value >= 0x7F { return hex(scalar.value) }
        return #"\]-^["#.unicodeScalars.contains(scalar) ? "\\" + String(Character(scalar)) : String(Character(scalar))
    }
}
