import MapLang

extension MappingJob {
    /// The most one record read from a stream may hold: an NDJSON line, an
    /// element of a top-level array, or a document that is not an array.
    /// A regular file is read in place and has no such limit.
    static let streamedRecordLimit = 256 << 20

    /// Maps JSON documents, one per input, in order: a top-level array
    /// record by record, anything else as one record. Several documents are
    /// written one after the other, each on lines of its own; an input
    /// that cannot be read, or is not JSON, is reported and the next one
    /// mapped, and the run's status is the gravest of its inputs'.
    ///
    /// A regular file is mapped into memory and its pages given back as the
    /// records are read; a stream is read a window at a time and let go
    /// of element by element. Either way memory stays bounded by a record,
    /// not the document.
    func runDocuments(_ inputs: [RunInput]) -> ExitCode {
        // One output for every document, moved along rather than copied:
        // a copy kept beside it would copy its buffer at each document.
        var progress = DocumentProgress(output: output)
        var status = ExitCode.success
        defer { reporter.progress?.clear() }
        for input in inputs {
            var job = self
            job.inputName = input.name
            let source: any InputSource
            do {
                source = try input.open()
            } catch {
                reporter.fail(error.message)
                status = status.graver(.unreadableInput)
                continue
            }
            progress.startDocument()
            job.mapDocument(source, into: &progress)
            if progress.status == .success, progress.tally.failed > 0 { progress.status = .mappingFailed }
            if inputs.count == 1 {
                job.closeReport(progress.tally, lines: false)
            } else {
                reporter.summary(progress.tally, input: input.name, lines: false)
            }
            progress.output.endDocument()
            status = status.graver(progress.status)
        }
        if inputs.count > 1, let coverageShare, let report = rules.coverageReport(share: coverageShare) {
            reporter.report(report, input: "\(inputs.count) inputs")
        }
        // Standard output keeps the records written before a failure; a
        // file is replaced only by a complete run.
        // With no input at all (empty folders), an empty file is the complete output.
        let complete = status == .success || status == .mappingFailed
        let output = progress.output
        let keep = output.isStandardOutput ? !output.isEmpty : complete && (!output.isEmpty || inputs.isEmpty)
        return finish(&progress.output, keep: keep, status: status)
    }

    /// Maps one input's document.
    private func mapDocument(_ input: any InputSource, into progress: inout DocumentProgress) {
        // The size of a stream is not known; a file's is, below.
        reporter.progress?.total = nil
        if let mapped = input.mapped() {
            reporter.progress?.total = mapped.buffer.count
            do {
                _ = try map(mapped.buffer, continuingAt: nil, partial: false, release: mapped.release(before:), into: &progress)
            } catch {
                fail(.syntax(error, InputPosition(), window: mapped.buffer, context: []), startsWithArray: firstByte(of: mapped.buffer), &progress)
            }
        } else {
            streamDocument(input, into: &progress)
        }
    }

