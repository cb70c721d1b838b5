import Dispatch

/// The elements of a large top-level array mapped by the direct path on
/// several threads, a window of input at a time, each thread taking a run
/// of elements.
///
/// The first run of a window starts at an element found by walking the
/// array. Every other run starts at a guess: the first `{` that follows a
/// `}` and a comma past its share of the window, which may lie inside a
/// string. A run's records are used only once the run before it, walking
/// element by element, has stopped exactly at that guess; otherwise they
/// are dropped, and the next window starts where that run stopped. So the
/// records, the errors and any syntax error are those one thread gives.
struct ParallelElements {
    /// The direct path.
    let mapper: DirectMapper
    /// The model or choice each element maps to.
    let target: RecordTarget
    /// The whole document.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The reader's options.
    let options: JSONReaderOptions
    /// How records are laid out.
    let style: JSONWriter.Style
    /// How many threads.
    let jobs: Int
    /// How much input each thread takes in a window.
    let share: Int

    /// The usual `share`: enough that starting threads costs little, little
    /// enough that memory stays bounded by a few windows' output.
    static let share = 1 << 21

    /// The elements one thread mapped, in order.
    struct Run {
        /// Each element, in order.
        var records: [Record] = []
        /// The JSON of the records the direct path wrote, end to end.
        var output: [UInt8] = []
        /// Where the next element starts, when the run stopped at its
        /// limit; `nil` when it stopped at the end of the array or at input
        /// it could not read.
        var next: Int?
    }

    /// One element of a run.
    struct Record {
        /// The offset of the element's first byte.
        var start: Int
        /// The offset just past it.
        var end: Int
        /// Its JSON in the run's output; `nil` when the direct path did not
        /// write it, so the interpreter must map it, from `start`.
        var json: Range<Int>?
    }

    /// Maps elements window by window from the one at `start`, handing each
    /// run that follows on from the one before to `deliver`, in order.
    ///
    /// - Returns: The offset just past the last element delivered, where one
    ///   thread goes on; `nil` when none was.
    func map<Failure: Error>(from start: Int, _ deliver: (Run) throws(Failure) -> Void) throws(Failure) -> Int? {
        var start = start
        var delivered: Int?
        while bytes.count - start >= share * jobs {
            let starts = runStarts(from: start)
            guard starts.count > 1 else { return delivered }
            let limits = Array(starts.dropFirst()) + [start + share * jobs]
            let runs = mapRuns(starts: starts, limits: limits)
            for (position, run) in runs.enumerated() {
                try deliver(run)
                delivered = run.records.last?.end ?? delivered
                guard let next = run.next else { return delivered }
                start = next
                // The next run counts only if this one stopped exactly where it
                // started; if not, the next window starts where this one stopped.
                guard position + 1 < runs.count, next == starts[position + 1] else { break }
            }
        }
        return delivered
    }

    /// Where each run of a window starts: `start`, then a guess past each
    /// later share; guesses not found are left out.
    private func runStarts(from start: Int) -> [Int] {
        var starts = [start]
        for part in 1..<jobs {
            let from = max(start + share * part, starts[starts.count - 1] + 1)
            if let guess = elementGuess(from: from, before: min(bytes.count, from + share / 2)) { starts.append(guess) }
        }
        return starts
    }

    /// The first `{` at or after `from` that follows `}`, a comma and white space.
    private func elementGuess(from: Int, before limit: Int) -> Int? {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        for comma in from..<limit where bytes[comma] == UInt8(ascii: ",") {
            var before = comma - 1
            while before > 0, isWhitespace(bytes[before]) { before -= 1 }
            var after = comma + 1
            while after < bytes.count, isWhitespace(bytes[after]) { after += 1 }
            if bytes[before] == UInt8(ascii: "}"), after < bytes.count, bytes[after] == UInt8(ascii: "{") { return after }
        }
        return nil
    }

    /// Maps the runs on as many threads, giving them in order.
    private func mapRuns(starts: [Int], limits: [Int]) -> [Run] {
        let runs = UnsafeMutableBufferPointer<Run>.allocate(capacity: starts.count)
        defer { runs.deallocate() }
        // Each thread initializes its own run and only reads the input.
        nonisolated(unsafe) let shared = runs
        nonisolated(unsafe) let elements = self
        DispatchQueue.concurrentPerform(iterations: starts.count) { position in
            (shared.baseAddress! + position).initialize(to: elements.run(from: starts[position], until: limits[position]))
        }
        return runs.indices.map { (runs.baseAddress! + $0).move() }
    }

    /// Maps elements from the one at `start` until one starts at or past
    /// `limit`, the array ends, or the input cannot be read.
    private func run(from start: Int, until limit: Int) -> Run {
        var scanner = JSONScanner(bytes: bytes, options: options)
        scanner.position = start
        var writer = JSONWriter(style: style)
        var run = Run()
        run.next = walk(&scanner, until: limit, into: &run.records, &writer)
        run.output = writer.bytes
        return run
    }

    /// The loop of `run(from:until:)`: gives where the next element starts,
    /// or `nil` when the run stopped before its limit.
    private func walk(
        _ scanner: inout JSONScanner, until limit: Int, into records: inout [Record], _ writer: inout JSONWriter
    ) -> Int? {
        while scanner.position < limit {
            let elementStart = scanner.position
            let mark = writer.mark
            if mapper.write(target, depth: 1, from: &scanner, to: &writer) {
                records.append(Record(start: elementStart, end: scanner.position, json: mark.count..<writer.bytes.count))
            } else {
                // The interpreter maps it later; here only its end is found.
                writer.rewind(to: mark)
                scanner.restart(at: elementStart)
                guard (try? scanner.skipValue(depth: 1)) != nil else { return nil }
                records.append(Record(start: elementStart, end: scanner.position, json: nil))
            }
            scanner.skipWhitespace()
            guard scanner.position < bytes.count, bytes[scanner.position] == UInt8(ascii: ",") else { return nil }
            scanner.position += 1
            scanner.skipWhitespace()
        }
        return scanner.position
    }
}
