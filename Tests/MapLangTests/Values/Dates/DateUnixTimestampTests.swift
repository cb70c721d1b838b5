import Testing

@testable import MapLang

struct DateUnixTimestampTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        var text: String
        var unit: TimestampUnit
        var seconds: Int64
        var nanoseconds: Int32
        init(_ text: String, _ unit: TimestampUnit, seconds: Int64, nanoseconds: Int32) {
            (self.text, self.unit, self.seconds, self.nanoseconds) = (text, unit, seconds, nanoseconds)
        }
        var testDescription: String { "\(text) \(unit.name)" }
    }

    // Expected values computed with Python's `decimal`, truncating toward zero at nanoseconds.
    static let validCases: [Valid] = [
        .init("1464116217", .seconds, seconds: 1_464_116_217, nanoseconds: 0),
        .init("1464116217.5", .seconds, seconds: 1_464_116_217, nanoseconds: 500_000_000),
        .init("1464116217123", .milliseconds, seconds: 1_464_116_217, nanoseconds: 123_000_000),
        .init("1464116217123.5", .milliseconds, seconds: 1_464_116_217, nanoseconds: 123_500_000),
        .init("-1.25", .seconds, seconds: -2, nanoseconds: 750_000_000),
        .init("1.4641162175e9", .seconds, seconds: 1_464_116_217, nanoseconds: 500_000_000),
        .init("1464116217.123456789", .seconds, seconds: 1_464_116_217, nanoseconds: 123_456_789),
        .init("1464116217.1234567891", .seconds, seconds: 1_464_116_217, nanoseconds: 123_456_789),
        .init("0", .seconds, seconds: 0, nanoseconds: 0),
        .init("-0", .seconds, seconds: 0, nanoseconds: 0),
        .init("0.0", .milliseconds, seconds: 0, nanoseconds: 0),
        .init("-1", .seconds, seconds: -1, nanoseconds: 0),
        .init("-1", .milliseconds, seconds: -1, nanoseconds: 999_000_000),
        .init("-0.0000000015", .seconds, seconds: -1, nanoseconds: 999_999_999),
        .init("0.0000000015", .seconds, seconds: 0, nanoseconds: 1),
        .init("1E3", .seconds, seconds: 1000, nanoseconds: 0),
        .init("1e+3", .milliseconds, seconds: 1, nanoseconds: 0),
        .init("12345e-2", .seconds, seconds: 123, nanoseconds: 450_000_000),
        .init("1464116217123e-3", .seconds, seconds: 1_464_116_217, nanoseconds: 123_000_000),
        .init("1.464116217123E12", .milliseconds, seconds: 1_464_116_217, nanoseconds: 123_000_000),
        .init("0.000001", .milliseconds, seconds: 0, nanoseconds: 1),
        .init("-0.0000001", .milliseconds, seconds: 0, nanoseconds: 0),
        .init("1e-1000000000", .seconds, seconds: 0, nanoseconds: 0),
        .init("0e99999999999", .seconds, seconds: 0, nanoseconds: 0),
        .init("253402300799.999999999", .seconds, seconds: 253_402_300_799, nanoseconds: 999_999_999),
        .init("-62167219200", .seconds, seconds: -62_167_219_200, nanoseconds: 0),
        .init("253402300799999", .milliseconds, seconds: 253_402_300_799, nanoseconds: 999_000_000),
        .init("-62167219200000", .milliseconds, seconds: -62_167_219_200, nanoseconds: 0),
        .init("-62135596800", .seconds, seconds: -62_135_596_800, nanoseconds: 0),
        .init("100000000000", .seconds, seconds: 100_000_000_000, nanoseconds: 0),
        .init("-1464116217.5", .seconds, seconds: -1_464_116_218, nanoseconds: 500_000_000),
    ]

    @Test(arguments: validCases)
    func parsesNumbers(_ test: Valid) throws {
        let timestamp = try UnixTimestamp.timestamp(fromLiteral: test.text, unit: test.unit)
        #expect(timestamp == Timestamp(seconds: test.seconds, nanoseconds: test.nanoseconds))
    }

    static let outOfRangeCases: [(String, TimestampUnit)] = [
        ("253402300800", .seconds), ("-377705116800.000000001", .seconds), ("-377705116801", .seconds),
        ("1e12", .seconds), ("1e300", .seconds), ("1e99999999999", .seconds), ("-1e21", .seconds),
        ("9223372036854775807", .seconds), ("253402300800000", .milliseconds),
        ("-377705116800001", .milliseconds), ("-62167219200001", .milliseconds), ("-62167219201", .seconds),
        ("1e300", .milliseconds),
    ]

    @Test(arguments: outOfRangeCases)
    func rejectsOutOfRange(text: String, unit: TimestampUnit) {
        #expect(throws: DateParseError(.unixTimeOutOfRange(text: text, unit: unit), at: 0)) {
            try UnixTimestamp.timestamp(fromLiteral: text, unit: unit)
        }
    }

    @Test func outOfRangeMessage() {
        let error = DateParseError(.unixTimeOutOfRange(text: "1e300", unit: .milliseconds), at: 0)
        #expect(error.message == "`1e300` milliseconds is outside the supported range of years 0000 to 9999")
    }

    static let notANumberCases: [(String, Int)] = [
        ("", 0), ("abc", 0), ("+1", 0), ("01", 1), ("-01", 2), ("-", 1), ("--1", 1), ("1.", 2), (".5", 0),
        ("1e", 2), ("1e+", 3), (" 1", 0), ("1 ", 1), ("0x10", 1), ("NaN", 0), ("Infinity", 0), ("1.5.2", 3),
        ("1,5", 1), ("1e5.5", 3), ("１", 0),
    ]

    @Test(arguments: notANumberCases)
    func rejectsNonNumbers(text: String, offset: Int) {
        #expect(throws: DateParseError(.notANumber(text), at: offset)) {
            try UnixTimestamp.timestamp(fromLiteral: text, unit: .seconds)
        }
    }

    @Test func notANumberMessages() {
        #expect(DateParseError(.notANumber("abc"), at: 0).message == "`abc` is not a JSON number")
        #expect(DateParseError(.notANumber(""), at: 0).message == "empty text is not a JSON number")
    }

    struct Formatted: Sendable, CustomTestStringConvertible {
        var seconds: Int64
        var nanoseconds: Int32
        var secondsText: String
        var millisecondsText: String
        var testDescription: String { secondsText }
    }

    // Expected text computed with Python's `decimal`: exact value, trailing zeros stripped.
    static let formatCases: [Formatted] = [
        .init(seconds: 1_464_116_217, nanoseconds: 0, secondsText: "1464116217", millisecondsText: "1464116217000"),
        .init(
            seconds: 1_464_116_217, nanoseconds: 500_000_000, secondsText: "1464116217.5",
            millisecondsText: "1464116217500"),
        .init(
            seconds: 1_464_116_217, nanoseconds: 123_000_000, secondsText: "1464116217.123",
            millisecondsText: "1464116217123"),
        .init(
            seconds: 1_464_116_217, nanoseconds: 123_456_789, secondsText: "1464116217.123456789",
            millisecondsText: "1464116217123.456789"),
        .init(seconds: -2, nanoseconds: 750_000_000, secondsText: "-1.25", millisecondsText: "-1250"),
        .init(seconds: -1, nanoseconds: 0, secondsText: "-1", millisecondsText: "-1000"),
        .init(seconds: 0, nanoseconds: 0, secondsText: "0", millisecondsText: "0"),
        .init(seconds: 0, nanoseconds: 1, secondsText: "0.000000001", millisecondsText: "0.000001"),
        .init(seconds: -1, nanoseconds: 999_999_999, secondsText: "-0.000000001", millisecondsText: "-0.000001"),
        .init(seconds: 0, nanoseconds: 1000, secondsText: "0.000001", millisecondsText: "0.001"),
        .init(seconds: 0, nanoseconds: 999999, secondsText: "0.000999999", millisecondsText: "0.999999"),
        .init(
            seconds: -1_464_116_218, nanoseconds: 500_000_000, secondsText: "-1464116217.5",
            millisecondsText: "-1464116217500"),
        .init(
            seconds: 253_402_300_799, nanoseconds: 999_999_999, secondsText: "253402300799.999999999",
            millisecondsText: "253402300799999.999999"),
        .init(
            seconds: -377_705_116_800, nanoseconds: 0, secondsText: "-377705116800",
            millisecondsText: "-377705116800000"),
        .init(
            seconds: 9_223_372_036_854_775_807, nanoseconds: 999_999_999, secondsText: "9223372036854775807.999999999",
            millisecondsText: "9223372036854775807999.999999"),
        .init(
            seconds: -9_223_372_036_854_775_808, nanoseconds: 0, secondsText: "-9223372036854775808",
            millisecondsText: "-9223372036854775808000"),
        .init(
            seconds: -9_223_372_036_854_775_808, nanoseconds: 1, secondsText: "-9223372036854775807.999999999",
            millisecondsText: "-9223372036854775807999.999999"),
    ]

    @Test(arguments: formatCases)
    func formatsShortestExactText(_ test: Formatted) {
        let timestamp = Timestamp(seconds: test.seconds, nanoseconds: test.nanoseconds)
        #expect(UnixTimestamp.literal(for: timestamp, unit: .seconds) == test.secondsText)
        #expect(UnixTimestamp.literal(for: timestamp, unit: .milliseconds) == test.millisecondsText)
    }

    @Test(arguments: formatCases.filter { UnixTimestamp.supportedRange.contains($0.seconds) })
    func formattedTextParsesBack(_ test: Formatted) throws {
        let timestamp = Timestamp(seconds: test.seconds, nanoseconds: test.nanoseconds)
        #expect(try UnixTimestamp.timestamp(fromLiteral: test.secondsText, unit: .seconds) == timestamp)
        #expect(try UnixTimestamp.timestamp(fromLiteral: test.millisecondsText, unit: .milliseconds) == timestamp)
    }
}
