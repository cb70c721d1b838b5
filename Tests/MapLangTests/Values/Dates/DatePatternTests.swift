import Testing

@testable import MapLang

struct DatePatternTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        var pattern: String
        var input: String
        var seconds: Int64
        var nanoseconds: Int32
        /// Whether formatting the parsed instant gives back exactly `input`.
        var isCanonical = false
        init(_ pattern: String, _ input: String, seconds: Int64, nanoseconds: Int32, isCanonical: Bool = false) {
            (self.pattern, self.input, self.seconds, self.nanoseconds) = (pattern, input, seconds, nanoseconds)
            self.isCanonical = isCanonical
        }
        var testDescription: String { "\(pattern) ← \(input)" }
    }

    // Expected values computed with Python's `datetime` from the written components.
    static let validCases: [Valid] = [
        .init(
            "EEE MMM dd HH:mm:ss Z yyyy", "Wed Aug 27 13:08:45 +0000 2008", seconds: 1_219_842_525, nanoseconds: 0,
            isCanonical: true),
        .init("MMM dd, yyyy", "Jan 07, 2013", seconds: 1_357_516_800, nanoseconds: 0, isCanonical: true),
        .init("MMM dd, yyyy", "JAN 7, 2013", seconds: 1_357_516_800, nanoseconds: 0),
        .init("MMM dd, yyyy", "january 07, 2013", seconds: 1_357_516_800, nanoseconds: 0),
        .init("yyyy-MM-dd HH:mm:ss", "2016-05-24 18:43:37", seconds: 1_464_115_417, nanoseconds: 0, isCanonical: true),
        .init("dd/MM/yyyy", "24/05/2016", seconds: 1_464_048_000, nanoseconds: 0, isCanonical: true),
        .init("dd/MM/yyyy", "5/3/2016", seconds: 1_457_136_000, nanoseconds: 0),
        .init("d/M/yyyy", "5/3/2016", seconds: 1_457_136_000, nanoseconds: 0, isCanonical: true),
        .init("d/M/yyyy", "05/03/2016", seconds: 1_457_136_000, nanoseconds: 0),
        .init(
            #"yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"#, #"2016-05-24T18:43:37.123+02:00"#, seconds: 1_464_108_217,
            nanoseconds: 123_000_000),
        .init(
            #"yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"#, #"2016-05-24T18:43:37.123Z"#, seconds: 1_464_115_417,
            nanoseconds: 123_000_000, isCanonical: true),
        .init(
            #"yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"#, #"2016-05-24T18:43:37.5-05:30"#, seconds: 1_464_135_217,
            nanoseconds: 500_000_000),
        .init(
            #"yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"#, #"2016-05-24T18:43:37.123456789123Z"#, seconds: 1_464_115_417,
            nanoseconds: 123_456_789),
        .init("h:mm a", "5:30 PM", seconds: 63000, nanoseconds: 0, isCanonical: true),
        .init("h:mm a", "5:30 pm", seconds: 63000, nanoseconds: 0),
        .init("h:mm a", "12:05 am", seconds: 300, nanoseconds: 0),
        .init("h:mm a", "12:00 PM", seconds: 43200, nanoseconds: 0, isCanonical: true),
        .init("h:mm a", "11:59 PM", seconds: 86340, nanoseconds: 0, isCanonical: true),
        .init("h:mm a", "1:00 AM", seconds: 3600, nanoseconds: 0, isCanonical: true),
        .init("hh a", "07 am", seconds: 25200, nanoseconds: 0),
        .init("a h:mm", "pm 1:15", seconds: 47700, nanoseconds: 0),
        .init("HH:mm a", "18:43 PM", seconds: 67380, nanoseconds: 0, isCanonical: true),
        .init("HH:mm a", "18:43 AM", seconds: 67380, nanoseconds: 0),
        .init("yy-MM-dd", "16-05-24", seconds: 1_464_048_000, nanoseconds: 0, isCanonical: true),
        .init("yy-MM-dd", "69-01-01", seconds: -31_536_000, nanoseconds: 0, isCanonical: true),
        .init("yy-MM-dd", "68-12-31", seconds: 3_124_137_600, nanoseconds: 0, isCanonical: true),
        .init("yy-MM-dd", "99-12-31", seconds: 946_598_400, nanoseconds: 0, isCanonical: true),
        .init("yy-MM-dd", "00-01-01", seconds: 946_684_800, nanoseconds: 0, isCanonical: true),
        .init("yyyyMMdd", "20160524", seconds: 1_464_048_000, nanoseconds: 0, isCanonical: true),
        .init("yyyyMMddHHmmss", "20160524184337", seconds: 1_464_115_417, nanoseconds: 0, isCanonical: true),
        .init("HHmmssSSS", "184337123", seconds: 67417, nanoseconds: 123_000_000, isCanonical: true),
        .init("MMMM d, yyyy", "January 7, 2013", seconds: 1_357_516_800, nanoseconds: 0, isCanonical: true),
        .init("MMMM d, yyyy", "SEPTEMBER 30, 2013", seconds: 1_380_499_200, nanoseconds: 0),
        .init("MMMM d, yyyy", "Sep 30, 2013", seconds: 1_380_499_200, nanoseconds: 0),
        .init(
            "EEEE, dd MMMM yyyy", "Wednesday, 27 August 2008", seconds: 1_219_795_200, nanoseconds: 0, isCanonical: true
        ),
        .init("EEEE, dd MMMM yyyy", "wed, 27 August 2008", seconds: 1_219_795_200, nanoseconds: 0),
        .init("EEE, dd MMM yyyy HH:mm:ss Z", "Tue, 24 May 2016 18:43:37 +0200", seconds: 1_464_108_217, nanoseconds: 0),
        .init(
            "EEE, dd MMM yyyy HH:mm:ss Z", "Tue, 24 May 2016 18:43:37 +0000", seconds: 1_464_115_417, nanoseconds: 0,
            isCanonical: true),
        .init("yyyy-MM-dd HH:mm:ss Z", "2016-05-24 18:43:37 -0800", seconds: 1_464_144_217, nanoseconds: 0),
        .init("yyyy-MM-dd HH:mm:ss Z", "2016-05-24 18:43:37 Z", seconds: 1_464_115_417, nanoseconds: 0),
        .init("d.M.yyyy H:m:s", "7.1.2013 9:5:3", seconds: 1_357_549_503, nanoseconds: 0, isCanonical: true),
        .init(
            "yyyy-MM-dd HH:mm:ss.S", "2016-05-24 18:43:37.5", seconds: 1_464_115_417, nanoseconds: 500_000_000,
            isCanonical: true),
        .init(
            "yyyy-MM-dd HH:mm:ss.S", "2016-05-24 18:43:37.987654321", seconds: 1_464_115_417, nanoseconds: 987_654_321),
        .init(#"yyyy-MM-dd'T'HH:mm:ssX"#, #"2016-05-24T18:43:37+02"#, seconds: 1_464_108_217, nanoseconds: 0),
        .init(
            #"yyyy-MM-dd'T'HH:mm:ssX"#, #"2016-05-24T18:43:37Z"#, seconds: 1_464_115_417, nanoseconds: 0,
            isCanonical: true),
        .init(#"yyyy-MM-dd'T'HH:mm:ssXX"#, #"2016-05-24T18:43:37-0530"#, seconds: 1_464_135_217, nanoseconds: 0),
        .init(#"yyyy-MM-dd'T'HH:mm:ssXXX"#, #"2016-05-24T18:43:37+05:30"#, seconds: 1_464_095_617, nanoseconds: 0),
        .init(#"yyyy-MM-dd'T'HH:mm:ssXXX"#, #"2016-05-24T18:43:37z"#, seconds: 1_464_115_417, nanoseconds: 0),
        .init(#"yyyy'年'MM'月'dd'日'"#, #"2016年05月24日"#, seconds: 1_464_048_000, nanoseconds: 0, isCanonical: true),
        .init("yyyy年MM月dd日", "2016年5月24日", seconds: 1_464_048_000, nanoseconds: 0),
        .init(#"'at' HH:mm 'o''clock'"#, #"at 18:43 o'clock"#, seconds: 67380, nanoseconds: 0, isCanonical: true),
        .init(#"HH''mm"#, #"18'43"#, seconds: 67380, nanoseconds: 0, isCanonical: true),
        .init("yyyy", "2016", seconds: 1_451_606_400, nanoseconds: 0, isCanonical: true),
        .init("yyyy", "0001", seconds: -62_135_596_800, nanoseconds: 0, isCanonical: true),
        .init("y", "2016", seconds: 1_451_606_400, nanoseconds: 0, isCanonical: true),
        .init("EEE HH:mm", "Mon 10:00", seconds: 36000, nanoseconds: 0),
        .init("dd MMM yyyy", "07 sep 2013", seconds: 1_378_512_000, nanoseconds: 0),
        .init("MMMyyyy", "Aug2008", seconds: 1_217_548_800, nanoseconds: 0, isCanonical: true),
        .init("dd-MM-yyyy HH:mm", "29-02-2000 23:59", seconds: 951_868_740, nanoseconds: 0, isCanonical: true),
        .init("dd-MM-yyyy", "31-12-1969", seconds: -86400, nanoseconds: 0, isCanonical: true),
        .init("yyyy-MM-dd HH:mm:ss Z", "1970-01-01 00:59:59 +0100", seconds: -1, nanoseconds: 0),
    ]

    @Test(arguments: validCases)
    func parsesDates(_ test: Valid) throws {
        let pattern = try DatePattern(test.pattern)
        let timestamp = try pattern.parse(test.input)
        #expect(timestamp == Timestamp(seconds: test.seconds, nanoseconds: test.nanoseconds))
        if test.isCanonical {
            #expect(pattern.format(timestamp) == test.input)
        }
    }

    @Test func parsesTwitterDates() throws {
        let pattern = try DatePattern("EEE MMM dd HH:mm:ss Z yyyy")
        #expect(try pattern.parse("Wed Aug 27 13:08:45 +0000 2008") == Timestamp(seconds: 1_219_842_525))
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        var pattern: String
        var input: String
        var message: String
        var offset: Int
        init(_ pattern: String, _ input: String, _ message: String, at offset: Int) {
            (self.pattern, self.input, self.message, self.offset) = (pattern, input, message, offset)
        }
        var testDescription: String { "\(pattern) ← \(input)" }
    }

    static let invalidCases: [Invalid] = [
        .init(
            "EEE MMM dd HH:mm:ss Z yyyy", "Tue Aug 27 13:08:45 +0000 2008",
            "day of week `Tue` does not match 2008-08-27, a Wednesday", at: 0),
        .init(
            "EEEE, dd MMMM yyyy", "Wednesday, 27 August 2009",
            "day of week `Wednesday` does not match 2009-08-27, a Thursday", at: 0),
        .init("yyyy-MM-dd EEE", "2016-05-24 wed", "day of week `wed` does not match 2016-05-24, a Tuesday", at: 11),
        .init(
            "MMM dd, yyyy", "Foo 07, 2013", "expected an English month name such as `Jan` or `January`, found `Foo`",
            at: 0),
        .init(
            "MMM dd, yyyy", "07 Jan, 2013", "expected an English month name such as `Jan` or `January`, found `0`",
            at: 0),
        .init("EEE dd", "Xyz 01", "expected an English day name such as `Wed` or `Wednesday`, found `Xyz`", at: 0),
        .init("EEE", "Wedn", "expected the end of the input, found `n`", at: 3),
        .init("dd/MM/yyyy", "24-05-2016", "expected `/`, found `-`", at: 2),
        .init("dd/MM/yyyy", "123/05/2016", "expected `/`, found `3`", at: 2),
        .init("dd/MM/yyyy", "31/02/2016", "day 31 is out of range for February 2016, which has 29 days", at: 0),
        .init("dd/MM/yyyy", "24/13/2016", "month 13 is not in the range 1 to 12", at: 3),
        .init("dd/MM/yyyy", "00/12/2016", "day 0 is not in the range 1 to 31", at: 0),
        .init("dd/MM/yyyy", "24/05/16", "expected at least 4 digits for the year, found `16`", at: 6),
        .init("dd.MM.yyyy", "", "expected 1 to 2 digits for the day, found the end of the input", at: 0),
        .init("yyyy-MM-dd", "2016-05-24 ", "expected the end of the input, found a space", at: 10),
        .init("yyyy", "12345", "year 12345 is not in the range 0 to 9999", at: 0),
        .init("yy", "2016", "expected the end of the input, found `1`", at: 2),
        .init("yy", "7", "expected 2 digits for the year, found `7`", at: 0),
        .init("h:mm a", "13:00 PM", "hour 13 is not in the range 1 to 12", at: 0),
        .init("h:mm a", "0:30 AM", "hour 0 is not in the range 1 to 12", at: 0),
        .init("h:mm a", "5:30 XM", "expected `AM` or `PM`, found `XM`", at: 5),
        .init("h:mm a", "5:30", "expected a space, found the end of the input", at: 4),
        .init("h:mm a", "5:30 ", "expected `AM` or `PM`, found the end of the input", at: 5),
        .init("HH:mm", "24:00", "hour 24 is not in the range 0 to 23", at: 0),
        .init("mm:ss", "60:00", "minute 60 is not in the range 0 to 59", at: 0),
        .init("HH:mm:ss", "23:59:60", "leap second 60 is not supported", at: 6),
        .init("HH:mm:ss", "23:59:61", "second 61 is not in the range 0 to 59", at: 6),
        .init(
            "ss.SSS", "05.", "expected at least 1 digit for the fraction of a second, found the end of the input", at: 3
        ),
        .init("yyyyMMdd", "2016524", "month 52 is not in the range 1 to 12", at: 4),
        .init("yyyyMMdd", "201605", "expected 1 to 2 digits for the day, found the end of the input", at: 6),
        .init("yyyyMMdd", "16052", "expected 2 digits for the month, found `2`", at: 4),
        .init("yyyyMMdd", "160", "expected 4 digits for the year, found `160`", at: 0),
        .init("HHmmssSSS", "18433", "expected 2 digits for the second, found `3`", at: 4),
        .init(
            "yyyy-MM-dd HH:mm:ss Z", "2016-05-24 18:43:37 UTC",
            "expected a time zone offset such as `Z`, `+02:00` or `-0530`, found `U`", at: 20),
        .init(
            "yyyy-MM-dd HH:mm:ss Z", "2016-05-24 18:43:37 +25:00",
            "time zone hours 25 is not in the range 0 to 23", at: 21),
        .init(#"yyyy-MM-dd'T'HH:mm:ss"#, "2016-05-24t18:43:37", "expected `T`, found `t`", at: 10),
        .init("yyyy年MM月", "2016年5日", "expected `月`, found `日`", at: 8),
        .init("yyyy-MM-dd", "2016-05-24\u{301}", "expected the end of the input, found `\u{301}`", at: 10),
        .init(
            "yyyy-MM-dd HH:mm:ss Z", "9999-12-31 23:30:00 -01:00",
            "with its UTC offset, the date is outside the years 0000 to 9999", at: 20),
    ]

    @Test(arguments: invalidCases)
    func rejectsInvalidDates(_ test: Invalid) throws {
        let pattern = try DatePattern(test.pattern)
        do {
            let timestamp = try pattern.parse(test.input)
            Issue.record("parsed as \(timestamp)")
        } catch {
            #expect(error.message == test.message)
            #expect(error.offset == test.offset)
        }
    }

    struct Formatted: Sendable, CustomTestStringConvertible {
        var pattern: String
        var seconds: Int64
        var nanoseconds: Int32
        var text: String
        var testDescription: String { "\(pattern) → \(text)" }
    }

    // Expected text computed with Python's `strftime` on the UTC datetime.
    static let formatCases: [Formatted] = [
        .init(
            pattern: #"EEE MMM dd HH:mm:ss Z yyyy"#, seconds: 1_219_842_525, nanoseconds: 0,
            text: #"Wed Aug 27 13:08:45 +0000 2008"#),
        .init(
            pattern: #"yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"#, seconds: 1_464_115_417, nanoseconds: 123_456_789,
            text: #"2016-05-24T18:43:37.123Z"#),
        .init(pattern: #"h:mm a"#, seconds: 0, nanoseconds: 0, text: #"12:00 AM"#),
        .init(pattern: #"h:mm a"#, seconds: 43260, nanoseconds: 0, text: #"12:01 PM"#),
        .init(pattern: #"hh:mm:ss a"#, seconds: 86399, nanoseconds: 0, text: #"11:59:59 PM"#),
        .init(pattern: #"d/M/yy"#, seconds: -86400, nanoseconds: 0, text: #"31/12/69"#),
        .init(
            pattern: #"EEEE, MMMM d, yyyy"#, seconds: 1_219_842_525, nanoseconds: 0,
            text: #"Wednesday, August 27, 2008"#),
        .init(
            pattern: #"yyyy-MM-dd HH:mm:ss.SSSSSSSSS XX"#, seconds: -2, nanoseconds: 500_000_000,
            text: #"1969-12-31 23:59:58.500000000 Z"#),
        .init(
            pattern: #"yyyy-MM-dd HH:mm:ss X"#, seconds: 1_464_115_417, nanoseconds: 0, text: #"2016-05-24 18:43:37 Z"#),
        .init(pattern: #"s.S"#, seconds: 1, nanoseconds: 999_000_000, text: #"1.9"#),
        .init(
            pattern: #"yyyyMMddHHmmssSSS"#, seconds: 1_464_115_417, nanoseconds: 5_000_000, text: #"20160524184337005"#),
        .init(pattern: #"yyyy-MM-dd"#, seconds: -61_996_320_000, nanoseconds: 0, text: #"0005-06-01"#),
        .init(pattern: #"y-M-d"#, seconds: -61_996_320_000, nanoseconds: 0, text: #"0005-6-1"#),
        .init(pattern: #"'Q''s' yyyy"#, seconds: 0, nanoseconds: 0, text: #"Q's 1970"#),
        .init(pattern: #"MMM"#, seconds: 1_480_896_000, nanoseconds: 0, text: #"Dec"#),
        .init(pattern: "yyyy-MM-dd", seconds: -62_167_305_600, nanoseconds: 0, text: "-0001-12-31"),
        .init(pattern: "yy", seconds: -62_167_305_600, nanoseconds: 0, text: "99"),
    ]

    @Test(arguments: formatCases)
    func formatsInUTC(_ test: Formatted) throws {
        let pattern = try DatePattern(test.pattern)
        let timestamp = Timestamp(seconds: test.seconds, nanoseconds: test.nanoseconds)
        #expect(pattern.format(timestamp) == test.text)
    }

    /// Formatting then parsing gives the same instant, truncated to the
    /// pattern's smallest field: its `S` digits, or the minute or hour.
    @Test(arguments: [
        "EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "dd/MM/yyyy hh:mm:ss.SSSSSS a XX",
        "EEEE, MMMM d, yyyy H:m:s.SSSSSSSSS X", "yyyyMMddHHmmssSSSSSSSSS", "MMM d yyyy h a", "yy-M-d HH:mm XXX",
    ])
    func formatRoundTripsThroughParse(patternText: String) throws {
        let pattern = try DatePattern(patternText)
        let fractionDigits = patternText.filter { $0 == "S" }.count
        let nanosecondUnit = (0..<(9 - fractionDigits)).reduce(Int32(1)) { value, _ in value * 10 }
        let secondUnit: Int64 = patternText.contains("m") ? (patternText.contains("s") ? 1 : 60) : 3600
        let years: ClosedRange<Int64> = patternText.contains("yyyy") ? 0...9999 : 1969...2068
        let averageYear: Int64 = 31_556_952
        let lowest = (years.lowerBound - 1970) * averageYear
        let count = UInt64((years.upperBound - years.lowerBound) * averageYear)
        var generator = SplitMix64(seed: 2016)
        for _ in 0..<500 {
            let seconds = lowest + Int64(generator.next() % count)
            let timestamp = Timestamp(seconds: seconds, nanoseconds: Int32(generator.next() % 1_000_000_000))
            let expected = Timestamp(
                seconds: CivilDate.floorDivide(seconds, secondUnit) * secondUnit,
                nanoseconds: timestamp.nanoseconds / nanosecondUnit * nanosecondUnit)
            let text = pattern.format(timestamp)
            let reparsed = try pattern.parse(text)
            guard reparsed == expected else {
                Issue.record("\(text) parsed as \(reparsed), expected \(expected)")
                return
            }
        }
    }
}

/// A small deterministic random number generator for repeatable tests.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
