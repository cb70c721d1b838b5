import Foundation

/// The benchmark's table, as text and as JSON.
public enum Report {
    /// A Markdown table of the rows.
    public static func table(_ rows: [BenchRow]) -> String {
        var lines = ["| job | input | time | MB/s | vs JSONDecoder | peak memory |", "|---|---:|---:|---:|---:|---:|"]
        for row in rows {
            let ratio = row.ratio.map { String(format: "%.2f×", $0) } ?? ""
            lines.append(
                "| \(row.job) | \(size(row.bytes)) | \(duration(row.seconds)) | \(String(format: "%.1f", row.megabytesPerSecond)) | "
                    + "\(ratio) | \(row.peakBytes.map(size) ?? "") |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rows as a JSON array.
    public static func json(_ rows: [BenchRow]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(rows)
    }

    private static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : String(format: "%.1f KB", Double(bytes) / 1e3)
    }

    private static func duration(_ seconds: Double) -> String {
        seconds >= 1 ? String(format: "%.2f s", seconds) : String(format: "%.1f ms", seconds * 1000)
    }
}
