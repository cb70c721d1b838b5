import MapLang

/// Checks that two JSON outputs hold the same data: the same members in
/// any order, numbers by value, and strings that are both ISO-8601 dates
/// compared as instants.
public enum SameData {
    /// The first difference between two documents, or `nil` when they hold the same data.
    public static func difference(_ first: [UInt8], _ second: [UInt8]) -> String? {
        do {
            return difference(try JSONReader.parse(first), try JSONReader.parse(second), at: "$")
        } catch {
            return "not JSON: \(error)"
        }
    }

    private static func difference(_ a: JSONValue, _ b: JSONValue, at path: String) -> String? {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            let left = Dictionary(x.members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            let right = Dictionary(y.members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            guard Set(left.keys) == Set(right.keys) else {
                return "\(path): keys \(left.keys.sorted()) and \(right.keys.sorted())"
            }
            for key in left.keys.sorted() {
                if let found = difference(left[key]!, right[key]!, at: path + "." + key) { return found }
            }
            return nil
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return "\(path): \(x.count) and \(y.count) elements" }
            for (index, (left, right)) in zip(x, y).enumerated() {
                if let found = difference(left, right, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case (.number(let x), .number(let y)):
            return x.doubleValue == y.doubleValue ? nil : "\(path): \(x.literal) and \(y.literal)"
        case (.string(let x), .string(let y)):
            if x == y { return nil }
            if let left = Timestamp(iso8601: x), let right = Timestamp(iso8601: y), left == right { return nil }
            return "\(path): \"\(x)\" and \"\(y)\""
        default:
            return a == b ? nil : "\(path): \(a.preview) and \(b.preview)"
        }
    }
}
