import MapLang

/// Encodes a value both ways — straight to source-shaped JSON, as
/// `Rules.encode` does for models on that path, and through reverse
/// mapping — and tells where the two differ.
///
/// The direct path promises exactly what reverse mapping writes, and to
/// write nothing where reverse mapping gives an error; the mapping fuzz
/// target and the tests hold it to that.
package enum DirectEncodingComparison {
    /// The difference between the two ways of encoding `value`, or `nil`
    /// when they agree or the direct path left the value to reverse mapping.
    package static func difference(_ rules: Rules, _ value: some Encodable, model: String? = nil) -> String? {
        guard let direct = rules.encodedDirectly(value, model: model) else { return nil }
        let written = String(decoding: direct, as: UTF8.self)
        do {
            let reversed = [UInt8](try rules.encodedThroughReverseMapping(value, model: model))
            return reversed == direct ? nil : "direct \(written), reverse mapping \(String(decoding: reversed, as: UTF8.self))"
        } catch {
            return "direct \(written), reverse mapping failed: \(error)"
        }
    }

    /// Rules whose models `Rules.encode` writes directly, with every
    /// construct that path takes, and a model with a check, which it leaves
    /// to reverse mapping.
    package static let rules: Rules = {
        let text = """
            root Record
            keys snake_case
            enum Kind {
              a
              b from "B", 2
              default a
            }
            model Owner {
              login: String where length(1...8)
              id: Int? where range(0...)
              admin: Bool?
            }
            model Tag {
              name: String where nonEmpty, pattern("^[a-z]+$")
              weight: Double?
            }
            model Record {
              id: Int where range(0...)
              title: String? where oneOf("a", "b", "long title")
              author: String? from owner.login
              owner: Owner?
              deep: Int? from meta.counts.deep
              wide: String? from meta.wide
              when: Date? using iso8601
              since: Date?
              link: URL?
              kind: Kind?
              ratio: Double?
              tags: [Tag]?
              names: [String?]?
              grid: [[Int]]?
            }
            model Audit {
              name: String
              record: Record?
              check name != "zz" else "not zz"
            }
            """
        return try! Rules(source: SourceFile(name: "encoding.map", text: text))
    }()
}
