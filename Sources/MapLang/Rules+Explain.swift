// MARK: - Tracing records, for `maplang run --explain`

extension Rules {
    /// Maps the chosen records of an input with a trace of every field, as
    /// `maplang run --explain` shows it.
    ///
    /// Reading stops at the first syntax error of a document, and an NDJSON
    /// line that is not JSON is passed over: a run reports those. Cost is
    /// linear in the input: each record's values are placed by a pass over
    /// its own bytes.
    ///
    /// - Parameters:
    ///   - bytes: The input: one JSON document, or NDJSON with `lines`.
    ///   - lines: Whether each line is a record.
    ///   - model: The model to map to.
    ///   - selection: Which records to trace.
    ///   - body: Called with each chosen record's trace, in input order.
    package func explainRecords(
        in bytes: UnsafeBufferPointer<UInt8>, lines: Bool, to model: ModelID, selection: RecordSelection,
        _ body: (RecordExplanation) -> Void
    ) {
        var cursor = InputPosition()
        func explain(_ value: JSONValue, range: Range<Int>, path: JSONPath, number: Int, line: Int?) {
            guard selection.selects(number: number, record: value, at: path) else { return }
            cursor.advance(over: Array(bytes[cursor.offset..<range.lowerBound])[...], atInputStart: cursor.offset == 0)
            let start = cursor
            var explanation = RecordExplanation(
                path: path, line: line, position: TextPosition(line: start.line, column: start.column + 1),
                record: MappedRecord(index: nil, value: nil, errors: []), trace: [])
            if let target = target(of: model) {
                // Not counted for `--coverage`: the run counts every record once.
                (explanation.record, explanation.trace) = Interpreter(plan: plan).explain(value, target: target, at: path)
            } else {
                explanation.record.errors = [foreignModelError(model, at: path)]
            }
            explanation.trace = Self.place(explanation.trace, in: UnsafeBufferPointer(rebasing: bytes[range]), from: start, dropping: path.components.count)
            body(explanation)
        }
        if lines {
            var number = 0
            var start = 0
            while start < bytes.count, !selection.isPast(number) {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                number += 1
                var last = end
                if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
                // A byte order mark at the input's start is no part of the first record.
                let first = start == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : start
                if let value = try? JSONReader.parse(Array(bytes[first..<max(first, last)])[...], options: readerOptions) {
                    explain(value, range: first..<max(first, last), path: .root, number: number, line: number)
                }
                start = end + 1
            }
            return
        }
        var offset = 0
        _ = try? JSONReader.walkDocument(in: bytes, options: readerOptions, offset: &offset) { scanner, index, expected in
            scanner.skipWhitespace()
            let start = scanner.position
            let value = try scanner.readValue(depth: index == nil ? 0 : 1, expected: expected)
            return (value, start..<scanner.position)
        } deliver: { read, index, _ in
            let (value, range) = read
            explain(value, range: range, path: index.map { JSONPath.root.appending(.index($0)) } ?? .root, number: index ?? 0, line: nil)
        }
    }

    /// Gives each traced input value its line and column: the offsets are
    /// found in the record's bytes, then counted in order from its start.
    ///
    /// - Parameter dropping: How many steps of a traced path lead to the
    ///   record itself (1 for an element of a top-level array).
    private static func place(
        _ trace: [TraceEntry], in record: UnsafeBufferPointer<UInt8>, from start: InputPosition, dropping: Int
    ) -> [TraceEntry] {
        var wanted: [(entry: Int, path: ArraySlice<JSONPath.Component>)] = []
        for (index, entry) in trace.enumerated() {
            let path: [JSONPath.Component]
            switch entry {
            case .field(let field):
                guard let input = field.input else { continue }
                path = input.path.components
            case .choice(let choice):
                guard let found = choice.foundPath else { continue }
                path = found.components
            case .check:
                continue
            }
            wanted.append((index, path.dropFirst(dropping)))
        }
        // One pass over the record finds them all: the cost is the record's
        // size, however many values its arrays hold.
        let found = JSONReader.offsets(of: wanted.map { Array($0.path) }, in: record)
        let offsets = zip(wanted, found).compactMap { want, offset in offset.map { (entry: want.entry, offset: $0) } }
        var placed = trace
        var cursor = start
        var counted = 0
        for (entry, offset) in offsets.sorted(by: { $0.offset < $1.offset }) {
            cursor.advance(over: Array(record[counted..<offset])[...], atInputStart: false)
            counted = offset
            let position = TextPosition(line: cursor.line, column: cursor.column + 1)
            switch placed[entry] {
            case .field(var field):
                field.input?.position = position
                placed[entry] = .field(field)
            case .choice(var choice):
                choice.foundPosition = position
                placed[entry] = .choice(choice)
            case .check:
                break
            }
        }
        return placed
    }
}
