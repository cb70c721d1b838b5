/// A JSON number literal as exact decimal digits and a power of ten, for
/// the arithmetic the built-ins `scale` and `round` do without a `Double`:
/// `12.50` is digits `125`, exponent `-1`.
struct DecimalDigits: Equatable {
    /// Whether the number is below zero; zero is never negative.
    var negative: Bool
    /// The significant digits as ASCII, with no leading or trailing zeros;
    /// empty for zero.
    var digits: [UInt8]
    /// The power of ten the digits are multiplied by.
    var exponent: Int

    /// The largest exponent, either way, that the built-ins work with: a
    /// literal past it (`1e999999999`) is refused rather than written out.
    static let exponentLimit = 1_000_000

    /// The largest power of ten `scale` multiplies by, and the most decimal
    /// places `round` keeps.
    static let powerLimit = 100

    /// The digits of a JSON number literal; `nil` when it is not one or its
    /// exponent is past `exponentLimit`.
    init?(literal: String) {
        guard NumberText.isLiteral(literal) else { return nil }
        var bytes = Array(literal.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        var digits: [UInt8] = []
        var exponent = 0
        var inFraction = false
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                inFraction = true
                continue
            }
            digits.append(byte)
            if inFraction { exponent -= 1 }
        }
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            let sign = bytes.first == UInt8(ascii: "-") ? -1 : 1
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            var written = 0
            for byte in bytes {
                written = written * 10 + Int(byte - UInt8(ascii: "0"))
                // Past twice the limit no number of digits brings it back.
                guard written <= 2 * Self.exponentLimit else { return nil }
            }
            exponent += sign * written
        }
        self.init(negative: negative, digits: digits, exponent: exponent)
        guard isWithinLimit else { return nil }
    }

    /// Whether the number's magnitude, its exponent counted from its first
    /// digit, is within `exponentLimit` either way.
    var isWithinLimit: Bool {
        abs(exponent + max(digits.count - 1, 0)) <= Self.exponentLimit
    }

    /// A number from its parts, trimmed to the canonical form.
    init(negative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits[...].drop { $0 == UInt8(ascii: "0") }
        var exponent = exponent
        while digits.last == UInt8(ascii: "0") {
            digits = digits.dropLast()
            exponent += 1
        }
        self.digits = Array(digits)
        self.negative = negative && !digits.isEmpty
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// The number times ten to the `power`.
    func scaled(by power: Int) -> DecimalDigits {
        DecimalDigits(negative: negative, digits: digits, exponent: exponent + power)
    }

    /// The number rounded to `places` digits after the point, a half away
    /// from zero: `2.345` to two places is `2.35`, `-2.345` is `-2.35`.
    func rounded(toPlaces places: Int) -> DecimalDigits {
        let dropped = -places - exponent
        guard dropped > 0 else { return self }
        guard dropped <= digits.count else { return DecimalDigits(negative: negative, digits: [], exponent: 0) }
        var kept = Array(digits[..<(digits.count - dropped)])
        if digits[digits.count - dropped] >= UInt8(ascii: "5") {
            var index = kept.count - 1
            while index >= 0, kept[index] == UInt8(ascii: "9") {
                kept[index] = UInt8(ascii: "0")
                index -= 1
            }
            if index >= 0 { kept[index] += 1 } else { kept.insert(UInt8(ascii: "1"), at: 0) }
        }
        return DecimalDigits(negative: negative, digits: kept, exponent: -places)
    }

    /// The number as a JSON literal: plain digits with a point where it
    /// takes no more than 30 zeros (`1250`, `12.5`, `0.005`), otherwise with
    /// an exponent (`1.25e40`).
    var literal: String {
        guard !digits.isEmpty else { return "0" }
        let sign = negative ? "-" : ""
        let text = String(decoding: digits, as: UTF8.self)
        if exponent >= 0, exponent <= 30 { return sign + text + String(repeating: "0", count: exponent) }
        if exponent < 0, -exponent < digits.count { return sign + text.dropLast(-exponent) + "." + text.suffix(-exponent) }
        if exponent < 0, -exponent - digits.count <= 30 {
            return sign + "0." + String(repeating: "0", count: -exponent - digits.count) + text
        }
        let point = digits.count > 1 ? "." + text.dropFirst() : ""
        return sign + text.prefix(1) + point + "e" + String(exponent + digits.count - 1)
    }
}
