/// Calendar arithmetic for the proleptic Gregorian calendar: converting a
/// year, month and day to a count of days since 1970-01-01 and back,
/// validating dates, and finding the day of the week.
///
/// Years are astronomical: year 0 is 1 BC and year -1 is 2 BC. The
/// Gregorian leap-year rule is applied to every year, including those before
/// the calendar's introduction in 1582. The conversions are exact for every
/// year in `supportedYears` and well beyond; they only fail on overflow of
/// `Int64` day counts, which no date a `Timestamp` can hold comes near.
enum CivilDate {
    /// The years the conversions are documented and tested for.
    static let supportedYears: ClosedRange<Int> = -9999...99999

    /// Days in a 400-year Gregorian cycle, after which the calendar repeats.
    private static let daysPer400Years: Int64 = 146_097
    /// Days from 0000-03-01, the start of the cycle used internally, to 1970-01-01.
    private static let daysFromMarch0000ToEpoch: Int64 = 719_468

    // MARK: - Validation

    /// Whether `year` has a 29 February: divisible by 4, except centuries not divisible by 400.
    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1–12) of `year`: 28 to 31.
    static func daysInMonth(year: Int, month: Int) -> Int {
        precondition((1...12).contains(month), "month out of range")
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether `month` is 1–12 and `day` is a day of that month in `year`.
    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysInMonth(year: year, month: month)
    }

    // MARK: - Conversions

    /// The number of days from 1970-01-01 to the given date; negative before 1970.
    ///
    /// - Precondition: the date is valid (see `isValid(year:month:day:)`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        // Count years from March so that the leap day is the last day of a year.
        let marchYear = Int64(month <= 2 ? year - 1 : year)
        let cycle = floorDivide(marchYear, 400)
        let yearOfCycle = marchYear - cycle * 400  // 0...399
        let monthFromMarch = Int64((month + 9) % 12)  // March 0 ... February 11
        // Days before the month in a March-based year: 0, 31, 61, 92, ... (5-month pattern of 153 days).
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(day) - 1
        let dayOfCycle = yearOfCycle * 365 + yearOfCycle / 4 - yearOfCycle / 100 + dayOfYear
        return cycle * daysPer400Years + dayOfCycle - daysFromMarch0000ToEpoch
    }

    /// The year, month and day that lie `days` days after 1970-01-01 (before it when negative).
    static func civil(fromDaysSinceEpoch days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + daysFromMarch0000ToEpoch
        let cycle = floorDivide(shifted, daysPer400Years)
        let dayOfCycle = shifted - cycle * daysPer400Years  // 0...146096
        // Remove the leap days of the 4-, 100- and 400-year rules to find the year in the cycle.
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// The day of the week of the date `days` days after 1970-01-01, which was a Thursday.
    static func weekday(fromDaysSinceEpoch days: Int64) -> Weekday {
        let mondayBased = floorModulo(days + 3, 7)  // 1970-01-01 is the fourth day from Monday
        return Weekday(rawValue: Int(mondayBased) + 1)!
    }

    /// The day of the week of a valid date.
    static func weekday(year: Int, month: Int, day: Int) -> Weekday {
        weekday(fromDaysSinceEpoch: daysSinceEpoch(year: year, month: month, day: day))
    }

    // MARK: - Weekday

    /// A day of the week, numbered as in ISO 8601 from Monday (1) to Sunday (7).
    enum Weekday: Int, Sendable, Equatable, CaseIterable {
        /// Monday, ISO day 1.
        case monday = 1
        /// Tuesday, ISO day 2.
        case tuesday
        /// Wednesday, ISO day 3.
        case wednesday
        /// Thursday, ISO day 4.
        case thursday
        /// Friday, ISO day 5.
        case friday
        /// Saturday, ISO day 6.
        case saturday
        /// Sunday, ISO day 7.
        case sunday

        /// The English name, e.g. `Wednesday`.
        var englishName: String { EnglishDateNames.weekdays[rawValue - 1] }

        /// The English three-letter abbreviation, e.g. `Wed`.
        var englishAbbreviation: String { EnglishDateNames.weekdayAbbreviations[rawValue - 1] }
    }

    // MARK: - Implementation

    /// Division rounding toward negative infinity.
    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder of `floorDivide`, with the sign of `divisor`.
    static func floorModulo(_ value: Int64, _ divisor: Int64) -> Int64 {
        value - floorDivide(value, divisor) * divisor
    }
}
