/// Why a date could not be read: from an ISO-8601 string, with a date
/// pattern, from a Unix timestamp, or while compiling a date pattern.
///
/// `offset` is a UTF-8 byte offset: into the input for parse errors, into
/// the pattern text for pattern compile errors. For ASCII text it equals the
/// character offset. The message text is computed from `reason`.
struct DateParseError: Error, Sendable, Equatable {
    /// What went wrong, with the values involved.
    var reason: Reason
    /// UTF-8 byte offset of the problem within the input or the pattern.
    var offset: Int

    /// Creates an error for `reason` at `offset`.
    init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// The one-line message, lowercase with no trailing period.
    var message: String { reason.message }

    /// How to fix the problem, when there is a useful hint.
    var help: String? { reason.help }
}

// MARK: - Causes

extension DateParseError {
    /// The cause of a date error. Cases are in alphabetical order.
    enum Reason: Sendable, Equatable {
        /// The day of week in the input names a different day than the date.
        case dayOfWeekMismatch(written: String, year: Int, month: Int, day: Int, actual: CivilDate.Weekday)
        /// A pattern holds two fields for the same part of a date, e.g. `yyyy` twice.
        case duplicateField(Field)
        /// A date pattern with no elements.
        case emptyPattern
        /// The input held something other than what the grammar needs here.
        case expected(Expectation, found: Found)
        /// The day does not exist in that month, e.g. `2015-02-29`.
        case invalidDay(year: Int, month: Int, day: Int)
        /// Second 60: leap seconds cannot be represented by `Timestamp`.
        case leapSecond
        /// The text given as a Unix timestamp is not a JSON number literal.
        case notANumber(String)
        /// With its UTC offset, the instant is in a year before 0000 or after 9999.
        case outsideWritableYears
        /// The 12-hour field `h` appears without the AM/PM field `a`.
        case twelveHourWithoutDayPeriod
        /// A Unix timestamp lies outside `UnixTimestamp.supportedRange`.
        case unixTimeOutOfRange(text: String, unit: TimestampUnit)
        /// A pattern letter repeated a number of times the pattern language lacks, e.g. `MMMMM`.
        case unsupportedFieldWidth(letter: Character, count: Int)
        /// An ASCII letter that is not a supported pattern field, e.g. `Q`.
        case unsupportedPatternLetter(Character)
        /// A `'` opening quoted literal text in a pattern is never closed.
        case unterminatedQuote
        /// A numeric field's value is outside its allowed range, e.g. month 13.
        case valueOutOfRange(Field, value: Int, range: ClosedRange<Int>)
    }

    /// A part of a date or time, named in messages.
    enum Field: Sendable, Equatable {
        /// The year.
        case year
        /// The month, by number or name.
        case month
        /// The day of the month.
        case day
        /// The hour, on a 24-hour or 12-hour clock.
        case hour
        /// The minute.
        case minute
        /// The second.
        case second
        /// The fraction of a second.
        case fraction
        /// The AM/PM marker.
        case dayPeriod
        /// The day of the week.
        case weekday
        /// The time zone offset as a whole.
        case timeZone
        /// The hours of a time zone offset.
        case timeZoneHours
        /// The minutes of a time zone offset.
        case timeZoneMinutes

        /// The field's name as used in messages.
        var name: String {
            switch self {
            case .year: "year"
            case .month: "month"
            case .day: "day"
            case .hour: "hour"
            case .minute: "minute"
            case .second: "second"
            case .fraction: "fraction of a second"
            case .dayPeriod: "AM/PM marker"
            case .weekday: "day of week"
            case .timeZone: "time zone"
            case .timeZoneHours: "time zone hours"
            case .timeZoneMinutes: "time zone minutes"
            }
        }
    }

    /// What the reader was looking for when the input did not match.
    enum Expectation: Sendable, Equatable {
        /// Between `minimum` and `maximum` ASCII digits (no maximum when `nil`) for a field.
        case digits(Field, minimum: Int, maximum: Int?)
        /// Exactly this text, e.g. `-` or a quoted pattern literal.
        case literal(String)
        /// `T`, `t` or a space between an ISO-8601 date and time, or the end of the input.
        case dateTimeSeparator
        /// A time zone offset: `Z`, `+02`, `+0200` or `+02:00`.
        case timeZoneOffset
        /// An English month name or its three-letter abbreviation.
        case monthName
        /// An English day name or its three-letter abbreviation.
        case weekdayName
        /// `AM` or `PM`, in any case.
        case dayPeriod
        /// Nothing more: the input should have ended.
        case endOfInput
    }

    /// What the reader found instead.
    enum Found: Sendable, Equatable {
        /// The input ended.
        case endOfInput
        /// This text: one character, a run of digits or a word.
        case text(String)
    }
}

