/// The unit of a Unix timestamp.
enum TimestampUnit: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z.
    case seconds
    /// Milliseconds since 1970-01-01T00:00:00Z.
    case milliseconds
}
