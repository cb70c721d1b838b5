/// What an escape outside the anchors `\b` and `\B` stands for.
enum PatternEscape {
    /// One scalar, such as `\n`, `\.` or `\u00E9`.
    case scalar(Unicode.Scalar)
    /// A class shorthand: `\d`, `\D`, `\w`, `\W`, `\s` or `\S`.
    case set(PatternScalarSet)
}

extension PatternParser {
    /// `escape := "\" ([dDwWsS] | [ntrfv] | "0" | "u" hex hex hex hex | "u{" hex+ "}"
    ///             | "x" hex hex | ascii-punctuation)`
    ///
    /// Used both outside and inside classes; the callers handle `\b` and `\B`.
    mutating func parseEscape() throws(PatternError) -> PatternEscape {
        let start = position
        position += 1
        guard let letter = peek() else { throw error(at: start, .trailingBackslash) }
        position += 1
        switch letter {
        case "d": return .set(.digits)
        case "D": return .set(PatternScalarSet.digits.negated)
        case "w": return .set(.word)
        case "W": return .set(PatternScalarSet.word.negated)
        case "s": return .set(.whitespace)
        case "S": return .set(PatternScalarSet.whitespace.negated)
        case "n": return .scalar("\n")
        case "t": return .scalar("\t")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{0C}")
        case "v": return .scalar("\u{0B}")
        case "0":
            if let next = peek(), ("0"..."9").contains(next) {
                position += 1
                throw error(at: start, .invalidEscape(text(from: start, to: position)))
            }
            return .scalar("\u{00}")
        case "1"..."9":
            while let next = peek(), ("0"..."9").contains(next) { position += 1 }
            throw error(at: start, .backreference(text(from: start, to: position)))
        case "k":
            throw error(at: start, .backreference(text(from: start, to: position)))
        case "u":
            return .scalar(try parseUnicodeEscape(start: start))
        case "x":
            let value = try parseHexDigits(count: 2, start: start)
            // Two hex digits are at most 0xFF, always a valid scalar.
            return .scalar(Unicode.Scalar(UInt8(value)))
        default:
            guard Self.isEscapablePunctuation(letter) else {
                throw error(at: start, .unknownEscape(text(from: start, to: position)))
            }
            return .scalar(letter)
        }
    }

    /// Reads the rest of `\uXXXX` or `\u{X…}` after the `u`.
    ///
    /// A high surrogate written as `\uD83D` joins a low surrogate escape that
    /// follows it, as in JavaScript; a lone surrogate is an error.
    private mutating func parseUnicodeEscape(start: Int) throws(PatternError) -> Unicode.Scalar {
        if consume("{") {
            var value: UInt32 = 0
            var digitCount = 0
            while let scalar = peek(), let digit = Self.hexValue(of: scalar) {
                value = min(value, 0x11_0000) * 16 + digit
                digitCount += 1
                position += 1
            }
            let isClosed = consume("}")
            guard digitCount > 0, isClosed, let scalar = Unicode.Scalar(value) else {
                if !isClosed, peek() != nil { position += 1 }
                throw error(at: start, .invalidEscape(text(from: start, to: position)))
            }
            return scalar
        }
        let value = try parseHexDigits(count: 4, start: start)
        if (0xD800...0xDBFF).contains(value) {
            let resume = position
            if consume("\\u"), let low = try? parseHexDigits(count: 4, start: resume),
                (0xDC00...0xDFFF).contains(low)
            {
                let combined = 0x1_0000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                if let scalar = Unicode.Scalar(combined) { return scalar }
            }
            position = resume
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error(at: start, .invalidEscape(text(from: start, to: position)))
        }
        return scalar
    }

    /// Reads exactly `count` hex digits, or throws `invalidEscape` for the
    /// escape that began at `start`.
    private mutating func parseHexDigits(count: Int, start: Int) throws(PatternError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let scalar = peek(), let digit = Self.hexValue(of: scalar) else {
                if peek() != nil { position += 1 }
                throw error(at: start, .invalidEscape(text(from: start, to: position)))
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    /// The value of an ASCII hex digit, or `nil`.
    private static func hexValue(of scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// Whether a backslash before `scalar` simply makes it literal: printable
    /// ASCII that is not a letter or digit, such as `\.`, `\/`, `\-` or `\ `.
    private static func isEscapablePunctuation(_ scalar: Unicode.Scalar) -> Bool {
        (0x20...0x7E).contains(scalar.value) && !isASCIILetter(scalar)
            && !("0"..."9").contains(scalar)
    }
}
