import Foundation
import MapLang

extension Benchmark {
    /// The library as an app embeds it, on the issues, in this process,
    /// beside Foundation doing the same job with the same structs
    /// (`DecodableIssues`): `Rules.mapJSON` (JSON in, JSON out) against
    /// `JSONDecoder` + `JSONEncoder` and against the CLI's in-process path
    /// (`MapLangJob`), `Rules.decode` into plain structs against
    /// `JSONDecoder` with hand-written `CodingKeys`, and `Rules.encode` back
    /// against `JSONEncoder`. Each result is checked to hold the same data
    /// as Foundation's before anything is timed.
    package func libraryRows(size: Int) throws -> [BenchRow] {
        let rulesPath = options.packageRoot + "/examples/issues-bench/issues-bench.map"
        let job = try MapLangJob(rulesText: try String(contentsOfFile: rulesPath, encoding: .utf8), name: "issues-bench.map")
        let rules = job.rules
        var generator = IssueGenerator()
        let bytes = generator.document(bytes: size)
        let data = Data(bytes)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes]

        let issues = try decoder.decode([DecodableIssues.Issue].self, from: data)
        let foundation = [UInt8](try encoder.encode(issues))
        let checks: [(String, [UInt8])] = [
            ("Rules.mapJSON", try rules.mapJSON(bytes)),
            ("Rules.decode", [UInt8](try encoder.encode(try rules.decode([PlainIssue].self, from: data)))),
            ("Rules.encode", try rules.mapJSON([UInt8](try rules.encode(issues)))),
        ]
        for (name, result) in checks {
            if let difference = SameData.difference(result, foundation) {
                throw BenchError("\(name) and Foundation disagree at \(difference)")
            }
        }

        let label = "issues \(Self.sizeLabel(size))"
        log("library, \(label): measuring")
        let runs = options.runs
        let mapped = try Measurement.alternating(
            runs: runs, { _ = try DecodableIssues.run(data) }, { _ = try rules.mapJSON(bytes) })
        // The same path both sides, so the ratio is near 1: enough rounds
        // for a median that noise moves little, as for the rows below,
        // whose goals lie near what they measure.
        let inProcess = try Measurement.alternating(
            runs: max(runs, Self.inProcessRounds), { _ = try job.run(bytes) }, { _ = try rules.mapJSON(bytes) })
        let decoded = try Measurement.alternating(
            runs: max(runs, Self.inProcessRounds), { _ = try decoder.decode([DecodableIssues.Issue].self, from: data) },
            { _ = try rules.decode([PlainIssue].self, from: data) })
        let encoded = try Measurement.alternating(
            runs: max(runs, Self.inProcessRounds), { _ = try encoder.encode(issues) }, { _ = try rules.encode(issues) })
        func row(_ name: String, _ seconds: Double, ratio: Double) -> BenchRow {
            BenchRow(job: name, bytes: bytes.count, seconds: seconds, ratio: ratio, peakBytes: nil)
        }
        return try [
            row("library: JSONDecoder + JSONEncoder, \(label)", mapped.first, ratio: 1),
            row(
                "library: Rules.mapJSON, \(label) (\(String(format: "%.2f", inProcess.ratio))× the CLI's in-process path)",
                mapped.second, ratio: mapped.ratio),
            row("library: JSONDecoder.decode, hand-written CodingKeys, \(label)", decoded.first, ratio: 1),
            row("library: Rules.decode into plain structs, \(label)", decoded.second, ratio: decoded.ratio),
            row("library: JSONEncoder.encode, \(label)", encoded.first, ratio: 1),
            row("library: Rules.encode back to the input's shape, \(label)", encoded.second, ratio: encoded.ratio),
        ] + decodePeakRows(bytes, label: label)
    }

    /// The fewest rounds of a row whose goal lies near what it measures:
    /// `Rules.mapJSON` against the CLI's in-process path, `Rules.decode`
    /// and `Rules.encode` against Foundation, `github.map` against
    /// `issues-bench.map`.
    static let inProcessRounds = 11

    /// The peak memory of decoding the issues' ids alone, with `Rules.decode`
    /// and with `JSONDecoder`, each in a process of its own that reads the
    /// document from a file first: what either holds beyond the input and
    /// the (small) values is the decoder's own. None without
    /// `benchExecutable`.
    private func decodePeakRows(_ bytes: [UInt8], label: String) throws -> [BenchRow] {
        guard let executable = options.benchExecutable else { return [] }
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/issues.json"
        try Data(bytes).write(to: URL(fileURLWithPath: input), options: .withoutOverwriting)
        return try DecodePeak.allCases.map { decoder in
            let result = try Measurement.runProcess(executable, ["--decode-peak", input, decoder.rawValue], output: "/dev/null")
            guard result.status == 0 else { throw BenchError("--decode-peak \(decoder.rawValue) exited with \(result.status)") }
            let beyond = String(format: "%.1f", Double(result.peakBytes - bytes.count) / 1_000_000)
            return BenchRow(
                job: "library: peak memory, \(decoder.name) of the ids only, \(label) (\(beyond) MB beyond the input)",
                bytes: bytes.count, seconds: result.seconds, ratio: nil, peakBytes: result.peakBytes)
        }
    }
}

