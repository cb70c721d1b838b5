#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Foundation types

extension MappedValue {
    /// A date as Foundation's `Date`; sub-microsecond digits may round, as
    /// `Date` holds a `Double` of seconds.
    public var dateValue: Date? {
        timestampValue.map(\.date)
    }

    /// A URL as Foundation's `URL`, or a string that parses as one.
    public var urlValue: URL? {
        switch self {
        case .url(let text), .string(let text): URL(string: text)
        case .null, .bool, .int, .double, .decimal, .date, .array, .object: nil
        }
    }

    /// A number as Foundation's `Decimal`: a `decimal` with its exact digits,
    /// an integer exactly, a double by its shortest text.
    public var decimalValue: Decimal? {
        switch self {
        case .decimal(let literal): Decimal(string: literal)
        case .int(let integer): Decimal(integer)
        case .double(let double): Decimal(string: NumberText.json(double))
        case .null, .bool, .string, .date, .url, .array, .object: nil
        }
    }
}

extension Timestamp {
    /// The instant as Foundation's `Date`.
    public var date: Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
    }

    /// The instant of a Foundation `Date`, to the nearest nanosecond; `nil`
    /// for a date too far from 1970 for 64-bit seconds, or not finite.
    public init?(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        guard let seconds = Int64(exactly: whole) else { return nil }
        self.init(seconds: seconds, nanoseconds: Int32(((interval - whole) * 1_000_000_000).rounded()))
    }
}
