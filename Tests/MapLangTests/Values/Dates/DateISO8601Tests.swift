import Testing

@testable import MapLang

struct DateISO8601Tests {
    struct Valid: Sendable, CustomTestStringConvertible {
        var input: String
        var seconds: Int64
        var nanoseconds: Int32
        init(_ input: String, seconds: Int64, nanoseconds: Int32) {
            (self.input, self.seconds, self.nanoseconds) = (input, seconds, nanoseconds)
        }
        var testDescription: String { input }
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        var input: String
        var message: String
        var offset: Int
        init(_ input: String, _ message: String, at offset: Int) {
            (self.input, self.message, self.offset) = (input, message, offset)
        }
        var testDescription: String { input }
    }

    // Expected values computed with Python's `datetime` from the written components.
    static let validCases: [Valid] = [
        .init("2016-05-24T18:43:37Z", seconds: 1_464_115_417, nanoseconds: 0),
        .init("2016-05-24t18:43:37z", seconds: 1_464_115_417, nanoseconds: 0),
        .init("2016-05-24 18:43:37Z", seconds: 1_464_115_417, nanoseconds: 0),
        .init("2016-05-24", seconds: 1_464_048_000, nanoseconds: 0),
        .init("1970-01-01T00:00:00Z", seconds: 0, nanoseconds: 0),
        .init("1969-12-31T23:59:59Z", seconds: -1, nanoseconds: 0),
        .init("1969-12-31T23:59:59.5Z", seconds: -1, nanoseconds: 500_000_000),
        .init("2016-05-24T18:43:37.5Z", seconds: 1_464_115_417, nanoseconds: 500_000_000),
        .init("2016-05-24T18:43:37.123Z", seconds: 1_464_115_417, nanoseconds: 123_000_000),
        .init("2016-05-24T18:43:37.123456Z", seconds: 1_464_115_417, nanoseconds: 123_456_000),
        .init("2016-05-24T18:43:37.123456789Z", seconds: 1_464_115_417, nanoseconds: 123_456_789),
        .init("2016-05-24T18:43:37.1234567899Z", seconds: 1_464_115_417, nanoseconds: 123_456_789),
        .init("2016-05-24T18:43:37.000000000999Z", seconds: 1_464_115_417, nanoseconds: 0),
        .init("2016-05-24T18:43:37+02:00", seconds: 1_464_108_217, nanoseconds: 0),
        .init("2016-05-24T18:43:37-0530", seconds: 1_464_135_217, nanoseconds: 0),
        .init("2016-05-24T18:43:37+02", seconds: 1_464_108_217, nanoseconds: 0),
        .init("2016-05-24T18:43:37-00:00", seconds: 1_464_115_417, nanoseconds: 0),
        .init("2016-05-24T18:43:37.25+23:59", seconds: 1_464_029_077, nanoseconds: 250_000_000),
        .init("2016-05-24T01:00:00+05:00", seconds: 1_464_033_600, nanoseconds: 0),
        .init("2000-02-29T12:00:00Z", seconds: 951_825_600, nanoseconds: 0),
        .init("0001-01-01T00:00:00Z", seconds: -62_135_596_800, nanoseconds: 0),
        .init("9999-12-31T23:59:59.999999999Z", seconds: 253_402_300_799, nanoseconds: 999_999_999),
        .init("1900-03-01", seconds: -2_203_891_200, nanoseconds: 0),
        .init("0000-01-01", seconds: -62_167_219_200, nanoseconds: 0),
    ]

    @Test(arguments: validCases)
    func parsesValidDates(_ test: Valid) throws {
        let timestamp = try ISO8601DateParser.parse(test.input)
        #expect(timestamp == Timestamp(seconds: test.seconds, nanoseconds: test.nanoseconds))
    }

