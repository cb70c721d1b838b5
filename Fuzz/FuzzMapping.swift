// libFuzzer target: a fixed rules file that uses every kind of field,
// transformer, rule and check, run over arbitrary JSON.
let fuzzRules: Rules = {
    let text = """
        root Record
        keys snake_case
        enum Kind {
          a
          b from "B", 2, true
          default a
        }
        table level {
          "low", 1 -> "L"
          "high" -> "H"
        }
        transform clean = trim | lowercase
        model Child {
          name: String using clean where length(...8)
          at: Date? using timestamp(ms)
          children: [Child] default []
        }
        model Record {
          id: Int from id, ID, "record.id" where range(0...)
          title: String? where nonEmpty, pattern("^(a+)+$")
          price: Decimal? where range(0..<1000)
          ratio: Double?
          flag: Bool default false
          when: Date? using iso8601
          stamp: Date? from meta.stamp using date("EEE MMM dd HH:mm:ss Z yyyy")
          link: URL?
          kind: Kind default a
          level: String? using level
          tags: [String: Int]? where nonEmpty
          first: String? from items[0].name
          last: JSON? from items[-1]
          child: Child?
          check flag or kind == b or count(tags) > 1 else "needs a flag"
        }
        """
    return try! Rules(source: SourceFile(name: "fuzz.map", text: text))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMapping(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let model = try! fuzzRules.model(named: nil)
    _ = try? fuzzRules.mapDocument(bytes, to: model) { record in
        if let value = record.value { _ = JSONWriter.serialize(value) }
        for error in record.errors { _ = DiagnosticRenderer().render(error, input: "fuzz.json") }
    }
    return 0
}
