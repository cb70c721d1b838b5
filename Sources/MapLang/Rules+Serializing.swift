#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Mapping documents to JSON text

/// One record of a document mapped straight to JSON text.
package struct SerializedRecord: Sendable, Equatable {
    /// The record's index in a top-level array, or `nil` for a document
    /// that is one record.
    package let index: Int?
    /// The record's JSON, when it mapped without errors.
    package let json: ArraySlice<UInt8>?
    /// Every error found in the record, with its input path.
    package let errors: [MappingError]
    /// The elements `lossy` fields dropped from a record that mapped, as warnings.
    package var drops: [MappingError] = []
    /// The record's JSON already indexed, when the thread that mapped it
    /// was asked to index it (see `serializeDocument`'s `indexing`).
    var indexed: IndexedRecord?
}

extension Rules {
    /// Maps a whole document, as `mapDocument(in:to:options:direction:_:)`
    /// does forward, and writes each record that maps as JSON text.
    ///
    /// This is how `maplang run` maps: a record goes from its bytes to its
    /// JSON without a tree for either, reading only the members its model's
    /// key paths name and checking the rest as it skips them. A record with
    /// an error, or with input the direct path does not take, such as an
    /// escaped key, is mapped through `mapDocument`'s path instead, so the
    /// output and every error are the same as that path gives. Under a
    /// `strict` file, whose duplicate keys are errors, every record takes
    /// that path.
    ///
    /// - Parameters:
    ///   - buffer: The document, in UTF-8.
    ///   - model: The model to map each record to.
    ///   - options: Limits and policies for reading the JSON; `readerOptions` when `nil`.
    ///   - style: How to lay out each record's JSON.
    ///   - jobs: How many threads may map the elements of a large top-level
    ///     array, at most 256 (more count as 256); records are still passed
    ///     to `body` one at a time, in order, on the calling thread.
    ///   - indexing: Whether the threads that map runs of a large array
    ///     also index each record's JSON on a `RecordTape` (its `indexed`),
    ///     for a caller that decodes the records from it.
    ///   - body: Called with each record as soon as it is mapped, and the
    ///     offset just past it in `buffer`. The record's `json` is valid only
    ///     during the call unless copied.
    /// - Returns: Whether the document was an array of records or one record.
    /// - Throws: `JSONSyntaxError` when the document is not valid JSON;
    ///   records before the error have already been passed to `body`.
    package func serializeDocument(
        in buffer: UnsafeBufferPointer<UInt8>, to model: ModelID, options: JSONReaderOptions? = nil,
        style: JSONWriter.Style = .compact, jobs: Int = 1, indexing: Bool = false, _ body: (SerializedRecord, _ end: Int) -> Void
    ) throws(JSONSyntaxError) -> DocumentShape {
        try serializeDocument(
            in: buffer, continuingAt: nil, partial: false, to: model, options: options, style: style, jobs: jobs,
            runSize: ParallelElements.runSize, indexing: indexing, body)
    }

    /// `serializeDocument(in:to:options:style:jobs:indexing:_:)` over part
    /// of a document read from a stream, with threads taking runs of about
    /// `runSize` bytes of a large array.
    ///
    /// - Parameters:
    ///   - index: The index of the next element when `buffer` is the rest of
    ///     a top-level array, starting just past an element; `nil` when it
    ///     starts at the document's start.
    ///   - partial: Whether `buffer` ends just before a comma between
    ///     elements, the rest of the document to follow.
    package func serializeDocument(
        in buffer: UnsafeBufferPointer<UInt8>, continuingAt index: Int?, partial: Bool, to model: ModelID,
        options: JSONReaderOptions?, style: JSONWriter.Style, jobs: Int, runSize: Int, indexing: Bool = false,
        _ body: (SerializedRecord, _ end: Int) -> Void
    ) throws(JSONSyntaxError) -> DocumentShape {
        let options = options ?? readerOptions
        let jobs = min(max(jobs, 1), Self.mostJobs)
        guard let target = target(of: model) else {
            return try mapDocument(in: buffer, continuingAt: index, partial: partial, to: model, options: options, direction: .forward) {
                record, end in body(SerializedRecord(index: record.index, json: nil, errors: record.errors, drops: record.drops), end)
            }
        }
        let mapper = directMapper(reading: options)
        var writer = JSONWriter(style: style)
        var memory = DirectMemory()
        /// The record's JSON in `writer`, its errors and its drops.
        func serialized(_ record: MappedRecord, index: Int?) -> SerializedRecord {
            SerializedRecord(
                index: index, json: record.errors.isEmpty ? writer.bytes[...] : nil, errors: record.errors, drops: record.drops)
        }
        var resume = index.map { (after: 0, index: $0) }
        if jobs > 1, let mapper, let first = Self.firstElement(of: buffer, options: options, continuing: index != nil) {
            let elements = ParallelElements(
                mapper: mapper, target: target, bytes: buffer, options: options, style: style, jobs: jobs, runSize: runSize,
                indexesRecords: indexing)
            var index = index ?? 0
            let after = try elements.map(from: first) { run throws(JSONSyntaxError) in
                var written = 0
                for record in run.records {
                    if let json = record.json {
                        var serialized = SerializedRecord(index: index, json: run.output[json], errors: [])
                        serialized.indexed = run.tape.map { IndexedRecord(tape: $0, entry: $0.starts[written]) }
                        written += 1
                        body(serialized, record.end)
                    } else {
                        writer.bytes.removeAll(keepingCapacity: true)
                        var scanner = JSONScanner(bytes: buffer, options: options)
                        scanner.position = record.start
                        // The direct path did not take it: the tree maps it.
                        let mapped = try writeRecord(
                            &scanner, index: index, expected: .value, target: target, mapper: nil, to: &writer, memory: &memory)
                        body(serialized(mapped, index: index), record.end)
                    }
                    index += 1
                }
            }
            resume = after.map { ($0, index) } ?? resume
        }
        var offset = 0
        do {
            return try JSONReader.walkDocument(in: buffer, options: options, offset: &offset, resume: resume, partial: partial) {
                scanner, index, expected -> MappedRecord in
                writer.bytes.removeAll(keepingCapacity: true)
                return try writeRecord(
                    &scanner, index: index, expected: expected, target: target, mapper: mapper, to: &writer, memory: &memory)
            } deliver: { record, index, end in
                body(serialized(record, index: index), end)
            }
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            preconditionFailure("the record callback cannot throw")
        }
    }

