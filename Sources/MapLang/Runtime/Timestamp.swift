/// An instant in time, exact to the nanosecond, counted from 1970-01-01T00:00:00Z.
///
/// MapLang keeps dates as whole seconds plus nanoseconds rather than a
/// floating-point interval, so a timestamp read from JSON is written back
/// with exactly the digits it had.
public struct Timestamp: Sendable, Equatable, Hashable, Comparable {
    /// Whole seconds since the Unix epoch; negative before 1970.
    public var seconds: Int64
    /// Nanoseconds past `seconds`, always in `0..<1_000_000_000`.
    public var nanoseconds: Int32

    /// Creates a timestamp, normalising `nanoseconds` into `0..<1_000_000_000`.
    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        var seconds = seconds
        var nanoseconds = nanoseconds
        if nanoseconds < 0 || nanoseconds >= 1_000_000_000 {
            let carry = Int64(nanoseconds) / 1_000_000_000 - (nanoseconds < 0 ? 1 : 0)
            seconds += carry
            nanoseconds = Int32(Int64(nanoseconds) - carry * 1_000_000_000)
            if nanoseconds == 1_000_000_000 {
                seconds += 1
                nanoseconds = 0
            }
        }
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Orders timestamps by the instant they name.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}
