import Dispatch
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
    /// How many lines of NDJSON to map at once, on as many threads.
    var jobs = 1
    /// How messages name the input.
    let inputName: String
    /// Where mapped records go.
    var output: RecordOutput
    /// Where problems go.
    let reporter: ErrorReporter

    /// Maps one JSON document: a top-level array record by record, anything else as one record.
    ///
    /// A regular file is mapped into memory and its pages given back as the
    /// records are read, so memory stays bounded by a record, not the file;
    /// other input is read whole.
    func runDocument(_ input: any InputSource) -> ExitCode {
        if let mapped = input.mapped() {
            return runDocument(in: mapped.buffer, release: mapped.release(before:))
        }
        let bytes: [UInt8]
        do {
            bytes = try input.readAll()
        } catch {
            reporter.fail(error.message)
            output.sink.abandon()
            return .unreadableInput
        }
        return bytes.withUnsafeBufferPointer { runDocument(in: $0, release: { _ in }) }
    }

    /// Maps a document in memory, letting go of the bytes before each record's end.
    private func runDocument(in bytes: UnsafeBufferPointer<UInt8>, release: (Int) -> Void) -> ExitCode {
        var output = output
        var tally = Tally()
        var status = ExitCode.success
        func accept(index: Int?, json: ArraySlice<UInt8>?, errors: [MappingError], end: Int) {
            if index == 0 { output.beginArray() }
            tally.count(errors: errors)
            for error in errors { reporter.report(error, input: inputName) }
            if let json { index == nil ? output.writeSingle(json: json) : output.writeElement(json: json) }
            release(end)
        }
        let style: JSONWriter.Style = output.pretty ? .pretty : .compact
        do {
            let shape: DocumentShape
            switch direction {
            case .forward:
                shape = try rules.serializeDocument(in: bytes, to: model, options: rules.readerOptions, style: style) {
                    record, end in
                    accept(index: record.index, json: record.json, errors: record.errors, end: end)
                }
            case .reverse:
                shape = try rules.mapDocument(in: bytes, to: model, options: rules.readerOptions, direction: .reverse) {
                    record, end in
                    let json = record.value.map { JSONWriter.serialize($0, style: style)[...] }
                    accept(index: record.index, json: json, errors: record.errors, end: end)
                }
            }
            if shape == .array {
                if tally.records == 0 { output.beginArray() }
                output.endArray()
            }
        } catch {
            reportSyntaxError(error, in: bytes)
            if output.isInArray {
                output.endArray()
            } else if tally.records == 0, error.reason != .utf16NotSupported,
                bytes.first(where: { !JSONReader.isWhitespace($0) && $0 != 0xEF }) == UInt8(ascii: "[")
            {
                output.beginArray()
                output.endArray()
            }
            status = .invalidJSON
        }
        if status == .success, tally.failed > 0 { status = .mappingFailed }
        if tally.failed > 0 { reporter.summary(tally.summary(input: inputName)) }
        // Standard output keeps the records read before invalid JSON; a file is
        // replaced only by a complete run.
        let keep = output.isStandardOutput ? !output.isEmpty : status != .invalidJSON && !output.isEmpty
        return finish(&output, keep: keep, status: status)
    }

    /// Reports invalid JSON with an excerpt of the input around it, taken
    /// from a window of the bytes rather than a copy of them all.
    private func reportSyntaxError(_ error: JSONSyntaxError, in bytes: UnsafeBufferPointer<UInt8>) {
        let start = max(0, error.offset - 512)
        let end = min(bytes.count, error.offset + 512)
        let window = Array(bytes[start..<end])
        let shifted = JSONSyntaxError(reason: error.reason, offset: error.offset - start, line: error.line, column: error.column)
        reporter.report(shifted, input: inputName, bytes: window[...], line: error.line, lineOffset: start)
    }

    /// Maps NDJSON: each line is a record; every line ends up either written or rejected.
    func runLines(_ input: any InputSource, rejectsPath: String?) -> ExitCode {
        var output = output
        var rejects: RejectsFile?
        if let rejectsPath {
            do {
                rejects = RejectsFile(sink: try reporter.console.openOutput(rejectsPath))
            } catch {
                reporter.fail(error.message)
                output.sink.abandon()
                return .outputError
            }
        }
        var reader = LineReader(source: input)
        var tally = Tally()
        do {
            while true {
                // Pass finished records on before waiting for more input, so a
                // slow stream's records are not held back.
                if !reader.hasBufferedLine { output.flush() }
                let batch = try nextBatch(&reader)
                if batch.isEmpty { break }
                for (line, result) in zip(batch, mapInParallel(batch)) {
                    let rejection = write(result, of: line, output: &output, report: rejects == nil)
                    tally.countLine(rejected: rejection != nil)
                    if let rejection { rejects?.write(line.bytes[...], number: line.number, reasons: rejection.reasons) }
                }
            }
        } catch {
            reporter.fail(error.message)
            output.sink.abandon()
            rejects?.sink.abandon()
            return .unreadableInput
        }
        if tally.failed > 0 { reporter.summary(tally.lineSummary(input: inputName)) }
        let status: ExitCode = tally.failed > 0 ? .mappingFailed : .success
        if var rejects {
            do {
                try rejects.finish()
            } catch {
                reporter.fail(error.message)
                output.sink.abandon()
                return .outputError
            }
        }
        return finish(&output, keep: true, status: status)
    }

    /// The lines to map next: one, or with `--jobs`, as many as are read
    /// already, up to a few thousand, so that a slow stream is not held back.
    private func nextBatch(_ reader: inout LineReader) throws(ConsoleError) -> [PendingLine] {
        var batch: [PendingLine] = []
        let limit = jobs > 1 ? 512 * jobs : 1
        while batch.count < limit, batch.isEmpty || reader.hasBufferedLine {
            guard let line = try reader.nextLine() else { break }
            batch.append(PendingLine(bytes: Array(line), number: reader.lineNumber, offset: reader.lineOffset))
        }
        return batch
    }

    /// Maps a batch of lines, on `jobs` threads when there are several, and
    /// serialises the records; the outcomes are in line order.
    private func mapInParallel(_ batch: [PendingLine]) -> [Result<[UInt8], LineRejection>] {
        let (rules, model, direction) = (rules, model, direction)
        let map: @Sendable (PendingLine) -> Result<[UInt8], LineRejection> = { line in
            switch direction {
            case .forward:
                return rules.serializeLine(line.bytes[...], to: model)
            case .reverse:
                let outcome = rules.mapLine(line.bytes[...], number: line.number, offset: line.offset, to: model, direction: .reverse)
                return outcome.result.map { $0.jsonBytes() }
            }
        }
        guard jobs > 1, batch.count > 1 else { return batch.map(map) }
        let slots = UnsafeMutableBufferPointer<Result<[UInt8], LineRejection>?>.allocate(capacity: batch.count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        nonisolated(unsafe) let shared = slots
        let workers = min(jobs, batch.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            // Each worker fills its own stripe of slots.
            for index in stride(from: worker, to: batch.count, by: workers) { shared[index] = map(batch[index]) }
        }
        return slots.map { $0! }
    }

    /// Writes a line's record, or reports why it was rejected; returns the rejection, if any.
    private func write(
        _ result: Result<[UInt8], LineRejection>, of line: PendingLine, output: inout RecordOutput, report: Bool
    ) -> LineRejection? {
        switch result {
        case .success(let json):
            output.writeLine(serialized: json)
            return nil
        case .failure(let rejection):
            if report { reportRejection(rejection, line: line.bytes[...], number: line.number, offset: line.offset) }
            return rejection
        }
    }

    /// Reports why a line was rejected on standard error.
    private func reportRejection(_ rejection: LineRejection, line: ArraySlice<UInt8>, number: Int, offset: Int) {
        switch rejection {
        case .emptyLine:
            reporter.reportEmptyLine(input: inputName, line: number, lineOffset: offset)
        case .invalidJSON(let error):
            reporter.report(error, input: inputName, bytes: line, line: number, lineOffset: offset)
        case .mappingFailed(let errors):
            errors.forEach { reporter.report($0, input: inputName, line: number) }
        }
    }

    /// Commits or abandons the output and settles the exit status.
    private func finish(_ output: inout RecordOutput, keep: Bool, status: ExitCode) -> ExitCode {
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

    /// Writes one rejected line with its reasons.
    mutating func write(_ line: ArraySlice<UInt8>, number: Int, reasons: [String]) {
        guard failure == nil else { return }
        let header = "# line \(number): " + reasons.joined(separator: "; ") + "\n"
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

    /// Counts one record of a document and its errors.
    mutating func count(errors recordErrors: [MappingError]) {
        records += 1
        if !recordErrors.isEmpty {
            failed += 1
            errors += recordErrors.count
        }
    }

    /// Counts one NDJSON line.
    mutating func countLine(rejected: Bool) {
        records += 1
        if rejected { failed += 1 }
    }

    /// `issues.json: 2 of 5 records failed with 3 errors`.
    func summary(input: String) -> String {
        let recordWord = records == 1 ? "record" : "records"
        let errorWord = errors == 1 ? "error" : "errors"
        return "\(input): \(failed) of \(records) \(recordWord) failed with \(errors) \(errorWord)\n"
    }

    /// `feed.ndjson: 2 of 5 lines rejected, 3 written`.
    func lineSummary(input: String) -> String {
        let lineWord = records == 1 ? "line" : "lines"
        return "\(input): \(failed) of \(records) \(lineWord) rejected, \(records - failed) written\n"
    }
}

/// A line of NDJSON waiting to be mapped.
struct PendingLine: Sendable {
    /// The line's bytes, without its `\n`.
    var bytes: [UInt8]
    /// Its 1-based number.
    var number: Int
    /// The input offset of its first byte.
    var offset: Int
}

