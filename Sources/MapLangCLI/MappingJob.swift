import MapLang

/// One run of `maplang run`: maps the input, writes the records that map,
/// reports the others, and decides the exit status.
struct MappingJob {
    /// The compiled rules.
    let rules: Rules
    /// The model records map to.
    let model: ModelID
    /// Forward, or back to the source's shape.
    let direction: MappingDirection
    /// How many threads map the lines of NDJSON input, or the records of a large top-level array.
    var jobs = 1
    /// How messages name the input being mapped.
    var inputName: String
    /// Where mapped records go.
    var output: RecordOutput
    /// Where problems go.
    var reporter: ErrorReporter
    /// With `--coverage`, the share past which defaults are reported.
    var coverageShare: Int?
    /// With `--inline-rejects`: each rejected line is written in its place
    /// in the output (`InlineReject`), so every line gives one output line.
    var inlineRejects = false

    /// Maps NDJSON inputs in order: each line is a record; every line ends
    /// up either written or rejected. Each input's lines are numbered from
    /// 1 and summed up under its name; an input that cannot be read is
    /// reported and the next one mapped, and the run's status is the
    /// gravest of its inputs'.
    func runLines(_ inputs: [RunInput], rejectsPath: String?) -> ExitCode {
        var sinks = LineSinks(output: output)
        if let rejectsPath {
            do {
                sinks.rejects = RejectsFile(sink: try reporter.console.openOutput(rejectsPath))
            } catch {
                reporter.fail(error.message)
                sinks.output.sink.abandon()
                return .outputError
            }
        }
        defer { reporter.progress?.clear() }
        var status = ExitCode.success
        for input in inputs {
            var job = self
            job.inputName = input.name
            sinks.tally = Tally()
            sinks.rejects?.inputName = inputs.count > 1 ? input.name : nil
            let source: any InputSource
            do {
                source = try input.open()
            } catch {
                reporter.fail(error.message)
                status = status.graver(.unreadableInput)
                continue
            }
            do {
                try job.mapLines(of: source, into: &sinks)
            } catch {
                // What the limit left out comes before the error; the summary
                // of the lines read before it, as for a document, after it.
                reporter.noteWithheld(input: input.name)
                reporter.fail(error.message)
                status = status.graver(.unreadableInput)
            }
            if inputs.count == 1 {
                closeReport(sinks.tally, lines: true)
            } else {
                reporter.summary(sinks.tally, input: input.name, lines: true)
            }
            if sinks.tally.failed > 0, !inlineRejects { status = status.graver(.mappingFailed) }
        }
        if inputs.count > 1, let coverageShare, let report = rules.coverageReport(share: coverageShare) {
            reporter.report(report, input: "\(inputs.count) inputs")
        }
        // A file is replaced only when every input was read to its end; a
        // write that failed meanwhile is graver still, and said too.
        guard status != .unreadableInput else {
            sinks.rejects?.sink.abandon()
            if let failure = sinks.output.writeFailure {
                reporter.fail(failure.message)
                status = .outputError
            }
            return finish(&sinks.output, keep: false, status: status)
        }
        if var rejects = sinks.rejects {
            do {
                try rejects.finish()
            } catch {
                reporter.fail(error.message)
                sinks.output.sink.abandon()
                return .outputError
            }
        }
        return finish(&sinks.output, keep: true, status: status)
    }

    /// Maps the lines of one input, into sinks whose tally starts at its first line.
    private func mapLines(of input: any InputSource, into sinks: inout LineSinks) throws(ConsoleError) {
        // The size of a stream is not known; a file's is, below.
        reporter.progress?.total = nil
        if let mapped = input.mapped() {
            reporter.progress?.total = mapped.buffer.count
            mapFile(mapped, into: &sinks)
        } else {
            try mapStream(input, into: &sinks)
        }
    }

    /// Reports the run's coverage, when asked for, then its summary, last.
    func closeReport(_ tally: Tally, lines: Bool) {
        if let coverageShare, let report = rules.coverageReport(share: coverageShare) { reporter.report(report, input: inputName) }
        reporter.summary(tally, input: inputName, lines: lines)
    }

