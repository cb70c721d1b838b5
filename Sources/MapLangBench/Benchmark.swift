import Foundation
import MapLang

/// One row of the benchmark's table.
public struct BenchRow: Encodable, Sendable {
    /// What was measured.
    public var job: String
    /// The input's size in bytes.
    public var bytes: Int
    /// The median wall time in seconds.
    public var seconds: Double
    /// Throughput in MB/s (10^6 bytes).
    public var megabytesPerSecond: Double { Double(bytes) / seconds / 1e6 }
    /// Throughput relative to the `JSONDecoder` job on the same data, when there is one.
    public var ratio: Double?
    /// Peak resident memory of the process that ran the job, in bytes, for
    /// jobs run as their own process; `nil` for jobs run inside the
    /// benchmark, whose memory the allocator's caches blur.
    public var peakBytes: Int?

    enum CodingKeys: String, CodingKey {
        case job, bytes, seconds, ratio, peakBytes, megabytesPerSecond
    }

    /// Writes every property, the computed throughput included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(job, forKey: .job)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(megabytesPerSecond, forKey: .megabytesPerSecond)
        try container.encodeIfPresent(ratio, forKey: .ratio)
        try container.encodeIfPresent(peakBytes, forKey: .peakBytes)
    }
}

/// What to run.
public struct BenchOptions: Sendable {
    /// Sizes of the generated issues documents, in MB.
    public var sizes: [Int] = [1, 20, 100]
    /// Runs per job; the median is reported.
    public var runs = 5
    /// The package's root, where `examples/` is.
    public var packageRoot: String
    /// The `maplang` executable, for the end-to-end, memory and start-up rows.
    public var executable: String?
    /// This benchmark's own executable, which measures the library's peak
    /// memory in a process of its own (`--decode-peak`); those rows are
    /// left out without it.
    public var benchExecutable: String?

    /// Options with the defaults.
    public init(packageRoot: String, executable: String?) {
        self.packageRoot = packageRoot
        self.executable = executable
    }
}

/// Runs every job and collects the rows.
public struct Benchmark {
    let options: BenchOptions
    /// Where progress and notes go.
    let log: (String) -> Void

    /// Creates a benchmark.
    public init(options: BenchOptions, log: @escaping (String) -> Void) {
        self.options = options
        self.log = log
    }

    /// Says which `maplang` the process rows run, and warns when it is a
    /// dynamically linked build on Linux, where the build that ships is
    /// static: its start-up, which every process row includes, is then the
    /// dynamic loader's and not what users run.
    public func noteExecutable() {
        guard let executable = options.executable else { return }
        log("maplang for the process rows: \(executable)")
        #if os(Linux)
        if ExecutableLinking(path: executable) == .dynamic {
            log(
                "note: that maplang is linked dynamically; the one that ships is static (scripts/build-release.sh), and "
                    + "starts sooner: give it with --maplang \"$(scripts/build-release.sh --scratch-path .build-release)\"")
        }
        #endif
    }

