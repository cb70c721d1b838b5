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

    /// Maps a document; returns the output and the number of records that failed.
    public func run(_ bytes: [UInt8]) throws -> (output: [UInt8], failed: Int) {
        var writer = JSONWriter(style: .compact)
        writer.bytes.reserveCapacity(bytes.count)
        var failed = 0
        var first = true
        let shape = try rules.mapDocument(bytes, to: model) { record in
            if record.index == 0 { writer.bytes.append(UInt8(ascii: "[")) }
            guard let value = record.value else {
                failed += 1
                return
            }
            if record.index != nil {
                if !first { writer.bytes.append(UInt8(ascii: ",")) }
                first = false
            }
            writer.write(value)
        }
        if shape == .array {
            if writer.bytes.isEmpty { writer.bytes.append(UInt8(ascii: "[")) }
            writer.bytes.append(UInt8(ascii: "]"))
        }
        return (writer.bytes, failed)
    }

    /// Parses the document into MapLang's JSON tree only.
    public static func parseOnly(_ bytes: [UInt8]) throws -> Int {
        let value = try JSONReader.parse(bytes)
        if case .array(let items) = value { return items.count }
        return 1
    }
}
