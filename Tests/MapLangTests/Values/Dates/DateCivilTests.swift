import Testing

@testable import MapLang

struct DateCivilTests {
    struct KnownDate: Sendable, CustomTestStringConvertible {
        var year: Int
        var month: Int
        var day: Int
        var days: Int64
        var weekday: CivilDate.Weekday
        var testDescription: String { "\(year)-\(month)-\(day)" }
    }

    // Expected days and weekdays computed with Python's `datetime.date.toordinal()`
    // and `isoweekday()`, shifting years outside 1–9999 by whole 400-year cycles.
    static let knownDates: [KnownDate] = [
        .init(year: 1970, month: 1, day: 1, days: 0, weekday: .thursday),
        .init(year: 1969, month: 12, day: 31, days: -1, weekday: .wednesday),
        .init(year: 1970, month: 1, day: 2, days: 1, weekday: .friday),
        .init(year: 1969, month: 1, day: 1, days: -365, weekday: .wednesday),
        .init(year: 1968, month: 2, day: 29, days: -672, weekday: .thursday),
        .init(year: 1972, month: 2, day: 29, days: 789, weekday: .tuesday),
        .init(year: 1972, month: 3, day: 1, days: 790, weekday: .wednesday),
        .init(year: 2000, month: 2, day: 29, days: 11016, weekday: .tuesday),
        .init(year: 2000, month: 3, day: 1, days: 11017, weekday: .wednesday),
        .init(year: 1900, month: 2, day: 28, days: -25509, weekday: .wednesday),
        .init(year: 1900, month: 3, day: 1, days: -25508, weekday: .thursday),
        .init(year: 2016, month: 5, day: 24, days: 16945, weekday: .tuesday),
        .init(year: 2008, month: 8, day: 27, days: 14118, weekday: .wednesday),
        .init(year: 2038, month: 1, day: 19, days: 24855, weekday: .tuesday),
        .init(year: 1600, month: 2, day: 29, days: -135081, weekday: .tuesday),
        .init(year: 1582, month: 10, day: 15, days: -141427, weekday: .friday),
        .init(year: 1, month: 1, day: 1, days: -719162, weekday: .monday),
        .init(year: 0, month: 1, day: 1, days: -719528, weekday: .saturday),
        .init(year: 0, month: 2, day: 29, days: -719469, weekday: .tuesday),
        .init(year: -1, month: 12, day: 31, days: -719529, weekday: .friday),
        .init(year: -4, month: 2, day: 29, days: -720930, weekday: .thursday),
        .init(year: -9999, month: 1, day: 1, days: -4_371_587, weekday: .monday),
        .init(year: 9999, month: 12, day: 31, days: 2_932_896, weekday: .friday),
        .init(year: 10000, month: 1, day: 1, days: 2_932_897, weekday: .saturday),
        .init(year: 99999, month: 12, day: 31, days: 35_804_721, weekday: .friday),
        .init(year: 2100, month: 2, day: 28, days: 47540, weekday: .sunday),
        .init(year: 2100, month: 3, day: 1, days: 47541, weekday: .monday),
        .init(year: 2400, month: 2, day: 29, days: 157113, weekday: .tuesday),
    ]

    @Test(arguments: knownDates)
    func convertsKnownDates(_ date: KnownDate) {
        #expect(CivilDate.daysSinceEpoch(year: date.year, month: date.month, day: date.day) == date.days)
        let civil = CivilDate.civil(fromDaysSinceEpoch: date.days)
        #expect(civil.year == date.year && civil.month == date.month && civil.day == date.day)
        #expect(CivilDate.weekday(fromDaysSinceEpoch: date.days) == date.weekday)
        #expect(CivilDate.weekday(year: date.year, month: date.month, day: date.day) == date.weekday)
        #expect(CivilDate.isValid(year: date.year, month: date.month, day: date.day))
    }

    /// Walks day by day from 1970-01-01, forward and backward, using only
    /// `daysInMonth`, and checks both conversions agree at every step.
    @Test(arguments: [(1, 2401), (-1, 1499)])
    func agreesWithDayByDayWalk(direction: Int64, stopYear: Int) {
        var (year, month, day) = (1970, 1, 1)
        var days: Int64 = 0
        while year != stopYear {
            if CivilDate.daysSinceEpoch(year: year, month: month, day: day) != days { break }
            let civil = CivilDate.civil(fromDaysSinceEpoch: days)
            if civil != (year, month, day) { break }
            days += direction
            if direction > 0 {
                day += 1
                if day > CivilDate.daysInMonth(year: year, month: month) { (month, day) = (month + 1, 1) }
                if month > 12 { (year, month) = (year + 1, 1) }
            } else {
                day -= 1
                if day < 1 {
                    month -= 1
                    if month < 1 { (year, month) = (year - 1, 12) }
                    day = CivilDate.daysInMonth(year: year, month: month)
                }
            }
        }
        #expect(year == stopYear, "conversions disagree at \(year)-\(month)-\(day), day \(days)")
    }

    @Test func roundTripsAcrossSupportedYears() {
        let first = CivilDate.daysSinceEpoch(year: CivilDate.supportedYears.lowerBound, month: 1, day: 1)
        let last = CivilDate.daysSinceEpoch(year: CivilDate.supportedYears.upperBound, month: 12, day: 31)
        var failures = 0
        for days in stride(from: first, through: last, by: 37) {
            let civil = CivilDate.civil(fromDaysSinceEpoch: days)
            let valid = CivilDate.isValid(year: civil.year, month: civil.month, day: civil.day)
            if !valid || CivilDate.daysSinceEpoch(year: civil.year, month: civil.month, day: civil.day) != days {
                failures += 1
            }
        }
        #expect(failures == 0)
        #expect(CivilDate.civil(fromDaysSinceEpoch: last + 1) == (100_000, 1, 1))
        #expect(CivilDate.civil(fromDaysSinceEpoch: first - 1) == (-10_000, 12, 31))
    }

    @Test(arguments: [
        (1900, false), (2000, true), (2016, true), (2015, false), (2100, false), (2400, true),
        (0, true), (-1, false), (-4, true), (-100, false), (-400, true),
    ])
    func leapYears(year: Int, isLeap: Bool) {
        #expect(CivilDate.isLeapYear(year) == isLeap)
        #expect(CivilDate.daysInMonth(year: year, month: 2) == (isLeap ? 29 : 28))
    }

    @Test func daysInMonths() {
        let lengths = (1...12).map { CivilDate.daysInMonth(year: 2015, month: $0) }
        #expect(lengths == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
    }

    @Test(arguments: [
        (2015, 2, 29), (2016, 2, 30), (1900, 2, 29), (2016, 4, 31), (2016, 13, 1), (2016, 0, 1),
        (2016, 1, 0), (2016, 1, 32), (2016, -1, 1),
    ])
    func rejectsInvalidDates(year: Int, month: Int, day: Int) {
        #expect(!CivilDate.isValid(year: year, month: month, day: day))
    }
}
