/// The elements of a large top-level array mapped by the direct path on
/// several threads, in runs of about `runSize` bytes that the threads take
/// as they come free.
///
/// The first run starts at an element found by walking the array. Every
/// other run starts at a guess: the first `{` that follows a `}` and a comma
/// past the run before it, which may lie inside a string or within an
/// element (a run that stops short guesses again further on). A run's
/// records are used only once the run before it, walking element by
/// element, has stopped exactly where it started; otherwise they are
/// dropped, with the runs started after it, and runs start again from
/// where that run stopped. So the records, the errors and any syntax error
/// are those one thread gives.
///
/// While the caller takes one run's records, the threads already map the
/// runs after it.
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
    /// About how much input each run takes.
    let runSize: Int
    /// Whether each run also indexes its records' JSON on a tape, on the
    /// thread that maps it.
    var indexesRecords = false

    /// The usual `runSize`.
    static var runSize: Int { OrderedRuns<Run>.inputPerRun }

    /// The elements one thread mapped, in order.
    struct Run {
        /// Where the run's first element starts.
        var start: Int
        /// Each element, in order.
        var records: [Record] = []
        /// The JSON of the records the direct path wrote, end to end.
        var output: [UInt8] = []
        /// `output` indexed, one value per record written in order, when
        /// `indexesRecords`.
        var tape: RecordTape?
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

    /// Maps elements run by run from the one at `start`, handing each run
    /// that follows on from the one before to `deliver`, in order, on the
    /// calling thread.
    ///
    /// - Returns: The offset just past the last element delivered, where one
    ///   thread goes on; `nil` when none was, as when the array holds less
    ///   than one run.
    func map<Failure: Error>(from start: Int, _ deliver: (Run) throws(Failure) -> Void) throws(Failure) -> Int? {
        // Less than a run is left to one thread.
        guard bytes.count - start > runSize else { return nil }
        var delivered: Int?
        var buffers: [[UInt8]] = []
        var runs = OrderedRuns<Run>(threads: jobs)
        // Where the next run to start begins, and whether that is a guess.
        var planned: (start: Int, guessed: Bool)? = (start, false)
        // Where the next run to deliver must start: where the last one stopped.
        var expected = start
        while true {
            while runs.pending < OrderedRuns<Run>.runsAhead(threads: jobs), let (from, guessed) = planned {
                planned = launch(from: from, guessed: guessed, on: runs, buffers: &buffers).map { ($0, true) }
            }
            guard var run = runs.next() else { return delivered }
            guard run.start == expected else {
                // A guess did not hold: drop the runs from it on, waiting for those begun.
                runs = OrderedRuns(threads: jobs)
                planned = (expected, false)
                continue
            }
            try deliver(run)
            delivered = run.records.last?.end ?? delivered
            guard let next = run.next else { return delivered }
            expected = next
            // The tape shares the buffer, which is reused once it goes.
            run.tape = nil
            run.output.removeAll(keepingCapacity: true)
            buffers.append(run.output)
        }
    }

    /// Starts the run from `start`, to be mapped by one of the threads,
    /// writing into one of `buffers` when there is one. The run goes on to the first
    /// guess at least `runSize` bytes on, or to the end of the input.
    ///
    /// - Returns: Where the run after it starts: that guess, or `nil` when
    ///   the run goes to the end.
    private func launch(from start: Int, guessed: Bool, on runs: OrderedRuns<Run>, buffers: inout [[UInt8]]) -> Int? {
        var limit: Int?
        var boundary = start + runSize
        while limit == nil, boundary < bytes.count {
            limit = elementGuess(from: boundary, before: min(bytes.count, boundary + runSize / 2))
            boundary += runSize
        }
        let output = Handover(buffers.popLast() ?? [])
        let end = limit ?? bytes.count
        // Each run only reads the input.
        nonisolated(unsafe) let elements = self
        runs.start { elements.run(from: start, until: end, guessed: guessed, writingAfter: output.take()) }
        return limit
    }

    /// A buffer passed to the thread that maps a run as its only owner, so
    /// the run writes into the buffer's memory instead of copying it first.
    private final class Handover: @unchecked Sendable {
        /// The buffer, until it is taken.
        private var bytes: [UInt8]

        /// Holds `bytes` until a run takes them.
        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// The buffer, leaving nothing behind; called once, by the run.
        func take() -> [UInt8] {
            let taken = bytes
            bytes = []
            return taken
        }
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

    /// Maps elements from the one at `start` until one starts at or past
    /// `limit`, the array ends, or the input cannot be read, writing their
    /// JSON after `output`.
    ///
    /// When `start` is a guess and the run stops short of `limit`, the guess
    /// most likely lay inside an element, such as in an array of objects
    /// within one; the run then starts again at the next guess, if any
    /// before `limit`.
    func run(from start: Int, until limit: Int, guessed: Bool, writingAfter output: consuming [UInt8]) -> Run {
        var writer = JSONWriter(style: style)
        writer.bytes = output
        var run = Run(start: start)
        var memory = DirectMemory()
        while true {
            var scanner = JSONScanner(bytes: bytes, options: options)
            scanner.position = run.start
            run.next = walk(&scanner, until: limit, into: &run.records, &writer, &memory)
            guard guessed, run.next == nil,
                let again = elementGuess(from: run.records.last?.end ?? run.start + 1, before: limit)
            else { break }
            run = Run(start: again)
            writer.bytes.removeAll(keepingCapacity: true)
        }
        run.output = writer.bytes
        if indexesRecords { run.tape = RecordTape(json: run.output, values: run.records.compactMap(\.json)) }
        return run
    }

    /// The loop of `run(from:until:)`: gives where the next element starts,
    /// or `nil` when the run stopped before its limit.
    private func walk(
        _ scanner: inout JSONScanner, until limit: Int, into records: inout [Record], _ writer: inout JSONWriter,
        _ memory: inout DirectMemory
    ) -> Int? {
        while scanner.position < limit {
            let elementStart = scanner.position
            let mark = writer.mark
            if mapper.write(target, depth: 1, from: &scanner, to: &writer, memory: &memory) {
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
