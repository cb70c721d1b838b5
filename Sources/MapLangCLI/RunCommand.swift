import MapLang

/// `maplang run RULES INPUT`: map a JSON document and print the result.
///
/// A top-level array is mapped record by record: the records that map are
/// written, in order, as a JSON array on standard output; every error goes to
/// standard error with the record's path, and the exit status is 1 when any
/// record failed. A single object that fails writes nothing to standard output.
struct RunCommand {
    /// What `run` accepts.
    static let spec = CommandSpec(
        name: "run", summary: "map a JSON document (INPUT, or `-` for standard input) with a rules file",
        positionals: ["RULES", "INPUT"],
        options: [
            OptionSpec(names: ["--model", "-m"], valueName: "NAME", choices: nil, help: "map to this model instead of the root"),
            OptionSpec(names: ["--pretty"], valueName: nil, choices: nil, help: "indent the output"),
            OptionSpec(
                names: ["--output", "-o"], valueName: "FILE", choices: nil,
                help: "write the output to FILE, replacing it only once complete"),
            colorOption,
        ])

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to read and write.
    let console: any Console

    /// Maps the input and reports the result.
    func execute() -> ExitCode {
        let renderer = DiagnosticRenderer(colored: arguments.colored(console))
        let rulesPath = arguments.positionals[0]
        let inputPath = arguments.positionals[1]
        let inputName = inputPath == "-" ? "<stdin>" : inputPath
        let rules: Rules
        let model: ModelID
        do {
            rules = try Rules(source: try RulesLoader.load(rulesPath, console: console))
            model = try rules.model(named: arguments.values["--model"])
        } catch let error as ConsoleError {
            console.writeError("maplang: error: \(error.message)\n")
            return .unreadableInput
        } catch let error as RulesError {
            console.writeError(renderer.render(error.diagnostics))
            return .rulesError
        } catch let error as ModelChoiceError {
            console.writeError("maplang: error: \(error.message)\nhelp: \(error.help)\n")
            return .usage
        } catch {
            console.writeError("maplang: internal error: \(error)\n")
            return .internalError
        }
        let input: [UInt8]
        do {
            input = inputPath == "-" ? try console.readStandardInput() : try console.readFile(inputPath)
        } catch {
            console.writeError("maplang: error: \(error.message)\n")
            return .unreadableInput
        }
        let destination = arguments.values["--output"]
        var output = RecordOutput(
            pretty: arguments.flags.contains("--pretty"), console: console, streaming: destination == nil)
        var tally = Tally()
        var status = ExitCode.success
        do {
            let shape = try rules.mapDocument(input, to: model) { record in
                if record.index == 0 { output.beginArray() }
                tally.count(record)
                for error in record.errors {
                    console.writeError(renderer.render(error, input: inputName))
                }
                if let value = record.value {
                    record.index == nil ? output.writeSingle(value) : output.writeElement(value)
                }
            }
            if shape == .array {
                if tally.records == 0 { output.beginArray() }
                output.endArray()
            }
        } catch {
            console.writeError(renderer.render(error, input: inputName, bytes: input))
            if output.isInArray { output.endArray() }
            status = .invalidJSON
        }
        if status == .success, tally.failed > 0 { status = .mappingFailed }
        if tally.failed > 0 {
            console.writeError(tally.summary(input: inputName))
        }
        do {
            try output.finish(replacing: status == .invalidJSON ? nil : destination)
        } catch {
            console.writeError("maplang: error: \(error.message)\n")
            return .outputError
        }
        return status
    }
}

/// Counts records and errors for the closing summary.
struct Tally {
    /// Records seen.
    var records = 0
    /// Records that had errors.
    var failed = 0
    /// Errors in all records.
    var errors = 0

    /// Counts one record.
    mutating func count(_ record: MappedRecord) {
        records += 1
        if !record.errors.isEmpty {
            failed += 1
            errors += record.errors.count
        }
    }

    /// `issues.json: 2 of 5 records failed with 3 errors`.
    func summary(input: String) -> String {
        let recordWord = records == 1 ? "record" : "records"
        let errorWord = errors == 1 ? "error" : "errors"
        return "\(input): \(failed) of \(records) \(recordWord) failed with \(errors) \(errorWord)\n"
    }
}
