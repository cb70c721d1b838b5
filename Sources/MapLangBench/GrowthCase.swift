/// A shape of input that a careless path would map in quadratic time,
/// generated at any number of units: keys in one object, bytes in one
/// string, levels of nesting, errors, fields of a model.
///
/// The benchmark maps each at a size and at eight times that size. If the
/// time per unit stays the same, the time grows linearly.
struct GrowthCase: Sendable {
    /// What grows, as the table names it, such as `keys in one object`.
    let name: String
    /// One unit, such as `key`.
    let unit: String
    /// The units at the smaller size.
    var units: Int
    /// The rules for a number of units.
    let rules: @Sendable (Int) -> String
    /// How many errors mapping the input with a number of units reports.
    let errors: @Sendable (Int) -> Int
    /// The input with a number of units.
    let input: @Sendable (Int) -> [UInt8]

    /// Every case, at sizes that take a few milliseconds.
    static let all: [GrowthCase] = [manyKeys, manyKeysStrict, longString, deepNesting, manyErrorsInARecord, manyFailingRecords, manyFields]

    /// One object with many keys, the field's key last.
    static let manyKeys = GrowthCase(
        name: "keys in one object", unit: "key", units: 20_000,
        rules: { _ in "model Record {\n  last: Int\n  first: String from k0\n}\n" }, errors: { _ in 0 }
    ) { count in
        var text = "{"
        for index in 0..<count { text += "\"k\(index)\":\"\(index)\"," }
        text += "\"last\":1}"
        return Array(text.utf8)
    }

    /// The same object read as a tree, every key checked against the
    /// others, since a strict rules file rejects duplicate keys.
    static let manyKeysStrict = GrowthCase(
        name: "keys in one object, strict", unit: "key", units: 20_000,
        rules: { _ in "strict\nmodel Record {\n  last: Int\n  first: String from k0\n}\n" }, errors: { _ in 0 },
        input: manyKeys.input)

    /// One string with escapes and characters of every width, checked for length.
    static let longString = GrowthCase(
        name: "bytes in one string", unit: "byte", units: 1_000_000,
        rules: { _ in "model Record {\n  text: String where length(1...)\n}\n" }, errors: { _ in 0 }
    ) { count in
        let piece = #"plain text, \"quoted\", a tab\t, é, € and 😀\n"#
        var text = ""
        text.reserveCapacity(count + piece.utf8.count)
        while text.utf8.count < count { text += piece }
        return Array(#"{"text":""#.utf8) + Array(text.utf8) + Array(#""}"#.utf8)
    }

    /// Records of models nested in themselves, one level per unit.
    static let deepNesting = GrowthCase(
        name: "levels of nesting", unit: "level", units: 50,
        rules: { _ in "model Node {\n  id: Int\n  child: Node?\n  skipped: JSON?\n}\n" }, errors: { _ in 0 }
    ) { levels in
        var record = ""
        for level in 0..<levels { record += "{\"id\":\(level),\"other\":[[[{\"a\":[1]}]]],\"child\":" }
        record += "null" + String(repeating: "}", count: levels)
        return Array(("[" + Array(repeating: record, count: 400).joined(separator: ",") + "]").utf8)
    }

    /// One record whose array holds a wrong value in every element.
    static let manyErrorsInARecord = GrowthCase(
        name: "errors in one record", unit: "error", units: 5_000,
        rules: { _ in "model Record {\n  values: [Int]\n}\n" }, errors: { $0 }
    ) { count in
        Array(("{\"values\":[" + (0..<count).map { "\"v\($0)\"" }.joined(separator: ",") + "]}").utf8)
    }

    /// An array of records that each fail a rule.
    static let manyFailingRecords = GrowthCase(
        name: "failing records", unit: "record", units: 5_000,
        rules: { _ in "model Record {\n  id: Int where range(1...)\n  name: String\n}\n" }, errors: { $0 }
    ) { count in
        Array(("[" + (0..<count).map { "{\"id\":-\($0),\"name\":\"n\($0)\"}" }.joined(separator: ",") + "]").utf8)
    }

    /// Records of a model with many fields, one unit per field.
    static let manyFields = GrowthCase(
        name: "fields of a model", unit: "field", units: 10,
        rules: { fields in "model Record {\n" + (0..<fields).map { "  f\($0): Int\n" }.joined() + "}\n" }, errors: { _ in 0 }
    ) { fields in
        let record = "{" + (0..<fields).map { "\"f\($0)\":\($0)" }.joined(separator: ",") + "}"
        return Array(("[" + Array(repeating: record, count: 2_000).joined(separator: ",") + "]").utf8)
    }
}
