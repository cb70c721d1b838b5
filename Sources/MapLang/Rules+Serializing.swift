// MARK: - Mapping documents to JSON text

/// One record of a document mapped straight to JSON text.
public struct SerializedRecord: Sendable, Equatable {
    /// The record's index in a top-level array, or `nil` for a document
    /// that is one record.
    public let index: Int?
    /// The record's JSON, when it mapped without errors.
    public let json: ArraySlice<UInt8>?
    /// Every error found in the record, with its input path.
    public let errors: [MappingError]
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
    ///   - body: Called with each record as soon as it is mapped, and the
    ///     offset just past it in `buffer`. The record's `json` is valid only
    ///     during the call unless copied.
    /// - Returns: Whether the document was an array of records or one record.
    /// - Throws: `JSONSyntaxError` when the document is not valid JSON;
    ///   records before the error have already been passed to `body`.
    public func serializeDocument(
        in buffer: UnsafeBufferPointer<UInt8>, to model: ModelID, options: JSONReaderOptions? = nil,
        style: JSONWriter.Style = .compact, _ body: (SerializedRecord, _ end: Int) -> Void
    ) throws(JSONSyntaxError) -> DocumentShape {
        let options = options ?? readerOptions
        let interpreter = Interpreter(plan: plan)
        let mapper = directMapper(reading: options)
        var writer = JSONWriter(style: style)
        var offset = 0
        do {
            return try JSONReader.walkDocument(in: buffer, options: options, offset: &offset) {
                scanner, index, expected -> [MappingError] in
                let depth = index == nil ? 0 : 1
                let start = scanner.position
                writer.bytes.removeAll(keepingCapacity: true)
                if let mapper, mapper.write(model.target, depth: depth, from: &scanner, to: &writer) { return [] }
                writer.rewind(to: (0, 0))
                scanner.restart(at: start)
                let value = try scanner.readValue(depth: depth, expected: expected)
                let path = index.map { JSONPath.root.appending(.index($0)) } ?? .root
                let (mapped, errors) = interpreter.map(value, target: model.target, at: path)
                if let mapped { writer.write(mapped) }
                return errors
            } deliver: { errors, index, end in
                body(SerializedRecord(index: index, json: errors.isEmpty ? writer.bytes[...] : nil, errors: errors), end)
            }
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            preconditionFailure("the record callback cannot throw")
        }
    }

    /// Maps one line of NDJSON forward, as `mapLine` does, straight to
    /// compact JSON text: through the direct path when it can, otherwise
    /// through `mapLine`, so the record and every rejection are the same.
    ///
    /// - Parameters:
    ///   - line: The line's bytes, without its `\n`.
    ///   - model: The model to map to.
    /// - Returns: The record's JSON, or why the line was rejected.
    public func serializeLine(_ line: ArraySlice<UInt8>, to model: ModelID) -> Result<[UInt8], LineRejection> {
        let options = readerOptions
        if let mapper = directMapper(reading: options) {
            let written: [UInt8]? = line.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(bytes: buffer, options: options)
                var writer = JSONWriter(style: .compact)
                guard (try? scanner.readDocumentStart()) != nil, mapper.write(model.target, depth: 0, from: &scanner, to: &writer),
                    (try? scanner.readDocumentEnd()) != nil
                else { return nil }
                return writer.bytes
            }
            if let written { return .success(written) }
        }
        return mapLine(line, number: 0, offset: 0, to: model).result.map { $0.jsonBytes() }
    }

    /// The direct path for input read with `options`, or `nil` when duplicate
    /// keys are errors: those must be found in the members it skips too, so
    /// only the tree path reads such input.
    private func directMapper(reading options: JSONReaderOptions) -> DirectMapper? {
        guard options.duplicateKeys == .lastWins else { return nil }
        return DirectMapper(interpreter: Interpreter(plan: plan), direct: direct)
    }
}
