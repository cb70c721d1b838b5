/// An instant in time, exact to the nanosecond, counted from 1970-01-01T00:00:00Z.
///
/// MapLang keeps dates as whole seconds plus nanoseconds rather than a
/// floating-point interval, so a timestamp read from JSON is written back
/// with exactly the digits it had.
public struct Timestamp: Sendable, Equatable, Hashable, Comparable {
    /// Whole seconds since the Unix epoch; negative before 1970.
    public private(set) var seconds: Int64
    /// Nanoseconds past `seconds`, always in `0..<1_000_000_000`.
    public private(set) var nanoseconds: Int32

    /// Creates a timestamp, normalising `nanoseconds` into `0..<1_000_000_000`.
    ///
    /// Whole seconds carried out of `nanoseconds` past the ends of `Int64`
    /// stop there: the result is the first or last instant a timestamp holds.
    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        let carry = Int64(nanoseconds) / 1_000_000_000 - (nanoseconds < 0 && nanoseconds % 1_000_000_000 != 0 ? 1 : 0)
        let (carried, overflow) = seconds.addingReportingOverflow(carry)
        if overflow {
            (self.seconds, self.nanoseconds) = carry > 0 ? (.max, 999_999_999) : (.min, 0)
        } else {
            self.seconds = carried
            self.nanoseconds = Int32(Int64(nanoseconds) - carry * 1_000_000_000)
        }
    }

    /// Orders timestamps by the instant they name.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}
