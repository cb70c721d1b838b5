import Testing

@testable import MapLang

/// `JSONScanner.skimContainer` passes an array or an object by its brackets
/// and quotes alone, and `skimValue` any value: on well-formed JSON they
/// stop exactly where `skipValue` stops, and they never read past the input.
struct JSONScannerSkimTests {
    /// Where skimming the value at the start of `text` stops, or `nil` when it ran out of input.
    static func skimEnd(_ text: String, from start: Int = 0, stopsAtLineBreaks: Bool = false) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes: bytes, options: JSONReaderOptions())
            scanner.stopsAtLineBreaks = stopsAtLineBreaks
            scanner.position = start
            return scanner.skimContainer() ? scanner.position : nil
        }
    }

    /// Where `skipValue` stops on the value at `start` in `text`.
    static func skipEnd(_ text: String, from start: Int = 0) throws -> Int {
        try Array(text.utf8).withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes: bytes, options: JSONReaderOptions())
            scanner.position = start
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

    /// The skim reads blocks of 64 bytes as bits, the input's last bytes
    /// with zeros after them, escapes and line breaks in the same blocks:
    /// containers of every shape, their contents shifted to every offset
    /// within a block, end where skipping ends them, however their strings,
    /// escapes and brackets fall across blocks.
    @Test func stopsWhereSkippingStopsAtEveryOffsetInABlock() throws {
        var generator = SeededGenerator(seed: 64)
        var values = [
            String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
            "[\"" + String(repeating: "\\\\", count: 40) + "\\\"]\", \"]\"]",
            "{\"a\": \"" + String(repeating: "{[", count: 50) + "\", \"b\": [" + String(repeating: "\"}\", ", count: 30) + "1]}",
            // An escaped quote on either side of a block's end, with a whole block after it.
            "[\"\\\"" + String(repeating: "]", count: 140) + "\"]",
            "[\"" + String(repeating: "\\\\\\\"", count: 30) + "\"]",
        ]
        for _ in 0..<60 { values.append(Self.randomContainer(depth: 0, using: &generator)) }
        for value in values {
            // Blocks start at the container: white space after its bracket shifts the rest.
            for offset in 0..<JSONScanner.blockWidth {
                let shifted = value.prefix(1) + String(repeating: " ", count: offset) + value.dropFirst()
                for after in [", 1", ""] {
                    let text = "x" + shifted + after
                    let skipped = try Self.skipEnd(text, from: 1)
                    #expect(Self.skimEnd(text, from: 1) == skipped, "\(offset): \(value)")
                    #expect(Self.skimEnd(text, from: 1, stopsAtLineBreaks: true) == skipped, "\(offset): \(value)")
                }
                #expect(Self.skimEnd(String(shifted.dropLast())) == nil, "\(offset): \(value)")
            }
        }
    }

    /// A random array or object of strings with brackets, quotes and
    /// escapes in them, numbers, literals and nested containers.
    static func randomContainer(depth: Int, using generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...(depth < 3 ? 6 : 2), using: &generator)
        let isObject = Bool.random(using: &generator)
        var members: [String] = []
        for _ in 0..<count {
            let value: String
            switch Int.random(in: 0..<(depth < 3 ? 5 : 4), using: &generator) {
            case 0: value = "\(Int.random(in: -99999...99999, using: &generator))"
            case 1: value = ["true", "false", "null"].randomElement(using: &generator)!
            case 2, 3: value = randomString(using: &generator)
            default: value = randomContainer(depth: depth + 1, using: &generator)
            }
            members.append(isObject ? randomString(using: &generator) + ":" + value : value)
        }
        let spacing = ["", " ", "  \t"].randomElement(using: &generator)!
        let inside = members.joined(separator: "," + spacing)
        return isObject ? "{" + spacing + inside + "}" : "[" + inside + spacing + "]"
    }

    /// A random string literal, its pieces drawn from plain text, brackets, escapes and non-ASCII characters.
    static func randomString(using generator: inout SeededGenerator) -> String {
        let pieces = ["a", "plain words ", "{", "}", "[", "]", "\\\"", "\\\\", "\\n", "\\u00e9", "é", "😀", ":", ","]
        let count = Int.random(in: 0...24, using: &generator)
        return "\"" + (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined() + "\""
    }

    /// Reading NDJSON in place, a line break ends the skim, inside a string
    /// or out of it, escaped or not: the value does not end on its line.
    @Test func stopsAtALineBreakWhenTheScannerDoes() {
        for text in ["[1,\n2]", "[\"a\nb\"]", "[\"a\\\nb\"]", "[\"12345678\n\"]", "[\"1\n34567890\"]", "{\"a\": \"b\"\n}"] {
            #expect(Self.skimEnd(text, stopsAtLineBreaks: true) == nil, "\(text)")
        }
        #expect(Self.skimEnd("[1, \"a\"]\n[2]", stopsAtLineBreaks: true) == 8)
        // In a block of 64 bytes read as bits, and at its end.
        let long = "[\"" + String(repeating: "a", count: 80) + "\"]"
        for breakAt in [2, 40, 62, 63, 64, 65, 82] {
            for inserted in ["\n", "\\\n"] {
                var bytes = Array(long.utf8)
                bytes.insert(contentsOf: inserted.utf8, at: breakAt)
                #expect(Self.skimEnd(String(decoding: bytes, as: UTF8.self), stopsAtLineBreaks: true) == nil, "\(breakAt)")
            }
        }
        #expect(Self.skimEnd(long + "\n" + long, stopsAtLineBreaks: true) == long.utf8.count)
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
