/// Decides whether a string is an absolute URL, as RFC 3986 defines one.
///
/// A URL needs a scheme (`https:`), and for the schemes that name a host
/// (`http`, `https`, `ftp`, `ws`, `wss`) a non-empty host after `//`. Spaces,
/// control characters and characters RFC 3986 never allows (`<>"{}|\^` and
/// the backtick) are rejected, as are `%` escapes not followed by two hex digits.
enum URLValidator {
    /// Why the text is not an absolute URL, or `nil` when it is one.
    static func problem(with text: String) -> String? {
        var text = text
        return text.withUTF8 { problem(withUTF8: $0) }
    }

    /// Why UTF-8 text is not an absolute URL, or `nil` when it is one.
    static func problem(withUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
            return "a URL starts with a scheme such as `https:`"
        }
        let scheme = bytes[..<colon]
        guard isLetter(scheme[scheme.startIndex]),
            scheme.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return "a URL starts with a scheme such as `https:`" }
        var index = colon + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte <= 0x20 || byte == 0x7F { return "URLs cannot contain spaces or control characters" }
            if isDisallowed(byte) { return "URLs cannot contain `\(Character(UnicodeScalar(byte)))`" }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return "`%` must be followed by two hex digits"
                }
            }
            index += 1
        }
        if namesHost(scheme), let missing = missingHost(after: colon, in: bytes) {
            return "a `\(String(decoding: scheme, as: UTF8.self).lowercased())` URL needs \(missing)"
        }
        return nil
    }

    /// What a URL whose scheme names a host lacks after the scheme's colon, or `nil` when it has a host.
    private static func missingHost(after colon: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let slash = UInt8(ascii: "/")
        guard bytes.count - colon > 2, bytes[colon + 1] == slash, bytes[colon + 2] == slash else { return "`//` and a host" }
        // The authority ends where a path, a query or a fragment starts; its
        // host starts past its last `@`.
        var host = colon + 3
        var end = host
        while end < bytes.count, bytes[end] != slash, bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
            if bytes[end] == UInt8(ascii: "@") { host = end + 1 }
            end += 1
        }
        return host == end || bytes[host] == UInt8(ascii: ":") ? "a host" : nil
    }

    /// Whether a scheme, in any case, is one whose URLs must name a host:
    /// `http`, `https`, `ftp`, `ws` or `wss`.
    ///
    /// The scheme's bytes make one number, the first byte highest, each
    /// with bit 5 set: that lowers a letter's case and leaves the other
    /// bytes a scheme may hold (digits, `+`, `-`, `.`) unchanged, none of
    /// them a letter.
    static func namesHost(_ scheme: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard scheme.count <= 5 else { return false }
        switch scheme.reduce(UInt64(0), { $0 << 8 | UInt64($1 | 0x20) }) {
        // "http", "https", "ftp", "ws", "wss", a byte of each per two hex digits.
        case 0x68_74_74_70, 0x68_74_74_70_73, 0x66_74_70, 0x77_73, 0x77_73_73: return true
        default: return false
        }
    }

    /// Whether a byte is an ASCII character RFC 3986 does not allow anywhere in a URL: one of `<>"{}|\^` and the backtick.
    private static func isDisallowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"):
            true
        default:
            false
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
