/// Turns diagnostics and errors into JSON objects for editors and CI, one
/// object per problem, written by `maplang --error-format json` as one line each.
///
/// Every object has a `"type"`: `"diagnostic"` for a problem in a rules file,
/// `"mapping"` for a record that broke a rule, `"json"` for input that is not
/// valid JSON. Lines and columns are 1-based.
package enum DiagnosticJSON {
    /// A rules diagnostic: `severity`, `code`, `message`, `file`, `line`,
    /// `column`, `endLine`, `endColumn`, `labels` (each with a place and a
    /// message), `notes` and, when there is one, `help`.
    package static func object(for diagnostic: Diagnostic) -> MappedValue {
        let source = diagnostic.source
        let start = diagnostic.location
        let end = source.location(of: diagnostic.span.end)
        var members: [MappedMember] = [
            .init(key: "type", value: .string("diagnostic")),
            .init(key: "severity", value: .string(diagnostic.severity.rawValue)),
            .init(key: "code", value: .string(diagnostic.code)),
            .init(key: "message", value: .string(diagnostic.message)),
            .init(key: "file", value: .string(source.name)),
            .init(key: "line", value: .int(Int64(start.line))),
            .init(key: "column", value: .int(Int64(start.column))),
            .init(key: "endLine", value: .int(Int64(end.line))),
            .init(key: "endColumn", value: .int(Int64(end.column))),
        ]
        let labels = diagnostic.secondaryLabels.map { label -> MappedValue in
            let location = source.location(of: label.span.start)
            return .object(
                MappedObject([
                    .init(key: "line", value: .int(Int64(location.line))),
                    .init(key: "column", value: .int(Int64(location.column))),
                    .init(key: "message", value: .string(label.message)),
                ]))
        }
        members.append(.init(key: "labels", value: .array(labels)))
        members.append(.init(key: "notes", value: .array(diagnostic.notes.map { .string($0) })))
        if let help = diagnostic.help { members.append(.init(key: "help", value: .string(help))) }
        return .object(MappedObject(members))
    }

    /// A mapping error: `input`, `record` (the NDJSON line, when there is
    /// one), `path`, `model`, `field` (or `null`), `code`, `message`, and the
    /// failing `rule` (the field, for an error of its keys or type) with its
    /// `ruleFile`, `ruleLine` and `ruleColumn`. An
    /// element a `lossy` field dropped is of `type` `drop` rather than
    /// `mapping`, its rule is the `lossy` clause, and `reasons` holds its
    /// errors as objects of this shape; a value coercion converted, under
    /// `--warn-coercions`, is of `type` `warning`.
    package static func object(for error: MappingError, input: String, line: Int? = nil) -> MappedValue {
        var members = [
                .init(key: "type", value: .string(Self.type(of: error.problem))),
                .init(key: "input", value: .string(input)),
                .init(key: "record", value: line.map { .int(Int64($0)) } ?? .null),
                .init(key: "path", value: .string(error.path.description)),
                .init(key: "model", value: .string(error.model)),
                .init(key: "field", value: error.field.map { .string($0) } ?? .null),
                .init(key: "code", value: .string(error.problem.code)),
                .init(key: "message", value: .string(error.message)),
                .init(key: "rule", value: .string(error.ruleName)),
                .init(key: "ruleFile", value: .string(error.ruleFile)),
                .init(key: "ruleLine", value: .int(Int64(error.ruleLocation.line))),
                .init(key: "ruleColumn", value: .int(Int64(error.ruleLocation.column))),
            ] as [MappedMember]
        if let help = error.help { members.append(.init(key: "help", value: .string(help))) }
        if case .droppedElement(let reasons) = error.problem {
            members.append(.init(key: "reasons", value: .array(reasons.map { object(for: $0, input: input, line: line) })))
        }
        return .object(MappedObject(members))
    }

    /// A mapping error's `type`: `drop` for an element a `lossy` field
    /// dropped, `warning` for a value coercion converted, `mapping` for an error.
    private static func type(of problem: MappingProblem) -> String {
        if case .droppedElement = problem { return "drop" }
        return problem.isWarning ? "warning" : "mapping"
    }

    /// A JSON syntax error: `input`, `line`, `column`, `offset` (bytes from
    /// the start of the input) and `message`.
    package static func object(for error: JSONSyntaxError, input: String, line: Int, offset: Int) -> MappedValue {
        .object(
            MappedObject([
                .init(key: "type", value: .string("json")),
                .init(key: "code", value: .string(error.code)),
                .init(key: "input", value: .string(input)),
                .init(key: "line", value: .int(Int64(line))),
                .init(key: "column", value: .int(Int64(error.column))),
                .init(key: "offset", value: .int(Int64(offset))),
                .init(key: "message", value: .string(error.message)),
            ]))
    }
}
