/// Splits a stream of bytes into lines as the bytes arrive, keeping only the
/// unfinished line, so memory stays bounded by the longest line.
///
/// Feed it with `append(_:)`, take lines with `nextLine()`, and call
/// `finish()` at the end of the input so a last line without `\n` counts.
/// A line is handed out without its `\n`; a `\r` before the `\n` stays (it
/// is JSON white space, and a rejected line should be kept untouched). An
/// empty input has no lines.
package struct LineBuffer: Sendable {
    /// Bytes received but not yet handed out, from `start` on.
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    /// Where to look for the next `\n`: every byte before it has been searched.
    private var searched = 0
    /// The input offset of `buffer[0]`.
    private var bufferOffset = 0
    /// Whether the input has ended.
    private var finished = false

    /// The 1-based number of the last line handed out; 0 before the first.
    package private(set) var lineNumber = 0
    /// The input offset of the first byte of the last line handed out.
    package private(set) var lineOffset = 0

    /// Creates an empty buffer.
    package init() {}

    /// Adds bytes that follow those already added.
    package mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0 && start * 2 >= buffer.count {
            // Drop the lines already handed out once they are most of the buffer.
            bufferOffset += start
            buffer.removeFirst(start)
            searched -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Marks the end of the input.
    package mutating func finish() {
        finished = true
    }

    /// Whether `nextLine()` has a line to give without more input.
    package var hasLine: Bool {
        buffer[searched...].contains(UInt8(ascii: "\n")) || (finished && start < buffer.count)
    }

    /// The next complete line, or `nil` when more input is needed (or, after
    /// `finish()`, when there are no more lines).
    package mutating func nextLine() -> ArraySlice<UInt8>? {
        if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
            return handOut(start..<newline, next: newline + 1)
        }
        searched = buffer.count
        guard finished, start < buffer.count else { return nil }
        return handOut(start..<buffer.count, next: buffer.count)
    }

    /// Hands out one line and moves past it.
    private mutating func handOut(_ range: Range<Int>, next: Int) -> ArraySlice<UInt8> {
        lineNumber += 1
        lineOffset = bufferOffset + range.lowerBound
        start = next
        searched = next
        return buffer[range]
    }
}
