extension DatePattern {
    // MARK: - API

    /// Writes `timestamp` in this pattern, in UTC.
    ///
    /// Offset fields write `+0000` (`Z`, `ZZ`, `ZZZ`) or `Z` (`ZZZZZ`, `X`,
    /// `XX`, `XXX`). Fractions are truncated to the field's digits. The text
    /// reads back as the same instant, up to that truncation, for years
    /// 0000–9999 (`yy`: 1969–2068).
    func format(_ timestamp: Timestamp) -> String {
        let fields = DateTimeFields(utc: timestamp)
        var text = ""
        for element in elements {
            switch element {
            case .literal(let literal): text += literal
            case .field(let field): text += Self.format(field, of: fields)
            }
        }
        return text
    }

    // MARK: - Implementation

    private static func format(_ field: Field, of fields: DateTimeFields) -> String {
        switch field.kind {
        case .year:
            return padded(fields.year, width: max(4, field.count))
        case .twoDigitYear:
            return padded(Int(CivilDate.floorModulo(Int64(fields.year), 100)), width: 2)
        case .month:
            return padded(fields.month, width: field.count)
        case .monthAbbreviation:
            return EnglishDateNames.monthAbbreviations[fields.month - 1]
        case .monthName:
            return EnglishDateNames.months[fields.month - 1]
        case .day:
            return padded(fields.day, width: field.count)
        case .hour:
            return padded(fields.hour, width: field.count)
        case .twelveHour:
            return padded(fields.hour % 12 == 0 ? 12 : fields.hour % 12, width: field.count)
        case .dayPeriod:
            return fields.hour < 12 ? "AM" : "PM"
        case .minute:
            return padded(fields.minute, width: field.count)
        case .second:
            return padded(fields.second, width: field.count)
        case .fraction:
            return String(padded(Int(fields.nanosecond), width: 9).prefix(field.count))
        case .weekdayAbbreviation:
            return CivilDate.weekday(fromDaysSinceEpoch: fields.daysSinceEpoch).englishAbbreviation
        case .weekdayName:
            return CivilDate.weekday(fromDaysSinceEpoch: fields.daysSinceEpoch).englishName
        case .utcOffset(.basic):
            return "+0000"
        case .utcOffset(.extendedOrZ), .utcOffset(.basicOrZ), .utcOffset(.hoursOrZ):
            return "Z"
        }
    }

    /// `value` in decimal with leading zeros up to `width` digits, and a `-` before them when negative.
    private static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
