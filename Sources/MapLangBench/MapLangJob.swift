import MapLang

/// MapLang's side of the benchmark: the rules compiled once, then each run
/// maps a whole document and writes the records into one JSON buffer, as
/// `maplang run` does.
public struct MapLangJob: Sendable {
    /// The compiled rules.
    public let rules: Rules
    /// The model or choice each record maps to.
    let model: ModelID

    /// Compiles rules from a file's text.
    public init(rulesText: String, name: String, model: String? = nil) throws {
        rules = try Rules(source: SourceFile(name: name, text: rulesText))
        self.model = try rules.model(named: model)
    }

    /// Maps a document as `maplang run` does, record by record straight to
    /// JSON text, and words each error as `maplang run` reports it; returns
    /// the output, the number of records that failed and the reports, one
    /// per error.
    public func run(_ bytes: [UInt8]) throws -> (output: [UInt8], failed: Int, reports: [String]) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var failed = 0
        var reports: [String] = []
        var first = true
        let shape = try bytes.withUnsafeBufferPointer { buffer in
            try rules.serializeDocument(in: buffer, to: model) { record, _ in
                if record.index == 0 { output.append(UInt8(ascii: "[")) }
                for error in record.errors {
                    reports.append("\(error.path): \(error.message)\n  --> \(error.ruleFile):\(error.ruleLocation): \(error.rule)\n")
                }
                guard let json = record.json else {
                    failed += 1
                    return
                }
                if record.index != nil {
                    if !first { output.append(UInt8(ascii: ",")) }
                    first = false
                }
                output += json
            }
        }
        if shape == .array {
            if output.isEmpty { output.append(UInt8(ascii: "[")) }
            output.append(UInt8(ascii: "]"))
        }
        return (output, failed, reports)
    }

    /// Maps a document through the JSON tree, as a record the fast path
    /// hands on is mapped, and writes the records that map into one JSON
    /// buffer; returns that buffer.
    public func runThroughTree(_ bytes: [UInt8]) throws -> [UInt8] {
        var writer = JSONWriter(style: .compact)
        var count = 0
        _ = try rules.mapDocument(bytes, to: model) { record in
            guard let value = record.value else { return }
            writer.bytes.append(count == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
            writer.write(value)
            count += 1
        }
        writer.bytes.append(contentsOf: count == 0 ? Array("[]".utf8) : [UInt8(ascii: "]")])
        return writer.bytes
    }

    /// Parses the document into MapLang's JSON tree only.
    public static func parseOnly(_ bytes: [UInt8]) throws -> Int {
        let value = try JSONReader.parse(bytes)
        if case .array(let items) = value { return items.count }
        return 1
    }
}
