/// The parts of a date and time on a wall clock at some UTC offset, as read
/// from text or to be written as text.
///
/// Parts a date pattern does not mention keep their defaults, which together
/// name 1970-01-01T00:00:00Z.
struct DateTimeFields: Sendable, Equatable {
    /// The astronomical year (0 is 1 BC).
    var year = 1970
    /// The month, 1–12.
    var month = 1
    /// The day of the month, 1–31.
    var day = 1
    /// The hour on a 24-hour clock, 0–23.
    var hour = 0
    /// The minute, 0–59.
    var minute = 0
    /// The second, 0–59.
    var second = 0
    /// Nanoseconds past the second, 0–999 999 999.
    var nanosecond: Int32 = 0
    /// The offset of the wall clock from UTC in seconds, positive east of Greenwich.
    var utcOffsetSeconds = 0

    /// Creates fields holding the defaults, 1970-01-01T00:00:00Z.
    init() {}

    /// The UTC wall-clock fields of `timestamp`.
    init(utc timestamp: Timestamp) {
        // Division and remainder, not a product, so no instant overflows.
        let remainder = timestamp.seconds % 86_400
        let days = timestamp.seconds / 86_400 - (remainder < 0 ? 1 : 0)
        let secondOfDay = Int(remainder < 0 ? remainder + 86_400 : remainder)
        (year, month, day) = CivilDate.civil(fromDaysSinceEpoch: days)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        nanosecond = timestamp.nanoseconds
    }

    /// The days since 1970-01-01 of the wall-clock date.
    ///
    /// - Precondition: the date is valid.
    var daysSinceEpoch: Int64 { CivilDate.daysSinceEpoch(year: year, month: month, day: day) }

    /// The instant these fields name.
    ///
    /// - Precondition: every field is in its range.
    var timestamp: Timestamp {
        let secondOfDay = Int64(hour * 3600 + minute * 60 + second)
        let seconds = daysSinceEpoch * 86_400 + secondOfDay - Int64(utcOffsetSeconds)
        return Timestamp(seconds: seconds, nanoseconds: nanosecond)
    }

    /// The seconds of the instants in the years 0000 to 9999 in UTC, from
    /// 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z: those a date is
    /// written as and read back from.
    static let writableSeconds: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// The instant these fields name, which must be in a year from 0000 to
    /// 9999 once the UTC offset is applied (`9999-12-31T23:59:59-01:00` is
    /// not), so that it is written as it can be read back.
    ///
    /// - Parameter offset: Where the UTC offset is in the text, for the error.
    /// - Precondition: every field is in its range.
    func writableTimestamp(offsetAt offset: Int) throws(DateParseError) -> Timestamp {
        let timestamp = timestamp
        guard Self.writableSeconds.contains(timestamp.seconds) else { throw DateParseError(.outsideWritableYears, at: offset) }
        return timestamp
    }
}