// MARK: - Messages

extension DateParseError.Reason {
    /// The message for this cause, lowercase with no trailing period.
    var message: String {
        switch self {
        case .dayOfWeekMismatch(let written, let year, let month, let day, let actual):
            let date = "\(DateParseError.paddedYear(year))-\(Self.twoDigits(month))-\(Self.twoDigits(day))"
            return "day of week `\(written)` does not match \(date), a \(actual.englishName)"
        case .duplicateField(let field):
            return "date pattern has more than one \(field.name) field"
        case .emptyPattern:
            return "date pattern is empty"
        case .expected(let expectation, let found):
            return "expected \(expectation.description), found \(found.description)"
        case .invalidDay(let year, let month, let day):
            let monthName = EnglishDateNames.months[month - 1]
            let days = CivilDate.daysInMonth(year: year, month: month)
            return
                "day \(day) is out of range for \(monthName) \(DateParseError.paddedYear(year)), which has \(days) days"
        case .leapSecond:
            return "leap second 60 is not supported"
        case .notANumber(let text):
            return text.isEmpty ? "empty text is not a JSON number" : "`\(text)` is not a JSON number"
        case .outsideWritableYears:
            return "with its UTC offset, the date is outside the years 0000 to 9999"
        case .twelveHourWithoutDayPeriod:
            return "12-hour field `h` needs an AM/PM field `a`"
        case .unixTimeOutOfRange(let text, let unit):
            return "`\(text)` \(unit.name) is outside the supported range of years 0000 to 9999"
        case .unsupportedFieldWidth(let letter, let count):
            return "unsupported date pattern field `\(String(repeating: letter, count: count))`"
        case .unsupportedPatternLetter(let letter):
            return "unsupported date pattern letter `\(letter)`"
        case .unterminatedQuote:
            return "unterminated quote in date pattern"
        case .valueOutOfRange(let field, let value, let range):
            return "\(field.name) \(value) is not in the range \(range.lowerBound) to \(range.upperBound)"
        }
    }

    /// A hint on how to fix the problem, or `nil` when the message says it all.
    var help: String? {
        switch self {
        case .expected(.timeZoneOffset, found: .endOfInput):
            return
                "for a time without an offset use a date pattern such as `yyyy-MM-dd'T'HH:mm:ss`, which reads it as UTC"
        case .twelveHourWithoutDayPeriod:
            return "use `H` for a 24-hour clock"
        case .unsupportedFieldWidth(let letter, _):
            let widths = DatePatternParser.supportedCounts(of: letter).map {
                "`\(String(repeating: letter, count: $0))`"
            }
            return "`\(letter)` can be written " + Self.list(widths)
        case .unsupportedPatternLetter(let letter):
            return "quote literal text, as in `'\(letter)'`"
        case .unterminatedQuote:
            return "close the quote with `'`, and write `''` for a quote character"
        case .dayOfWeekMismatch, .duplicateField, .emptyPattern, .expected, .invalidDay, .leapSecond,
            .notANumber, .outsideWritableYears, .unixTimeOutOfRange, .valueOutOfRange:
            return nil
        }
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        if items.count == 1 { return last }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension DateParseError {
    /// A year written with at least four digits and a leading `-` when negative.
    static func paddedYear(_ year: Int) -> String {
        let digits = String(year.magnitude)
        let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        return year < 0 ? "-" + padded : padded
    }
}

extension DateParseError.Expectation: CustomStringConvertible {
    /// The expectation as a phrase following "expected".
    var description: String {
        switch self {
        case .digits(let field, let minimum, let maximum):
            let count: String
            switch maximum {
            case nil: count = "at least \(minimum) digit\(minimum == 1 ? "" : "s")"
            case minimum?: count = "\(minimum) digit\(minimum == 1 ? "" : "s")"
            case let maximum?: count = "\(minimum) to \(maximum) digits"
            }
            return "\(count) for the \(field.name)"
        case .literal(" "): return "a space"
        case .literal(let text): return "`\(text)`"
        case .dateTimeSeparator: return "`T`, a space or the end of the input"
        case .timeZoneOffset: return "a time zone offset such as `Z`, `+02:00` or `-0530`"
        case .monthName: return "an English month name such as `Jan` or `January`"
        case .weekdayName: return "an English day name such as `Wed` or `Wednesday`"
        case .dayPeriod: return "`AM` or `PM`"
        case .endOfInput: return "the end of the input"
        }
    }
}

extension DateParseError.Found: CustomStringConvertible {
    /// The found text as a phrase following "found".
    var description: String {
        switch self {
        case .endOfInput: "the end of the input"
        case .text(" "): "a space"
        case .text(let text): "`\(text)`"
        }
    }
}
