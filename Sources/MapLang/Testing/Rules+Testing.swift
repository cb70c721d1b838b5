// MARK: - Running a test's input

/// What mapping a test's input gave, as `maplang run` gives it.
package struct TestRun: Sendable, Equatable {
    /// The output read back: the array of the records that mapped, or the
    /// one record; `nil` for a document of one record that failed.
    package let output: JSONValue?
    /// Every error, in input order.
    package let errors: [MappingError]
}

/// Why a test's input gave no `TestRun`.
package enum TestRunFailure: Error, Sendable, Equatable {
    /// The test's model cannot be chosen.
    case modelChoice(ModelChoiceError)
    /// The input is not valid JSON.
    case invalidInput(JSONSyntaxError)
    /// The output could not be read back, such as one nested past the
    /// reader's limit: a bug, or a limit to raise.
    case unreadableOutput(JSONSyntaxError)
}

extension Rules {
    /// Maps a test's input as `maplang run` maps a document, on the same
    /// path (`serializeDocument`), and reads the output back.
    ///
    /// - Parameters:
    ///   - input: The document's bytes.
    ///   - model: The model or choice to map to; the root when `nil`.
    package func run(test input: [UInt8], model: String?) throws(TestRunFailure) -> TestRun {
        let id: ModelID
        do {
            id = try self.model(named: model)
        } catch {
            throw .modelChoice(error)
        }
        let serialized: (json: [UInt8], errors: [MappingError])
        do {
            serialized = try serializeWholeDocument(input, to: id)
        } catch {
            throw .invalidInput(error)
        }
        guard !serialized.json.isEmpty else { return TestRun(output: nil, errors: serialized.errors) }
        do {
            // Output may nest a little deeper than its input, through models read `from $`.
            let output = try JSONReader.parse(serialized.json, options: JSONReaderOptions(maxDepth: 2 * JSONReaderOptions().maxDepth))
            return TestRun(output: output, errors: serialized.errors)
        } catch {
            throw .unreadableOutput(error)
        }
    }
}
