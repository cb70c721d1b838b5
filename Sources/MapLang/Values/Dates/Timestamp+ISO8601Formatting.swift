// MARK: - ISO 8601

extension Timestamp {
    /// Reads an ISO-8601 date-time as the `iso8601` transformer does, such as
    /// `2016-05-24T18:43:37Z` or `2016-05-24T20:43:37.5+02:00`; `nil` when
    /// the text is not one.
    public init?(iso8601 text: String) {
        guard let timestamp = try? ISO8601DateParser.parse(text) else { return nil }
        self = timestamp
    }

    /// The instant as an ISO-8601 UTC string, such as `2016-05-24T18:43:37Z`.
    ///
    /// Fractional seconds appear only when `nanoseconds` is not zero, with 3,
    /// 6 or 9 digits, the fewest that are exact: `2016-05-24T18:43:37.120Z`.
    /// Years outside 0000–9999 use the expanded form, a sign and at least six
    /// digits: `+010000-01-01T00:00:00Z`, `-000001-12-31T00:00:00Z`.
    public var iso8601String: String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(32)
        appendISO8601(to: &utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends `iso8601String`'s UTF-8 bytes to a buffer without making a `String`.
    package func appendISO8601(to buffer: inout [UInt8]) {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let date = CivilDate.civil(fromDaysSinceEpoch: days)

        if (0...9999).contains(date.year) {
            buffer.appendDecimal(UInt64(date.year), minimumWidth: 4)
        } else {
            buffer.append(date.year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            buffer.appendDecimal(UInt64(date.year.magnitude), minimumWidth: 6)
        }
        buffer.append(UInt8(ascii: "-"))
        buffer.appendDecimal(UInt64(date.month), minimumWidth: 2)
        buffer.append(UInt8(ascii: "-"))
        buffer.appendDecimal(UInt64(date.day), minimumWidth: 2)
        buffer.append(UInt8(ascii: "T"))
        buffer.appendDecimal(UInt64(secondOfDay / 3600), minimumWidth: 2)
        buffer.append(UInt8(ascii: ":"))
        buffer.appendDecimal(UInt64(secondOfDay / 60 % 60), minimumWidth: 2)
        buffer.append(UInt8(ascii: ":"))
        buffer.appendDecimal(UInt64(secondOfDay % 60), minimumWidth: 2)

        if nanoseconds != 0 {
            buffer.append(UInt8(ascii: "."))
            if nanoseconds % 1_000_000 == 0 {
                buffer.appendDecimal(UInt64(nanoseconds / 1_000_000), minimumWidth: 3)
            } else if nanoseconds % 1_000 == 0 {
                buffer.appendDecimal(UInt64(nanoseconds / 1_000), minimumWidth: 6)
            } else {
                buffer.appendDecimal(UInt64(nanoseconds), minimumWidth: 9)
            }
        }
        buffer.append(UInt8(ascii: "Z"))
    }
}
