/// A half-open range of UTF-8 byte offsets in a source file.
///
/// A span with `start == end` is zero-width: it marks a place, such as where a
/// missing token should have been.
public struct Span: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The offset of the first byte.
    public package(set) var start: Int
    /// The offset one past the last byte.
    public package(set) var end: Int

    /// Creates a span from `start` up to, not including, `end`.
    package init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// A zero-width span at an offset.
    package static func at(_ offset: Int) -> Span { Span(start: offset, end: offset) }

    /// The smallest span that covers both this span and another.
    package func merged(with other: Span) -> Span {
        Span(start: min(start, other.start), end: max(end, other.end))
    }

    /// `start..<end`, for dumps and tests.
    public var description: String { "\(start)..<\(end)" }
}
