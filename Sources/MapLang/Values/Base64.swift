/// Base64 text and the bytes it stands for (RFC 4648): the standard
/// alphabet, or the URL-safe one (`-` and `_` for `+` and `/`), with or
/// without `=` padding on reading; standard and padded on writing, as
/// Codable writes `Data`.
package enum Base64 {
    /// Why text is not base64.
    struct Problem: Error, Equatable {
        /// What is wrong, lowercase.
        let reason: String
    }

    /// The standard alphabet.
    private static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Each byte's value in the alphabet, or 255: the standard alphabet, or the URL-safe one.
    private static func table(urlSafe: Bool) -> [UInt8] {
        var table = [UInt8](repeating: 255, count: 256)
        for (value, byte) in standard.enumerated() { table[Int(byte)] = UInt8(value) }
        if urlSafe {
            table[Int(UInt8(ascii: "+"))] = 255
            table[Int(UInt8(ascii: "/"))] = 255
            table[Int(UInt8(ascii: "-"))] = 62
            table[Int(UInt8(ascii: "_"))] = 63
        }
        return table
    }

    private static let standardTable = table(urlSafe: false)
    private static let urlSafeTable = table(urlSafe: true)

    /// The bytes a base64 text stands for.
    ///
    /// - Throws: `Problem` naming the first character that is not in the
    ///   alphabet, a length no base64 text has, or padding in the wrong place.
    static func decode(_ text: String, urlSafe: Bool = false) throws(Problem) -> [UInt8] {
        var characters = Array(text.utf8)
        var padding = 0
        while characters.last == UInt8(ascii: "="), padding < 2 {
            characters.removeLast()
            padding += 1
        }
        let table = urlSafe ? urlSafeTable : standardTable
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for (offset, character) in characters.enumerated() {
            let value = table[Int(character)]
            guard value != 255 else {
                let shown = String(decoding: [character], as: UTF8.self)
                throw Problem(reason: "it holds \(character < 0x80 ? "`\(shown)`" : "a byte") at \(offset + 1), which is not in the \(urlSafe ? "URL-safe " : "")base64 alphabet")
            }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        if padding > 0, (characters.count + padding) % 4 != 0 {
            throw Problem(reason: "its `=` padding does not make its length a multiple of four")
        }
        guard characters.count % 4 != 1 else { throw Problem(reason: "its length, \(text.utf8.count), is no base64 length") }
        return bytes
    }

    /// Base64 text as a `Data` field holds it: standard and padded.
    ///
    /// - Throws: `Problem` when the text is not base64.
    static func canonical(_ text: String, urlSafe: Bool = false) throws(Problem) -> String {
        encode(try decode(text, urlSafe: urlSafe))
    }

    /// The standard, padded base64 text of bytes.
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            text.append(standard[Int(group >> 18 & 63)])
            text.append(standard[Int(group >> 12 & 63)])
            text.append(second == nil ? UInt8(ascii: "=") : standard[Int(group >> 6 & 63)])
            text.append(third == nil ? UInt8(ascii: "=") : standard[Int(group & 63)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The URL-safe, unpadded base64 text of bytes.
    static func encodeURLSafe(_ bytes: some Collection<UInt8>) -> String {
        var text = Array(encode(bytes).utf8)
        while text.last == UInt8(ascii: "=") { text.removeLast() }
        for index in text.indices {
            if text[index] == UInt8(ascii: "+") { text[index] = UInt8(ascii: "-") }
            if text[index] == UInt8(ascii: "/") { text[index] = UInt8(ascii: "_") }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