    /// Maps the lines of a regular file where they lie in memory, a run
    /// at a time, giving back the pages mapped.
    ///
    /// With `--jobs`, the threads map runs ahead while the caller writes the
    /// records of earlier ones; with one job, the caller maps each run in turn.
    /// One thread takes runs as small as the threads' too: a run's output
    /// then stays in the processor's cache until written, and memory freed
    /// by one run is reused by the next, not touched anew.
    private func mapFile(_ mapped: MappedInput, into sinks: inout LineSinks) {
        let (bytes, line) = (mapped.buffer, lineMapper())
        // The runs only read the input.
        nonisolated(unsafe) let input = bytes
        let runs = OrderedRuns<MappedLines>(threads: jobs)
        // Where the next run's lines start: the thread that maps it finds them.
        var next = 0
        // Where the window after the next run to be written starts.
        var nextWritten = 0
        while true {
            while runs.pending < OrderedRuns<MappedLines>.runsAhead(threads: jobs), next < bytes.count {
                let start = next
                next += Self.runSize
                runs.start { LineBlocks.map(LineBlocks.run(at: start, size: Self.runSize, in: input), of: input, line) }
            }
            guard let run = runs.next() else { return }
            nextWritten += Self.runSize
            // A run within a long line is empty: the run before holds the line.
            if !run.range.isEmpty { write([run], of: bytes, inputOffset: 0, into: &sinks) }
            mapped.release(before: LineBlocks.read(after: run.range, nextWindow: nextWritten))
        }
    }

    /// Maps the lines of a stream as they are read: whole lines as soon as
    /// they come, so a slow stream's records are not held back.
    ///
    /// - Throws: A read's error, or an error once a line goes on past
    ///   `streamedRecordLimit`.
    private func mapStream(_ input: any InputSource, into sinks: inout LineSinks) throws(ConsoleError) {
        let line = lineMapper()
        // Input read but not yet mapped: the start of a line whose end has not come.
        var pending: [UInt8] = []
        // The input offset of `pending`'s first byte.
        var offset = 0
        while true {
            let chunk = try input.read(upTo: Self.windowSize)
            // A line past the limit is refused before it is held, not after.
            if pending.count + chunk.count > Self.streamedRecordLimit, !chunk.contains(UInt8(ascii: "\n")) {
                throw tooLong(line: sinks.tally.records + 1)
            }
            let searched = pending.count
            pending += chunk
            // At the end of the input, what is left is its last line.
            let end = chunk.isEmpty ? pending.count : Self.lastLineEnd(in: pending, after: searched)
            if end > 0 {
                pending.withUnsafeBufferPointer { mapLines(0..<end, of: $0, inputOffset: offset, line, into: &sinks) }
                pending.removeFirst(end)
                offset += end
            }
            if chunk.isEmpty { return }
            if pending.count > Self.streamedRecordLimit { throw tooLong(line: sinks.tally.records + 1) }
        }
    }

    /// The error for a line of a stream that goes on past `streamedRecordLimit`.
    private func tooLong(line: Int) -> ConsoleError {
        ConsoleError(
            message: "`\(inputName)`: line \(line) goes on past \(Self.streamedRecordLimit >> 20) MiB "
                + "without a newline, the most one record read from a stream may hold")
    }

