import Foundation

extension Benchmark {
    /// How much more time the larger size of a hostile case may take than
    /// the smaller, four times smaller one: linear growth and a quarter for
    /// a noisy machine, well below the sixteen times of quadratic growth.
    static let hostileTimeGrowthLimit = 5.0
    /// How much more peak memory the larger size may take: less than the
    /// four times of linear growth, since the process's own start-up memory
    /// and what is let go as it is read do not grow.
    static let hostileMemoryGrowthLimit = 3.0

    /// Each hostile case run by `maplang` at its size and at four times it,
    /// as its own process, its time the median of the runs and its memory
    /// the peak. The row of the larger size gives both as multiples of the
    /// smaller's.
    ///
    /// - Throws: `BenchError` when a case gives another exit status or
    ///   report than it should, or grows faster than the limits allow.
    package func hostileRows(_ executable: String, cases: [HostileCase] = HostileCase.all) throws -> [BenchRow] {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var rows: [BenchRow] = []
        var failures: [String] = []
        for hostile in cases {
            log("hostile: \(hostile.name)")
            var smaller: (seconds: Double, peak: Int)?
            for units in [hostile.units, hostile.units * 4] {
                let (seconds, peak, bytes) = try measure(hostile, units: units, executable: executable, in: directory)
                var name = "hostile: \(units) \(hostile.unit), \(hostile.name)"
                if let smaller {
                    let time = seconds / smaller.seconds
                    let memory = peak > 0 && smaller.peak > 0 ? Double(peak) / Double(smaller.peak) : nil
                    name += String(format: ": time ×%.1f", time) + (memory.map { String(format: ", memory ×%.1f", $0) } ?? "")
                    if time > Self.hostileTimeGrowthLimit || (memory ?? 0) > Self.hostileMemoryGrowthLimit {
                        failures.append("\(hostile.name) grows faster than its size: \(name)")
                    }
                }
                smaller = (seconds, peak)
                rows.append(BenchRow(job: name, bytes: bytes, seconds: seconds, ratio: nil, peakBytes: peak > 0 ? peak : nil))
            }
        }
        guard failures.isEmpty else { throw BenchError(failures.joined(separator: "\n")) }
        return rows
    }

    /// Runs one case at one size: the median time, the peak memory and the
    /// size of the generated rules and input.
    private func measure(
        _ hostile: HostileCase, units: Int, executable: String, in directory: String
    ) throws -> (seconds: Double, peak: Int, bytes: Int) {
        let rules = directory + "/hostile.map"
        let input = directory + "/input"
        let errors = directory + "/errors"
        // Gone before the next case, which writes its own afresh.
        defer { for file in [rules, input, errors] { try? FileManager.default.removeItem(atPath: file) } }
        let rulesText = hostile.rules(units)
        try Data(rulesText.utf8).write(to: URL(fileURLWithPath: rules), options: .withoutOverwriting)
        let inputBytes = hostile.input?(units) ?? []
        try Data(inputBytes).write(to: URL(fileURLWithPath: input), options: .withoutOverwriting)
        var times: [Double] = []
        var peak = 0
        for _ in 0..<max(1, min(options.runs, 3)) {
            let result = try Measurement.runProcess(
                executable, hostile.commandLine(rules: rules, input: hostile.streamed ? "-" : input, times: hostile.inputsNamed(units)),
                output: "/dev/null",
                streaming: hostile.streamed ? input : nil, errors: errors)
            let reported = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            guard result.status == hostile.status, hostile.expects(standardError: reported) else {
                throw BenchError(
                    "\(hostile.name), \(units) \(hostile.unit): exit status \(result.status), not \(hostile.status); "
                        + "standard error begins \(reported.prefix(300))")
            }
            times.append(result.seconds)
            peak = max(peak, result.peakBytes)
        }
        return (Measurement.median(times), peak, hostile.size(units))
    }
}