    /// The rows, in the order the table prints them.
    public func run() throws -> [BenchRow] {
        var rows: [BenchRow] = []
        let rulesPath = options.packageRoot + "/examples/issues-bench/issues-bench.map"
        let job = try MapLangJob(rulesText: try String(contentsOfFile: rulesPath, encoding: .utf8), name: "issues-bench.map")
        for size in options.sizes {
            var generator = IssueGenerator()
            let bytes = generator.document(bytes: size * 1_000_000)
            let data = Data(bytes)
            log("issues \(size) MB: checking that both sides give the same data")
            let ours = try job.run(bytes)
            let theirs = try DecodableIssues.run(data)
            guard ours.failed == 0 else { throw BenchError("MapLang rejected \(ours.failed) generated issues") }
            if let difference = SameData.difference(ours.output, [UInt8](theirs)) {
                throw BenchError("MapLang and JSONDecoder disagree at \(difference)")
            }
            log("issues \(size) MB: measuring")
            let decoder = Measurement.time(runs: options.runs) { _ = try? DecodableIssues.run(data) }
            let maplang = try Measurement.time(runs: options.runs) { _ = try job.run(bytes) }
            let decoderParse = Measurement.time(runs: options.runs) { _ = try? DecodableIssues.parseOnly(data) }
            let maplangParse = try Measurement.time(runs: options.runs) { _ = try MapLangJob.parseOnly(bytes) }
            let reference = Double(bytes.count) / decoder
            func row(_ name: String, _ seconds: Double, compared: Double?) -> BenchRow {
                BenchRow(
                    job: name, bytes: bytes.count, seconds: seconds,
                    ratio: compared.map { Double(bytes.count) / seconds / $0 }, peakBytes: nil)
            }
            rows.append(row("JSONDecoder + JSONEncoder, issues \(size) MB", decoder, compared: reference))
            rows.append(row("MapLang map + write, issues \(size) MB", maplang, compared: reference))
            rows.append(row("JSONSerialization parse only, issues \(size) MB", decoderParse, compared: nil))
            rows.append(row("MapLang JSON parse only, issues \(size) MB", maplangParse, compared: nil))
            rows += try libraryRows(size: size * 1_000_000)
            if let executable = options.executable {
                rows.append(try endToEnd(executable, rules: rulesPath, bytes: bytes, size: size, reference: reference))
                var lineGenerator = IssueGenerator()
                let lines = lineGenerator.lines(bytes: size * 1_000_000)
                rows += try threadRows(executable, rules: rulesPath, input: bytes, name: "maplang run", size: size)
                rows += try threadRows(executable, rules: rulesPath, input: lines, name: "maplang run --ndjson", size: size)
                rows += try simdjsonRows(executable, size: size * 1_000_000)
            }
        }
        rows += try corpusRows()
        rows += try growthRows()
        rows += try codableGrowthRows()
        rows += try constructRows()
        rows += try [githubRow()] + exampleRows()
        rows.append(try compileRow())
        if let executable = options.executable {
            rows.append(try startUpRow(executable, rules: rulesPath))
            rows.append(try languageServerRow(executable))
            rows += try hostileRows(executable)
        }
        return rows
    }

    /// `maplang run` as a process on a file: wall time and its own peak memory.
    private func endToEnd(_ executable: String, rules: String, bytes: [UInt8], size: Int, reference: Double) throws -> BenchRow {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/issues.json"
        try Data(bytes).write(to: URL(fileURLWithPath: input), options: .withoutOverwriting)
        var times: [(Double, Int)] = []
        for _ in 0..<max(1, min(options.runs, 3)) {
            let result = try Measurement.runProcess(executable, ["run", rules, input], output: "/dev/null")
            guard result.status == 0 else { throw BenchError("maplang run exited with \(result.status)") }
            times.append((result.seconds, result.peakBytes))
        }
        times.sort { $0.0 < $1.0 }
        let median = times[times.count / 2]
        return BenchRow(
            job: "maplang run (process, file in, stdout out), issues \(size) MB", bytes: bytes.count, seconds: median.0,
            ratio: Double(bytes.count) / median.0 / reference, peakBytes: times.map(\.1).max() ?? 0)
    }

    /// How many rounds the thread rows and the C++ rows take at least:
    /// enough that the median outlasts a few seconds of other load on a
    /// shared machine.
    static let threadRounds = 21

    /// `maplang run` as a process on one thread and with `--jobs 2`, on the
    /// issues as an array or as NDJSON (`name` ends with `--ndjson`).
    ///
    /// Each round runs one thread, `--jobs 2`, and two one-thread processes
    /// side by side, in an order that turns from round to round. The second
    /// row's name gives the speed-up of `--jobs 2` over one thread, and, as
    /// the yardstick, how much more work the two separate processes got
    /// done than one: what the machine's second core gave at the time. Each
    /// is the median of its ratios within a round, since the runs of a round
    /// see much the same load from the machine's other work.
    private func threadRows(_ executable: String, rules: String, input: [UInt8], name: String, size: Int) throws -> [BenchRow] {
        let lines = name.hasSuffix("--ndjson")
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + (lines ? "/issues.ndjson" : "/issues.json")
        try Data(input).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        let arguments = ["run", rules, path] + (lines ? ["--ndjson"] : []) + ["--jobs"]
        // The three runs of a round: one thread, `--jobs 2`, two one-thread processes at once.
        let runs: [() throws -> (seconds: Double, status: Int32)] = [
            { try Measurement.runProcesses(executable, arguments + ["1"], copies: 1, output: "/dev/null") },
            { try Measurement.runProcesses(executable, arguments + ["2"], copies: 1, output: "/dev/null") },
            { try Measurement.runProcesses(executable, arguments + ["1"], copies: 2, output: "/dev/null") },
        ]
        var times = runs.map { _ in [Double]() }
        for round in 0..<max(Self.threadRounds, options.runs) {
            for offset in 0..<runs.count {
                let which = (round + offset) % runs.count
                let result = try runs[which]()
                guard result.status == 0 else { throw BenchError("\(name) exited with \(result.status)") }
                times[which].append(result.seconds)
            }
        }
        let median = Measurement.median
        let speedUp = median(zip(times[0], times[1]).map { $0 / $1 })
        let machine = median(zip(times[0], times[2]).map { 2 * $0 / $1 })
        let note = String(format: "%.2f× one thread; two one-thread processes at once: %.2f×", speedUp, machine)
        return [
            BenchRow(job: "\(name) --jobs 1 (process), issues \(size) MB", bytes: input.count, seconds: median(times[0]), ratio: nil, peakBytes: nil),
            BenchRow(
                job: "\(name) --jobs 2 (process), issues \(size) MB: \(note)", bytes: input.count, seconds: median(times[1]),
                ratio: nil, peakBytes: nil),
        ]
    }