    /// The offset just past the last `\n` in `bytes` at or after `start`, or 0.
    private static func lastLineEnd(in bytes: [UInt8], after start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = buffer.count
            while index > start {
                index -= 1
                if buffer[index] == UInt8(ascii: "\n") { return index + 1 }
            }
            return 0
        }
    }

    /// How much to read at a time from a stream.
    static let windowSize = 4 << 20
    /// About how much input each run of lines takes: a file's, and a stream's with `--jobs`.
    private static var runSize: Int { OrderedRuns<MappedLines>.inputPerRun }
    /// The least input worth splitting among threads.
    private static let smallestSplit = 1 << 16

    /// Maps one line in the job's direction, appending its record's JSON.
    ///
    /// With `--inline-rejects`, a record that would read as a reject is
    /// taken back out and its line rejected instead.
    private func lineMapper() -> LineBlocks.LineMapper {
        let (rules, model) = (rules, model)
        let map: LineBlocks.LineMapper
        switch direction {
        case .forward:
            let serializer = LineSerializer(rules: rules, model: model)
            map = { bytes, output, drops, memory in
                let (length, rejection) = serializer.appendLine(startingAt: bytes, to: &output, drops: &drops, memory: &memory)
                return (length, rejection.map(RejectReason.line))
            }
        case .reverse:
            map = LineBlocks.mapper { line, output, _ in
                switch rules.mapLine(ArraySlice(line), to: model, direction: .reverse) {
                case .success(let record):
                    output += record.jsonBytes()
                    return nil
                case .failure(let rejection):
                    return .line(rejection)
                }
            }
        }
        guard inlineRejects else { return map }
        return { bytes, output, drops, memory in
            let start = output.count
            let (length, rejection) = map(bytes, &output, &drops, &memory)
            guard rejection == nil, InlineReject.isReserved(output[start...]) else { return (length, rejection) }
            output.removeSubrange(start...)
            drops.removeAll()
            return (length, .reservedKey)
        }
    }

    /// Maps whole lines, on `jobs` threads when there are enough of them,
    /// and writes their records and reports their rejections in input order.
    ///
    /// - Parameters:
    ///   - range: The lines in `bytes`; the last may lack its `\n` only at the end of the input.
    ///   - inputOffset: The input offset of `bytes`' first byte.
    ///   - sinks: Where records and rejections go; its tally counts the lines before these.
    private func mapLines(
        _ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, inputOffset: Int, _ line: @escaping LineBlocks.LineMapper,
        into sinks: inout LineSinks
    ) {
        let split = jobs > 1 && range.count >= Self.smallestSplit
        let runs = split ? LineBlocks.split(range, of: bytes, into: max(jobs, range.count / Self.runSize)) : [range]
        write(LineBlocks.map(runs, of: bytes, threads: jobs, line), of: bytes, inputOffset: inputOffset, into: &sinks)
    }

    /// Writes mapped lines in order: each record to the output, and each
    /// rejected line to the rejects file or as a report, in its place.
    private func write(_ results: [MappedLines], of bytes: UnsafeBufferPointer<UInt8>, inputOffset: Int, into sinks: inout LineSinks) {
        for mapped in results {
            var written = 0
            var drops = mapped.drops[...]
            /// Reports the drops of the lines before the run's line `index`.
            func reportDrops(before index: Int) {
                while let (line, elements) = drops.first, line < index {
                    elements.forEach { reporter.report($0, input: inputName, line: sinks.tally.records + line + 1) }
                    sinks.tally.count(warnings: elements)
                    drops.removeFirst()
                }
            }
            for rejected in mapped.rejections {
                reportDrops(before: rejected.index)
                sinks.output.writeLines(mapped.output[written..<rejected.outputOffset])
                written = rejected.outputOffset
                let text = Array(UnsafeBufferPointer(rebasing: bytes[rejected.range]))[...]
                let number = sinks.tally.records + rejected.index + 1
                let offset = inputOffset + rejected.range.lowerBound
                sinks.tally.count(rejected.rejection)
                if inlineRejects {
                    sinks.output.writeLines(
                        InlineReject.json(file: inputName, number: number, line: text, offset: offset, reason: rejected.rejection)[...]
                            + [UInt8(ascii: "\n")])
                } else if sinks.rejects != nil {
                    sinks.rejects?.write(text, number: number, reasons: rejected.rejection.reasons)
                } else {
                    reportRejection(rejected.rejection, line: text, number: number, offset: offset)
                }
            }
            if written == 0 {
                sinks.output.writeLines(mapped.output)
            } else {
                sinks.output.writeLines(mapped.output[written...])
            }
            reportDrops(before: mapped.lineCount)
            sinks.tally.countLines(mapped.lineCount, rejected: mapped.rejections.count)
            reporter.progress?.update(
                bytes: inputOffset + mapped.range.upperBound, records: sinks.tally.records,
                errors: sinks.tally.errors + sinks.tally.inputErrors)
        }
        sinks.output.flush()
    }

    /// Reports why a line was rejected on standard error.
    private func reportRejection(_ rejection: RejectReason, line: ArraySlice<UInt8>, number: Int, offset: Int) {
        switch rejection {
        case .reservedKey:
            // Only `--inline-rejects`, which writes its rejects to the output, rejects a line for this.
            reporter.fail("\(inputName):\(number): \(RejectReason.reservedKeyMessage)")
        case .line(.emptyLine):
            reporter.reportEmptyLine(input: inputName, line: number, lineOffset: offset)
        case .line(.invalidJSON(let error)):
            reporter.report(error, input: inputName, bytes: line, line: number, lineOffset: offset)
        case .line(.mappingFailed(let errors)):
            errors.forEach { reporter.report($0, input: inputName, line: number) }
        }
    }

    /// Commits or abandons the output and settles the exit status.
    func finish(_ output: inout RecordOutput, keep: Bool, status: ExitCode) -> ExitCode {
        guard keep else {
            output.sink.abandon()
            return status
        }
        do {
            try output.finish()
        } catch {
            reporter.fail(error.message)
            return .outputError
        }
        return status
    }
}

/// Where the records and rejected lines of NDJSON go, and their count.
struct LineSinks {
    /// The records.
    var output: RecordOutput
    /// The rejected lines, with `--rejects`.
    var rejects: RejectsFile?
    /// The lines so far.
    var tally = Tally()
}

/// `--rejects FILE`: each rejected line, untouched, after a line starting
/// with `#` that gives its number and reasons, so `grep -v '^#'` recovers the
/// original lines (no JSON document starts with `#`).
struct RejectsFile {
    /// Where the rejects go.
    let sink: any OutputSink
    /// The first write that failed.
    private var failure: ConsoleError?

    /// Creates a rejects file.
    init(sink: any OutputSink) {
        self.sink = sink
    }

    /// The input whose lines are being written, named in each header when
    /// the run has several, as a JSON string: `# "feed.ndjson" line 3: …`.
    var inputName: String?

