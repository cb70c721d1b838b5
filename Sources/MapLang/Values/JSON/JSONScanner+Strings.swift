// MARK: - Strings

extension JSONScanner {
    /// `string = quotation-mark *char quotation-mark`, with `position` at the opening quote.
    ///
    /// A string without escapes becomes a `String` straight from its bytes,
    /// which have been checked as UTF-8 on the way.
    mutating func readString() throws(JSONSyntaxError) -> String {
        let quoteOffset = position
        let start = position + 1
        let index = try scanPlainRun(from: start).end
        guard index < bytes.count else { throw unendedString(length: index - start, quoteOffset: quoteOffset) }
        guard bytes[index] == UInt8(ascii: "\"") else {
            return try readEscapedString(quoteOffset: quoteOffset, firstEscape: index)
        }
        guard index - start <= options.maxStringBytes else {
            throw error(.stringTooLong(limit: options.maxStringBytes), at: quoteOffset)
        }
        position = index + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// The rest of a string that has escapes, from the first backslash on.
    mutating func readEscapedString(quoteOffset: Int, firstEscape: Int) throws(JSONSyntaxError) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(firstEscape - quoteOffset + 31)
        try decodeEscapedString(quoteOffset: quoteOffset, firstEscape: firstEscape, into: &utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends the UTF-8 a string that has escapes stands for, from its
    /// opening quote at `quoteOffset` to its closing quote, and moves past it.
    ///
    /// The bytes appended are always well-formed UTF-8: plain runs are
    /// checked, and an escape never stands for a lone surrogate.
    mutating func decodeEscapedString(
        quoteOffset: Int, firstEscape: Int, into utf8: inout [UInt8]
    ) throws(JSONSyntaxError) {
        let first = utf8.count
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[quoteOffset + 1..<firstEscape]))
        var index = firstEscape
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard utf8.count - first <= options.maxStringBytes else {
                    throw error(.stringTooLong(limit: options.maxStringBytes), at: quoteOffset)
                }
                position = index + 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                index = try readEscape(at: index, into: &utf8)
                continue
            }
            let runStart = index
            index = try scanPlainRun(from: index).end
            utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        }
        throw unendedString(length: utf8.count - first, quoteOffset: quoteOffset)
    }

    /// The error for a string the input ends inside, `length` bytes long so
    /// far: too long already, whatever came next (so a stream held in
    /// memory stops at the limit, not at the end of the string), or cut short.
    func unendedString(length: Int, quoteOffset: Int) -> JSONSyntaxError {
        length > options.maxStringBytes
            ? error(.stringTooLong(limit: options.maxStringBytes), at: quoteOffset)
            : error(.unexpectedEnd(expected: .closingQuote), at: bytes.count)
    }

    /// Checks a string as `readString` does, with `position` at its opening
    /// quote, and moves past it without building a `String`.
    ///
    /// - Returns: Whether the string has escapes, and whether it is all ASCII.
    @inline(__always)
    mutating func skipString() throws(JSONSyntaxError) -> (hasEscapes: Bool, isASCII: Bool) {
        let (index, isASCII) = try scanPlainRun(from: position + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            return try skipEscapedString(quoteOffset: position, firstEscape: index, isASCII: isASCII)
        }
        guard index - position - 1 <= options.maxStringBytes else {
            throw error(.stringTooLong(limit: options.maxStringBytes), at: position)
        }
        position = index + 1
        return (false, isASCII)
    }

    /// The rest of a string `skipString` checks, from the first backslash
    /// on (or the end of the input, which is an error).
    ///
    /// Escapes are decoded to check them and to count the string's length after unescaping.
    private mutating func skipEscapedString(
        quoteOffset: Int, firstEscape: Int, isASCII: Bool
    ) throws(JSONSyntaxError) -> (hasEscapes: Bool, isASCII: Bool) {
        var index = firstEscape
        var isASCII = isASCII
        var length = index - quoteOffset - 1
        var decoded: [UInt8] = []
        while index < bytes.count, bytes[index] == UInt8(ascii: "\\") {
            decoded.removeAll(keepingCapacity: true)
            let escapeEnd = try readEscape(at: index, into: &decoded)
            let run = try scanPlainRun(from: escapeEnd)
            length += decoded.count + run.end - escapeEnd
            isASCII = isASCII && run.isASCII && decoded.allSatisfy { $0 < 0x80 }
            index = run.end
        }
        guard index < bytes.count else { throw unendedString(length: length, quoteOffset: quoteOffset) }
        guard length <= options.maxStringBytes else {
            throw error(.stringTooLong(limit: options.maxStringBytes), at: quoteOffset)
        }
        position = index + 1
        return (true, isASCII)
    }

    /// Checks the plain characters of a string from `index` on, stopping at
    /// the first quote or backslash, or at the end of the input.
    ///
    /// - Returns: The offset of that quote or backslash (or the input's
    ///   length), and whether every byte before it was ASCII.
    /// - Throws: For a control character or bytes that are not UTF-8.
    @inline(__always)
    func scanPlainRun(from index: Int) throws(JSONSyntaxError) -> (end: Int, isASCII: Bool) {
        var index = index
        var isASCII = true
        let end = bytes.count
        while index < end {
            // Sixteen bytes at a time, on to the first that is not plain
            // ASCII: a quote, a backslash, a control character or the start
            // of a multi-byte character. The last few bytes go one by one.
            if index + Self.laneWidth <= end {
                let offset = firstStringStop(at: index)
                index += offset
                guard offset < Self.laneWidth else { continue }
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error(.controlCharacterInString(byte), at: index) }
            if byte < 0x80 {
                index += 1
            } else {
                guard let length = utf8SequenceLength(at: index) else {
                    throw error(.invalidUTF8(byte: byte), at: index)
                }
                isASCII = false
                index += length
            }
        }
        return (index, isASCII)
    }

    /// Whether every escape in the text of a string literal that
    /// `skipString` has checked is the one `JSONWriter` writes for the
    /// character it stands for, so that the writer would write the literal
    /// byte for byte as it is: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, and
    /// `\u00xx` in lowercase for the other control characters.
    ///
    /// The text between escapes needs no look: `skipString` allows no quote,
    /// backslash or control character there, and the writer escapes nothing else.
    static func escapesAsWritten(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while true {
            guard let backslash = text[index...].firstIndex(of: UInt8(ascii: "\\")) else { return true }
            guard backslash + 1 < text.count else { return false }
            switch text[backslash + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"),
                UInt8(ascii: "b"), UInt8(ascii: "f"):
                index = backslash + 2
            case UInt8(ascii: "u"):
                guard backslash + 6 <= text.count, text[backslash + 2] == UInt8(ascii: "0"), text[backslash + 3] == UInt8(ascii: "0"),
                    let high = Self.lowercaseHexValue(text[backslash + 4]), high < 2,
                    let low = Self.lowercaseHexValue(text[backslash + 5])
                else { return false }
                switch high << 4 | low {
                case 0x08, 0x09, 0x0A, 0x0C, 0x0D: return false
                default: index = backslash + 6
                }
            default:
                return false
            }
        }
    }

    /// The value of a digit or a lowercase hex letter, or `nil`.
    private static func lowercaseHexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        default: nil
        }
    }

    /// `escape = "\" ( ["\/bfnrt] / "u" 4HEXDIG )`, appending what it stands for.
    ///
    /// A `\uD800`–`\uDBFF` escape must be followed at once by a
    /// `\uDC00`–`\uDFFF` escape and the two make one character; any other
    /// surrogate escape is an error, never replaced by U+FFFD.
    ///
    /// - Returns: The offset just past the escape.
    func readEscape(at backslash: Int, into utf8: inout [UInt8]) throws(JSONSyntaxError) -> Int {
        let end = bytes.count
        guard backslash + 1 < end else { throw error(.unexpectedEnd(expected: .closingQuote), at: end) }
        let replacement: UInt8
        switch bytes[backslash + 1] {
        case UInt8(ascii: "\""): replacement = 0x22
        case UInt8(ascii: "\\"): replacement = 0x5C
        case UInt8(ascii: "/"): replacement = 0x2F
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            let unit = try readHexEscape(at: backslash)
            switch unit {
            case 0xD800...0xDBFF:
                let next = backslash + 6
                if next + 1 < end, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u") {
                    let low = try readHexEscape(at: next)
                    if (0xDC00...0xDFFF).contains(low) {
                        Self.appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &utf8)
                        return next + 6
                    }
                }
                throw error(.loneHighSurrogate(escapeText(at: backslash)), at: backslash)
            case 0xDC00...0xDFFF:
                throw error(.loneLowSurrogate(escapeText(at: backslash)), at: backslash)
            default:
                Self.appendUTF8(unit, to: &utf8)
                return backslash + 6
            }
        default:
            let character = try token(at: backslash + 1)
            throw error(.invalidEscape(String(character.unicodeScalars.first!)), at: backslash)
        }
        utf8.append(replacement)
        return backslash + 2
    }

    /// The code unit of the `\uXXXX` escape whose backslash is at `backslash`.
    func readHexEscape(at backslash: Int) throws(JSONSyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for index in backslash + 2..<backslash + 6 {
            guard index < bytes.count, let digit = Self.hexDigitValue(bytes[index]) else {
                let written = UnsafeBufferPointer(rebasing: bytes[backslash..<min(index, bytes.count)])
                throw error(.invalidUnicodeEscape(String(decoding: written, as: UTF8.self)), at: backslash)
            }
            unit = unit << 4 | digit
        }
        return unit
    }

    /// The six characters of the `\uXXXX` escape at `backslash`, as written.
    func escapeText(at backslash: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[backslash..<backslash + 6]), as: UTF8.self)
    }

    /// The value of an ASCII hex digit, or `nil`.
    static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte &- UInt8(ascii: "A") &+ 10)
        default: nil
        }
    }

    /// Appends the UTF-8 encoding of a Unicode scalar value (never a surrogate).
    static func appendUTF8(_ scalar: UInt32, to utf8: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            utf8.append(UInt8(scalar))
        case ..<0x800:
            utf8.append(UInt8(0xC0 | scalar >> 6))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            utf8.append(UInt8(0xE0 | scalar >> 12))
            utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        default:
            utf8.append(UInt8(0xF0 | scalar >> 18))
            utf8.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: - UTF-8

    /// The length of the well-formed UTF-8 sequence at `index`, or `nil` when it is not one.
    ///
    /// Strict, per the Unicode standard's table of well-formed byte sequences:
    /// no overlong forms, no encoded surrogates, nothing above U+10FFFF, no
    /// stray continuation bytes and no sequence cut short.
    func utf8SequenceLength(at index: Int) -> Int? {
        // The lead byte gives the length and the range allowed for the second byte.
        let length: Int
        let second: ClosedRange<UInt8>
        switch bytes[index] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
