/// A JSON number, kept as the exact text of its literal.
///
/// MapLang never rounds a number it reads: `505874924095815681`, `1.50` and
/// `1e400` keep every digit. The numeric views below convert on demand.
/// Two numbers are equal when their literals are the same text, so `1.0` and
/// `1` are different numbers here.
package struct JSONNumber: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The literal exactly as it appeared in the input, such as `-12.50e3`.
    package let literal: String

    /// Creates a number from literal text, without checking it.
    ///
    /// Text that is not a JSON number literal gives `nil` from the integer
    /// views and NaN from `doubleValue`.
    package init(literal: String) {
        self.literal = literal
    }

    /// Creates a number from a literal, or `nil` when the text is not a JSON number.
    ///
    /// The text must match RFC 8259's grammar,
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, with nothing around it.
    package init?(_ literal: String) {
        self.init(literal: literal)
        guard isValid else { return nil }
    }

    /// Creates the number that writes an integer in decimal.
    package init(_ value: Int64) {
        self.literal = String(value)
    }

    /// Whether the literal matches the JSON number grammar exactly.
    var isValid: Bool {
        var text = literal
        return text.withUTF8 { JSONNumberGrammar.literalLength(in: $0, from: 0) == $0.count }
    }

    /// The literal.
    package var description: String { literal }

    /// Whether the literal has neither a fraction nor an exponent.
    package var isInteger: Bool {
        !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as an `Int64` when the literal is an integer literal in range.
    ///
    /// `nil` for any literal with a fraction or an exponent, even `1.0`, and for
    /// integers outside `Int64`. `-0` gives `0`.
    package var int64Value: Int64? {
        guard isInteger else { return nil }
        return integralInt64Value
    }

    /// The value as an `Int64` when it is exactly an integer in range, whatever its spelling.
    ///
    /// Accepts `1.0`, `1e2`, `2.50e1` and `-0.0` as well as plain integer
    /// literals; `nil` when the value has a nonzero fractional part or lies
    /// outside `Int64`. The conversion works on the digits, never through `Double`.
    package var integralInt64Value: Int64? {
        var text = literal
        return text.withUTF8 { utf8 in
            guard JSONNumberGrammar.literalLength(in: utf8, from: 0) == utf8.count else { return nil }
            return JSONNumberGrammar.integralValue(of: utf8)
        }
    }

    /// Whether the value is a whole number, whatever its size or spelling:
    /// `1e40`, `2.50e1` and `-0.0` are; `1.5` is not. `false` for text that
    /// is no number literal.
    package var isWhole: Bool {
        var text = literal
        return text.withUTF8 { utf8 in
            JSONNumberGrammar.literalLength(in: utf8, from: 0) == utf8.count && JSONNumberGrammar.isWhole(utf8)
        }
    }

    /// The nearest `Double`.
    ///
    /// Infinite when the magnitude is too large for a `Double` (`1e400`),
    /// and zero, keeping the sign, when it is too small (`1e-400`).
    package var doubleValue: Double {
        // The grammar is a subset of what `Double.init(_:)` parses, which
        // also takes forms JSON lacks, such as `0x1F` and `inf`.
        isValid ? Double(literal) ?? .nan : .nan
    }
}

