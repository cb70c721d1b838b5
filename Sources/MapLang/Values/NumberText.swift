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

    /// The shortest JSON text that reads back as the same double: `42`, not
    /// `42.0`; `1e-5`, not `1e-05`; `1e20`, not `1e+20`.
    ///
    /// - Precondition: `double` is finite.
    static func json(_ double: Double) -> String {
        var bytes: [UInt8] = []
        appendJSON(double, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `json(double)`'s text as UTF-8.
    ///
    /// - Precondition: `double` is finite.
    static func appendJSON(_ double: Double, to bytes: inout [UInt8]) {
        // Swift's description is already the shortest digits that read back
        // the same; only its spelling of whole numbers and exponents is longer.
        var text = double.description
        text.withUTF8 { utf8 in
            let exponentStart = utf8.firstIndex(of: UInt8(ascii: "e")) ?? utf8.count
            var mantissaEnd = exponentStart
            if mantissaEnd >= 2, utf8[mantissaEnd - 2] == UInt8(ascii: "."), utf8[mantissaEnd - 1] == UInt8(ascii: "0") {
                mantissaEnd -= 2
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<mantissaEnd]))
            guard exponentStart < utf8.count else { return }
            bytes.append(UInt8(ascii: "e"))
            var index = exponentStart + 1
            if utf8[index] == UInt8(ascii: "-") { bytes.append(UInt8(ascii: "-")) }
            if utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") { index += 1 }
            // Leading zeros go, but not the last digit: `1e0`.
            while index < utf8.count - 1, utf8[index] == UInt8(ascii: "0") { index += 1 }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index...]))
        }
    }
}

extension NumberText {
    /// The text as a JSON number literal, allowing white space around it.
    static func literal(in text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        return isLiteral(trimmed) ? trimmed : nil
    }

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

extension String {
    /// The string without white space and line breaks at either end.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