    /// Maps the record at the scanner's position and writes its JSON after
    /// what `writer` holds: on the direct path when `mapper` takes the
    /// record, otherwise through the tree, whose value is written when it
    /// maps (the caller keeps it only when the record has no errors).
    private func writeRecord(
        _ scanner: inout JSONScanner, index: Int?, expected: JSONSyntaxError.Expected, target: RecordTarget,
        mapper: DirectMapper?, to writer: inout JSONWriter, memory: inout DirectMemory
    ) throws(JSONSyntaxError) -> MappedRecord {
        let start = scanner.position
        let mark = writer.mark
        if let mapper, mapper.write(target, depth: index == nil ? 0 : 1, from: &scanner, to: &writer, memory: &memory) {
            return MappedRecord(index: index, value: nil, errors: [])
        }
        writer.rewind(to: mark)
        scanner.restart(at: start)
        let value = try scanner.readValue(depth: index == nil ? 0 : 1, expected: expected)
        let record = interpreter.map(value, target: target, at: index.map { .root.appending(.index($0)) } ?? .root)
        if let mapped = record.value { writer.write(mapped) }
        return record
    }

    /// The most threads a document is mapped on, as `maplang run --jobs` allows.
    package static let mostJobs = 256

    /// The offset of the first element of a document that is an array
    /// with elements, or of the rest of such an array (`continuing`), which
    /// starts with a comma; `nil` for any other document.
    private static func firstElement(of buffer: UnsafeBufferPointer<UInt8>, options: JSONReaderOptions, continuing: Bool) -> Int? {
        var scanner = JSONScanner(bytes: buffer, options: options)
        if continuing {
            scanner.skipWhitespace()
            guard scanner.position < buffer.count, buffer[scanner.position] == UInt8(ascii: ",") else { return nil }
        } else {
            guard (try? scanner.readDocumentStart()) != nil, scanner.position < buffer.count,
                buffer[scanner.position] == UInt8(ascii: "["), (try? scanner.checkDepth(1)) != nil
            else { return nil }
        }
        scanner.position += 1
        scanner.skipWhitespace()
        guard scanner.position < buffer.count, buffer[scanner.position] != UInt8(ascii: "]") else { return nil }
        return scanner.position
    }

    /// Maps one line of NDJSON forward, as `mapLine` does, straight to
    /// compact JSON text: through the direct path when it can, otherwise
    /// through `mapLine`, so the record and every rejection are the same.
    ///
    /// To map many lines, `LineSerializer` prepares the rules once and
    /// appends every record to one buffer.
    ///
    /// - Parameters:
    ///   - line: The line's bytes, without its `\n`.
    ///   - model: The model to map to.
    /// - Returns: The record's JSON, or why the line was rejected.
    package func serializeLine(_ line: ArraySlice<UInt8>, to model: ModelID) -> Result<[UInt8], LineRejection> {
        var output: [UInt8] = []
        var drops: [MappingError] = []
        let rejection = line.withUnsafeBufferPointer {
            LineSerializer(rules: self, model: model).append($0, to: &output, drops: &drops)
        }
        return rejection.map { .failure($0) } ?? .success(output)
    }

