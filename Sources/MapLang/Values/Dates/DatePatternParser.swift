/// Compiles the text of a date pattern into `DatePattern` elements.
///
/// The pattern grammar, over UTF-8 bytes:
///
///     pattern = { field | quoted | "''" | other }
///     field   = a run of one ASCII letter, e.g. "yyyy"
///     quoted  = "'" { any byte but "'" | "''" } "'"
///     other   = any byte that is not an ASCII letter or "'"
///
/// Quoted text, `''` and other bytes are literal text; adjacent literal text
/// becomes one element. See `DatePattern` for the supported fields.
enum DatePatternParser {
    // MARK: - API

    /// Compiles `pattern`.
    ///
    /// - Throws: `DateParseError` at the UTF-8 byte offset of the problem.
    static func compile(_ pattern: String) throws(DateParseError) -> [DatePattern.Element] {
        let bytes = Array(pattern.utf8)
        guard !bytes.isEmpty else { throw DateParseError(.emptyPattern, at: 0) }
        var elements: [DatePattern.Element] = []
        var literal: [UInt8] = []
        func flushLiteral() {
            guard !literal.isEmpty else { return }
            elements.append(.literal(String(decoding: literal, as: UTF8.self)))
            literal = []
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                index = try readQuoted(bytes, from: index, into: &literal)
            } else if DateTextScanner.isASCIILetter(byte) {
                flushLiteral()
                let start = index
                while index < bytes.count, bytes[index] == byte { index += 1 }
                let letter = Character(Unicode.Scalar(byte))
                let kind = try kind(of: letter, count: index - start, at: start)
                elements.append(.field(DatePattern.Field(kind: kind, count: index - start, patternOffset: start)))
            } else {
                literal.append(byte)
                index += 1
            }
        }
        flushLiteral()
        try checkFields(&elements)
        return elements
    }

    /// The repeat counts a pattern letter supports, ascending; empty for unsupported letters.
    static func supportedCounts(of letter: Character) -> [Int] {
        switch letter {
        case "y", "M", "E": Array(1...4)
        case "d", "H", "h", "m", "s": [1, 2]
        case "S": Array(1...9)
        case "a", "X": [1, 2, 3]
        case "Z": [1, 2, 3, 5]
        default: []
        }
    }

    // MARK: - Implementation

    private static let quote = UInt8(ascii: "'")

    /// Reads `''` or a quoted section starting at the quote at `start` into `literal`.
    ///
    /// - Returns: the offset just past the closing quote.
    private static func readQuoted(
        _ bytes: [UInt8], from start: Int, into literal: inout [UInt8]
    ) throws(DateParseError) -> Int {
        if start + 1 < bytes.count, bytes[start + 1] == quote {
            literal.append(quote)
            return start + 2
        }
        var index = start + 1
        while index < bytes.count {
            if bytes[index] != quote {
                literal.append(bytes[index])
                index += 1
            } else if index + 1 < bytes.count, bytes[index + 1] == quote {
                literal.append(quote)
                index += 2
            } else {
                return index + 1
            }
        }
        throw DateParseError(.unterminatedQuote, at: start)
    }

    /// The field kind for `count` repeats of `letter`, found at `offset`.
    private static func kind(of letter: Character, count: Int, at offset: Int) throws(DateParseError)
        -> DatePattern.Kind
    {
        guard !supportedCounts(of: letter).isEmpty else {
            throw DateParseError(.unsupportedPatternLetter(letter), at: offset)
        }
        let kind: DatePattern.Kind? =
            switch (letter, count) {
            case ("y", 2): .twoDigitYear
            case ("y", _): .year
            case ("M", 1...2): .month
            case ("M", 3): .monthAbbreviation
            case ("M", 4): .monthName
            case ("d", _): .day
            case ("H", _): .hour
            case ("h", _): .twelveHour
            case ("m", _): .minute
            case ("s", _): .second
            case ("S", _): .fraction
            case ("a", _): .dayPeriod
            case ("E", 1...3): .weekdayAbbreviation
            case ("E", 4): .weekdayName
            case ("Z", 1...3): .utcOffset(.basic)
            case ("Z", 5), ("X", 3): .utcOffset(.extendedOrZ)
            case ("X", 2): .utcOffset(.basicOrZ)
            case ("X", 1): .utcOffset(.hoursOrZ)
            default: nil
            }
        guard let kind, supportedCounts(of: letter).contains(count) else {
            throw DateParseError(.unsupportedFieldWidth(letter: letter, count: count), at: offset)
        }
        return kind
    }

    /// Rejects repeated fields and `h` without `a`, and marks abutting numeric fields.
    private static func checkFields(_ elements: inout [DatePattern.Element]) throws(DateParseError) {
        var seen: [DateParseError.Field] = []
        var twelveHourOffset: Int?
        for index in elements.indices {
            guard case .field(var field) = elements[index] else { continue }
            guard !seen.contains(field.part) else {
                throw DateParseError(.duplicateField(field.part), at: field.patternOffset)
            }
            seen.append(field.part)
            if field.kind == .twelveHour { twelveHourOffset = field.patternOffset }
            if index + 1 < elements.count, case .field(let next) = elements[index + 1], field.isNumeric, next.isNumeric
            {
                field.isAbutting = true
                elements[index] = .field(field)
            }
        }
        if let twelveHourOffset, !seen.contains(.dayPeriod) {
            throw DateParseError(.twelveHourWithoutDayPeriod, at: twelveHourOffset)
        }
    }
}