    /// MapLang on the standard benchmark documents, with rules from `examples/`.
    private func corpusRows() throws -> [BenchRow] {
        let corpus = options.packageRoot + "/../shared/corpus/bench"
        guard FileManager.default.fileExists(atPath: corpus) else {
            log("skipped: ../shared/corpus/bench not found beside the package")
            return []
        }
        let documents: [(file: String, example: String, model: String?)] = [
            ("twitter.json", "twitter", "SearchResults"), ("citm_catalog.json", "citm-catalog", nil),
            ("canada.json", "canada", nil), ("github_events.json", "github-events", nil),
        ]
        var rows: [BenchRow] = []
        for document in documents {
            let rulesPath = "\(options.packageRoot)/examples/\(document.example)/\(document.example).map"
            let job = try MapLangJob(
                rulesText: try String(contentsOfFile: rulesPath, encoding: .utf8), name: "\(document.example).map",
                model: document.model)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: corpus + "/" + document.file)))
            let result = try job.run(bytes)
            guard result.failed == 0 else { throw BenchError("\(document.file): \(result.failed) records failed") }
            let measured = try Measurement.time(runs: options.runs) { _ = try job.run(bytes) }
            rows.append(
                BenchRow(
                    job: "MapLang map + write, \(document.file)", bytes: bytes.count, seconds: measured, ratio: nil,
                    peakBytes: nil))
        }
        return rows
    }

    /// How many times jobs of a few milliseconds run, of which the median
    /// counts: enough that a moment of noise on a shared machine does not
    /// decide it.
    static let shortJobRuns = 21

    /// Compiling a generated rules file of 2,000 lines.
    private func compileRow() throws -> BenchRow {
        var lines = ["root Model0", "keys snake_case", ""]
        var model = 0
        while lines.count < 2000 {
            lines.append("model Model\(model) {")
            for field in 0..<20 {
                let type = ["String", "Int", "Double", "Bool", "Date", "URL"][field % 6]
                let clause = field % 6 == 4 ? " using iso8601" : field % 6 == 1 ? " where range(0...)" : ""
                lines.append("  field\(field): \(type)? from \"key_\(field)\", other\(field)\(clause)")
            }
            lines.append("}")
            lines.append("")
            model += 1
        }
        let text = lines.joined(separator: "\n")
        // A compile takes milliseconds, so more runs cost little and steady the median.
        let runs = max(options.runs, Self.shortJobRuns)
        let measured = try Measurement.time(runs: runs) {
            _ = try Rules(source: SourceFile(name: "generated.map", text: text))
        }
        return BenchRow(
            job: "compile a \(lines.count)-line rules file (median of \(runs))", bytes: text.utf8.count, seconds: measured,
            ratio: nil, peakBytes: nil)
    }

    /// `maplang run` on a 1 KB input: process start-up, compiling, mapping, writing.
    private func startUpRow(_ executable: String, rules: String) throws -> BenchRow {
        var generator = IssueGenerator()
        let bytes = generator.document(bytes: 1000)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/issues.json"
        try Data(bytes).write(to: URL(fileURLWithPath: input), options: .withoutOverwriting)
        var times: [Double] = []
        var peak = 0
        for _ in 0..<Self.shortJobRuns {
            let result = try Measurement.runProcess(executable, ["run", rules, input], output: "/dev/null")
            times.append(result.seconds)
            peak = max(peak, result.peakBytes)
        }
        times.sort()
        return BenchRow(
            job: "maplang run start-up, 1 KB input (median of \(times.count))", bytes: bytes.count,
            seconds: times[times.count / 2], ratio: nil,
            peakBytes: peak)
    }
}

/// A benchmark that could not be run as asked.
public struct BenchError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
