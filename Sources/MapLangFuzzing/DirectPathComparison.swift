import MapLang

/// Maps a document both ways — straight from bytes to JSON text, as
/// `Rules.serializeDocument` does, and through a tree, as
/// `Rules.mapDocument` does — and tells where the two differ.
///
/// The direct path promises the same output, errors and syntax errors as the
/// tree; the mapping fuzz target and the tests hold it to that.
package enum DirectPathComparison {
    /// What one way of mapping gave: each record's index, JSON and errors,
    /// and the syntax error that ended the document, if any.
    package struct Outcome: Equatable {
        /// Each record in order.
        package var records: [Record] = []
        /// The document's shape, when it was valid JSON.
        package var shape: DocumentShape?
        /// The syntax error, when it was not.
        package var syntaxError: JSONSyntaxError?
    }

    /// One record of an outcome.
    package struct Record: Equatable {
        /// Its index in a top-level array.
        package var index: Int?
        /// Its JSON, when it mapped.
        package var json: [UInt8]?
        /// Its errors.
        package var errors: [MappingError]
        /// The offset past it.
        package var end: Int
    }

    /// The first difference between the two ways of mapping `bytes`, or
    /// `nil` when they agree.
    package static func difference(
        _ rules: Rules, _ bytes: [UInt8], model: ModelID, style: JSONWriter.Style = .compact
    ) -> String? {
        let (direct, tree) = outcomes(rules, bytes, model: model, style: style)
        guard direct != tree else { return nil }
        if direct.syntaxError != tree.syntaxError {
            return "syntax errors differ: direct \(String(describing: direct.syntaxError)), tree \(String(describing: tree.syntaxError))"
        }
        for (left, right) in zip(direct.records, tree.records) where left != right {
            let text = { (json: [UInt8]?) in json.map { String(decoding: $0, as: UTF8.self) } ?? "nil" }
            return "record \(String(describing: left.index)) differs: direct \(text(left.json)) \(left.errors) end \(left.end),"
                + " tree \(text(right.json)) \(right.errors) end \(right.end)"
        }
        return "direct gave \(direct.records.count) records (\(String(describing: direct.shape))),"
            + " tree \(tree.records.count) (\(String(describing: tree.shape)))"
    }

    /// The difference between `Rules.serializeWholeDocument`, which writes
    /// each record in place after the ones before it, and the records
    /// `Rules.serializeDocument` gives one by one, joined into one compact
    /// text as an array is, or `nil` when they agree.
    package static func wholeDocumentDifference(_ rules: Rules, _ bytes: [UInt8], model: ModelID) -> String? {
        let (records, _) = outcomes(rules, bytes, model: model, style: .compact)
        var joined: [UInt8] = records.shape == .array ? [UInt8(ascii: "[")] : []
        for json in records.records.compactMap(\.json) {
            if joined.count > 1 { joined.append(UInt8(ascii: ",")) }
            joined += json
        }
        if records.shape == .array { joined.append(UInt8(ascii: "]")) }
        let errors = records.records.flatMap(\.errors)
        let whole: (json: [UInt8], errors: [MappingError])
        do {
            whole = try rules.serializeWholeDocument(bytes, to: model)
        } catch {
            return error == records.syntaxError ? nil : "the whole document: syntax error \(error), record by record \(String(describing: records.syntaxError))"
        }
        guard records.syntaxError == nil else { return "the whole document mapped; record by record: \(String(describing: records.syntaxError))" }
        guard whole.json == joined, whole.errors == errors else {
            return "the whole document: \(String(decoding: whole.json, as: UTF8.self)) \(whole.errors),"
                + " record by record: \(String(decoding: joined, as: UTF8.self)) \(errors)"
        }
        return nil
    }

    /// The difference between mapping `line` as one line of NDJSON through
    /// `Rules.serializeLine` and through `Rules.mapLine`, or `nil` when they agree.
    package static func lineDifference(_ rules: Rules, _ line: [UInt8], model: ModelID) -> String? {
        let direct = rules.serializeLine(line[...], to: model)
        let tree = rules.mapLine(line[...], to: model).map { $0.jsonBytes() }
        return direct == tree ? nil : "line differs: direct \(direct), tree \(tree)"
    }

    /// The difference between mapping `bytes` as NDJSON, each line read
    /// where it lies by `LineSerializer.appendLine` with its end found as it
    /// is read and one memory of keys kept from line to line, and mapping
    /// each line, cut at its `\n`, through `Rules.mapLine`, or `nil` when
    /// they agree.
    package static func linesDifference(_ rules: Rules, _ bytes: [UInt8], model: ModelID) -> String? {
        let serializer = LineSerializer(rules: rules, model: model)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The last line break ends the last line; it starts none.
        if bytes.isEmpty || bytes.last == UInt8(ascii: "\n") { lines.removeLast() }
        return bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var memory = DirectMemory()
            for (number, line) in lines.enumerated() {
                var output: [UInt8] = []
                var drops: [MappingError] = []
                let read = serializer.appendLine(startingAt: UnsafeBufferPointer(rebasing: buffer[start...]), to: &output, drops: &drops, memory: &memory)
                let direct = read.rejection.map { Result<[UInt8], LineRejection>.failure($0) } ?? .success(output)
                let tree = rules.mapLine(line, to: model).map { $0.jsonBytes() }
                guard read.length == line.count, direct == tree else {
                    return "line \(number + 1) differs: read \(read.length) bytes of \(line.count), direct \(direct), tree \(tree)"
                }
                start += line.count + 1
            }
            return nil
        }
    }

    /// What each way gave.
    package static func outcomes(
        _ rules: Rules, _ bytes: [UInt8], model: ModelID, style: JSONWriter.Style
    ) -> (direct: Outcome, tree: Outcome) {
        bytes.withUnsafeBufferPointer { buffer in
            var direct = Outcome()
            do throws(JSONSyntaxError) {
                direct.shape = try rules.serializeDocument(in: buffer, to: model, style: style) { record, end in
                    direct.records.append(Record(index: record.index, json: record.json.map(Array.init), errors: record.errors, end: end))
                }
            } catch {
                direct.syntaxError = error
            }
            var tree = Outcome()
            do throws(JSONSyntaxError) {
                tree.shape = try rules.mapDocument(in: buffer, to: model) { record, end in
                    let json = record.value.map { JSONWriter.serialize($0, style: style) }
                    tree.records.append(Record(index: record.index, json: json, errors: record.errors, end: end))
                }
            } catch {
                tree.syntaxError = error
            }
            return (direct, tree)
        }
    }
}
