import Foundation
import MapLang

extension Benchmark {
    /// `Rules.encode` and `Rules.decode` of arrays of issues, at a size and
    /// at eight times it, beside `JSONEncoder` and `JSONDecoder` on the same
    /// values: each larger row gives its time per issue over the smaller's,
    /// about 1× when the time grows linearly.
    package func codableGrowthRows(units: Int = 1_500) throws -> [BenchRow] {
        let rulesPath = options.packageRoot + "/examples/issues-bench/issues-bench.map"
        let rules = try Rules(source: SourceFile(name: "issues-bench.map", text: try String(contentsOfFile: rulesPath, encoding: .utf8)))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        var rows: [BenchRow] = []
        var perIssue: [String: Double] = [:]
        var smallerCount = 0
        for count in [units, units * 8] {
            var generator = IssueGenerator()
            let source = Data(generator.document(bytes: count * 1_100))
            let issues = try decoder.decode([DecodableIssues.Issue].self, from: source)
            let encoded = try rules.encode(issues)
            let jobs: [(name: String, bytes: Int, run: () throws -> Void)] = [
                ("Rules.encode", encoded.count, { _ = try rules.encode(issues) }),
                ("JSONEncoder.encode", encoded.count, { _ = try encoder.encode(issues) }),
                ("Rules.decode", source.count, { _ = try rules.decode([MappedIssue].self, from: source) }),
            ]
            for job in jobs {
                log("growth: \(job.name), \(issues.count) issues")
                let seconds = try Measurement.time(runs: options.runs, job.run)
                var name = "growth: \(job.name), \(issues.count) issues"
                if let smaller = perIssue[job.name] {
                    name += String(format: ": %.2f", seconds / Double(issues.count) / smaller) + "× the time per issue at \(smallerCount)"
                }
                perIssue[job.name] = seconds / Double(issues.count)
                rows.append(BenchRow(job: name, bytes: job.bytes, seconds: seconds, ratio: nil, peakBytes: nil))
            }
            smallerCount = issues.count
        }
        return rows
    }
}

/// Some fields of a mapped issue, as an app decodes them from `Rules.decode`.
struct MappedIssue: Decodable {
    let id: Int
    let number: Int
    let title: String
    let htmlURL: URL
    let author: String
    let createdAt: Date
}
