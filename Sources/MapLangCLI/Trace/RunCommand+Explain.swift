import MapLang

/// `run`'s options for tracing records.
let explainOptions = [
    OptionSpec(
        names: ["--explain"], value: nil,
        help: "trace how each field of each record got its value (keys tried, input line and column, transformers, "
            + "coercions, rules, defaults, choices), on standard error; the output is unchanged"),
    OptionSpec(
        names: ["--record"], value: ValueSpec(name: "WHICH", kind: .text),
        help: "with --explain: trace only these records: numbers as errors give them (`3`, `2-5`, `1,4`; "
            + "an NDJSON record by its line), or a condition `PATH=VALUE` (`$.id=1347`); may be repeated"),
    OptionSpec(names: ["--explain-to"], value: .file, help: "with --explain: write the trace to FILE instead of standard error"),
]

extension RunCommand {
    /// The most `--explain` holds of an input that is not a regular file,
    /// which it reads whole before the run reads it again.
    static let explainedStreamLimit = 256 << 20

    /// The records `--explain` traces, or `nil` without it.
    static func explainSelection(_ arguments: ParsedArguments) throws(UsageError) -> RecordSelection? {
        guard arguments.flags.contains("--explain") else {
            for option in ["--record", "--explain-to"] where arguments.values[option] != nil {
                throw UsageError(message: "`\(option)` needs `--explain`")
            }
            return nil
        }
        guard !arguments.flags.contains("--reverse") else {
            throw UsageError(message: "`--explain` traces forward mapping; it cannot be used with `--reverse`")
        }
        return try RecordSelection(arguments: arguments.allValues["--record"] ?? [])
    }

    /// Traces the chosen records of the input, before the run maps them.
    ///
    /// - Returns: The input for the run to read: the same one for a
    ///   regular file, which is read in place, or the bytes read from a stream.
    /// - Throws: The run's exit status, once the problem is reported.
    func explain(
        _ input: any InputSource, named inputName: String, rules: Rules, model: ModelID, selection: RecordSelection,
        reporter: ErrorReporter
    ) throws(ExplainFailure) -> any InputSource {
        var sink: (any OutputSink)?
        if let path = arguments.values["--explain-to"] {
            do {
                sink = try console.openOutput(path)
            } catch {
                reporter.fail(error.message)
                throw ExplainFailure(status: .outputError)
            }
        }
        var failure: ConsoleError?
        func write(_ text: String) {
            guard failure == nil else { return }
            guard let sink else { return reporter.emit(text) }
            do { try sink.write(Array(text.utf8)) } catch { failure = error }
        }
        var traced = 0
        let trace = { (bytes: UnsafeBufferPointer<UInt8>) in
            rules.explainRecords(in: bytes, lines: arguments.flags.contains("--ndjson"), to: model, selection: selection) { explanation in
                traced += 1
                if reporter.json {
                    for object in TraceJSON.objects(for: explanation, input: inputName, model: model.name) {
                        write(String(decoding: JSONWriter.serialize(object), as: UTF8.self) + "\n")
                    }
                } else {
                    write(TraceText.render(explanation, input: inputName, model: model.name))
                }
            }
        }
        let replay: any InputSource
        if let mapped = input.mapped() {
            trace(mapped.buffer)
            replay = input
        } else {
            let bytes = try readWhole(input, reporter: reporter)
            bytes.withUnsafeBufferPointer(trace)
            replay = BytesInput(bytes)
        }
        if traced == 0 {
            let chosen = (arguments.allValues["--record"] ?? []).map { "`--record \($0)`" }.joined(separator: ", ")
            let note =
                chosen.isEmpty
                ? "explain: \(inputName) holds no record to trace\n" : "explain: no record of \(inputName) is chosen by \(chosen)\n"
            if reporter.json {
                write(
                    String(
                        decoding: JSONWriter.serialize(
                            .object(
                                MappedObject([
                                    MappedMember(key: "type", value: .string("trace")), MappedMember(key: "input", value: .string(inputName)),
                                    MappedMember(key: "kind", value: .string("none")),
                                    MappedMember(key: "message", value: .string(String(note.dropFirst("explain: ".count).dropLast()))),
                                ]))), as: UTF8.self) + "\n")
            } else {
                write(note)
            }
        }
        if let sink {
            do throws(ConsoleError) {
                if let failure { throw failure }
                try sink.commit()
            } catch {
                sink.abandon()
                reporter.fail(error.message)
                throw ExplainFailure(status: .outputError)
            }
        }
        return replay
    }

    /// Reads a stream to its end, up to `explainedStreamLimit`.
    private func readWhole(_ input: any InputSource, reporter: ErrorReporter) throws(ExplainFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk: [UInt8]
            do {
                chunk = try input.read(upTo: 4 << 20)
            } catch {
                reporter.fail(error.message)
                throw ExplainFailure(status: .unreadableInput)
            }
            if chunk.isEmpty { return bytes }
            bytes += chunk
            if bytes.count > Self.explainedStreamLimit {
                reporter.fail(
                    "`--explain` holds an input that is not a regular file in memory, at most \(Self.explainedStreamLimit >> 20) MiB",
                    help: "save the input to a file, which is read in place, without this limit")
                throw ExplainFailure(status: .unreadableInput)
            }
        }
    }
}

/// Why `--explain` stopped the run: its exit status, the problem reported.
struct ExplainFailure: Error {
    /// The run's exit status.
    let status: ExitCode
}
