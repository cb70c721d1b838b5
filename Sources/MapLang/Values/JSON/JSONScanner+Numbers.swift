// MARK: - Numbers

extension JSONScanner {
    /// `number = [ "-" ] int [ frac ] [ exp ]`, kept as its literal text.
    ///
    /// `int = "0" / ( digit1-9 *DIGIT )`, `frac = "." 1*DIGIT`,
    /// `exp = ( "e" / "E" ) [ "-" / "+" ] 1*DIGIT`.
    mutating func readNumber() throws(JSONSyntaxError) -> JSONNumber {
        let literal = try scanNumber()
        return JSONNumber(literal: String(decoding: UnsafeBufferPointer(rebasing: bytes[literal]), as: UTF8.self))
    }

    /// Checks a number as `readNumber` does and moves past it.
    ///
    /// - Returns: The offsets of its literal.
    mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
        let start = position
        let end = bytes.count
        var index = start
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end, JSONNumberGrammar.isDigit(bytes[index]) else {
            throw invalidNumber(from: start, .missingIntegerDigits)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < end, JSONNumberGrammar.isDigit(bytes[index]) { throw invalidNumber(from: start, .leadingZero) }
        } else {
            index = skipDigits(from: index)
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end, JSONNumberGrammar.isDigit(bytes[index]) else {
                throw invalidNumber(from: start, .missingFractionDigits)
            }
            index = skipDigits(from: index)
        }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < end, JSONNumberGrammar.isDigit(bytes[index]) else {
                throw invalidNumber(from: start, .missingExponentDigits)
            }
            index = skipDigits(from: index)
        }
        // `0x1F`, `1.2.3` and `12abc` are one bad number, not a number and junk.
        if index < end, Self.isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            throw invalidNumber(from: start, .trailingCharacters)
        }
        guard index - start <= options.maxNumberLength else {
            throw error(.numberTooLong(limit: options.maxNumberLength), at: start)
        }
        position = index
        return start..<index
    }

    /// The offset just past the ASCII digits starting at `index`, found
    /// eight bytes at a time where eight remain.
    @inline(__always)
    func skipDigits(from index: Int) -> Int {
        var index = index
        while index + 8 <= bytes.count {
            // Read little-endian on any machine, so the first byte is the lowest.
            let word = UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let others = Self.nonDigitBytes(word)
            guard others == 0 else { return index + others.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < bytes.count, JSONNumberGrammar.isDigit(bytes[index]) { index += 1 }
        return index
    }

    /// The top bit of each of eight bytes (read little-endian) that is not
    /// an ASCII digit; zero when all are digits.
    ///
    /// Less `0`, a digit is a byte of 0–9; adding 0x76 sets the top bit of
    /// any byte of 10 or more, and the byte's own top bit marks the rest. A
    /// carry out of a byte only happens for a byte already marked, so the
    /// lowest bit set marks exactly the first byte that is not a digit.
    @inline(__always)
    static func nonDigitBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let offsets = word ^ (ones &* 0x30)
        return ((offsets &+ ones &* 0x76) | offsets) & (ones &* 0x80)
    }

    /// The error for a malformed number starting at `start`, naming the
    /// number-like text there (up to 40 bytes).
    func invalidNumber(from start: Int, _ problem: JSONSyntaxError.NumberProblem) -> JSONSyntaxError {
        var end = start + 1
        while end < bytes.count, end - start < 40, Self.isWordByte(bytes[end]) || Self.isSignOrPoint(bytes[end]) {
            end += 1
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return error(.invalidNumber(text, problem), at: start)
    }

    /// Whether a byte is `.`, `+` or `-`, which join digits and letters in number-like text.
    static func isSignOrPoint(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
