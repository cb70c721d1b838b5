import Testing

@testable import MapLang

/// What `URLValidator` accepts and why it refuses the rest, byte by byte.
struct URLValidatorTests {
    /// Every byte in the path of a URL: refused exactly when it is a space,
    /// a control character, one of `<>"{}|\^` and the backtick, or a `%`
    /// without two hex digits after it.
    @Test func everyByteAfterTheScheme() {
        for byte in UInt8.min...UInt8.max {
            let text = Array("https://example.com/a".utf8) + [byte] + Array("b".utf8)
            let problem = text.withUnsafeBufferPointer { URLValidator.problem(withUTF8: $0) }
            let expected: String? =
                switch byte {
                case 0...0x20, 0x7F: "URLs cannot contain spaces or control characters"
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"),
                    UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"):
                    "URLs cannot contain `\(Character(UnicodeScalar(byte)))`"
                case UInt8(ascii: "%"): "`%` must be followed by two hex digits"
                default: nil
                }
            #expect(problem == expected, "byte \(byte)")
        }
    }

    /// The five schemes that name a host, in any case, and no other.
    @Test func schemesThatNameAHost() {
        let named = ["http", "https", "ftp", "ws", "wss", "HTTP", "HtTpS", "FTP", "wS", "WSS"]
        let others = ["h", "htt", "httpss", "ftps", "sftp", "w", "ws1", "wss.", "http+", "file", "mailto", "ws-s", "httpx"]
        for scheme in named + others {
            let expected = named.contains(scheme)
            let names = Array(scheme.utf8).withUnsafeBufferPointer { URLValidator.namesHost($0[...]) }
            #expect(names == expected, "\(scheme)")
        }
    }

    @Test func percentEscapesAndHosts() {
        let cases: [(String, String?)] = [
            ("https://example.com/%41%7e", nil),
            ("https://example.com/%4", "`%` must be followed by two hex digits"),
            ("https://example.com/%4g", "`%` must be followed by two hex digits"),
            ("https://example.com/%", "`%` must be followed by two hex digits"),
            ("https://example.com", nil),
            ("https://user:pw@example.com:8080/x", nil),
            ("https://a@b@host?q", nil),
            // The host starts past the last `@`, not the first.
            ("https://a@:x@host", nil),
            ("https://a@host:1@:80", "a `https` URL needs a host"),
            ("https://", "a `https` URL needs a host"),
            ("https:/", "a `https` URL needs `//` and a host"),
            ("https:", "a `https` URL needs `//` and a host"),
            ("HTTP:x", "a `http` URL needs `//` and a host"),
            ("https://user@/path", "a `https` URL needs a host"),
            ("https://user@:80", "a `https` URL needs a host"),
            ("wss://:443", "a `wss` URL needs a host"),
            ("https://?q", "a `https` URL needs a host"),
            ("https://#f", "a `https` URL needs a host"),
            ("mailto:someone@example.com", nil),
            ("file:///etc/hosts", nil),
            ("urn:isbn:0451450523", nil),
            ("example.com", "a URL starts with a scheme such as `https:`"),
            (":x", "a URL starts with a scheme such as `https:`"),
            ("1http://x", "a URL starts with a scheme such as `https:`"),
            ("ht_tp://x", "a URL starts with a scheme such as `https:`"),
        ]
        for (text, expected) in cases {
            #expect(URLValidator.problem(with: text) == expected, "\(text)")
        }
    }
}
