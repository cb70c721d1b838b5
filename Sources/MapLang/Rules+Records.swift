// MARK: - One record at a time, for the tool, the benchmark and the tests

extension Rules {
    /// How input JSON is read under these rules: duplicate keys in an object
    /// are an error in a `strict` file; otherwise the last one wins.
    package var readerOptions: JSONReaderOptions {
        var options = JSONReaderOptions()
        options.duplicateKeys = plan.isStrict ? .reject : .lastWins
        return options
    }

    /// Chooses the model to map to.
    ///
    /// - Parameter name: A model's name, or `nil` for the root model.
    /// - Throws: `ModelChoiceError` when there is no such model, no root, or
    ///   no model at all.
    package func model(named name: String?) throws(ModelChoiceError) -> ModelID {
        if let name {
            if let target = plan.target(named: name) { return ModelID(target: target, name: name) }
            let names = modelNames + plan.choices.map(\.name)
            throw .unknownModel(name: name, suggestion: Suggestion.closest(to: name, among: names), available: names)
        }
        guard !modelNames.isEmpty else { throw .noModels }
        guard let root = plan.root else { throw .noRootModel(available: modelNames) }
        return ModelID(target: root, name: plan.name(of: root))
    }

    /// What `model` stands for in these rules: its target when it came
    /// from them, otherwise the model or choice of the same name, as when
    /// it came from an earlier compile of the same file; `nil` when these
    /// rules have none of that name.
    func target(of model: ModelID) -> RecordTarget? {
        if plan.holds(model.target), plan.name(of: model.target) == model.name { return model.target }
        return plan.target(named: model.name)
    }

    /// The error every record gets when mapped to a model these rules do not have.
    func foreignModelError(_ model: ModelID, at path: JSONPath = .root) -> MappingError {
        MappingError(
            path: path, model: model.name, field: nil,
            problem: .typeMismatch(expected: "a model of these rules", found: "`\(model.name)`, from other rules"),
            ruleFile: plan.models.first?.site.file ?? "", ruleLocation: SourceLocation(line: 1, column: 1),
            rule: "the model chosen")
    }

    /// Maps one record, already parsed, to a model.
    ///
    /// - Parameters:
    ///   - value: The record.
    ///   - model: The model to map to, from `model(named:)`.
    ///   - path: Where the record is in its document, used in error paths.
    ///   - direction: `.forward` to map source JSON to the model, `.reverse`
    ///     to map model-shaped JSON back to the source's shape.
    package func map(
        _ value: JSONValue, to model: ModelID, at path: JSONPath = .root, direction: MappingDirection = .forward
    ) -> MappedRecord {
        guard let target = target(of: model) else { return MappedRecord(index: nil, value: nil, errors: [foreignModelError(model, at: path)]) }
        return interpreter.run(value, target: target, at: path, direction: direction)
    }

    /// Maps a model-shaped value, such as a mapped record or an encoded Swift
    /// value, back to source-shaped JSON.
    ///
    /// - Parameters:
    ///   - value: The model-shaped value.
    ///   - model: The model it has the shape of.
    package func reverse(_ value: MappedValue, from model: ModelID) -> MappedRecord {
        guard let target = target(of: model) else { return MappedRecord(index: nil, value: nil, errors: [foreignModelError(model)]) }
        let (mapped, errors) = interpreter.reverse(value, target: target, at: .root)
        return MappedRecord(index: nil, value: mapped, errors: errors)
    }

    /// Maps a whole document: each element of a top-level array as its own
    /// record, read one at a time so the array is never held as a whole, or a
    /// single top-level object.
    ///
    /// - Parameters:
    ///   - bytes: The document's UTF-8 bytes.
    ///   - model: The model to map each record to.
    ///   - options: Limits and policies for reading the JSON; `readerOptions` when `nil`.
    ///   - direction: Forward from source JSON, or in reverse from model-shaped JSON.
    ///   - body: Called with each record as soon as it is mapped.
    /// - Returns: Whether the document was an array of records or one record.
    /// - Throws: `JSONSyntaxError` when the document is not valid JSON; records
    ///   before the error have already been passed to `body`.
    package func mapDocument(
        _ bytes: [UInt8], to model: ModelID, options: JSONReaderOptions? = nil,
        direction: MappingDirection = .forward, _ body: (MappedRecord) -> Void
    ) throws(JSONSyntaxError) -> DocumentShape {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try mapDocument(in: buffer, to: model, options: options, direction: direction) { record, _ in body(record) }
        }
    }

    /// Maps a whole document held in memory the caller owns, such as a
    /// mapped file, as `mapDocument(_:to:options:direction:_:)` does; `body`
    /// also gets the offset just past each record, before which the caller
    /// may let go of the bytes.
    package func mapDocument(
        in buffer: UnsafeBufferPointer<UInt8>, to model: ModelID, options: JSONReaderOptions? = nil,
        direction: MappingDirection = .forward, _ body: (MappedRecord, _ end: Int) -> Void
    ) throws(JSONSyntaxError) -> DocumentShape {
        try mapDocument(in: buffer, continuingAt: nil, partial: false, to: model, options: options, direction: direction, body)
    }

    /// `mapDocument(in:to:options:direction:_:)` over part of a document
    /// read from a stream, as `serializeDocument(in:continuingAt:partial:…)` takes it.
    package func mapDocument(
        in buffer: UnsafeBufferPointer<UInt8>, continuingAt index: Int?, partial: Bool, to model: ModelID,
        options: JSONReaderOptions?, direction: MappingDirection, _ body: (MappedRecord, _ end: Int) -> Void
    ) throws(JSONSyntaxError) -> DocumentShape {
        let interpreter = self.interpreter
        let target = target(of: model)
        var offset = 0
        do {
            return try JSONReader.walkDocument(
                in: buffer, options: options ?? readerOptions, offset: &offset, resume: index.map { (0, $0) }, partial: partial
            ) { scanner, index, expected in
                try scanner.readValue(depth: index == nil ? 0 : 1, expected: expected)
            } deliver: { value, index, end in
                let path = index.map { JSONPath.root.appending(.index($0)) } ?? .root
                guard let target else { return body(MappedRecord(index: index, value: nil, errors: [foreignModelError(model, at: path)]), end) }
                var record = interpreter.run(value, target: target, at: path, direction: direction)
                record.index = index
                body(record, end)
            }
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            preconditionFailure("the record callback cannot throw")
        }
    }
}