    static let invalidCases: [Invalid] = [
        .init("", "expected 4 digits for the year, found the end of the input", at: 0),
        .init(" 2016-05-24", "expected 4 digits for the year, found a space", at: 0),
        .init("16-05-24", "expected 4 digits for the year, found `16`", at: 0),
        .init("2016/05/24", "expected `-`, found `/`", at: 4),
        .init("20160524T184337Z", "expected `-`, found `0`", at: 4),
        .init("2016-5-24", "expected 2 digits for the month, found `5`", at: 5),
        .init("2016-13-01", "month 13 is not in the range 1 to 12", at: 5),
        .init("2016-00-01", "month 0 is not in the range 1 to 12", at: 5),
        .init("2015-02-29", "day 29 is out of range for February 2015, which has 28 days", at: 8),
        .init("1900-02-29", "day 29 is out of range for February 1900, which has 28 days", at: 8),
        .init("2016-04-31", "day 31 is out of range for April 2016, which has 30 days", at: 8),
        .init("2016-05-32", "day 32 is not in the range 1 to 31", at: 8),
        .init("2016-05-00", "day 0 is not in the range 1 to 31", at: 8),
        .init("2016-05-24X18:43:37Z", "expected `T`, a space or the end of the input, found `X`", at: 10),
        .init("2016-05-24T", "expected 2 digits for the hour, found the end of the input", at: 11),
        .init("2016-05-24 ", "expected 2 digits for the hour, found the end of the input", at: 11),
        .init("2016-05-24Té", "expected 2 digits for the hour, found `é`", at: 11),
        .init("2016-05-24T24:00:00Z", "hour 24 is not in the range 0 to 23", at: 11),
        .init("2016-05-24T18:60:00Z", "minute 60 is not in the range 0 to 59", at: 14),
        .init("2016-05-24T18:43Z", "expected `:`, found `Z`", at: 16),
        .init("2016-12-31T23:59:60Z", "leap second 60 is not supported", at: 17),
        .init("2016-05-24T18:43:61Z", "second 61 is not in the range 0 to 59", at: 17),
        .init("2016-05-24T18:43:37.Z", "expected at least 1 digit for the fraction of a second, found `Z`", at: 20),
        .init(
            "2016-05-24T18:43:37",
            "expected a time zone offset such as `Z`, `+02:00` or `-0530`, found the end of the input", at: 19),
        .init(
            "2016-05-24T18:43:37,5Z", "expected a time zone offset such as `Z`, `+02:00` or `-0530`, found `,`",
            at: 19),
        .init("2016-05-24T18:43:37+2:00", "expected 2 digits for the time zone hours, found `2`", at: 20),
        .init("2016-05-24T18:43:37+24:00", "time zone hours 24 is not in the range 0 to 23", at: 20),
        .init("2016-05-24T18:43:37+02:60", "time zone minutes 60 is not in the range 0 to 59", at: 23),
        .init(
            "2016-05-24T18:43:37+02:", "expected 2 digits for the time zone minutes, found the end of the input", at: 23
        ),
        .init("2016-05-24T18:43:37+053", "expected 2 digits for the time zone minutes, found `3`", at: 22),
        .init("2016-05-24T18:43:37+02:00:00", "expected the end of the input, found `:`", at: 25),
        .init("2016-05-24T18:43:37+0530x", "expected the end of the input, found `x`", at: 24),
        .init("2016-05-24T18:43:37Z ", "expected the end of the input, found a space", at: 20),
        .init("2016-05-24T18:43:37ZZ", "expected the end of the input, found `Z`", at: 20),
        // An offset must not carry the instant out of the years a date is written in.
        .init(
            "9999-12-31T23:59:59.999999999-23:59", "with its UTC offset, the date is outside the years 0000 to 9999",
            at: 29),
        .init("9999-12-31T23:00:00-01:00", "with its UTC offset, the date is outside the years 0000 to 9999", at: 19),
        .init("0000-01-01T00:00:00+00:01", "with its UTC offset, the date is outside the years 0000 to 9999", at: 19),
    ]