    /// Reads a document from a stream and maps its records as they come:
    /// the elements of a top-level array as each whole one arrives, the
    /// value as a whole once it has ended, then checks that only white
    /// space follows. A syntax error is found in the read in which it
    /// arrives, or, where no element ends, when what was read has doubled;
    /// white space held between values is let go.
    private func streamDocument(_ input: any InputSource, into progress: inout DocumentProgress) {
        var document = StreamedDocument()
        var nextCheck = Self.windowSize
        // Whether the top-level value has ended: what follows may only be white space.
        var valueMapped = false
        // A document that is one record, held until nothing but white space
        // is known to follow it, as a file's record is.
        var held: (bytes: [UInt8], start: InputPosition, context: [UInt8])?
        while true {
            let chunk: [UInt8]
            do {
                chunk = try input.read(upTo: Self.windowSize)
            } catch {
                return fail(.unreadable(error.message), startsWithArray: document.isArray, &progress)
            }
            progress.bytesRead = (progress.bytesRead ?? 0) + chunk.count
            let ended = chunk.isEmpty
            document.append(chunk)
            // The document's start is read only from four bytes, as many as tell
            // UTF-16 from UTF-8, or when the input has ended.
            let startKnown = ended || document.nextIndex != nil || document.start.offset + document.buffer.count >= 4
            if !valueMapped, let end = document.valueEnd, ended || document.nextIndex != nil || end >= 4 {
                if document.isArray {
                    if let error = mapWindow(of: document, upTo: end, partial: false, into: &progress) {
                        return failSyntax(error, in: &document, input, &progress)
                    }
                } else {
                    let invalid = document.buffer.withUnsafeBufferPointer {
                        JSONReader.firstError(in: UnsafeBufferPointer(rebasing: $0[..<end]), options: rules.readerOptions, continuingAt: nil)
                    }
                    if invalid != nil, let error = mapWindow(of: document, upTo: end, partial: false, into: &progress) {
                        return failSyntax(error, in: &document, input, &progress)
                    }
                    held = (Array(document.buffer[..<end]), document.start, document.context)
                }
                document.drop(before: end, nextIndex: document.nextIndex)
                valueMapped = true
            }
            if valueMapped {
                if let error = document.trailingError(inputEnded: ended, options: rules.readerOptions) {
                    return failSyntax(error, in: &document, input, &progress)
                }
                if ended {
                    if let held { mapHeld(held, into: &progress) }
                    return
                }
                if document.holdsOnlyWhiteSpace { document.drop(before: document.buffer.count, nextIndex: document.nextIndex) }
                continue
            }
            guard startKnown else { continue }
            if !ended, let cut = document.cut, document.nextIndex != nil || cut >= 4 {
                if let error = mapWindow(of: document, upTo: cut, partial: true, into: &progress) {
                    return failSyntax(error, in: &document, input, &progress)
                }
                document.drop(before: cut, nextIndex: progress.tally.records)
                nextCheck = Self.windowSize
            }
            var final = ended
            if !final, document.buffer.count >= nextCheck {
                nextCheck = document.buffer.count * 2
                final = document.buffer.withUnsafeBufferPointer {
                    JSONReader.firstError(in: $0, options: rules.readerOptions, continuingAt: document.nextIndex)
                }.map(document.isSettled) ?? false
            }
            if final {
                if let error = mapWindow(of: document, upTo: document.buffer.count, partial: false, into: &progress) {
                    failSyntax(error, in: &document, input, &progress)
                }
                return
            }
            if document.holdsOnlyWhiteSpace, startKnown {
                document.drop(before: document.buffer.count, nextIndex: document.nextIndex)
            }
            document.dropWhiteSpaceAfterOpening()
            if document.buffer.count > Self.streamedRecordLimit {
                let message =
                    "`\(inputName)`: a record from line \(document.start.line) goes on past "
                    + "\(Self.streamedRecordLimit >> 20) MiB, the most one record read from a stream may hold"
                // A compressed file is read as a stream too: only its decompressed copy is read in place.
                let help = input is GzipInput
                    ? "decompress it to a file (`gzip -dk`), which is read in place, without this limit"
                    : "save the input to a file, which is read in place, without this limit"
                return fail(.unreadable(message, help: help), startsWithArray: document.isArray, &progress)
            }
        }
    }

    /// Maps a document that is one record, held until the input ended.
    private func mapHeld(_ held: (bytes: [UInt8], start: InputPosition, context: [UInt8]), into progress: inout DocumentProgress) {
        held.bytes.withUnsafeBufferPointer { bytes in
            do throws(JSONSyntaxError) {
                _ = try map(bytes, continuingAt: nil, partial: false, release: { _ in }, into: &progress)
            } catch {
                fail(.syntax(error, held.start, window: bytes, context: held.context), startsWithArray: false, &progress)
            }
        }
    }

