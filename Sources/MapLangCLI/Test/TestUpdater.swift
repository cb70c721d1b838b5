import MapLang

/// What `maplang test --update` does with a rules file's failing tests:
/// makes each one's expectation what mapping its input gave.
///
/// A `test` block's `output` or `errors` is rewritten in the rules file,
/// every other byte of which stays as it was; the file is written beside
/// itself and renamed over the old one, once, for all its tests. An
/// `output file` is rewritten in its file, unless mapping gave errors,
/// which the block then lists instead. A folder's `expected.json` or
/// `expected.errors` is rewritten, and the other one removed.
struct TestUpdater {
    /// The rules file's path.
    let rulesPath: String
    /// Its bytes as read, a byte order mark included.
    let bytes: [UInt8]
    /// Its source, whose spans the tests' refer to.
    let source: SourceFile
    /// Its folder.
    let files: TestFileAccess

    /// Rewrites the expectations of the failing tests.
    ///
    /// - Parameter results: Each test's result; a failing test's becomes
    ///   `updated` once its expectation is written.
    /// - Returns: Why expectations could not be written, a message each.
    func update(_ tests: [TestCase], _ results: inout [TestResult]) -> [String] {
        var problems: [String] = []
        var replacements: [(span: Span, text: String)] = []
        var rewritten: [Int] = []
        // Spans count from after a byte order mark, which the bytes written keep.
        let shift = bytes.count - source.bytes.count
        for (index, test) in tests.enumerated() {
            guard case .failed(let run, let comparison) = results[index] else { continue }
            do {
                switch test.origin {
                case .block(let block):
                    if run.errors.isEmpty, let output = run.output, case .output(.file(let name)) = block.expectation {
                        try files.write(TestUpdate.expectedJSON(output), to: name)
                    } else {
                        let span = block.expectationSpan
                        let indentation = TestUpdate.indentation(at: span.start, in: source.bytes)
                        let text = TestUpdate.clause(for: run, indentation: indentation)
                        replacements.append((Span(start: span.start + shift, end: span.end + shift), text))
                        rewritten.append(index)
                        continue
                    }
                case .folder(let folder):
                    try write(run, to: folder)
                }
                results[index] = .updated(run, comparison)
            } catch {
                problems.append(error.message)
            }
        }
        guard !replacements.isEmpty else { return problems }
        do {
            try files.replace(rulesPath, with: TestUpdate.replacing(replacements, in: bytes))
            for index in rewritten {
                if case .failed(let run, let comparison) = results[index] { results[index] = .updated(run, comparison) }
            }
        } catch {
            problems.append(error.message)
        }
        return problems
    }

    /// Writes a folder's expectation, and removes the one of the other kind.
    private func write(_ run: TestRun, to folder: TestFolder) throws(ConsoleError) {
        let (written, other) =
            run.errors.isEmpty
            ? (TestFolder.expectedOutput, TestFolder.expectedErrors) : (TestFolder.expectedErrors, TestFolder.expectedOutput)
        let bytes =
            if run.errors.isEmpty, let output = run.output {
                TestUpdate.expectedJSON(output)
            } else {
                Array(ExpectedErrorsFile.text(of: run.errors.map(ExpectedError.init)).utf8)
            }
        try files.write(bytes, to: folder.name + "/" + written)
        if folder.expectations.contains(other) { try files.remove(folder.name + "/" + other) }
    }
}