    /// The direct path for input read with `options`, or `nil` when duplicate
    /// keys are errors, which must be found in the members it skips too, or
    /// when coercions are audited or coverage counted, which it does not look
    /// for: only the tree path reads such input.
    fileprivate func directMapper(reading options: JSONReaderOptions) -> DirectMapper? {
        guard options.duplicateKeys == .lastWins, plan.coercionAudit == .allow, coverage == nil else { return nil }
        return DirectMapper(interpreter: interpreter, direct: plan.direct)
    }
}

/// Maps lines of NDJSON forward to compact JSON, one after another, as
/// `Rules.serializeLine(_:to:)` does, appending each record to a buffer
/// and preparing the rules only once.
///
/// A serializer holds nothing that changes, so threads can share one.
package struct LineSerializer: Sendable {
    /// The rules.
    let rules: Rules
    /// The model each line maps to.
    let model: ModelID
    /// What it stands for in the rules, when they have it.
    let target: RecordTarget?
    /// The direct path, when the rules' reading options allow it.
    let mapper: DirectMapper?

    /// Prepares to map lines to a model of some rules.
    package init(rules: Rules, model: ModelID) {
        self.rules = rules
        self.model = model
        target = rules.target(of: model)
        mapper = target == nil ? nil : rules.directMapper(reading: rules.readerOptions)
    }

    /// Maps one line and appends its record's JSON, without a line break.
    ///
    /// - Parameters:
    ///   - line: The line's bytes, without its `\n`.
    ///   - output: Where the record goes; left as it was when the line is rejected.
    ///   - drops: Where the elements `lossy` fields dropped from the record go.
    ///   - memory: What the lines mapped before on this thread taught the
    ///     direct path; one of its own when not given.
    /// - Returns: Why the line was rejected, or `nil` when its record was appended.
    package func append(
        _ line: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], drops: inout [MappingError]
    ) -> LineRejection? {
        var memory = DirectMemory()
        return append(line, to: &output, drops: &drops, memory: &memory)
    }

    /// `append(_:to:drops:)`, with the memory of the lines before.
    package func append(
        _ line: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], drops: inout [MappingError], memory: inout DirectMemory
    ) -> LineRejection? {
        var scanner = JSONScanner(bytes: line, options: rules.readerOptions)
        if mapper != nil, writeDirectly(from: &scanner, to: &output, memory: &memory, end: { try? $0.readDocumentEnd() }) != nil {
            return nil
        }
        switch rules.mapLine(ArraySlice(line), to: model, drops: &drops) {
        case .success(let record):
            output += record.jsonBytes()
            return nil
        case .failure(let rejection):
            return rejection
        }
    }

    /// Maps the line that starts `bytes`, before its end is known, as
    /// `append(_:to:drops:)` maps it, and appends its record's JSON,
    /// without a line break.
    ///
    /// The direct path reads the line where it lies, stopping at the first
    /// line break, and finds the line's end just after its value, so a line
    /// that maps is read once. Any other line is mapped by `append` once its
    /// end is found, so its record or rejection is the same.
    ///
    /// - Parameters:
    ///   - bytes: The bytes from the line's start; later lines may follow it.
    ///   - output: Where the record goes; left as it was when the line is rejected.
    ///   - drops: Where the elements `lossy` fields dropped from the record go.
    ///   - memory: What the lines mapped before on this thread taught the
    ///     direct path: keep one for all the lines a thread maps.
    /// - Returns: The line's length, without its `\n`, and why it was
    ///   rejected, or `nil` when its record was appended.
    package func appendLine(
        startingAt bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], drops: inout [MappingError],
        memory: inout DirectMemory
    ) -> (length: Int, rejection: LineRejection?) {
        var scanner = JSONScanner(bytes: bytes, options: rules.readerOptions)
        scanner.stopsAtLineBreaks = true
        if mapper != nil, let end = writeDirectly(from: &scanner, to: &output, memory: &memory, end: { $0.lineEnd() }) {
            return (end, nil)
        }
        let length = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        return (length, append(UnsafeBufferPointer(rebasing: bytes[..<length]), to: &output, drops: &drops, memory: &memory))
    }

    /// Writes the document at the start of the scanner's bytes through the
    /// direct path when it can, with `end` telling whether what follows it
    /// ends the document.
    ///
    /// - Returns: What `end` gave when the record was appended; `nil`, with
    ///   the output as it was, when the record must go through the tree.
    private func writeDirectly<End>(
        from scanner: inout JSONScanner, to output: inout [UInt8], memory: inout DirectMemory, end: (inout JSONScanner) -> End?
    ) -> End? {
        let mark = output.count
        var writer = JSONWriter(style: .compact)
        swap(&writer.bytes, &output)
        // `mapper?.write`, not `if let mapper`: the threads share the mapper,
        // and binding it would count a reference to it on every line.
        let ended =
            (try? scanner.readDocumentStart()) != nil
                && target.map { mapper?.write($0, depth: 0, from: &scanner, to: &writer, memory: &memory) == true } == true
            ? end(&scanner) : nil
        swap(&writer.bytes, &output)
        if ended == nil { output.removeSubrange(mark...) }
        return ended
    }
}