    /// Maps `document.buffer` up to `end`: whole elements to be followed
    /// by more (`partial`), or the rest of the document.
    ///
    /// - Returns: The syntax error that ends the document, placed in the buffer.
    private func mapWindow(
        of document: StreamedDocument, upTo end: Int, partial: Bool, into progress: inout DocumentProgress
    ) -> JSONSyntaxError? {
        document.buffer.withUnsafeBufferPointer { whole in
            let window = UnsafeBufferPointer(rebasing: whole[..<end])
            do throws(JSONSyntaxError) {
                _ = try map(window, continuingAt: document.nextIndex, partial: partial, release: { _ in }, into: &progress)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Reports a syntax error in a stream once the input after it that its
    /// excerpt shows has been read, as a file's excerpt shows it.
    private func failSyntax(
        _ error: JSONSyntaxError, in document: inout StreamedDocument, _ input: any InputSource, _ progress: inout DocumentProgress
    ) {
        while document.buffer.count < error.offset + StreamedDocument.contextSize,
            let chunk = try? input.read(upTo: error.offset + StreamedDocument.contextSize - document.buffer.count), !chunk.isEmpty
        {
            document.append(chunk)
        }
        document.inputBytes.withUnsafeBufferPointer { whole in
            fail(.syntax(error, document.start, window: whole, context: document.context), startsWithArray: document.isArray, &progress)
        }
    }

    /// Maps the records in `bytes`: a whole document, or part of one read
    /// from a stream, as `Rules.serializeDocument(in:continuingAt:partial:…)` takes it.
    private func map(
        _ bytes: UnsafeBufferPointer<UInt8>, continuingAt index: Int?, partial: Bool, release: (Int) -> Void,
        into progress: inout DocumentProgress
    ) throws(JSONSyntaxError) -> DocumentShape {
        func accept(index: Int?, json: ArraySlice<UInt8>?, errors: [MappingError], drops: [MappingError], end: Int) {
            if index == 0 { progress.output.beginArray() }
            progress.tally.count(errors: errors)
            progress.tally.count(warnings: drops)
            for problem in errors + drops { reporter.report(problem, input: inputName) }
            if let json { index == nil ? progress.output.writeSingle(json: json) : progress.output.writeElement(json: json) }
            release(end)
            reporter.progress?.update(
                bytes: progress.bytesRead ?? end, records: progress.tally.records, errors: progress.tally.errors)
        }
        let style: JSONWriter.Style = output.pretty ? .pretty : .compact
        let shape: DocumentShape
        switch direction {
        case .forward:
            shape = try rules.serializeDocument(
                in: bytes, continuingAt: index, partial: partial, to: model, options: rules.readerOptions, style: style, jobs: jobs,
                runSize: OrderedRuns<MappedLines>.inputPerRun
            ) { record, end in
                accept(index: record.index, json: record.json, errors: record.errors, drops: record.drops, end: end)
            }
        case .reverse:
            shape = try rules.mapDocument(
                in: bytes, continuingAt: index, partial: partial, to: model, options: rules.readerOptions, direction: .reverse
            ) { record, end in
                let json = record.value.map { JSONWriter.serialize($0, style: style)[...] }
                accept(index: record.index, json: json, errors: record.errors, drops: record.drops, end: end)
            }
        }
        if shape == .array, !partial {
            if progress.tally.records == 0 { progress.output.beginArray() }
            progress.output.endArray()
        }
        return shape
    }

    /// Whether a document's first byte past white space and a byte order mark is `[`.
    private func firstByte(of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.first(where: { !JSONReader.isWhitespace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == UInt8(ascii: "[")
    }

    /// Reports why the document ends early, and closes an array begun on
    /// the output so standard output still holds valid JSON.
    private func fail(_ failure: DocumentFailure, startsWithArray: Bool, _ progress: inout DocumentProgress) {
        // What the limit left out comes first; the error that ends the input is always shown.
        reporter.noteWithheld(input: inputName)
        switch failure {
        case .syntax(let error, let start, let window, let context):
            reportSyntaxError(error, in: window, start: start, context: context)
            progress.tally.inputErrors += 1
            progress.status = .invalidJSON
            if error.reason == .utf16NotSupported { return }
        case .unreadable(let message, let help):
            reporter.fail(message, help: help)
            progress.status = .unreadableInput
        }
        if progress.output.isInArray {
            progress.output.endArray()
        } else if progress.tally.records == 0, startsWithArray {
            progress.output.beginArray()
            progress.output.endArray()
        }
    }

    /// Reports invalid JSON with an excerpt of the input around it, taken
    /// from a window of the bytes rather than a copy of them all: the same
    /// excerpt whether the input was a file or a stream.
    ///
    /// - Parameters:
    ///   - error: The error, placed in `bytes`.
    ///   - start: Where `bytes` start in the input.
    ///   - context: The input's bytes just before `bytes`, if any are kept.
    private func reportSyntaxError(
        _ error: JSONSyntaxError, in bytes: UnsafeBufferPointer<UInt8>, start: InputPosition, context: [UInt8]
    ) {
        let reach = StreamedDocument.contextSize
        let from = max(0, error.offset - reach)
        let before = context.suffix(min(context.count, max(0, reach - error.offset)))
        let excerpt = Array(before) + bytes[from..<min(bytes.count, error.offset + reach)]
        let placed = start.place(error)
        let shifted = JSONSyntaxError(
            reason: placed.reason, offset: error.offset - from + before.count, line: placed.line, column: placed.column)
        reporter.report(
            shifted, input: inputName, bytes: excerpt[...], line: placed.line, lineOffset: start.offset + from - before.count,
            endsInput: true)
    }
}

/// How far the mapping of one document got.
struct DocumentProgress {
    /// Where the records go.
    var output: RecordOutput
    /// The records so far.
    var tally = Tally()
    /// `.success`, or why the document ended early.
    var status = ExitCode.success
    /// The bytes read so far from a stream, for the progress line; `nil`
    /// for a file mapped in place, whose records' offsets say how far it is.
    var bytesRead: Int?

    /// Starts the next document: the output goes on, the rest starts anew.
    mutating func startDocument() {
        tally = Tally()
        status = .success
        bytesRead = nil
    }
}

/// Why a document could not be read to its end.
enum DocumentFailure {
    /// Invalid JSON: the error placed in `window`, which starts at `start`
    /// in the input, after the bytes `context`.
    case syntax(JSONSyntaxError, InputPosition, window: UnsafeBufferPointer<UInt8>, context: [UInt8])
    /// The input could not be read, or is too large to read; with advice.
    case unreadable(String, help: String? = nil)
}