    /// The last and first instants of the years 0000 to 9999 in UTC are dates.
    @Test(arguments: ["9999-12-31T23:59:59.999999999Z", "9999-12-31T22:59:59-01:00", "0000-01-01T00:00:00Z", "0000-01-01T00:59:00+00:59"])
    func theEdgesOfTheYearsAreDates(text: String) throws {
        let timestamp = try ISO8601DateParser.parse(text)
        #expect(try ISO8601DateParser.parse(timestamp.iso8601String) == timestamp)
    }

    @Test(arguments: invalidCases)
    func rejectsInvalidDates(_ test: Invalid) {
        do {
            let timestamp = try ISO8601DateParser.parse(test.input)
            Issue.record("parsed as \(timestamp)")
        } catch {
            #expect(error.message == test.message)
            #expect(error.offset == test.offset)
        }
    }

    @Test func missingOffsetSuggestsAPattern() {
        do {
            _ = try ISO8601DateParser.parse("2016-05-24T18:43:37")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.help
                    == "for a time without an offset use a date pattern such as `yyyy-MM-dd'T'HH:mm:ss`, which reads it as UTC"
            )
        }
    }

    /// `isCanonical` must say yes exactly when the parser reads the text and
    /// the formatter writes the same text back, and `canonicalTimestamp`
    /// give the parser's instant then and `nil` otherwise, on date-times
    /// written with every field in and out of range and with one byte changed.
    @Test func canonicalTextIsWhatParsesAndFormatsBackUnchanged() {
        var random = SeededGenerator(seed: 8601)
        var canonicalCount = 0
        for _ in 0..<20_000 {
            func field(_ range: ClosedRange<Int>, _ width: Int) -> String {
                let value = Int.random(in: range, using: &random)
                return String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
            }
            let year = Bool.random(using: &random) ? field(0...9999, 4) : ["0000", "1900", "2000", "2024", "9999"].randomElement(using: &random)!
            var text = Array("\(year)-\(field(0...13, 2))-\(field(0...32, 2))T\(field(0...25, 2)):\(field(0...61, 2)):\(field(0...61, 2))Z".utf8)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text[Int.random(in: 0..<text.count, using: &random)] = UInt8.random(in: 0x20...0x7E, using: &random)
            case 1: text.insert(contentsOf: Array(".0".utf8), at: 19)
            default: break
            }
            let canonical = text.withUnsafeBufferPointer { ISO8601DateParser.isCanonical(utf8: $0) }
            let parsed = try? ISO8601DateParser.parse(utf8: text)
            let roundTrips = parsed.map { Array($0.iso8601String.utf8) == text } ?? false
            #expect(canonical == roundTrips, "\(String(decoding: text, as: UTF8.self))")
            // Read at its fixed places, canonical text gives the parser's instant.
            let fixed = text.withUnsafeBufferPointer { ISO8601DateParser.canonicalTimestamp(utf8: $0) }
            #expect(fixed == (canonical ? parsed : nil), "\(String(decoding: text, as: UTF8.self))")
            if canonical { canonicalCount += 1 }
        }
        #expect(canonicalCount > 2_000)
    }

    @Test func parsesUTF8Bytes() throws {
        let expected = Timestamp(seconds: 1_464_115_417, nanoseconds: 500_000_000)
        let document = Array(#"{"at":"2016-05-24T18:43:37.5Z"}"#.utf8)
        #expect(try ISO8601DateParser.parse(utf8: document[7..<29]) == expected)
        #expect(try ISO8601DateParser.parse(utf8: document[7..<29].lazy.map { $0 }) == expected)
        document.withUnsafeBufferPointer { buffer in
            #expect((try? ISO8601DateParser.parse(utf8: UnsafeBufferPointer(rebasing: buffer[7..<29]))) == expected)
        }
        // Offsets count from the start of the bytes given.
        #expect(throws: DateParseError(.leapSecond, at: 17)) {
            try ISO8601DateParser.parse(utf8: Array("xx2016-12-31T23:59:60Z".utf8).dropFirst(2))
        }
    }
}
