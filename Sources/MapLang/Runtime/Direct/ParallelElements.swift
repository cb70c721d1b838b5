/// The elements of a large top-level array mapped by the direct path on
/// several threads, a window of input at a time, each window split into
/// runs of elements that the threads take as they come free.
///
/// The first run of a window starts at an element found by walking the
/// array. Every other run starts at a guess: the first `{` that follows a
/// `}` and a comma past its part of the window, which may lie inside a
/// string or within an element (a run that stops short guesses again
/// further on). A run's records are used only once the run before it,
/// walking element by element, has stopped exactly where it started;
/// otherwise they are dropped, and the next window starts where that run
/// stopped. So the records, the errors and any syntax error are those one
/// thread gives.
///
/// While the caller takes one window's records, the threads already map
/// the next.
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

    /// How many runs each thread's share of a window is split into, so that
    /// a thread that comes free early takes another.
    static let runsPerShare = 4

    /// The elements one thread mapped, in order.
    struct Run {
        /// Where the run's first element starts.
        var start: Int
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
    /// run that follows on from the one before to `deliver`, in order, on
    /// the calling thread.
    ///
    /// - Returns: The offset just past the last element delivered, where one
    ///   thread goes on; `nil` when none was.
    func map<Failure: Error>(from start: Int, _ deliver: (Run) throws(Failure) -> Void) throws(Failure) -> Int? {
        var delivered: Int?
        var buffers: [[UInt8]] = []
        var window = launch(from: start, buffers: &buffers)
        while let current = window {
            let (runs, next) = Self.chain(current.take())
            window = next.flatMap { launch(from: $0, buffers: &buffers) }
            for var run in runs {
                try deliver(run)
                delivered = run.records.last?.end ?? delivered
                run.output.removeAll(keepingCapacity: true)
                buffers.append(run.output)
            }
        }
        return delivered
    }

    /// Starts mapping the window at `start` on other threads, writing into
    /// `buffers` where it can. A window takes `share` bytes per thread, or
    /// all that is left when that is less; `nil` when less than one share
    /// is left or no guess past the first run is found.
    private func launch(from start: Int, buffers: inout [[UInt8]]) -> ConcurrentRuns<Run>? {
        guard bytes.count - start >= share else { return nil }
        let end = min(bytes.count, start + share * jobs)
        let starts = runStarts(from: start, before: end)
        guard starts.count > 1 else { return nil }
        let limits = Array(starts.dropFirst()) + [end]
        let outputs = starts.indices.map { _ in buffers.popLast() ?? [] }
        // Each run only reads the input.
        nonisolated(unsafe) let elements = self
        return ConcurrentRuns(count: starts.count) { position in
            elements.run(from: starts[position], until: limits[position], guessed: position > 0, writingAfter: outputs[position])
        }
    }

    /// Where each run of the window from `start` to `end` starts: `start`,
    /// then a guess past each later part; guesses not found are left out.
    private func runStarts(from start: Int, before end: Int) -> [Int] {
        let runs = jobs * Self.runsPerShare
        let part = (end - start) / runs
        var starts = [start]
        for index in 1..<runs {
            let from = max(start + part * index, starts[starts.count - 1] + 1)
            if let guess = elementGuess(from: from, before: min(end, from + part / 2)) { starts.append(guess) }
        }
        return starts
    }

    /// The first `{` at or after `from` that follows `}`, a comma and white
    /// space, and whose comma lies before `limit`.
    private func elementGuess(from: Int, before limit: Int) -> Int? {
        guard from < limit else { return nil }
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

    /// The runs of a window that follow on from its first, and where the
    /// next window starts: `nil` when the last of them stopped at the end of
    /// the array or at input it could not read.
    private static func chain(_ runs: [Run]) -> (runs: ArraySlice<Run>, next: Int?) {
        for position in runs.indices {
            guard let next = runs[position].next else { return (runs[...position], nil) }
            // The next run counts only if this one stopped exactly where it started.
            if position + 1 == runs.count || next != runs[position + 1].start { return (runs[...position], next) }
        }
        preconditionFailure("a window has at least one run")
    }

    /// Maps elements from the one at `start` until one starts at or past
    /// `limit`, the array ends, or the input cannot be read, writing their
    /// JSON after `output`.
    ///
    /// When `start` is a guess and the run stops short of `limit`, the guess
    /// most likely lay inside an element, such as in an array of objects
    /// within one; the run then starts again at the next guess, if any
    /// before `limit`.
    func run(from start: Int, until limit: Int, guessed: Bool, writingAfter output: [UInt8]) -> Run {
        var writer = JSONWriter(style: style)
        writer.bytes = output
        var run = Run(start: start)
        while true {
            var scanner = JSONScanner(bytes: bytes, options: options)
            scanner.position = run.start
            run.next = walk(&scanner, until: limit, into: &run.records, &writer)
            guard guessed, run.next == nil,
                let again = elementGuess(from: run.records.last?.end ?? run.start + 1, before: limit)
            else { break }
            run = Run(start: again)
            writer.bytes.removeAll(keepingCapacity: true)
        }
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
