import Testing

@testable import MapLang

/// `JSONScanner.skimContainer` passes an array or an object by its brackets
/// and quotes alone, and `skimValue` any value: on well-formed JSON they
/// stop exactly where `skipValue` stops, and they never read past the input.
struct JSONScannerSkimTests {
    /// Where skimming the value at the start of `text` stops, or `nil` when it ran out of input.
    static func skimEnd(_ text: String, stopsAtLineBreaks: Bool = false) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes: bytes, options: JSONReaderOptions())
            scanner.stopsAtLineBreaks = stopsAtLineBreaks
            return scanner.skimContainer() ? scanner.position : nil
        }
    }

    /// Where `skipValue` stops on the value at the start of `text`.
    static func skipEnd(_ text: String) throws -> Int {
        try Array(text.utf8).withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes: bytes, options: JSONReaderOptions())
            try scanner.skipValue(depth: 0)
            return scanner.position
        }
    }

    @Test(arguments: [
        "{}", "[]", "[[], {}]", #"{"a": 1}"#, #"{"a": "}"}"#, #"["]", "[", "{"]"#, #"{"a\"}": "\\"}"#,
        #"{"a": "\\\""}"#, #"{"a": [1, {"b": [true, null, -2.5e3]}], "c": "é\u00e9😀"}"#,
        #"[" a long string of more than eight bytes, with \" and \\ in it ", "]]]]]]]]]]"]"#,
        " [ { \"k\" : [ ] } ] ", #"["1234567\"]"]"#, #"["123456\\", "]"]"#, #"["1234567\\", "]"]"#,
        "[\n1,\n{\"a\":\n\"b\"}\n]", String(repeating: "[", count: 500) + String(repeating: "]", count: 500),
    ])
    func stopsWhereSkippingStops(_ value: String) throws {
        let text = value.drop { $0 == " " } + ", 1"
        #expect(Self.skimEnd(String(text)) == (try Self.skipEnd(String(text))))
    }

    @Test(arguments: [
        "{", "[[]", #"{"a": "}"#, #"{"a": "\"#, #"{"a": "b\"}"#, #"["12345678901234567890]"#, "[{]",
    ])
    func runsOutOfInputWithoutReadingPastIt(_ text: String) {
        #expect(Self.skimEnd(text) == nil)
    }

    /// Reading NDJSON in place, a line break ends the skim, inside a string
    /// or out of it, escaped or not: the value does not end on its line.
    @Test func stopsAtALineBreakWhenTheScannerDoes() {
        for text in ["[1,\n2]", "[\"a\nb\"]", "[\"a\\\nb\"]", "[\"12345678\n\"]", "[\"1\n34567890\"]", "{\"a\": \"b\"\n}"] {
            #expect(Self.skimEnd(text, stopsAtLineBreaks: true) == nil, "\(text)")
        }
        #expect(Self.skimEnd("[1, \"a\"]\n[2]", stopsAtLineBreaks: true) == 8)
        #expect(Self.skimEnd("[1,\n2]") == 6)
    }

    /// Where `skimValue` stops on the value at the start of `text`, or `nil` when it ran out of input.
    static func skimValueEnd(_ text: String, stopsAtLineBreaks: Bool = false) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes: bytes, options: JSONReaderOptions())
            scanner.stopsAtLineBreaks = stopsAtLineBreaks
            return scanner.skimValue() ? scanner.position : nil
        }
    }

    @Test(arguments: [
        "1", "-2.5e+3", "0", "true", "false", "null", #""a\"b""#, #""a string of more than sixteen bytes, \\ and \" too""#,
        #"{"a": [1, "}"]}"#, "[]",
    ])
    func anyValueIsSkimmedToWhereSkippingStops(_ value: String) throws {
        for after in [", 1", "}", "]", " ,", "\t}", "\r\n]"] {
            #expect(Self.skimValueEnd(value + after) == (try Self.skipEnd(value + after)), "\(value + after)")
        }
    }

    /// A scalar runs to its delimiter whatever it is, even none at all, and
    /// not past the end of the input; a line break ends it, and in line mode
    /// a string may not cross one.
    @Test func scalarsAreSkimmedToTheirDelimiter() {
        #expect(Self.skimValueEnd("tru, 1") == 3)
        #expect(Self.skimValueEnd("12x}") == 3)
        #expect(Self.skimValueEnd(", 1") == 0)
        #expect(Self.skimValueEnd("12") == nil)
        #expect(Self.skimValueEnd("\"abc") == nil)
        #expect(Self.skimValueEnd("") == nil)
        #expect(Self.skimValueEnd("12\n}", stopsAtLineBreaks: true) == 2)
        #expect(Self.skimValueEnd("\"a\nb\", 1", stopsAtLineBreaks: true) == nil)
        #expect(Self.skimValueEnd("\"a\nb\", 1") == 5)
    }

    /// It checks nothing but brackets and quotes: what `skipValue` refuses,
    /// it may pass, which is why only values read in full later are skimmed.
    @Test func checksNothingElse() {
        #expect(Self.skimEnd(#"{"a": tru, "b": 01} x"#) == 19)
        #expect(Self.skimEnd("[}]") == 2)
        #expect(Self.skimEnd("[\"\u{01}\"]") == 5)
    }
}
