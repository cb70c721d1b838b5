import Foundation
import MapLang

extension Benchmark {
    /// Each growth case mapped at its size and at eight times it. The row
    /// of the larger size gives its time per unit over the smaller's: about
    /// 1× when time grows linearly, 8× when it grows with the square.
    package func growthRows() throws -> [BenchRow] {
        try growthRows(GrowthCase.all)
    }

    /// `growthRows()` over some cases.
    func growthRows(_ cases: [GrowthCase]) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        for growth in cases {
            log("growth: \(growth.name)")
            var perUnit: Double?
            for units in [growth.units, growth.units * 8] {
                let job = try MapLangJob(rulesText: growth.rules(units), name: "growth.map")
                let input = growth.input(units)
                let reports = try job.run(input).reports.count
                guard reports == growth.errors(units) else {
                    throw BenchError("\(growth.name), \(units): \(reports) errors, not \(growth.errors(units))")
                }
                let seconds = try Measurement.time(runs: options.runs) { _ = try job.run(input) }
                var name = "growth: \(units) \(growth.name)"
                if let perUnit {
                    let ratio = seconds / Double(units) / perUnit
                    name += String(format: ": %.2f", ratio) + "× the time per \(growth.unit) at \(growth.units)"
                }
                perUnit = seconds / Double(units)
                rows.append(BenchRow(job: name, bytes: input.count, seconds: seconds, ratio: nil, peakBytes: nil))
            }
        }
        return rows
    }
}
