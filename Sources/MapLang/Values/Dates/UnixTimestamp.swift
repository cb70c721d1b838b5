/// Converts Unix timestamps, written as JSON number literals, to
/// `Timestamp` and back, exactly.
///
/// The number is read from its literal text with decimal arithmetic on its
/// digits, never through `Double`, so `1464116217.123456789` seconds keeps
/// all nine fractional digits. Exponents are applied exactly too:
/// `1.4641162175e9` is `1464116217.5` seconds.
///
/// - Digits finer than a nanosecond are dropped, truncating toward zero:
///   `-0.0000000015` seconds is `-0.000000001`.
/// - The value must lie in `supportedRange`, the instants from
///   `0000-01-01T00:00:00Z` through `9999-12-31T23:59:59.999999999Z`: the
///   years a date is written in and read back from, as ISO-8601 with a
///   four-digit year.
enum UnixTimestamp {
    /// The whole seconds of the instants a Unix timestamp may name: from
    /// 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z (plus its fraction),
    /// the years every date is written in.
    static let supportedRange: ClosedRange<Int64> = DateTimeFields.writableSeconds

    // MARK: - API

    /// Reads the JSON number literal `text` as a count of `unit` since the epoch.
    ///
    /// - Throws: `DateParseError` with reason `notANumber` when `text` is not
    ///   exactly a JSON number (no spaces, no leading `+`, no leading zeros),
    ///   or `unixTimeOutOfRange` when the instant is outside `supportedRange`.
    static func timestamp(fromLiteral text: String, unit: TimestampUnit) throws(DateParseError) -> Timestamp {
        let number = try NumberLiteral(text)
        // The value in nanoseconds is `number.digits × 10^shift`.
        let shift = number.exponent + unit.nanosecondExponent
        var digits = number.digits.drop(while: { $0 == 0 })
        if shift < 0 {
            digits = digits.dropLast(min(digits.count, -shift))
        }
        guard !digits.isEmpty else { return Timestamp(seconds: 0) }
        // Nanoseconds of 22 digits or more are at least 1e21 ns, 1e12 s: out of range.
        let nanosecondDigits = digits.count + max(0, shift)
        guard nanosecondDigits < 22 else {
            throw DateParseError(.unixTimeOutOfRange(text: text, unit: unit), at: 0)
        }
        var nanoseconds = Array(digits) + Array(repeating: 0, count: max(0, shift))
        if nanoseconds.count < 9 {
            nanoseconds.insert(contentsOf: repeatElement(0, count: 9 - nanoseconds.count), at: 0)
        }
        let wholeSeconds = nanoseconds.dropLast(9).reduce(Int64(0)) { $0 * 10 + Int64($1) }
        let fraction = nanoseconds.suffix(9).reduce(Int32(0)) { $0 * 10 + Int32($1) }
        let timestamp =
            number.isNegative
            ? Timestamp(seconds: -wholeSeconds, nanoseconds: -fraction)
            : Timestamp(seconds: wholeSeconds, nanoseconds: fraction)
        guard supportedRange.contains(timestamp.seconds) else {
            throw DateParseError(.unixTimeOutOfRange(text: text, unit: unit), at: 0)
        }
        return timestamp
    }

    /// The shortest JSON number literal that names `timestamp` exactly in
    /// `unit`: no exponent, no trailing fractional zeros, no `.` for whole
    /// values, e.g. `1464116217`, `1464116217.5` or `-1.25`.
    static func literal(for timestamp: Timestamp, unit: TimestampUnit) -> String {
        let isNegative = timestamp.seconds < 0
        // The magnitude as whole seconds and nanoseconds, both non-negative.
        var wholeSeconds = timestamp.seconds.magnitude
        var nanoseconds = Int(timestamp.nanoseconds)
        if isNegative && nanoseconds > 0 {
            wholeSeconds = (timestamp.seconds + 1).magnitude
            nanoseconds = 1_000_000_000 - nanoseconds
        }
        let nanosecondText = String(nanoseconds)
        let fraction = String(repeating: "0", count: 9 - nanosecondText.count) + nanosecondText
        // Move the decimal point right by the unit's digits: 9 - exponent of them stay in the fraction.
        let movedDigits = 9 - unit.nanosecondExponent
        var integer = String(wholeSeconds) + fraction.prefix(movedDigits)
        integer = String(integer.drop(while: { $0 == "0" }))
        var fractional = fraction.dropFirst(movedDigits)
        while fractional.last == "0" { fractional.removeLast() }
        if integer.isEmpty { integer = "0" }
        let sign = isNegative ? "-" : ""
        return fractional.isEmpty ? sign + integer : sign + integer + "." + fractional
    }
}

extension TimestampUnit {
    /// The unit's plural name, as used in messages: `seconds` or `milliseconds`.
    var name: String {
        switch self {
        case .seconds: "seconds"
        case .milliseconds: "milliseconds"
        }
    }

    /// The power of ten that turns this unit into nanoseconds.
    fileprivate var nanosecondExponent: Int {
        switch self {
        case .seconds: 9
        case .milliseconds: 6
        }
    }
}

// MARK: - Implementation

/// The parts of a JSON number literal: `-? int frac? exp?` as digits and a power of ten.
private struct NumberLiteral {
    /// Whether the literal starts with `-`.
    var isNegative = false
    /// The integer and fraction digits, 0–9 each, as one significand.
    var digits: [UInt8] = []
    /// The power of ten the significand is multiplied by.
    var exponent = 0

    /// The largest exponent magnitude kept; larger ones behave the same, as zero or out of range.
    private static let exponentLimit = 100_000_000

    /// Splits `text`, or throws `notANumber` at the first byte that breaks the JSON grammar.
    init(_ text: String) throws(DateParseError) {
        let bytes = Array(text.utf8)
        var index = 0
        func fail() -> DateParseError { DateParseError(.notANumber(text), at: index) }
        func digitRun() -> [UInt8] {
            var run: [UInt8] = []
            while index < bytes.count, DateTextScanner.isDigit(bytes[index]) {
                run.append(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return run
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            isNegative = true
            index += 1
        }
        let integer = digitRun()
        guard !integer.isEmpty else { throw fail() }
        guard integer.count == 1 || integer[0] != 0 else {
            index -= integer.count - 1
            throw fail()
        }
        digits = integer
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = digitRun()
            guard !fraction.isEmpty else { throw fail() }
            digits += fraction
            exponent -= fraction.count
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentIsNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentIsNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let run = digitRun()
            guard !run.isEmpty else { throw fail() }
            let magnitude = run.reduce(0) { min(Self.exponentLimit, $0 * 10 + Int($1)) }
            exponent += exponentIsNegative ? -magnitude : magnitude
        }
        guard index == bytes.count else { throw fail() }
    }
}
