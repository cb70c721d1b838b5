import Testing

@testable import MapLang

/// Serialises a value to text.
func writtenJSON(_ value: MappedValue, _ style: JSONWriter.Style = .compact) -> String {
    String(decoding: JSONWriter.serialize(value, style: style), as: UTF8.self)
}

struct JSONWriterTests {
    static let sample = MappedValue.object(
        MappedObject([
            MappedMember(key: "a", value: .int(1)),
            MappedMember(key: "b", value: .array([.int(1), .double(2.5), .array([])])),
            MappedMember(key: "c", value: .object(MappedObject())),
            MappedMember(key: "d", value: .object(MappedObject([MappedMember(key: "e", value: .null)]))),
            MappedMember(key: "f", value: .bool(true)),
        ]))

    @Test func writesCompactWithoutWhitespace() {
        #expect(writtenJSON(Self.sample) == #"{"a":1,"b":[1,2.5,[]],"c":{},"d":{"e":null},"f":true}"#)
    }

    @Test func writesPrettyWithTwoSpaceIndent() {
        let expected = """
            {
              "a": 1,
              "b": [
                1,
                2.5,
                []
              ],
              "c": {},
              "d": {
                "e": null
              },
              "f": true
            }
            """
        #expect(writtenJSON(Self.sample, .pretty) == expected)
        #expect(writtenJSON(.array([]), .pretty) == "[]")
        #expect(writtenJSON(.string("x"), .pretty) == "\"x\"")
    }

    /// Deeper than the indentation the writer keeps ready (32 levels), the
    /// spaces go on growing by two per level.
    @Test(arguments: [1, 31, 32, 33, 40])
    func writesPrettyIndentationAtAnyDepth(depth: Int) {
        var value = MappedValue.int(7)
        for _ in 0..<depth { value = .array([value]) }
        var lines = (0..<depth).map { String(repeating: "  ", count: $0) + "[" }
        lines.append(String(repeating: "  ", count: depth) + "7")
        lines += (0..<depth).reversed().map { String(repeating: "  ", count: $0) + "]" }
        #expect(writtenJSON(value, .pretty) == lines.joined(separator: "\n"))
    }

    @Test func escapesEveryControlCharacterAndNothingElse() {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let expected =
            #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f""#
        #expect(writtenJSON(.string(controls)) == expected)
        #expect(writtenJSON(.string("q\"b\\s/é😀\u{7F}\u{2028}")) == "\"q\\\"b\\\\s/é😀\u{7F}\u{2028}\"")
        #expect(writtenJSON(.url("https://example.com/a?b=c")) == #""https://example.com/a?b=c""#)
    }

    @Test(arguments: [
        (0.1, "0.1"), (1e-05, "1e-5"), (1.7976931348623157e+308, "1.7976931348623157e308"),
        (-0.0, "-0"), (100.0, "100"), (5.0, "5"), (1e16, "1e16"), (1.5e-300, "1.5e-300"), (.leastNonzeroMagnitude, "5e-324"),
        (123456.789, "123456.789"), (-2.5, "-2.5"),
    ])
    func writesShortestRoundTrippingDoubles(_ value: Double, _ text: String) throws {
        #expect(writtenJSON(.double(value)) == text)
        let reread = try JSONReader.parse(Array(text.utf8))
        guard case .number(let number) = reread else {
            Issue.record("not a number")
            return
        }
        #expect(number.doubleValue == value)
        #expect(number.doubleValue.sign == value.sign)
    }

    @Test(arguments: [
        (MappedValue.int(0), "0"), (.int(-1), "-1"), (.int(.max), "9223372036854775807"),
        (.int(.min), "-9223372036854775808"), (.decimal("1.50"), "1.50"), (.decimal("1e400"), "1e400"),
        (.null, "null"), (.bool(false), "false"),
    ])
    func writesScalarsExactly(_ value: MappedValue, _ text: String) {
        #expect(writtenJSON(value) == text)
    }

