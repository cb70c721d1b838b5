extension DatePattern {
    // MARK: - API

    /// Reads `string` as a date in this pattern.
    ///
    /// - Throws: `DateParseError` with the UTF-8 byte offset of the first
    ///   problem in `string`.
    func parse(_ string: String) throws(DateParseError) -> Timestamp {
        try parse(utf8: string.utf8)
    }

    /// Reads UTF-8 bytes as a date in this pattern.
    ///
    /// - Throws: `DateParseError` with the offset of the first problem,
    ///   counted from the start of `utf8`.
    func parse(utf8: some Collection<UInt8>) throws(DateParseError) -> Timestamp {
        try DateTextScanner.withContiguousBytes(of: utf8) { bytes throws(DateParseError) in
            var reader = PatternReader(scanner: DateTextScanner(bytes))
            for element in elements {
                switch element {
                case .literal(let text): try reader.scanner.expect(text)
                case .field(let field): try reader.read(field)
                }
            }
            guard reader.scanner.isAtEnd else {
                let found = reader.scanner.foundCharacter()
                throw DateParseError(.expected(.endOfInput, found: found), at: reader.scanner.offset)
            }
            return try reader.finish()
        }
    }
}

// MARK: - Implementation

/// The state of reading one input with a pattern: the cursor, the fields
/// read so far, and what must be checked once every field is known.
private struct PatternReader {
    /// The cursor over the input.
    var scanner: DateTextScanner
    /// The parts read so far; unread parts keep their 1970-01-01T00:00:00Z defaults.
    var fields = DateTimeFields()
    /// Which parts the pattern has, and where in the input each was read.
    var partOffsets: [DateParseError.Field: Int] = [:]
    /// The hour read by `h`, 1–12, to combine with the AM/PM marker.
    var twelveHour: Int?
    /// Whether the AM/PM marker read was `PM`.
    var isPM = false
    /// The day of week read, as written.
    var weekday: (value: CivilDate.Weekday, text: String)?

    /// Reads one field at the cursor.
    mutating func read(_ field: DatePattern.Field) throws(DateParseError) {
        let start = scanner.offset
        partOffsets[field.part] = start
        switch field.kind {
        case .year:
            fields.year = try readNumber(field, width: max(4, field.count), lenientRange: (4, nil), in: 0...9999)
        case .twoDigitYear:
            let value = try readNumber(field, width: 2, lenientRange: (2, 2), in: 0...99)
            fields.year = value < 69 ? 2000 + value : 1900 + value
        case .month:
            fields.month = try readNumber(field, width: field.count, lenientRange: (1, 2), in: 1...12)
        case .monthAbbreviation, .monthName:
            let names = EnglishDateNames.self
            fields.month = try readName(names.months, names.monthAbbreviations, expecting: .monthName) + 1
        case .day:
            fields.day = try readNumber(field, width: field.count, lenientRange: (1, 2), in: 1...31)
        case .hour:
            fields.hour = try readNumber(field, width: field.count, lenientRange: (1, 2), in: 0...23)
        case .twelveHour:
            twelveHour = try readNumber(field, width: field.count, lenientRange: (1, 2), in: 1...12)
        case .dayPeriod:
            isPM = try readName(["AM", "PM"], [], expecting: .dayPeriod) == 1
        case .minute:
            fields.minute = try readNumber(field, width: field.count, lenientRange: (1, 2), in: 0...59)
        case .second:
            fields.second = try readNumber(field, width: field.count, lenientRange: (1, 2), in: 0...99)
            if fields.second == 60 { throw DateParseError(.leapSecond, at: start) }
            try DateTextScanner.check(.second, fields.second, in: 0...59, at: start)
        case .fraction:
            let (minimum, maximum) = field.isAbutting ? (field.count, field.count) : (1, nil)
            fields.nanosecond = try scanner.readFraction(minimum: minimum, maximum: maximum)
        case .weekdayAbbreviation, .weekdayName:
            let names = EnglishDateNames.self
            let index = try readName(names.weekdays, names.weekdayAbbreviations, expecting: .weekdayName)
            let text = String(decoding: scanner.bytes[start..<scanner.offset], as: UTF8.self)
            weekday = (CivilDate.Weekday(rawValue: index + 1)!, text)
        case .utcOffset:
            fields.utcOffsetSeconds = try scanner.readUTCOffset()
        }
    }

    /// Combines and checks the fields read, once the whole input matched.
    mutating func finish() throws(DateParseError) -> Timestamp {
        if let twelveHour {
            fields.hour = twelveHour % 12 + (isPM ? 12 : 0)
        }
        guard CivilDate.isValid(year: fields.year, month: fields.month, day: fields.day) else {
            let offset = partOffsets[.day] ?? partOffsets[.month] ?? partOffsets[.year] ?? 0
            throw DateParseError(.invalidDay(year: fields.year, month: fields.month, day: fields.day), at: offset)
        }
        let hasFullDate = [.year, .month, .day].allSatisfy { partOffsets[$0] != nil }
        if let weekday, hasFullDate {
            let actual = CivilDate.weekday(fromDaysSinceEpoch: fields.daysSinceEpoch)
            guard actual == weekday.value else {
                let reason = DateParseError.Reason.dayOfWeekMismatch(
                    written: weekday.text, year: fields.year, month: fields.month, day: fields.day, actual: actual)
                throw DateParseError(reason, at: partOffsets[.weekday] ?? 0)
            }
        }
        return try fields.writableTimestamp(offsetAt: partOffsets[.timeZone] ?? 0)
    }

    /// Reads a numeric field: exactly `width` digits when it abuts another
    /// numeric field, else as many as `lenientRange` allows; then checks `range`.
    private mutating func readNumber(
        _ field: DatePattern.Field, width: Int, lenientRange: (Int, Int?), in range: ClosedRange<Int>
    ) throws(DateParseError) -> Int {
        let start = scanner.offset
        let (minimum, maximum) = field.isAbutting ? (width, width) : lenientRange
        let value = try scanner.readNumber(field.part, minimum: minimum, maximum: maximum)
        try DateTextScanner.check(field.part, value, in: range, at: start)
        return value
    }

    /// Reads one of `names` or `abbreviations`, ignoring case.
    ///
    /// - Returns: the index of the name read.
    private mutating func readName(
        _ names: [String], _ abbreviations: [String], expecting expectation: DateParseError.Expectation
    ) throws(DateParseError) -> Int {
        guard
            let match = EnglishDateNames.match(
                in: scanner.bytes, at: scanner.offset, names: names, abbreviations: abbreviations)
        else {
            throw DateParseError(.expected(expectation, found: scanner.foundWord()), at: scanner.offset)
        }
        scanner.advance(by: match.length)
        return match.index
    }
}
