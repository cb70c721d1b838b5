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
    public func appendISO8601(to buffer: inout [UInt8]) {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let date = CivilDate.civil(fromDaysSinceEpoch: days)

        if (0...9999).contains(date.year) {
            Self.appendDigits(date.year, width: 4, to: &buffer)
        } else {
            buffer.append(date.year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            Self.appendDigits(date.year.magnitude, width: 6, to: &buffer)
        }
        buffer.append(UInt8(ascii: "-"))
        Self.appendDigits(date.month, width: 2, to: &buffer)
        buffer.append(UInt8(ascii: "-"))
        Self.appendDigits(date.day, width: 2, to: &buffer)
        buffer.append(UInt8(ascii: "T"))
        Self.appendDigits(secondOfDay / 3600, width: 2, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        Self.appendDigits(secondOfDay / 60 % 60, width: 2, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        Self.appendDigits(secondOfDay % 60, width: 2, to: &buffer)

        if nanoseconds != 0 {
            buffer.append(UInt8(ascii: "."))
            if nanoseconds % 1_000_000 == 0 {
                Self.appendDigits(nanoseconds / 1_000_000, width: 3, to: &buffer)
            } else if nanoseconds % 1_000 == 0 {
                Self.appendDigits(nanoseconds / 1_000, width: 6, to: &buffer)
            } else {
                Self.appendDigits(nanoseconds, width: 9, to: &buffer)
            }
        }
        buffer.append(UInt8(ascii: "Z"))
    }

    /// Appends a non-negative number in decimal, zero-padded to at least `width` digits.
    private static func appendDigits<Integer: BinaryInteger>(_ value: Integer, width: Int, to buffer: inout [UInt8]) {
        let start = buffer.count
        var rest = value
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        while buffer.count - start < width { buffer.append(UInt8(ascii: "0")) }
        buffer.reverseElements(from: start)
    }
}