    @Test func appendsManyValuesToOneBuffer() {
        var writer = JSONWriter(style: .compact)
        writer.write(.int(1))
        writer.bytes.append(UInt8(ascii: "\n"))
        writer.write(MappedValue.array([.string("a")]))
        writer.bytes.append(UInt8(ascii: "\n"))
        writer.write(jsonNumber("1.0"))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "1\n[\"a\"]\n1.0")
    }

    @Test func appendsBytesWithOneCopyAsTheBufferGrows() {
        var bytes: [UInt8] = []
        var expected: [UInt8] = []
        for length in 0..<300 {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ length) }
            let quoted = length % 3 == 0
            piece.withUnsafeBufferPointer { bytes.appendBytes($0, quoted: quoted) }
            expected += quoted ? [UInt8(ascii: "\"")] + piece + [UInt8(ascii: "\"")] : piece
        }
        #expect(bytes == expected)
        var empty: [UInt8] = [1]
        empty.appendBytes(UnsafeBufferPointer(start: nil, count: 0), quoted: true)
        empty.appendBytes(UnsafeBufferPointer(start: nil, count: 0))
        #expect(empty == [1, UInt8(ascii: "\""), UInt8(ascii: "\"")])
    }

    /// A value built by hand that JSON cannot hold is written as `null`, so
    /// the output is always valid JSON: no trap, no text injected.
    @Test(arguments: [
        (MappedValue.double(.nan), "null"),
        (.double(.infinity), "null"),
        (.double(-.infinity), "null"),
        (.decimal(#"1,"injected":true"#), "null"),
        (.decimal(""), "null"),
        (.decimal("01"), "null"),
        (.decimal("1."), "null"),
        (.decimal(" 1"), "null"),
        (.decimal("-0.5e+3"), "-0.5e+3"),
        (.decimal("19.99"), "19.99"),
        (.object(MappedObject([MappedMember(key: "a", value: .decimal("2}{")), MappedMember(key: "b", value: .double(1.5))])),
         #"{"a":null,"b":1.5}"#),
    ])
    func whatJSONCannotHoldIsNull(value: MappedValue, expected: String) {
        #expect(value.jsonText() == expected)
        #expect(value.jsonText(pretty: true).filter { !$0.isWhitespace } == expected)
    }

    // MARK: - Dates

    @Test(arguments: [
        (Int64(1_464_115_417), Int32(0), "2016-05-24T18:43:37Z"),
        (1_464_115_417, 120_000_000, "2016-05-24T18:43:37.120Z"),
        (1_464_115_417, 123_456_000, "2016-05-24T18:43:37.123456Z"),
        (1_464_115_417, 100_000, "2016-05-24T18:43:37.000100Z"),
        (1_464_115_417, 1, "2016-05-24T18:43:37.000000001Z"),
        (1_464_115_417, 999_999_999, "2016-05-24T18:43:37.999999999Z"),
        (0, 0, "1970-01-01T00:00:00Z"),
        (-1, 0, "1969-12-31T23:59:59Z"),
        (-1, 500_000_000, "1969-12-31T23:59:59.500Z"),
        (951_782_400, 0, "2000-02-29T00:00:00Z"),
        (-2_203_891_200, 0, "1900-03-01T00:00:00Z"),
        (253_402_300_799, 0, "9999-12-31T23:59:59Z"),
        (253_402_300_800, 0, "+010000-01-01T00:00:00Z"),
        (-62_135_596_800, 0, "0001-01-01T00:00:00Z"),
        (-62_167_219_200, 0, "0000-01-01T00:00:00Z"),
        (-62_167_219_201, 0, "-000001-12-31T23:59:59Z"),
    ])
    func formatsTimestampsAsISO8601(_ seconds: Int64, _ nanoseconds: Int32, _ text: String) {
        let timestamp = Timestamp(seconds: seconds, nanoseconds: nanoseconds)
        #expect(timestamp.iso8601String == text)
        #expect(writtenJSON(.date(timestamp)) == "\"\(text)\"")
        var buffer: [UInt8] = [UInt8(ascii: "x")]
        timestamp.appendISO8601(to: &buffer)
        #expect(buffer == [UInt8(ascii: "x")] + Array(text.utf8))
    }

    @Test func formatsTheExtremesOfInt64() {
        #expect(Timestamp(seconds: .max).iso8601String == "+292277026596-12-04T15:30:07Z")
        #expect(Timestamp(seconds: .min).iso8601String == "-292277022657-01-27T08:29:52Z")
    }

    /// An entry's key given as `,"key":` writes what `beginEntry` and
    /// `writeKey` write, in both styles, first entry or not.
    @Test func entryKeysGivenWithTheirCommaAndColon() {
        for style in [JSONWriter.Style.compact, .pretty] {
            var pieces = JSONWriter(style: style)
            var joined = JSONWriter(style: style)
            pieces.beginContainer(UInt8(ascii: "{"))
            joined.beginContainer(UInt8(ascii: "{"))
            for (index, key) in ["a", "é\"", ""].enumerated() {
                pieces.beginEntry(index)
                pieces.writeKey(key)
                let text = [UInt8(ascii: ",")] + JSONWriter.serialize(MappedValue.string(key)) + [UInt8(ascii: ":")]
                text.withUnsafeBufferPointer { joined.beginEntry(index, key: $0) }
                pieces.write(.int(Int64(index)))
                joined.write(.int(Int64(index)))
            }
            pieces.endContainer(UInt8(ascii: "}"), isEmpty: false)
            joined.endContainer(UInt8(ascii: "}"), isEmpty: false)
            #expect(joined.bytes == pieces.bytes)
        }
        var compact = JSONWriter(style: .compact)
        Array(#","k":"#.utf8).withUnsafeBufferPointer { compact.beginEntry(0, key: $0) }
        #expect(String(decoding: compact.bytes, as: UTF8.self) == #""k":"#)
    }
}

