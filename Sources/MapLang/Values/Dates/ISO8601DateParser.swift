/// Reads ISO-8601 / RFC 3339 date-times such as `2016-05-24T18:43:37Z` into
/// a UTC `Timestamp`.
///
/// The accepted grammar, a superset of RFC 3339's `date-time`:
///
///     date-time = full-date [ ( "T" / "t" / " " ) time offset ]
///     full-date = 4DIGIT "-" 2DIGIT "-" 2DIGIT      ; year 0000–9999
///     time      = 2DIGIT ":" 2DIGIT ":" 2DIGIT [ "." 1*DIGIT ]
///     offset    = "Z" / "z" / ( "+" / "-" ) 2DIGIT [ [ ":" ] 2DIGIT ]
///
/// - A date alone, `2016-05-24`, means midnight UTC of that day.
/// - A time needs seconds and an offset: `2016-05-24T18:43:37` names no
///   instant and is rejected (a date pattern can read it as UTC).
/// - The fraction may have any number of digits; digits past the ninth
///   (below a nanosecond) are dropped, truncating toward zero.
/// - Offsets `+02:00`, `+0200` and `+02` are accepted, hours 00–23 and
///   minutes 00–59.
/// - Hour 24 and leap second 60 are rejected: `Timestamp` counts seconds
///   without leap seconds, so `23:59:60` names no instant it can hold.
/// - ISO-8601's basic format (`20160524T184337Z`), week dates, ordinal
///   dates and years outside 0000–9999 are not accepted.
enum ISO8601DateParser {
    // MARK: - API

    /// Reads a date-time from a string.
    ///
    /// - Throws: `DateParseError` with the UTF-8 byte offset of the first
    ///   problem in `string`.
    static func parse(_ string: String) throws(DateParseError) -> Timestamp {
        try parse(utf8: string.utf8)
    }

    /// Reads a date-time from UTF-8 bytes, such as a slice of a JSON document.
    ///
    /// - Throws: `DateParseError` with the offset of the first problem,
    ///   counted from the start of `utf8`.
    static func parse(utf8: some Collection<UInt8>) throws(DateParseError) -> Timestamp {
        try DateTextScanner.withContiguousBytes(of: utf8) { bytes throws(DateParseError) in
            var scanner = DateTextScanner(bytes)
            return try readDateTime(&scanner)
        }
    }

    /// Whether UTF-8 text is a date-time this parser reads and writes back
    /// unchanged: a valid instant in exactly the form
    /// `Timestamp.appendISO8601` gives a whole second of years 0000–9999,
    /// `2016-05-24T18:43:37Z`. Such text can be copied as it stands.
    static func isCanonical(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        canonicalFields(utf8: text) != nil
    }

    /// The instant of text `isCanonical` accepts, read at the fixed places
    /// of its digits; `nil` for any other text, which `parse` reads.
    static func canonicalTimestamp(utf8 text: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        guard let fields = canonicalFields(utf8: text) else { return nil }
        let days = CivilDate.daysSinceEpoch(year: fields.year, month: fields.month, day: fields.day)
        return Timestamp(seconds: days * 86_400 + Int64(fields.secondOfDay))
    }

    /// The date and the second of the day of canonical text (see `isCanonical`).
    @inline(__always)
    private static func canonicalFields(
        utf8 text: UnsafeBufferPointer<UInt8>
    ) -> (year: Int, month: Int, day: Int, secondOfDay: Int)? {
        guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
            text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z")
        else { return nil }
        // The number the digits from `start` up to `end` write, or -1 when one is not a digit.
        func number(_ start: Int, _ end: Int) -> Int {
            var value = 0
            for index in start..<end {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return -1 }
                value = value * 10 + Int(digit)
            }
            return value
        }
        let (year, month, day) = (number(0, 4), number(5, 7), number(8, 10))
        let (hour, minute, second) = (number(11, 13), number(14, 16), number(17, 19))
        guard year >= 0, (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            CivilDate.isValid(year: year, month: month, day: day)
        else { return nil }
        return (year, month, day, hour * 3600 + minute * 60 + second)
    }

    // MARK: - Implementation

    /// `date-time = full-date [ ( "T" / "t" / " " ) time offset ]`
    private static func readDateTime(_ scanner: inout DateTextScanner) throws(DateParseError) -> Timestamp {
        var fields = DateTimeFields()
        try readFullDate(&scanner, into: &fields)
        if scanner.isAtEnd { return fields.timestamp }
        guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.take(UInt8(ascii: " "))
        else {
            throw DateParseError(.expected(.dateTimeSeparator, found: scanner.foundCharacter()), at: scanner.offset)
        }
        try readTime(&scanner, into: &fields)
        let offsetStart = scanner.offset
        fields.utcOffsetSeconds = try scanner.readUTCOffset()
        guard scanner.isAtEnd else {
            throw DateParseError(.expected(.endOfInput, found: scanner.foundCharacter()), at: scanner.offset)
        }
        return try fields.writableTimestamp(offsetAt: offsetStart)
    }

    /// `full-date = 4DIGIT "-" 2DIGIT "-" 2DIGIT`
    private static func readFullDate(
        _ scanner: inout DateTextScanner, into fields: inout DateTimeFields
    ) throws(DateParseError) {
        fields.year = try scanner.readNumber(.year, minimum: 4, maximum: 4)
        try scanner.expect(ascii: "-")
        let monthStart = scanner.offset
        fields.month = try scanner.readNumber(.month, minimum: 2, maximum: 2)
        try DateTextScanner.check(.month, fields.month, in: 1...12, at: monthStart)
        try scanner.expect(ascii: "-")
        let dayStart = scanner.offset
        fields.day = try scanner.readNumber(.day, minimum: 2, maximum: 2)
        try DateTextScanner.check(.day, fields.day, in: 1...31, at: dayStart)
        guard CivilDate.isValid(year: fields.year, month: fields.month, day: fields.day) else {
            throw DateParseError(.invalidDay(year: fields.year, month: fields.month, day: fields.day), at: dayStart)
        }
    }

    /// `time = 2DIGIT ":" 2DIGIT ":" 2DIGIT [ "." 1*DIGIT ]`
    private static func readTime(
        _ scanner: inout DateTextScanner, into fields: inout DateTimeFields
    ) throws(DateParseError) {
        let hourStart = scanner.offset
        fields.hour = try scanner.readNumber(.hour, minimum: 2, maximum: 2)
        try DateTextScanner.check(.hour, fields.hour, in: 0...23, at: hourStart)
        try scanner.expect(ascii: ":")
        let minuteStart = scanner.offset
        fields.minute = try scanner.readNumber(.minute, minimum: 2, maximum: 2)
        try DateTextScanner.check(.minute, fields.minute, in: 0...59, at: minuteStart)
        try scanner.expect(ascii: ":")
        let secondStart = scanner.offset
        fields.second = try scanner.readNumber(.second, minimum: 2, maximum: 2)
        if fields.second == 60 { throw DateParseError(.leapSecond, at: secondStart) }
        try DateTextScanner.check(.second, fields.second, in: 0...59, at: secondStart)
        if scanner.take(UInt8(ascii: ".")) {
            fields.nanosecond = try scanner.readFraction(minimum: 1, maximum: nil)
        }
    }
}
