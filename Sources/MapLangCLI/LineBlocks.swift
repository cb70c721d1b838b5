#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapLang

/// Maps runs of whole NDJSON lines where they lie in the input's bytes:
/// the unit `--ndjson` maps, split among threads with `--jobs`.
///
/// Lines are never copied one by one; each run's records go to one buffer.
enum LineBlocks {
    /// Maps the line that starts the bytes it is given (later lines may
    /// follow it), appending its record's JSON and the elements `lossy`
    /// fields dropped from it; gives the line's length without its `\n`,
    /// and why it was rejected instead, if it was. The memory is what the
    /// direct path learned from the run's lines before (see `DirectMemory`).
    typealias LineMapper = @Sendable (UnsafeBufferPointer<UInt8>, inout [UInt8], inout [MappingError], inout DirectMemory) -> (
        length: Int, rejection: RejectReason?
    )

    /// A `LineMapper` for a mapping that needs each line's end first.
    static func mapper(
        _ line: @escaping @Sendable (UnsafeBufferPointer<UInt8>, inout [UInt8], inout [MappingError]) -> RejectReason?
    ) -> LineMapper {
        { bytes, output, drops, _ in
            let length = newline(in: bytes, from: 0, to: bytes.count)
            return (length, line(UnsafeBufferPointer(rebasing: bytes[..<length]), &output, &drops))
        }
    }

    /// Splits whole lines into at most `parts` runs of about the same size,
    /// each made of whole lines; none is empty.
    static func split(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, into parts: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let partsLeft = parts - runs.count
            var end = range.upperBound
            if partsLeft > 1 {
                let target = start + (range.upperBound - start) / partsLeft
                end = min(newline(in: bytes, from: max(start, target - 1), to: range.upperBound) + 1, range.upperBound)
            }
            runs.append(start..<end)
            start = end
        }
        return runs
    }

    /// The whole lines whose first byte lies in `start..<start + size`.
    ///
    /// Runs taken at every multiple of `size` hold every line once, and the
    /// thread that maps a run finds it, reading only the bytes after its
    /// two ends up to a line break, so the thread that hands out the runs
    /// reads none of the input. A run within a line longer than `size` is
    /// empty, found without reading past its own bytes.
    static func run(at start: Int, size: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let windowEnd = min(bytes.count, start + size)
        // A line starts at 0 and after each line break.
        let first = start == 0 ? 0 : newline(in: bytes, from: start - 1, to: windowEnd - 1) + 1
        guard first < windowEnd else { return windowEnd..<windowEnd }
        guard windowEnd < bytes.count else { return first..<windowEnd }
        return first..<min(bytes.count, newline(in: bytes, from: windowEnd - 1, to: bytes.count) + 1)
    }

    /// How much of the input is read for good once `run` is written and
    /// the runs before it: its bytes, but not from the byte before the next
    /// window on, which the next run reads to find its first line. A run
    /// holding a line that goes on past later windows must not give back
    /// what their runs read, or those pages would be read in again and
    /// never given back.
    static func read(after run: Range<Int>, nextWindow: Int) -> Int {
        min(run.upperBound, nextWindow - 1)
    }

    /// The offset of the first `\n` in `start..<end`, or `end` when there is none.
    static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard start < end, let base = bytes.baseAddress, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start)
        else { return end }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Maps runs of lines on `threads` threads, the caller's included, and
    /// gives their results in order.
    static func map(
        _ runs: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>, threads: Int, _ line: @escaping LineMapper
    ) -> [MappedLines] {
        let started = OrderedRuns<MappedLines>(threads: threads)
        // The runs only read the input.
        nonisolated(unsafe) let input = bytes
        for range in runs { started.start { map(range, of: input, line) } }
        return runs.map { _ in started.next()! }
    }

    /// Maps every line of a run, appending each record and a line break to the result's output.
    static func map(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, _ line: LineMapper) -> MappedLines {
        var mapped = MappedLines(range: range)
        mapped.output.reserveCapacity(range.count)
        var start = range.lowerBound
        var drops: [MappingError] = []
        var memory = DirectMemory()
        while start < range.upperBound {
            let (length, rejection) = line(
                UnsafeBufferPointer(rebasing: bytes[start..<range.upperBound]), &mapped.output, &drops, &memory)
            let end = start + length
            if !drops.isEmpty {
                mapped.drops.append((mapped.lineCount, drops))
                drops.removeAll()
            }
            if let rejection {
                mapped.rejections.append(
                    RejectedLine(index: mapped.lineCount, range: start..<end, outputOffset: mapped.output.count, rejection: rejection))
            } else {
                mapped.output.append(UInt8(ascii: "\n"))
            }
            mapped.lineCount += 1
            start = end + 1
        }
        return mapped
    }
}

/// What mapping a run of lines gave.
struct MappedLines {
    /// The run's lines in the input's bytes.
    var range: Range<Int>
    /// The records of the lines that mapped, in order, each followed by `\n`.
    var output: [UInt8] = []
    /// How many lines the run has.
    var lineCount = 0
    /// The lines that were rejected, in order.
    var rejections: [RejectedLine] = []
    /// The elements `lossy` fields dropped, with the position in the run of
    /// the line they were dropped from, in order.
    var drops: [(index: Int, drops: [MappingError])] = []
}

/// A line of a run that was rejected.
struct RejectedLine {
    /// The line's position in its run, from 0.
    var index: Int
    /// The line in the input's bytes, without its `\n`.
    var range: Range<Int>
    /// How much of the run's output comes before the line's place.
    var outputOffset: Int
    /// Why it was rejected.
    var rejection: RejectReason
}