/// One decoder whose peak memory `--decode-peak` measures.
package enum DecodePeak: String, CaseIterable {
    case rules, foundation

    /// The decoder's name in a row.
    var name: String {
        switch self {
        case .rules: "Rules.decode"
        case .foundation: "JSONDecoder"
        }
    }

    /// An issue's id, the same key in the input and the output.
    private struct IssueID: Decodable {
        let id: Int
    }

    /// Reads a document of issues from a file and decodes every id.
    package func decode(file: String, packageRoot: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let ids: [IssueID]
        switch self {
        case .rules:
            let rulesPath = packageRoot + "/examples/issues-bench/issues-bench.map"
            let rules = try MapLangJob(rulesText: try String(contentsOfFile: rulesPath, encoding: .utf8), name: "issues-bench.map").rules
            ids = try rules.decode([IssueID].self, from: data)
        case .foundation:
            ids = try JSONDecoder().decode([IssueID].self, from: data)
        }
        guard !ids.isEmpty else { throw BenchError("no issues decoded") }
    }
}

/// A mapped issue as an app declares it for `Rules.decode`: the rules'
/// output names, nothing hand-written for decoding.
struct PlainIssue: Decodable {
    struct User: Codable {
        let login: String
        let id: Int
        let siteAdmin: Bool
    }

    struct Label: Codable {
        let name: String
        let color: String
    }

    enum State: String, Codable {
        case open, closed
    }

    enum Priority: String, Codable {
        case low, normal, high
    }

    let id: Int
    let number: Int
    let title: String
    let htmlURL: URL
    let state: State
    let priority: Priority
    let author: String
    let user: User
    let assignee: User?
    let labels: [Label]
    let comments: Int
    let body: String?
    let createdAt: Date
    let closedAt: Date?
}

extension PlainIssue: Encodable {
    /// The keys, for the check against Foundation's output.
    enum CodingKeys: String, CodingKey {
        case id, number, title, htmlURL, state, priority, author, user, assignee, labels, comments, body, createdAt, closedAt
    }

    /// Writes every property, `null` for an absent one as Foundation's side
    /// writes it, so the two outputs compare.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(number, forKey: .number)
        try container.encode(title, forKey: .title)
        try container.encode(htmlURL, forKey: .htmlURL)
        try container.encode(state, forKey: .state)
        try container.encode(priority, forKey: .priority)
        try container.encode(author, forKey: .author)
        try container.encode(user, forKey: .user)
        try container.encode(assignee, forKey: .assignee)
        try container.encode(labels, forKey: .labels)
        try container.encode(comments, forKey: .comments)
        try container.encode(body, forKey: .body)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(closedAt, forKey: .closedAt)
    }
}
