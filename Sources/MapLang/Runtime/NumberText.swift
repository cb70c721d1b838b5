/// Canonical text for numbers, so `1`, `1.0` and `1e0` look up the same enum or table row.
enum NumberText {
    /// The canonical text of a JSON number literal: the integer's digits when
    /// it is a whole number that fits in 64 bits, else the shortest text of its
    /// `Double` value.
    static func canonical(_ literal: String) -> String {
        let number = JSONNumber(literal: literal)
        if let integer = number.integralInt64Value { return String(integer) }
        return String(number.doubleValue)
    }
}

extension NumberText {
    /// Whether text is a JSON number literal: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isLiteral(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits(_ bytes: inout Substring.UTF8View.SubSequence) -> Int {
            let count = bytes.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits(&bytes) == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if digits(&bytes) == 0 { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            if digits(&bytes) == 0 { return false }
        }
        return bytes.isEmpty
    }
}
