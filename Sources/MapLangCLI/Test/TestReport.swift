import MapLang

/// What `maplang test` writes on standard output: each test's result as
/// it comes, then the summary; as text, or with `--error-format json` as
/// one JSON object a line.
///
/// Text gives a line a test, `pass`, `FAIL`, `updated` or `not run`, then
/// the test (`FILE:LINE:COLUMN "NAME"` for a block, the folder's path for
/// a folder), and for a test that failed or was updated, what differed.
struct TestReport {
    /// Whether to write JSON objects.
    let json: Bool
    /// Standard output.
    let console: any Console
    /// Why standard output could not be written, once it could not.
    private(set) var failure: ConsoleError?

    /// Creates a report written to the console's standard output.
    init(json: Bool, console: any Console) {
        self.json = json
        self.console = console
    }

    /// Writes a test's result.
    mutating func write(_ test: TestCase, _ result: TestResult) {
        if json {
            write(line: object(test, result))
        } else {
            write(line: text(test, result))
        }
    }

    /// Writes the closing summary.
    mutating func summary(_ tally: TestTally) {
        if json {
            let counts = [("passed", tally.passed), ("failed", tally.failed), ("updated", tally.updated), ("notRun", tally.notRun)]
            write(line: Self.json(.object(MappedObject([MappedMember(key: "type", value: .string("summary"))] + counts.map {
                MappedMember(key: $0.0, value: .int(Int64($0.1)))
            }))))
        } else {
            write(line: tally.summary)
        }
    }

    /// Writes a line on standard output, unless an earlier write failed.
    private mutating func write(line: String) {
        guard failure == nil else { return }
        do {
            try console.writeOutput(line + "\n")
        } catch {
            failure = error
        }
    }

    // MARK: - Text

    /// A result as text: its line, then what differed, indented.
    private func text(_ test: TestCase, _ result: TestResult) -> String {
        let label = Self.label(test)
        switch result {
        case .passed:
            return "pass \(label)"
        case .failed(_, let comparison):
            return (["FAIL \(label)"] + Self.details(comparison)).joined(separator: "\n")
        case .updated(_, let comparison):
            return (["updated \(label)"] + Self.details(comparison)).joined(separator: "\n")
        case .notRun(let reason):
            return "not run \(label): \(reason)"
        }
    }

    /// `FILE:LINE:COLUMN "NAME"` for a block, the folder's path for a folder.
    private static func label(_ test: TestCase) -> String {
        guard let location = test.location else { return TestPaths.join(TestPaths.folder(of: test.rulesPath), test.name) }
        return "\(test.rulesPath):\(location.line):\(location.column) \(JSONPath.quoted(test.name))"
    }

    /// What differed, a line each, indented: the output's differences, then
    /// the errors expected and not given, and the errors given and not expected.
    private static func details(_ comparison: TestComparison?) -> [String] {
        guard let comparison else { return ["  no expectation could be read; the new one is what mapping gives"] }
        var lines = comparison.differences.map { "  " + $0.description }
        let more = comparison.differenceCount - comparison.differences.count
        if more > 0 { lines.append("  … and \(more) more \(more == 1 ? "difference" : "differences")") }
        if !comparison.errors.missing.isEmpty {
            lines.append("  expected errors not given:")
            lines += comparison.errors.missing.map { "    " + ExpectedErrorsFile.line(for: $0) }
        }
        if !comparison.errors.unexpected.isEmpty {
            lines.append("  errors given, not expected:")
            lines += comparison.errors.unexpected.map { "    " + ExpectedErrorsFile.line(for: ExpectedError($0)) }
        }
        return lines
    }

    // MARK: - JSON

    /// A result as one JSON object: `type`, `result`, `file`, `test`,
    /// `line` and `column` (`null` for a folder), then, for a test that
    /// failed or was updated, `differences`, `moreDifferences`,
    /// `missingErrors` and `unexpectedErrors`; for one not run, `message`.
    private func object(_ test: TestCase, _ result: TestResult) -> String {
        let word: String
        var details: [MappedMember] = []
        switch result {
        case .passed:
            word = "pass"
        case .failed(_, let comparison), .updated(_, let comparison):
            if case .failed = result { word = "fail" } else { word = "updated" }
            details = comparison.map(Self.members) ?? []
        case .notRun(let reason):
            word = "not-run"
            details = [MappedMember(key: "message", value: .string(reason))]
        }
        let location = test.location
        let members = [
            MappedMember(key: "type", value: .string("test")), MappedMember(key: "result", value: .string(word)),
            MappedMember(key: "file", value: .string(test.rulesPath)), MappedMember(key: "test", value: .string(test.name)),
            MappedMember(key: "line", value: location.map { .int(Int64($0.line)) } ?? .null),
            MappedMember(key: "column", value: location.map { .int(Int64($0.column)) } ?? .null),
        ]
        return Self.json(.object(MappedObject(members + details)))
    }

    /// A comparison's members: each difference with its path, kind, the
    /// values expected and found where there are, and its text; each error
    /// with its code, path and message.
    private static func members(_ comparison: TestComparison) -> [MappedMember] {
        func error(_ error: ExpectedError) -> MappedValue {
            .object(
                MappedObject([
                    MappedMember(key: "code", value: .string(error.code)),
                    MappedMember(key: "path", value: .string(error.path.description)),
                    MappedMember(key: "message", value: error.message.map(MappedValue.string) ?? .null),
                ]))
        }
        let differences = comparison.differences.map { difference in
            var members = [MappedMember(key: "path", value: .string(difference.path.description))]
            let (kind, expected, found): (String, JSONValue?, JSONValue?) =
                switch difference.kind {
                case .changed(let expected, let found): ("changed", expected, found)
                case .missingKey(let expected): ("missing-key", expected, nil)
                case .unexpectedKey(let found): ("unexpected-key", nil, found)
                case .missingElement(let expected): ("missing-element", expected, nil)
                case .unexpectedElement(let found): ("unexpected-element", nil, found)
                case .noOutput(let expected): ("no-output", expected, nil)
                }
            members.append(MappedMember(key: "kind", value: .string(kind)))
            if let expected { members.append(MappedMember(key: "expected", value: expected.mappedValue)) }
            if let found { members.append(MappedMember(key: "found", value: found.mappedValue)) }
            members.append(MappedMember(key: "message", value: .string(difference.description)))
            return MappedValue.object(MappedObject(members))
        }
        return [
            MappedMember(key: "differences", value: .array(differences)),
            MappedMember(key: "moreDifferences", value: .int(Int64(comparison.differenceCount - comparison.differences.count))),
            MappedMember(key: "missingErrors", value: .array(comparison.errors.missing.map(error))),
            MappedMember(key: "unexpectedErrors", value: .array(comparison.errors.unexpected.map { error(ExpectedError($0)) })),
        ]
    }

    /// A value as compact JSON text.
    private static func json(_ value: MappedValue) -> String {
        String(decoding: JSONWriter.serialize(value), as: UTF8.self)
    }
}
