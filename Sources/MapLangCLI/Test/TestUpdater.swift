import MapLang

/// What `maplang test --update` would do with a rules file's failing tests:
/// make each one's expectation what mapping its input gave.
///
/// A `test` block's `output` or `errors` is rewritten in the rules file,
/// every other byte of which stays as it was; the file is written beside
/// itself and renamed over the old one, once, for all its tests. An
/// `output file` is rewritten in its file, unless mapping gave errors,
/// which the block then lists instead. A folder's `expected.json` or
/// `expected.errors` is rewritten, and the other one removed.
///
/// Nothing is written here: the changes are planned, each checked, so that
/// `TestCommand` can refuse them all, before any is made, when one would
/// write where it must not (`UpdateGuard`). A rules file that `maplang
/// check` would refuse, or JSON that MapLang could not read back, is never
/// planned.
struct TestUpdater {
    /// The rules file's path.
    let rulesPath: String
    /// Its bytes as read, a byte order mark included.
    let bytes: [UInt8]
    /// Its source, whose spans the tests' refer to.
    let source: SourceFile
    /// Its folder.
    let files: TestFileAccess

    /// The changes that make the failing tests' expectations what mapping
    /// gave, and why the others cannot be made, a message each.
    func plan(_ tests: [TestCase], _ results: [TestResult]) -> (updates: [PlannedUpdate], problems: [String]) {
        var updates: [PlannedUpdate] = []
        var problems: [String] = []
        var replacements: [(span: Span, text: String)] = []
        var rewritten: [Int] = []
        // Spans count from after a byte order mark, which the bytes written keep.
        let shift = bytes.count - source.bytes.count
        for (index, test) in tests.enumerated() {
            guard case .failed(let run, _) = results[index] else { continue }
            do {
                switch test.origin {
                case .block(let block):
                    if run.errors.isEmpty, let output = run.output, case .output(.file(let name)) = block.expectation {
                        updates.append(try json(TestUpdate.expectedJSON(output), to: name, test: index))
                    } else {
                        let span = block.expectationSpan
                        let indentation = TestUpdate.indentation(at: span.start, in: source.bytes)
                        let text = TestUpdate.clause(for: run, indentation: indentation)
                        replacements.append((Span(start: span.start + shift, end: span.end + shift), text))
                        rewritten.append(index)
                    }
                case .folder(let folder):
                    updates += try changes(for: run, in: folder, test: index)
                }
            } catch {
                problems.append(error.message)
            }
        }
        guard !replacements.isEmpty else { return (updates, problems) }
        do {
            updates.append(try rulesFile(TestUpdate.replacing(replacements, in: bytes), tests: rewritten))
        } catch {
            problems.append(error.message)
        }
        return (updates, problems)
    }

    /// The rules file rewritten, if `maplang check` accepts what it would hold.
    private func rulesFile(_ updated: [UInt8], tests: [Int]) throws(ConsoleError) -> PlannedUpdate {
        do {
            _ = try Rules(source: SourceFile(name: rulesPath, bytes: updated))
        } catch {
            let first = error.diagnostics.first.map { "\($0.location.line):\($0.location.column): [\($0.code)] \($0.message)" } ?? "it has errors"
            throw ConsoleError(
                message: "cannot update `\(rulesPath)`: with the new expectations it would not pass `maplang check` (\(first))")
        }
        return PlannedUpdate(path: try files.replaceable(rulesPath), change: .write(updated), replacesRulesFile: true, tests: tests)
    }

    /// An expectation in a JSON file, if MapLang can read back what it would hold.
    private func json(_ bytes: [UInt8], to name: String, test: Int) throws(ConsoleError) -> PlannedUpdate {
        do {
            _ = try JSONReader.parse(bytes)
        } catch {
            throw ConsoleError(
                message: "cannot update `\(files.path(of: name))`: MapLang could not read back what it would hold "
                    + "(\(error.line):\(error.column): \(error.message))")
        }
        return PlannedUpdate(path: try files.writablePath(of: name), change: .write(bytes), replacesRulesFile: false, tests: [test])
    }

    /// A folder's new expectation, and the removal of the one of the other kind.
    private func changes(for run: TestRun, in folder: TestFolder, test: Int) throws(ConsoleError) -> [PlannedUpdate] {
        let (written, other) =
            run.errors.isEmpty
            ? (TestFolder.expectedOutput, TestFolder.expectedErrors) : (TestFolder.expectedErrors, TestFolder.expectedOutput)
        var changes: [PlannedUpdate]
        if run.errors.isEmpty, let output = run.output {
            changes = [try json(TestUpdate.expectedJSON(output), to: folder.name + "/" + written, test: test)]
        } else {
            let text = Array(ExpectedErrorsFile.text(of: run.errors.map(ExpectedError.init)).utf8)
            let path = try files.writablePath(of: folder.name + "/" + written)
            changes = [PlannedUpdate(path: path, change: .write(text), replacesRulesFile: false, tests: [test])]
        }
        if folder.expectations.contains(other) {
            let path = try files.removablePath(of: folder.name + "/" + other)
            changes.append(PlannedUpdate(path: path, change: .remove, replacesRulesFile: false, tests: [], followsTheOneBefore: true))
        }
        return changes
    }
}
