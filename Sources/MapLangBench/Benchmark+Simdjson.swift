import Foundation

extension Benchmark {
    /// How to get what the C++ reference needs, said when it is missing.
    static let simdjsonHelp = "install the Debian packages g++ and libsimdjson-dev (apt-get install g++ libsimdjson-dev)"

    /// The C++ reference: `Benchmarks/simdjson/issues.cpp`, a simdjson
    /// On-Demand program that does the issues job, built here with `g++`
    /// and run as a process on the same generated issues as `maplang run
    /// --jobs 1`, as an array and as NDJSON, after checking that both write
    /// the same data. Rounds take turns which runs first; each row's ratio
    /// is the median over rounds of MapLang's speed over the program's.
    /// Without `g++` or simdjson the rows are skipped, saying how to get them.
    package func simdjsonRows(_ executable: String, size: Int) throws -> [BenchRow] {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let program = folder + "/issues-simdjson"
        let source = options.packageRoot + "/Benchmarks/simdjson/issues.cpp"
        let build = try Measurement.runProcess(
            "/usr/bin/env", ["g++", "-O3", "-std=c++17", "-o", program, source, "-lsimdjson"], output: "/dev/null",
            errors: folder + "/build.log")
        guard build.status == 0 else {
            log("skipped: the simdjson reference did not build; \(Self.simdjsonHelp)")
            return []
        }
        var rows: [BenchRow] = []
        for lines in [false, true] {
            var generator = IssueGenerator()
            let bytes = lines ? generator.lines(bytes: size) : generator.document(bytes: size)
            let input = folder + (lines ? "/issues.ndjson" : "/issues.json")
            try Data(bytes).write(to: URL(fileURLWithPath: input), options: .withoutOverwriting)
            let rules = options.packageRoot + "/examples/issues-bench/issues-bench.map"
            let maplang = ["run", rules, input, "--jobs", "1"] + (lines ? ["--ndjson"] : [])
            let reference = (lines ? ["--ndjson"] : []) + [input]
            try Self.checkSameOutput(
                (executable, maplang), (program, reference), lines: lines, output: folder + "/out", log: log)
            let name = "issues \(Self.sizeLabel(size))\(lines ? " as NDJSON" : "")"
            log("simdjson reference, \(name): measuring")
            func run(_ which: (program: String, arguments: [String], name: String)) throws -> Double {
                let run = try Measurement.runProcesses(which.program, which.arguments, copies: 1, output: "/dev/null")
                guard run.status == 0 else { throw BenchError("\(which.name) exited with \(run.status)") }
                return run.seconds
            }
            let times = try Measurement.alternating(
                runs: max(Self.threadRounds, options.runs),
                timing: { try run((program, reference, "the simdjson reference")) }, { try run((executable, maplang, "maplang run")) })
            let ratio = times.ratio
            rows.append(BenchRow(job: "C++ simdjson On-Demand (process), \(name)", bytes: bytes.count, seconds: times.first, ratio: nil, peakBytes: nil))
            rows.append(
                BenchRow(
                    job: "maplang run --jobs 1 (process), \(name): \(String(format: "%.2f", ratio))× the C++ program",
                    bytes: bytes.count, seconds: times.second, ratio: nil, peakBytes: nil))
        }
        return rows
    }

    /// Runs two programs on the same input and checks that they write the same data.
    private static func checkSameOutput(
        _ first: (String, [String]), _ second: (String, [String]), lines: Bool, output: String, log: (String) -> Void
    ) throws {
        var outputs: [[UInt8]] = []
        for (path, arguments) in [first, second] {
            let run = try Measurement.runProcess(path, arguments, output: output)
            guard run.status == 0 else { throw BenchError("\(path) \(arguments.joined(separator: " ")) exited with \(run.status)") }
            var written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
            // NDJSON out compares as one array of its lines.
            if lines {
                written = [UInt8(ascii: "[")] + written.split(separator: UInt8(ascii: "\n")).joined(separator: [UInt8(ascii: ",")]) + [UInt8(ascii: "]")]
            }
            outputs.append(written)
        }
        if let difference = SameData.difference(outputs[0], outputs[1]) {
            throw BenchError("MapLang and the simdjson reference disagree at \(difference)")
        }
    }
}
