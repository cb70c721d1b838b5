import Testing

@testable import MapLang

/// A number value from its literal, for expected values.
func jsonNumber(_ literal: String) -> JSONValue {
    .number(JSONNumber(literal)!)
}

/// An object value from key-value pairs in order, for expected values.
func jsonObject(_ members: (String, JSONValue)...) -> JSONValue {
    .object(JSONObject(members.map { JSONMember(key: $0.0, value: $0.1) }))
}

/// Parses UTF-8 text.
func parseJSON(_ text: String, options: JSONReaderOptions = .init()) throws(JSONSyntaxError) -> JSONValue {
    try JSONReader.parse(Array(text.utf8), options: options)
}

/// Parses and returns the syntax error, or `nil` when parsing succeeds.
func jsonSyntaxError(_ bytes: [UInt8], options: JSONReaderOptions = .init()) -> JSONSyntaxError? {
    do {
        _ = try JSONReader.parse(bytes, options: options)
        return nil
    } catch {
        return error
    }
}

struct JSONReaderTests {
    struct ValidCase: CustomTestStringConvertible, Sendable {
        let id: String
        let input: String
        let expected: JSONValue
        var testDescription: String { id }
    }

    static let validCases: [ValidCase] = [
        ValidCase(id: "null", input: "null", expected: .null),
        ValidCase(id: "true", input: " true ", expected: .bool(true)),
        ValidCase(id: "false", input: "\t\r\nfalse\n", expected: .bool(false)),
        ValidCase(id: "zero", input: "0", expected: jsonNumber("0")),
        ValidCase(id: "negative zero", input: "-0", expected: jsonNumber("-0")),
        ValidCase(
            id: "big integer stays exact", input: "505874924095815681", expected: jsonNumber("505874924095815681")),
        ValidCase(id: "trailing zeros kept", input: "1.50", expected: jsonNumber("1.50")),
        ValidCase(id: "huge exponent kept", input: "1e400", expected: jsonNumber("1e400")),
        ValidCase(
            id: "exponent forms", input: "[1E+2,-1e-2,0.5E0]",
            expected: .array([jsonNumber("1E+2"), jsonNumber("-1e-2"), jsonNumber("0.5E0")])),
        ValidCase(
            id: "integer beyond Int64", input: "123456789012345678901234567890",
            expected: jsonNumber("123456789012345678901234567890")),
        ValidCase(id: "empty string", input: #""""#, expected: .string("")),
        ValidCase(id: "non-ASCII string", input: #""é😀中""#, expected: .string("é😀中")),
        ValidCase(
            id: "simple escapes", input: #""\"\\\/\b\f\n\r\t""#, expected: .string("\"\\/\u{8}\u{C}\n\r\t")),
        ValidCase(id: "unicode escapes", input: #""\u0041\u00e9\u4E2D""#, expected: .string("Aé中")),
        ValidCase(id: "surrogate pair", input: #""\uD83D\uDE00""#, expected: .string("😀")),
        ValidCase(id: "lowercase surrogate pair", input: #""x\ud834\udd1ey""#, expected: .string("x𝄞y")),
        ValidCase(id: "escaped NUL", input: #""a\u0000b""#, expected: .string("a\u{0}b")),
        ValidCase(id: "DEL is not a control character", input: "\"\u{7F}\"", expected: .string("\u{7F}")),
        ValidCase(id: "empty array", input: "[ ]", expected: .array([])),
        ValidCase(id: "empty object", input: "{ }", expected: jsonObject()),
        ValidCase(
            id: "nested", input: #"{"a": [1, {"b": null}], "c": {}}"#,
            expected: jsonObject(("a", .array([jsonNumber("1"), jsonObject(("b", .null))])), ("c", jsonObject()))),
        ValidCase(
            id: "keys keep input order", input: #"{"b":1,"a":2,"c":3}"#,
            expected: jsonObject(("b", jsonNumber("1")), ("a", jsonNumber("2")), ("c", jsonNumber("3")))),
        ValidCase(
            id: "last duplicate wins at first position", input: #"{"a":1,"b":2,"a":3}"#,
            expected: jsonObject(("a", jsonNumber("3")), ("b", jsonNumber("2")))),
        ValidCase(
            id: "canonically equivalent keys stay apart", input: #"{"\u00e9":1,"e\u0301":2}"#,
            expected: jsonObject(("\u{E9}", jsonNumber("1")), ("e\u{301}", jsonNumber("2")))),
        ValidCase(id: "byte order mark", input: "\u{FEFF}[1]", expected: .array([jsonNumber("1")])),
        ValidCase(
            id: "deeply nested within limit",
            input: String(repeating: "[", count: 512) + String(repeating: "]", count: 512), expected: nest(512)),
    ]

    /// `depth` arrays, each holding the next; the innermost is empty.
    static func nest(_ depth: Int) -> JSONValue {
        var value = JSONValue.array([])
        for _ in 1..<depth { value = .array([value]) }
        return value
    }

    @Test(arguments: validCases)
    func parsesValidInput(_ test: ValidCase) throws {
        #expect(try parseJSON(test.input) == test.expected)
    }

    struct InvalidCase: CustomTestStringConvertible, Sendable {
        let id: String
        let input: [UInt8]
        let message: String
        let line: Int
        let column: Int
        var testDescription: String { id }

        init(_ id: String, _ input: String, _ message: String, _ line: Int, _ column: Int) {
            self.init(id, Array(input.utf8), message, line, column)
        }

        init(_ id: String, _ input: [UInt8], _ message: String, _ line: Int, _ column: Int) {
            self.id = id
            self.input = input
            self.message = message
            self.line = line
            self.column = column
        }
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase("empty input", "", "expected a value, found end of input", 1, 1),
        InvalidCase("only whitespace", "  \n ", "expected a value, found end of input", 2, 2),
        InvalidCase("trailing comma in array", "[1,]", "expected a value, found `]`", 1, 4),
        InvalidCase("missing comma", "[1 2]", "expected `,` or `]` after an array element, found `2`", 1, 4),
        InvalidCase("wrong closer for array", "[1}", "expected `,` or `]` after an array element, found `}`", 1, 3),
        InvalidCase("unclosed array", "[1,", "expected a value, found end of input", 1, 4),
        InvalidCase("unclosed empty array", "[", "expected a value or `]`, found end of input", 1, 2),
        InvalidCase("extra closer", #"{"a":1}}"#, "unexpected `}` after the end of the JSON value", 1, 8),
        InvalidCase("two values", "1 2", "unexpected `2` after the end of the JSON value", 1, 3),
        InvalidCase("junk after value", "[1]x", "unexpected `x` after the end of the JSON value", 1, 4),
        InvalidCase("missing colon", #"{"a" 1}"#, "expected `:` after an object key, found `1`", 1, 6),
        InvalidCase("trailing comma in object", #"{"a":1,}"#, "expected a string key, found `}`", 1, 8),
        InvalidCase("number key", "{1:2}", "expected a string key or `}`, found `1`", 1, 2),
        InvalidCase("unquoted key", "{a:2}", "expected a string key or `}`, found `a`", 1, 2),
        InvalidCase(
            "wrong closer for object", #"{"a":1]"#, "expected `,` or `}` after an object member, found `]`", 1, 7),
        InvalidCase(
            "missing comma in object", #"{"a":1 "b":2}"#, "expected `,` or `}` after an object member, found `\"`", 1, 8
        ),
        InvalidCase("missing value", #"{"a":}"#, "expected a value, found `}`", 1, 6),
        InvalidCase("truncated literal", "[tru]", "expected `true`, found `tru`", 1, 2),
        InvalidCase("literal runs on", "truex", "expected `true`, found `truex`", 1, 1),
        InvalidCase("truncated null at end", "nul", "expected `null`, found `nul`", 1, 1),
        InvalidCase("capitalised literal", "True", "expected a value, found `True`", 1, 1),
        InvalidCase("NaN", "[NaN]", "expected a value or `]`, found `NaN`", 1, 2),
        InvalidCase("single quotes", "['a']", "expected a value or `]`, found `'`", 1, 2),
        InvalidCase(
            "leading zero", "[01]", "invalid number `01`: a leading `0` must not be followed by more digits", 1, 2),
        InvalidCase("lone minus", "[-]", "invalid number `-`: `-` must be followed by a digit", 1, 2),
        InvalidCase("minus infinity", "-Infinity", "invalid number `-Infinity`: `-` must be followed by a digit", 1, 1),
        InvalidCase("missing fraction", "[1.]", "invalid number `1.`: `.` must be followed by a digit", 1, 2),
        InvalidCase("fraction then exponent", "[1.e5]", "invalid number `1.e5`: `.` must be followed by a digit", 1, 2),
        InvalidCase("missing exponent", "[1e+]", "invalid number `1e+`: the exponent needs at least one digit", 1, 2),
        InvalidCase(
            "hex number", "[0x1F]", "invalid number `0x1F`: a number must not run on into letters or another `.`", 1, 2),
        InvalidCase(
            "two points", "1.2.3", "invalid number `1.2.3`: a number must not run on into letters or another `.`", 1, 1),
        InvalidCase("leading point", "[.5]", "expected a value or `]`, found `.`", 1, 2),
        InvalidCase("leading plus", "[+1]", "expected a value or `]`, found `+`", 1, 2),
        InvalidCase("unterminated string", "\"abc", "expected `\"` to close the string, found end of input", 1, 5),
        InvalidCase("end after backslash", "[\"\\", "expected `\"` to close the string, found end of input", 1, 4),
        InvalidCase("raw tab in string", "[\"a\tb\"]", "unescaped control character U+0009 in a string", 1, 4),
        InvalidCase("raw newline in string", "[\"a\nb\"]", "unescaped control character U+000A in a string", 1, 4),
        InvalidCase("unknown escape", #"["\x"]"#, "invalid escape `\\` followed by `x` in a string", 1, 3),
        InvalidCase(
            "escaped control character", "[\"\\\u{1}\"]", "invalid escape `\\` followed by U+0001 in a string", 1, 3),
        InvalidCase(
            "short unicode escape", #"["\u12G4"]"#, "invalid escape `\\u12`: `\\u` must be followed by four hex digits",
            1, 3),
        InvalidCase(
            "unicode escape cut off", #"["\u00"#, "invalid escape `\\u00`: `\\u` must be followed by four hex digits",
            1, 3),
        InvalidCase(
            "lone high surrogate", #"["\uD800"]"#,
            "high surrogate escape `\\uD800` is not followed by a low surrogate escape", 1, 3),
        InvalidCase(
            "high surrogate then letter", #"["\uD83Dx"]"#,
            "high surrogate escape `\\uD83D` is not followed by a low surrogate escape", 1, 3),
        InvalidCase(
            "two high surrogates", #"["\uD83D\uD83D"]"#,
            "high surrogate escape `\\uD83D` is not followed by a low surrogate escape", 1, 3),
        InvalidCase(
            "lone low surrogate", #"["a\uDE00"]"#,
            "low surrogate escape `\\uDE00` is not preceded by a high surrogate escape", 1, 4),
        InvalidCase(
            "inverted surrogates", #"["\uDD1E\uD834"]"#,
            "low surrogate escape `\\uDD1E` is not preceded by a high surrogate escape", 1, 3),
        InvalidCase(
            "overlong two-byte form", [0x22, 0xC0, 0x80, 0x22], "invalid UTF-8 sequence starting with byte 0xC0", 1, 2),
        InvalidCase(
            "overlong three-byte form", [0x22, 0xE0, 0x80, 0xAF, 0x22],
            "invalid UTF-8 sequence starting with byte 0xE0", 1, 2),
        InvalidCase(
            "surrogate in UTF-8", [0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 sequence starting with byte 0xED", 1, 2
        ),
        InvalidCase(
            "beyond U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 sequence starting with byte 0xF4",
            1, 2),
        InvalidCase(
            "truncated sequence", [0x22, 0x61, 0xE2, 0x82, 0x22], "invalid UTF-8 sequence starting with byte 0xE2", 1, 3
        ),
        InvalidCase(
            "sequence cut by end of input", [0x22, 0xE2, 0x82], "invalid UTF-8 sequence starting with byte 0xE2", 1, 2),
        InvalidCase(
            "stray continuation byte", [0x22, 0x80, 0x22], "invalid UTF-8 sequence starting with byte 0x80", 1, 2),
        InvalidCase(
            "Latin-1 byte", [0x5B, 0x22, 0xE9, 0x22, 0x5D], "invalid UTF-8 sequence starting with byte 0xE9", 1, 3),
        InvalidCase(
            "invalid UTF-8 outside strings", [0x5B, 0xFF, 0x5D], "invalid UTF-8 sequence starting with byte 0xFF", 1, 2),
        InvalidCase("non-ASCII outside strings", "[é]", "expected a value or `]`, found `é`", 1, 2),
        InvalidCase("no-break space is not whitespace", "[1,\u{A0}2]", "expected a value, found U+00A0", 1, 4),
        InvalidCase("control character outside strings", "[\u{1}]", "expected a value or `]`, found U+0001", 1, 2),
        InvalidCase(
            "UTF-16LE", [0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00], "input is UTF-16 or UTF-32; JSON must be UTF-8", 1, 1),
        InvalidCase("UTF-16BE", [0x00, 0x5B, 0x00, 0x5D], "input is UTF-16 or UTF-32; JSON must be UTF-8", 1, 1),
        InvalidCase("UTF-16 single character", [0x31, 0x00], "input is UTF-16 or UTF-32; JSON must be UTF-8", 1, 1),
        InvalidCase(
            "UTF-32LE", [0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00],
            "input is UTF-16 or UTF-32; JSON must be UTF-8", 1, 1),
        InvalidCase(
            "UTF-32BE", [0x00, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D],
            "input is UTF-16 or UTF-32; JSON must be UTF-8", 1, 1),
        InvalidCase("NUL byte is not UTF-16", [0x5B, 0x00, 0x5D], "expected a value or `]`, found U+0000", 1, 2),
        InvalidCase(
            "UTF-16BE byte order mark", [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D],
            "input is UTF-16 or UTF-32; JSON must be UTF-8", 1, 1),
        InvalidCase(
            "second byte order mark", [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x5B, 0x5D],
            "expected a value, found U+FEFF", 1, 1),
        InvalidCase(
            "column after byte order mark", [0xEF, 0xBB, 0xBF, 0x5B, 0x78], "expected a value or `]`, found `x`", 1, 2),
        InvalidCase("multi-line", "{\n  \"a\": [1,\n   2,,\n]}", "expected a value, found `,`", 3, 6),
        InvalidCase("CRLF line ends", "[1,\r\n2 3]", "expected `,` or `]` after an array element, found `3`", 2, 3),
        InvalidCase(
            "columns count characters", "[\"é😀\" x]", "expected `,` or `]` after an array element, found `x`", 1, 7),
    ]

    @Test(arguments: invalidCases)
    func rejectsInvalidInput(_ test: InvalidCase) throws {
        let error = try #require(jsonSyntaxError(test.input))
        #expect(error.message == test.message)
        #expect(error.line == test.line)
        #expect(error.column == test.column)
        #expect(error.description == "line \(test.line), column \(test.column): \(test.message)")
    }

    @Test func errorOffsetsCountBytes() throws {
        let error = try #require(jsonSyntaxError(Array("[\"é\", x]".utf8)))
        #expect(error.offset == 7)
        #expect(error.column == 7)
        #expect(error.reason == .unexpectedToken(found: "x", expected: .value))
    }

    @Test func rejectsDuplicateKeysWhenAsked() throws {
        let options = JSONReaderOptions(duplicateKeys: .reject)
        let error = try #require(jsonSyntaxError(Array(#"{"a":1,"b":{"a":2},"a":3}"#.utf8), options: options))
        #expect(error.reason == .duplicateKey("a"))
        #expect(error.message == "duplicate key `a` in an object")
        #expect(error.offset == 19)
        #expect((error.line, error.column) == (1, 20))
        // The same key in different objects is no duplicate.
        #expect(
            try parseJSON(#"[{"a":1},{"a":2}]"#, options: options)
                == .array([jsonObject(("a", jsonNumber("1"))), jsonObject(("a", jsonNumber("2")))]))
    }

    @Test(arguments: [JSONReaderOptions.DuplicateKeyPolicy.lastWins, .reject])
    func readsObjectsWithManyKeys(_ policy: JSONReaderOptions.DuplicateKeyPolicy) throws {
        let count = 100_000
        var text = "{"
        for index in 0..<count { text += "\"k\(index)\":\(index)," }
        // Every key again, so each lookup goes through the hash index.
        for index in 0..<count { text += "\"k\(index)\":\(-index)," }
        text.removeLast()
        text += "}"
        // How the time grows with the keys is measured by the benchmark (`GrowthCase`).
        let result = Result { () throws(JSONSyntaxError) in try parseJSON(text, options: .init(duplicateKeys: policy)) }
        switch policy {
        case .lastWins:
            guard case .object(let object) = try result.get() else {
                Issue.record("not an object")
                return
            }
            #expect(object.count == count)
            #expect(object.members[0] == JSONMember(key: "k0", value: jsonNumber("0")))
            #expect(object.members[count - 1] == JSONMember(key: "k\(count - 1)", value: jsonNumber("-\(count - 1)")))
            #expect(object["k500"] == jsonNumber("-500"))
        case .reject:
            #expect(throws: JSONSyntaxError.self) { try result.get() }
            #expect((try? result.get()) == nil)
            if case .failure(let error) = result { #expect(error.reason == .duplicateKey("k0")) }
        }
    }

    @Test func depthLimitStopsDeepNestingWithoutCrashing() throws {
        let deep = Array(repeating: UInt8(ascii: "["), count: 100_000)
        let error = try #require(jsonSyntaxError(deep))
        #expect(error.reason == .tooDeep(limit: 512))
        #expect(error.message == "arrays and objects nested more than 512 deep")
        #expect(error.offset == 512)
        #expect(error.column == 513)

        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(jsonSyntaxError(Array(objects.utf8))?.reason == .tooDeep(limit: 512))
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(jsonSyntaxError(Array(tooDeep.utf8))?.reason == .tooDeep(limit: 512))
    }

    @Test func depthCountsArraysAndObjectsTogether() throws {
        let options = JSONReaderOptions(maxDepth: 2)
        #expect(try parseJSON(#"[{"a":1}]"#, options: options) == .array([jsonObject(("a", jsonNumber("1")))]))
        #expect(jsonSyntaxError(Array(#"{"a":[{}]}"#.utf8), options: options)?.reason == .tooDeep(limit: 2))
        #expect(jsonSyntaxError(Array("[[[]]]".utf8), options: options)?.offset == 2)
    }

    @Test func stringAndNumberLimits() throws {
        let options = JSONReaderOptions(maxStringBytes: 3, maxNumberLength: 3)
        #expect(
            try parseJSON(#"["abc", "\u00e9", 123, -12]"#, options: options)
                == .array([.string("abc"), .string("é"), jsonNumber("123"), jsonNumber("-12")]))
        #expect(jsonSyntaxError(Array(#"[1, "abcd"]"#.utf8), options: options)?.message == "string longer than 3 bytes")
        #expect(jsonSyntaxError(Array(#""\u00e9\u00e9""#.utf8), options: options)?.reason == .stringTooLong(limit: 3))
        let long = try #require(jsonSyntaxError(Array("[1, 1234]".utf8), options: options))
        #expect(long.message == "number literal longer than 3 characters")
        #expect(long.column == 5)
    }

    @Test func parsesSlicesWithRelativeLocations() throws {
        let buffer = Array("junk\n[1, 2]\n{\"a\":\n x}".utf8)
        #expect(try JSONReader.parse(buffer[5..<11]) == .array([jsonNumber("1"), jsonNumber("2")]))
        do {
            _ = try JSONReader.parse(buffer[12...])
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .unexpectedToken(found: "x", expected: .value))
            #expect((error.line, error.column, error.offset) == (2, 2, 7))
        }
    }
}
