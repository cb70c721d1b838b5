#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Benchmark {
    /// A size in the rows' names: whole megabytes, or bytes.
    static func sizeLabel(_ bytes: Int) -> String {
        bytes % 1_000_000 == 0 ? "\(bytes / 1_000_000) MB" : "\(bytes) bytes"
    }

    /// The size of the generated issues each construct is measured on, in MB.
    static let constructMegabytes = 20

    /// A row per construct (`ConstructCase.all`): the benchmark's rules
    /// with the construct, against the same rules without it, in one
    /// process on the same generated issues; the ratio is the speed with
    /// the construct over the speed without.
    package func constructRows(_ cases: [ConstructCase] = ConstructCase.all, size: Int = constructMegabytes * 1_000_000) throws -> [BenchRow] {
        let rulesPath = options.packageRoot + "/examples/issues-bench/issues-bench.map"
        let base = try String(contentsOfFile: rulesPath, encoding: .utf8)
        let plain = try MapLangJob(rulesText: base, name: "issues-bench.map")
        var generator = IssueGenerator()
        let bytes = generator.document(bytes: size)
        let label = Self.sizeLabel(size)
        var rows: [BenchRow] = []
        for construct in cases {
            let bytes = construct.issues(bytes)
            let job = try MapLangJob(rulesText: try construct.rules(from: base), name: "construct.map")
            let checked = try job.run(bytes)
            guard checked.failed == 0 else {
                throw BenchError("construct `\(construct.name)`: \(checked.failed) generated issues failed: \(checked.reports.first ?? "")")
            }
            log("construct \(construct.name), \(label): measuring")
            let without = try Measurement.time(runs: options.runs) { _ = try plain.run(bytes) }
            let with = try Measurement.time(runs: options.runs) { _ = try job.run(bytes) }
            rows.append(
                BenchRow(
                    job: "construct: \(construct.name), issues \(label) (ratio: speed against the rules without it)",
                    bytes: bytes.count, seconds: with, ratio: without / with, peakBytes: nil))
        }
        return rows
    }
}