// MARK: - The fast path, one call


extension Rules {
    /// Maps a JSON document straight to the mapped records' JSON: a
    /// top-level array record by record into an array, anything else as one
    /// record. This is the fastest way through MapLang: records go from
    /// their bytes to their JSON without a tree for either, on the path
    /// `maplang run` takes, and the output is what `map(_:to:)` followed by
    /// `jsonBytes()` gives.
    ///
    /// ```swift
    /// let json = try rules.mapJSON(responseData)
    /// ```
    ///
    /// - Parameters:
    ///   - data: The document's UTF-8 bytes.
    ///   - model: The model to map to; the root model when `nil`.
    /// - Returns: Compact JSON: the array of records, or the one record.
    /// - Throws: `MappingFailure`, as `map(_:to:)` throws it: `brokenRules`
    ///   carries the records that mapped, as values.
    public func mapJSON(_ data: Data, to model: String? = nil) throws(MappingFailure) -> Data {
        Data(try mapJSON(Array(data), to: model))
    }

    /// `mapJSON(_:to:)` over bytes.
    public func mapJSON(_ bytes: [UInt8], to model: String? = nil) throws(MappingFailure) -> [UInt8] {
        let id = try chosenModel(model)
        var serialized: (json: [UInt8], errors: [MappingError])
        do {
            serialized = try serializeWholeDocument(bytes, to: id)
        } catch {
            throw .invalidJSON(error)
        }
        guard serialized.errors.isEmpty else {
            // A failure is rare: `map` gives it, with the records that mapped
            // as it gives them; the JSON written is let go before its tree is built.
            serialized = ([], [])
            return try map(bytes, to: model).jsonBytes()
        }
        return serialized.json
    }

    /// Maps a whole document on the path `maplang run` takes, as
    /// `serializeDocument` does on one thread, into one compact JSON text:
    /// the array of the records that mapped, or the one record (nothing
    /// when it failed).
    ///
    /// Each record is written in place, after the records before it and
    /// the comma between them, where `serializeDocument` writes it into a
    /// buffer of its own for its caller to copy; a record with errors is
    /// taken out again.
    ///
    /// - Returns: The JSON, and every error of every record, in input order.
    /// - Throws: `JSONSyntaxError` when the document is not valid JSON.
    package func serializeWholeDocument(
        _ bytes: [UInt8], to model: ModelID
    ) throws(JSONSyntaxError) -> (json: [UInt8], errors: [MappingError]) {
        guard let target = target(of: model) else { return try serializeEachRecord(bytes, to: model) }
        let mapper = directMapper(reading: readerOptions)
        var writer = JSONWriter(style: .compact)
        // Mapped records are seldom longer than their input: one allocation,
        // no copies as the output grows, and pages touched once.
        writer.bytes.reserveCapacity(bytes.count)
        var memory = DirectMemory()
        var errors: [MappingError] = []
        var records = 0
        var offset = 0
        let shape: DocumentShape
        do {
            shape = try bytes.withUnsafeBufferPointer { buffer in
                try JSONReader.walkDocument(in: buffer, options: readerOptions, offset: &offset) {
                    scanner, index, expected -> Void in
                    let mark = writer.mark
                    if index != nil { writer.bytes.append(records == 0 ? UInt8(ascii: "[") : UInt8(ascii: ",")) }
                    let record = try writeRecord(
                        &scanner, index: index, expected: expected, target: target, mapper: mapper, to: &writer, memory: &memory)
                    if record.errors.isEmpty {
                        records += 1
                    } else {
                        writer.rewind(to: mark)
                        errors += record.errors
                    }
                } deliver: { _, _, _ in }
            }
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            preconditionFailure("writing a record throws only syntax errors")
        }
        if shape == .array { writer.bytes += records == 0 ? Array("[]".utf8) : [UInt8(ascii: "]")] }
        return (writer.bytes, errors)
    }

    /// `serializeWholeDocument` for a model these rules do not have: no
    /// record maps, and each gets the error `serializeDocument` gives it.
    private func serializeEachRecord(
        _ bytes: [UInt8], to model: ModelID
    ) throws(JSONSyntaxError) -> (json: [UInt8], errors: [MappingError]) {
        var errors: [MappingError] = []
        let shape = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try serializeDocument(in: buffer, to: model) { record, _ in errors += record.errors }
        }
        return (shape == .array ? Array("[]".utf8) : [], errors)
    }
}
