import MapLang

/// `maplang infer SAMPLE [--root NAME] [--ndjson] [-o FILE]`: starter rules
/// from sample JSON.
///
/// The sample is read whole (at most `sampleLimit` bytes), as one document
/// whose top-level array holds the records, or with `--ndjson` one record
/// per line. Invalid JSON is reported as `run` reports it, with status 2;
/// records that are not objects, with status 1. `-o` writes as `run -o`
/// does, and never names the sample.
struct InferCommand {
    /// The most bytes of sample read.
    static let sampleLimit = 64 << 20

    /// What `infer` accepts.
    static let spec = CommandSpec(
        name: "infer", summary: "write starter rules for sample JSON: a model per object shape, enums, dates, URLs, choices",
        positionals: [ValueSpec(name: "SAMPLE", kind: .file)],
        options: [
            OptionSpec(
                names: ["--root"], value: ValueSpec(name: "NAME", kind: .text),
                help: "the name of the records' model or choice (default `Record`)"),
            OptionSpec(names: ["--ndjson"], value: nil, help: "read the sample as one JSON record per line"),
            OptionSpec(
                names: ["--output", "-o"], value: .file, help: "write the rules to FILE, replacing it only once complete"),
            colorOption,
            errorFormatOption,
        ])

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to read and write.
    let console: any Console

    /// Infers the rules and writes them.
    func execute() -> ExitCode {
        let reporter = ErrorReporter(console: console, arguments: arguments)
        let path = arguments.positionals[0]
        let output = arguments.values["--output"]
        if let output, output != "-", let identity = console.identity(of: output), console.identity(of: path) == identity {
            reporter.fail("`--output` names the sample `\(output)`; it would be overwritten")
            return .usage
        }
        let bytes: [UInt8]
        do {
            let tooLarge = ConsoleError(message: "cannot read `\(path)`: a sample may hold at most \(Self.sampleLimit >> 20) MiB")
            bytes = try console.openInput(path).readAll(limit: Self.sampleLimit, tooLarge: tooLarge)
        } catch {
            reporter.fail(error.message)
            return .unreadableInput
        }
        let name = path == "-" ? "standard input" : path
        guard let sample = sample(of: bytes, input: name, reporter: reporter) else { return .invalidJSON }
        var options = RulesInference.Options()
        options.root = arguments.values["--root"]
        options.sampleName = path == "-" ? "standard input" : "`" + (path.split(separator: "/").last.map(String.init) ?? path) + "`"
        do {
            let text = try RulesInference.infer(sample: sample, options: options)
            return reporter.writeWhole(Array(text.utf8), to: output)
        } catch {
            switch error {
            case .noRecords:
                reporter.fail("`\(name)` holds no record to infer rules from")
                return .mappingFailed
            case .recordsAreNotObjects(let found, let record):
                let isArray = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "[")
                let place = arguments.flags.contains("--ndjson") ? "line \(record + 1)" : isArray ? "`$[\(record)]`" : "the document"
                reporter.fail(
                    "`\(name)`: \(place) is \(found); rules map objects",
                    help: "give a sample whose records are objects: an object, an array of objects, or with `--ndjson` one object per line")
                return .mappingFailed
            case .invalidRootName(let root):
                reporter.fail("`--root` names `\(root)`, which is not a name a model can take", help: "use a name such as `Issue`")
                return .usage
            case .tooLarge(let bytes):
                reporter.fail(
                    "the rules inferred from `\(name)` would take \(bytes >> 20) MiB, past the \(Rules.maximumSourceBytes >> 20) MiB a rules file may hold",
                    help: "infer from a smaller sample, or from records of fewer different keys")
                return .mappingFailed
            case .unchecked(let messages):
                reporter.fail("internal error: the inferred rules do not check: \(messages)")
                return .internalError
            }
        }
    }

    /// The sample's records, each summarized as it is read and let go, or
    /// `nil` once invalid JSON is reported.
    private func sample(of bytes: [UInt8], input: String, reporter: ErrorReporter) -> RulesInference.Sample? {
        var sample = RulesInference.Sample()
        guard arguments.flags.contains("--ndjson") else {
            do {
                var offset = 0
                let single = try bytes.withUnsafeBufferPointer { buffer in
                    try JSONReader.readDocument(in: buffer, options: JSONReaderOptions(), offset: &offset) { _, element, _ in
                        sample.add(element)
                    }
                }
                if let single { sample.add(single) }
                return sample
            } catch {
                if let error = error as? JSONSyntaxError { reporter.report(error, input: input, bytes: bytes[...]) }
                return nil
            }
        }
        var start = 0
        var number = 1
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var line = bytes[start..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
                reporter.reportEmptyLine(input: input, line: number, lineOffset: start)
                return nil
            }
            do throws(JSONSyntaxError) {
                sample.add(try JSONReader.parse(line))
            } catch {
                reporter.report(error, input: input, bytes: line, line: number, lineOffset: start)
                return nil
            }
            start = end + 1
            number += 1
        }
        return sample
    }
}
