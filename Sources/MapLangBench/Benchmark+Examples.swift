import Foundation
import MapLang

extension Benchmark {
    /// The size of the data each example's rules are measured on, in MB.
    static let exampleMegabytes = 20

    /// `examples/github/github.map` on the benchmark's issues against
    /// `issues-bench.map` on the same issues, in one process: the rules a
    /// user writes (checks, a pattern, `nonEmpty`) against the bare ones,
    /// in at least `inProcessRounds` rounds taking turns.
    package func githubRow(size: Int = exampleMegabytes * 1_000_000) throws -> BenchRow {
        let bench = try MapLangJob(rulesText: try examplesFile("issues-bench/issues-bench.map"), name: "issues-bench.map")
        let github = try MapLangJob(rulesText: try examplesFile("github/github.map"), name: "github.map")
        var generator = IssueGenerator()
        let bytes = generator.document(bytes: size)
        let checked = try github.run(bytes)
        guard checked.failed == 0 else {
            throw BenchError("github.map: \(checked.failed) generated issues failed: \(checked.reports.first ?? "")")
        }
        log("github.map against issues-bench.map, \(Self.sizeLabel(size)): measuring")
        let paired = try Measurement.alternating(
            runs: max(options.runs, Self.inProcessRounds), { _ = try bench.run(bytes) }, { _ = try github.run(bytes) })
        return BenchRow(
            job: "examples/github/github.map, issues \(Self.sizeLabel(size)) (ratio: speed against issues-bench.map)",
            bytes: bytes.count, seconds: paired.second, ratio: paired.ratio, peakBytes: nil)
    }

    /// A row per example of `examples/`: its rules on its own input's
    /// records repeated to `size` bytes, as `maplang run` maps them, against
    /// the same rules mapping the same records through the JSON tree (the
    /// path a record takes when the fast path hands it on). A ratio near 1
    /// says the example's rules leave the fast path.
    package func exampleRows(size: Int = exampleMegabytes * 1_000_000) throws -> [BenchRow] {
        let folder = options.packageRoot + "/examples"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        var rows: [BenchRow] = []
        for name in names {
            let rulesPath = "\(folder)/\(name)/\(name).map"
            guard FileManager.default.fileExists(atPath: rulesPath) else { continue }
            let arguments = (try? String(contentsOfFile: "\(folder)/\(name)/args", encoding: .utf8)) ?? ""
            // A reverse example's rules map its expected output forward.
            let reverse = arguments.contains("--reverse")
            let inputPath = "\(folder)/\(name)/\(reverse ? "expected.json" : "input.json")"
            let job = try MapLangJob(rulesText: try String(contentsOfFile: rulesPath, encoding: .utf8), name: "\(name).map")
            let bytes = try Self.repeatedRecords(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: inputPath))), bytes: size)
            let result = try job.run(bytes)
            log("example \(name), \(Self.sizeLabel(size)): measuring")
            let paired = try Measurement.alternating(
                runs: options.runs, { _ = try job.runThroughTree(bytes) }, { _ = try job.run(bytes) })
            let records = try MapLangJob.parseOnly(bytes)
            let failing = result.failed == 0 ? "" : ", \(result.failed * 100 / max(records, 1))% of records failing as in the example"
            rows.append(
                BenchRow(
                    job: "example \(name), its records repeated to \(Self.sizeLabel(size))\(failing) (ratio: speed against the tree)",
                    bytes: bytes.count, seconds: paired.second, ratio: paired.ratio, peakBytes: nil))
        }
        return rows
    }

    /// The text of a file under `examples/`.
    private func examplesFile(_ path: String) throws -> String {
        try String(contentsOfFile: options.packageRoot + "/examples/" + path, encoding: .utf8)
    }

    /// A JSON array of a document's records, each written compactly, repeated
    /// in order until the array takes at least `bytes` bytes; the records
    /// are the document's elements when it is an array, else the document.
    static func repeatedRecords(of document: [UInt8], bytes target: Int) throws -> [UInt8] {
        let value = try JSONReader.parse(document)
        let records: [[UInt8]]
        if case .array(let elements) = value {
            records = elements.map { JSONWriter.serialize($0) }
        } else {
            records = [JSONWriter.serialize(value)]
        }
        guard !records.isEmpty else { throw BenchError("an example's input holds no records") }
        var output: [UInt8] = [UInt8(ascii: "[")]
        output.reserveCapacity(target + 4096)
        var index = 0
        while output.count < target {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output += records[index % records.count]
            index += 1
        }
        output.append(UInt8(ascii: "]"))
        return output
    }
}