    /// Writes one rejected line with its reasons.
    mutating func write(_ line: ArraySlice<UInt8>, number: Int, reasons: [String]) {
        guard failure == nil else { return }
        // A name with a line break in it would end the `#` line early.
        let named = inputName.map { String(decoding: JSONWriter.serialize(MappedValue.string($0)), as: UTF8.self) + " " } ?? ""
        let header = "# " + named + "line \(number): " + reasons.joined(separator: "; ") + "\n"
        do {
            try sink.write(Array(header.utf8) + line + [UInt8(ascii: "\n")])
        } catch {
            failure = error
        }
    }

    /// Completes the file.
    mutating func finish() throws(ConsoleError) {
        if let failure { throw failure }
        try sink.commit()
    }
}

/// Counts records and errors for the closing summary.
struct Tally {
    /// Records seen.
    var records = 0
    /// Records that had errors.
    var failed = 0
    /// Errors in all records.
    var errors = 0
    /// Elements `lossy` fields dropped from the records that mapped.
    var dropped = 0
    /// Values lenient coercion converted, each with a warning (`--warn-coercions`).
    var coerced = 0
    /// Input that is no JSON: syntax errors and empty NDJSON lines.
    var inputErrors = 0

    /// Counts one record of a document and its errors.
    mutating func count(errors recordErrors: [MappingError]) {
        records += 1
        if !recordErrors.isEmpty {
            failed += 1
            for error in recordErrors {
                if case .problemsNotKept(let count, _, _) = error.problem { errors += count } else { errors += 1 }
            }
        }
    }

    /// Counts warnings by kind: elements dropped, values coerced; those a
    /// record only counted (`problemsNotKept`) by the kind of the first.
    mutating func count(warnings: [MappingError]) {
        for warning in warnings {
            if case .problemsNotKept(let count, _, let first) = warning.problem {
                if first == MappingProblem.coerced(found: "", result: "", by: nil).code { coerced += count } else { dropped += count }
            } else if case .coerced = warning.problem {
                coerced += 1
            } else {
                dropped += 1
            }
        }
    }

    /// Whether the text summary has something to say: a failure or a warning.
    var isWorthSaying: Bool { failed > 0 || dropped > 0 || coerced > 0 }

    /// Counts the errors of a rejected NDJSON line.
    mutating func count(_ rejection: RejectReason) {
        switch rejection {
        case .line(.emptyLine), .line(.invalidJSON): inputErrors += 1
        case .line(.mappingFailed(let lineErrors)): errors += lineErrors.count
        case .reservedKey: errors += 1
        }
    }

    /// Counts NDJSON lines, some of them rejected.
    mutating func countLines(_ count: Int, rejected: Int) {
        records += count
        failed += rejected
    }

    /// `issues.json: 2 of 5 records failed with 3 errors`, then `; 4
    /// elements dropped` when `lossy` fields dropped some.
    func summary(input: String) -> String {
        let recordWord = records == 1 ? "record" : "records"
        let errorWord = errors == 1 ? "error" : "errors"
        let outcome =
            failed > 0 ? "\(failed) of \(records) \(recordWord) failed with \(errors) \(errorWord)" : "\(records) \(recordWord) mapped"
        return "\(input): \(outcome)\(dropNote)\n"
    }

    /// The closing object of `--error-format json`: the records read,
    /// written and failed, the errors (mapping errors, invalid JSON, empty
    /// lines) and the warnings (elements `lossy` fields dropped, values coerced).
    func jsonSummary(input: String) -> MappedValue {
        .object(
            MappedObject([
                MappedMember(key: "type", value: .string("summary")),
                MappedMember(key: "input", value: .string(input)),
                MappedMember(key: "records", value: .int(Int64(records))),
                MappedMember(key: "written", value: .int(Int64(records - failed))),
                MappedMember(key: "failed", value: .int(Int64(failed))),
                MappedMember(key: "errors", value: .int(Int64(errors + inputErrors))),
                MappedMember(key: "warnings", value: .int(Int64(dropped + coerced))),
            ]))
    }

    /// `feed.ndjson: 2 of 5 lines rejected, 3 written`, then `; 4 elements
    /// dropped` when `lossy` fields dropped some.
    func lineSummary(input: String) -> String {
        let lineWord = records == 1 ? "line" : "lines"
        return "\(input): \(failed) of \(records) \(lineWord) rejected, \(records - failed) written\(dropNote)\n"
    }

    /// `; 4 elements dropped; 2 values coerced`, or nothing when there were no warnings.
    private var dropNote: String {
        (dropped == 0 ? "" : "; \(dropped) \(dropped == 1 ? "element" : "elements") dropped")
            + (coerced == 0 ? "" : "; \(coerced) \(coerced == 1 ? "value" : "values") coerced")
    }
}

