import MapLang

/// Reports problems on standard error, as text for people or, with
/// `--error-format json`, as one JSON object per line for tools.
struct ErrorReporter {
    /// Where to write.
    let console: any Console
    /// Renders text reports.
    let renderer: DiagnosticRenderer
    /// Whether to write JSON lines instead of text.
    let json: Bool
    /// The progress line of a long run, erased before anything else is written.
    var progress: ProgressLine?
    /// How many problems with the input are shown (`run --max-errors`);
    /// every one when `nil`.
    var limit: ReportLimit?

    /// Creates a reporter following `--color` and `--error-format`.
    init(console: any Console, arguments: ParsedArguments) {
        self.console = console
        self.renderer = DiagnosticRenderer(colored: arguments.colored(console))
        self.json = arguments.values["--error-format"] == "json"
    }

    /// Reports a rules file's diagnostics, with the closing count in text form.
    func report(_ diagnostics: [Diagnostic]) {
        if json {
            diagnostics.forEach { write(DiagnosticJSON.object(for: $0)) }
        } else {
            emit(renderer.render(diagnostics))
        }
    }

    /// Reports a record's mapping error; `line` is the NDJSON line it came from.
    func report(_ error: MappingError, input: String, line: Int? = nil) {
        var problems = 1
        if case .problemsNotKept(let count, _, _) = error.problem { problems = count }
        guard limit?.admit(standingFor: problems) ?? true else { return }
        if json {
            write(DiagnosticJSON.object(for: error, input: input, line: line))
        } else {
            emit(renderer.render(error, input: line.map { "\(input):\($0)" } ?? input))
        }
    }

    /// Reports invalid JSON; `line` is the NDJSON line it came from, whose
    /// first byte is at `lineOffset` in the input. An error that ends its
    /// input (`endsInput`) is shown past the limit too: it says why the
    /// rest of the input was not mapped.
    func report(
        _ error: JSONSyntaxError, input: String, bytes: ArraySlice<UInt8>, line: Int? = nil, lineOffset: Int = 0, endsInput: Bool = false
    ) {
        guard endsInput || admits() else { return }
        let fileLine = line ?? error.line
        let local = Array(bytes)
        if json {
            write(DiagnosticJSON.object(for: error, input: input, line: fileLine, offset: lineOffset + error.offset))
        } else {
            let shifted = JSONSyntaxError(reason: error.reason, offset: error.offset, line: fileLine, column: error.column)
            emit(renderer.render(shifted, input: input, bytes: local))
        }
    }

    /// Reports an NDJSON line that holds no document; its place is column 1,
    /// at the line's first byte, `lineOffset` in the input.
    func reportEmptyLine(input: String, line: Int, lineOffset: Int) {
        guard admits() else { return }
        if json {
            write(Self.emptyLineObject(input: input, line: line, offset: lineOffset))
        } else {
            emit("\(VisibleText.escaped(input)):\(line): error[\(LineRejection.emptyLineCode)]: the line is empty\n")
        }
    }

    /// An NDJSON line that holds no document, as `--error-format json`
    /// reports it: of `type` `json`, placed at column 1 of the line, whose
    /// first byte is `offset` bytes into the input.
    static func emptyLineObject(input: String, line: Int, offset: Int) -> MappedValue {
        .object(
            MappedObject([
                MappedMember(key: "type", value: .string("json")),
                MappedMember(key: "code", value: .string(LineRejection.emptyLineCode)),
                MappedMember(key: "input", value: .string(input)),
                MappedMember(key: "line", value: .int(Int64(line))),
                MappedMember(key: "column", value: .int(1)),
                MappedMember(key: "offset", value: .int(Int64(offset))),
                MappedMember(key: "message", value: .string("the line is empty")),
            ]))
    }

    /// Reports a problem with the command itself: a file, an argument, a
    /// model. A file's name or a value may be in it: in text, its control
    /// characters are shown escaped (`VisibleText`).
    func fail(_ message: String, help: String? = nil) {
        if json {
            var members = [
                MappedMember(key: "type", value: .string("error")), MappedMember(key: "message", value: .string(message)),
            ]
            if let help { members.append(MappedMember(key: "help", value: .string(help))) }
            write(.object(MappedObject(members)))
        } else {
            emit("maplang: error: \(VisibleText.escaped(message))\n" + (help.map { "help: \(VisibleText.escaped($0))\n" } ?? ""))
        }
    }

    /// Writes a note, in text form only.
    func summary(_ text: String) {
        if !json { emit(text) }
    }

    /// Closes a run's report: in text, how many records or lines failed,
    /// when any did or any element was dropped; in JSON, always, one
    /// `"summary"` object with every count.
    func summary(_ tally: Tally, input: String, lines: Bool) {
        noteWithheld(input: input)
        if json {
            write(tally.jsonSummary(input: input))
        } else if tally.isWorthSaying {
            let shown = VisibleText.escaped(input)
            emit(lines ? tally.lineSummary(input: shown) : tally.summary(input: shown))
        }
    }

    /// Whether a problem with the input is shown, under the limit.
    private func admits() -> Bool {
        limit?.admit() ?? true
    }

    /// Says how many problems with `input` the limit left out since it
    /// last said so, when it left any out.
    func noteWithheld(input: String) {
        guard let limit else { return }
        let count = limit.takeWithheld()
        guard count > 0 else { return }
        if json {
            write(limit.object(count, input: input))
        } else {
            emit(limit.note(count, input: input))
        }
    }

    /// Writes text to standard error, erasing the progress line first.
    func emit(_ text: String) {
        progress?.clear()
        console.writeError(text)
    }

    /// Writes one JSON object as a line.
    func write(_ value: MappedValue) {
        emit(String(decoding: JSONWriter.serialize(value), as: UTF8.self) + "\n")
    }
}

/// The `--error-format` option.
let errorFormatOption = OptionSpec(
    names: ["--error-format"], value: ValueSpec(name: "FORMAT", kind: .choice(["text", "json"])),
    help: "report problems as `text` (default) or as `json`, one object per line")

extension ErrorReporter {
    /// Writes a command's whole output to a file (`-o`, or `fmt -w`), which
    /// is replaced only once it is all written, or to standard output, and
    /// reports a failure to do so.
    ///
    /// - Parameter path: The file; standard output when `nil`.
    /// - Returns: `.success`, or `.outputError` when it was not written.
    func writeWhole(_ bytes: [UInt8], to path: String?) -> ExitCode {
        do {
            try console.writeWhole(bytes, to: path)
        } catch {
            fail(error.message)
            return .outputError
        }
        return .success
    }
}