/// RFC 8259's number grammar and exact integer conversion over UTF-8 bytes.
enum JSONNumberGrammar {
    /// Whether `text` is one JSON number literal and nothing else.
    static func isLiteral(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            !bytes.isEmpty && literalLength(in: bytes, from: 0) == bytes.count
        }
    }

    /// The length of the longest valid number literal starting at `start`, or `nil` when none does.
    static func literalLength(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        let end = bytes.count
        if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < end, isDigit(bytes[index]) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < end, isDigit(bytes[index]) { index += 1 }
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end, isDigit(bytes[index]) else { return nil }
            while index < end, isDigit(bytes[index]) { index += 1 }
        }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < end, isDigit(bytes[index]) else { return nil }
            while index < end, isDigit(bytes[index]) { index += 1 }
        }
        return index - start
    }

    /// The value of a literal written as an integer, with no fraction or
    /// exponent, when it fits in an `Int64`: `int64Value` read from bytes.
    ///
    /// - Precondition: `bytes` matches the grammar.
    static func plainInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = bytes.first == UInt8(ascii: "-")
        var value: Int64 = 0
        for byte in bytes[(negative ? 1 : 0)...] {
            guard isDigit(byte), let next = appending(byte, toNegated: value) else { return nil }
            value = next
        }
        return signed(negated: value, negative: negative)
    }

    /// Digits are accumulated negatively, so that `Int64.min` is reachable:
    /// `value` times ten less the digit `byte`, or `nil` on overflow.
    @inline(__always)
    private static func appending(_ byte: UInt8, toNegated value: Int64) -> Int64? {
        let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (next, overflow2) = shifted.subtractingReportingOverflow(Int64(byte &- UInt8(ascii: "0")))
        return overflow1 || overflow2 ? nil : next
    }

    /// The value accumulated negatively as `negated`, with its sign; `nil` when it does not fit.
    @inline(__always)
    private static func signed(negated: Int64, negative: Bool) -> Int64? {
        if negative { return negated }
        let (positive, overflow) = Int64(0).subtractingReportingOverflow(negated)
        return overflow ? nil : positive
    }

    /// The exact `Int64` value of a literal that matches the grammar, or `nil`
    /// when it is not a whole number in range.
    static func integralValue(of bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let digits = significantDigits(of: bytes) else { return 0 }
        let (first, last, integerEnd, exponent) = (digits.first, digits.last, digits.integerEnd, digits.exponent)
        let pointInside = first < integerEnd && integerEnd < last
        guard exponent >= 0, last - first - (pointInside ? 1 : 0) + exponent <= 19 else { return nil }

        var value: Int64 = 0
        for position in first..<last where position != integerEnd {
            guard let next = appending(bytes[position], toNegated: value) else { return nil }
            value = next
        }
        for _ in 0..<exponent {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = shifted
        }
        return signed(negated: value, negative: digits.negative)
    }

    /// Whether a literal that matches the grammar is a whole number, of any
    /// size: `1e40` and `2.50e1` are, `1.5` and `1e-3` are not.
    static func isWhole(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let digits = significantDigits(of: bytes) else { return true }
        return digits.exponent >= 0
    }

    /// The significant digits of a literal that matches the grammar: from
    /// the first nonzero digit (`first`) to one past the last (`last`), the
    /// offset of the decimal point or the integer part's end (`integerEnd`),
    /// which sits among them when the point does, and the power of ten they
    /// are multiplied by, read as an integer without the point
    /// (`exponent`); `nil` for zero.
    private static func significantDigits(
        of bytes: UnsafeBufferPointer<UInt8>
    ) -> (first: Int, last: Int, integerEnd: Int, exponent: Int, negative: Bool)? {
        var index = 0
        let end = bytes.count
        let negative = end > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }

        // The significant digits run over the integer and fraction parts;
        // `scale` counts how many of them sit after the decimal point.
        let digitsStart = index
        while index < end, isDigit(bytes[index]) { index += 1 }
        let integerEnd = index
        var fractionEnd = index
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, isDigit(bytes[index]) { index += 1 }
            fractionEnd = index
        }
        var exponent = exponentPart(of: bytes, from: index)

        // The significant digits run from the first nonzero digit to the
        // last, skipping the decimal point; each trailing zero dropped
        // raises the exponent.
        exponent -= max(0, fractionEnd - integerEnd - 1)
        var first = digitsStart
        while first < fractionEnd, first == integerEnd || bytes[first] == UInt8(ascii: "0") { first += 1 }
        if first == fractionEnd { return nil }
        var last = fractionEnd
        while last - 1 == integerEnd || bytes[last - 1] == UInt8(ascii: "0") {
            if last - 1 != integerEnd { exponent += 1 }
            last -= 1
        }
        return (first, last, integerEnd, exponent, negative)
    }

    /// The value of the exponent part of a literal that matches the grammar,
    /// which starts at `index` (`e`, an optional sign, digits), or 0 when
    /// the literal has none there.
    ///
    /// It saturates far beyond any literal's digit count; past that the
    /// exponent alone decides any conversion.
    private static func exponentPart(of bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        guard index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") else { return 0 }
        var index = index + 1
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var exponent = 0
        while index < bytes.count {
            if exponent < 1 << 50 { exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
            index += 1
        }
        return negative ? -exponent : exponent
    }

    /// The nearest double to a literal, when one rounding gives it exactly:
    /// a mantissa of at most 2^53 and a power of ten within 10^±22, both of
    /// which are exact doubles, so their product or quotient is correctly
    /// rounded (Clinger's fast path). `nil` for any other literal, which
    /// must go through `Double.init(_:)`.
    ///
    /// - Precondition: `bytes` matches the grammar.
    static func nearestDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let negative = bytes.first == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        var mantissa: UInt64 = 0
        var exponent = 0
        var inFraction = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if isDigit(byte) {
                guard mantissa < 1 << 53 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte &- UInt8(ascii: "0"))
                if inFraction { exponent -= 1 }
            } else {
                break
            }
            index += 1
        }
        exponent += exponentPart(of: bytes, from: index)
        guard mantissa <= 1 << 53, (-22...22).contains(exponent) else { return nil }
        let power = exactPowersOfTen[abs(exponent)]
        let magnitude = exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
        return negative ? -magnitude : magnitude
    }

    /// 10^0 through 10^22, every one an exact double.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Whether a byte is an ASCII digit.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
