import Testing

@testable import MapLang
@testable import MapLangCLI

/// Valid JSON that is built to hurt: huge objects and strings, nesting at
/// the limit, repeated keys, numbers beyond 64 bits (grammar.md section 5.2).
/// Only results are checked, never timings.
struct BadInputHostileJSONTests {
    typealias F = BadInputFixtures

    /// One model, no root: `id` at 2:3, `big` at 3:3.
    static let bag = """
        model Bag {
          id: Int
          big: JSON
        }

        """

    /// `bag` in a `strict` file.
    static let strictBag = "strict\n\n" + bag

    /// `"k0": 0, "k1": 1, …` for `count` keys, as input and as compact output.
    static func members(_ count: Int) -> (input: String, output: String) {
        var input = ""
        var output = ""
        input.reserveCapacity(count * 16)
        output.reserveCapacity(count * 14)
        for index in 0..<count {
            if index > 0 {
                input += ", "
                output += ","
            }
            input += "\"k\(index)\": \(index)"
            output += "\"k\(index)\":\(index)"
        }
        return (input, output)
    }

    // MARK: - Huge objects

    @Test func objectWithAHundredThousandKeysUnderAJSONField() {
        let (input, output) = Self.members(100_000)
        let (result, _) = BadInputHarness.run(
            ["run", "bag.map", "in.json"], files: ["bag.map": Self.bag, "in.json": #"{"big": {"# + input + #"}, "id": 7}"#])
        BadInputHarness.expectLarge(result, stdout: Array((#"{"id":7,"big":{"# + output + "}}\n").utf8), status: F.Status.success)
    }

    @Test func recordWithAHundredThousandKeysKeepsOnlyItsFields() {
        let (input, _) = Self.members(100_000)
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "in.json"],
            files: ["orders.map": F.orders, "in.json": "{" + input + #", "name": "a", "id": 1}"#])
        BadInputHarness.expect(result, stdout: #"{"id":1,"name":"a"}"# + "\n", status: F.Status.success)
    }

    /// A repeated key in a large object (found through the hash index, not a
    /// linear scan) keeps the first one's place and the last one's value.
    @Test func repeatedKeyInAHundredThousandKeysLastWinsInTheFirstPlace() {
        let (input, _) = Self.members(100_000)
        var expected = ""
        for index in 0..<100_000 {
            expected += (index > 0 ? "," : "") + "\"k\(index)\":" + (index == 5 ? #""last""# : String(index))
        }
        let (result, _) = BadInputHarness.run(
            ["run", "bag.map", "in.json"],
            files: ["bag.map": Self.bag, "in.json": #"{"id": 7, "big": {"# + input + #", "k5": "last"}}"#])
        BadInputHarness.expectLarge(result, stdout: Array((#"{"id":7,"big":{"# + expected + "}}\n").utf8), status: F.Status.success)
    }

    /// Under `strict` the same repeat is an error at the second `"k3"`, even
    /// in an object large enough to use the hash index.
    @Test func repeatedKeyInALargeObjectUnderStrict() {
        let (input, _) = Self.members(20)
        let before = #"{"id": 7, "big": {"# + input + ", "
        let document = before + #""k3": 3}}"#
        let (result, _) = BadInputHarness.run(
            ["run", "bag.map", "in.json"], files: ["bag.map": Self.strictBag, "in.json": document])
        BadInputHarness.expect(
            result,
            stderr: F.jsonError(
                "in.json", line: 1, column: before.count + 1, code: "json-duplicate-key", "duplicate key `k3` in an object",
                excerpt: "…" + String(before.suffix(39)) + #""k3": 3}}"#, caretColumn: 41),
            status: F.Status.invalidJSON)
    }

    // MARK: - Huge strings

    /// A 10 MB string, with escapes before it, is read and written back whole.
    @Test func tenMegabyteString() {
        let body = String(repeating: "abcé", count: 2_000_000)  // 10,000,000 bytes
        let (result, _) = BadInputHarness.run(
            ["run", "orders.map", "in.json"],
            files: ["orders.map": F.orders, "in.json": #"{"id": 1, "name": "\"\\\u00e9\n"# + body + #""}"#])
        BadInputHarness.expectLarge(
            result, stdout: Array((#"{"id":1,"name":"\"\\é\n"# + body + #""}"# + "\n").utf8), status: F.Status.success)
    }

    /// A rule broken by a 10 MB string: the message shows the first 40 characters, not the whole string.
    @Test func tenMegabyteStringBreakingRules() {
        let rules = """
            root Tag

            model Tag {
              name: String where length(2...3), pattern("^[a-z]+$")
            }

            """
        let (result, _) = BadInputHarness.run(
            ["run", "tags.map", "in.json"],
            files: ["tags.map": rules, "in.json": #"{"name": ""# + String(repeating: "A", count: 10_000_000) + #""}"#])
        BadInputHarness.expect(
            result,
            stderr: """
                in.json: error[length-out-of-range]: $.name: length 10000000 is not in 2...3
                  --> tags.map:4:22: rule `length` of field `Tag.name`
                in.json: error[pattern-mismatch]: $.name: "\(String(repeating: "A", count: 40))…" does not match the pattern `^[a-z]+$`
                  --> tags.map:4:37: rule `pattern` of field `Tag.name`
                in.json: 1 of 1 record failed with 2 errors

                """, status: F.Status.mappingFailed)
    }

    // MARK: - Nesting at the limit

    /// The object is level 1 and 511 arrays make 512: allowed, written back exactly.
    @Test func nestingOf512IsAllowed() {
        let deep = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        let (result, _) = BadInputHarness.run(
            ["run", "doc.map", "in.json"], files: ["doc.map": F.document, "in.json": #"{"id": 1, "deep": "# + deep + "}"])
        BadInputHarness.expect(result, stdout: #"{"id":1,"deep":"# + deep + "}\n", status: F.Status.success)
    }

    /// In a top-level array each record starts at level 2: 510 arrays inside make 512.
    @Test func nestingOf512InsideARecordOfAnArrayIsAllowed() {
        let deep = String(repeating: "[", count: 510) + String(repeating: "]", count: 510)
        let (result, _) = BadInputHarness.run(
            ["run", "doc.map", "in.json"], files: ["doc.map": F.document, "in.json": #"[{"id": 1, "deep": "# + deep + "}]"])
        BadInputHarness.expect(result, stdout: #"[{"id":1,"deep":"# + deep + "}]\n", status: F.Status.success)
    }

    /// One more level is refused: the 512th `[` after `{"id": 1, "deep": ` (18 characters) is at column 530.
    @Test func nestingOf513IsRefused() {
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let (result, _) = BadInputHarness.run(
            ["run", "doc.map", "in.json"], files: ["doc.map": F.document, "in.json": #"{"id": 1, "deep": "# + deep + "}"])
        BadInputHarness.expect(
            result,
            stderr: F.jsonError(
                "in.json", line: 1, column: 530, code: "json-too-deep", "arrays and objects nested more than 512 deep",
                excerpt: "…" + String(repeating: "[", count: 39) + "[" + String(repeating: "]", count: 30) + "…",
                caretColumn: 41),
            status: F.Status.invalidJSON)
    }

    /// 500 nested arrays (the `i_` case of the JSON test suite) are read; the
    /// record is then no object, and the message shows 40 characters of it.
    @Test func fiveHundredNestedArraysAreReadAndReportedShortly() {
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let (result, _) = BadInputHarness.run(
            ["run", "doc.map", "in.json"], files: ["doc.map": F.document, "in.json": deep])
        BadInputHarness.expect(
            result, stdout: "[]\n",
            stderr: """
                in.json: error[type-mismatch]: $[0]: expected an object for `Doc`, found \(String(repeating: "[", count: 40))…
                  --> doc.map:1:7: model `Doc`
                in.json: 1 of 1 record failed with 1 error

                """, status: F.Status.mappingFailed)
    }

    // MARK: - Repeated keys

    struct DuplicateCase: CustomTestStringConvertible, Sendable {
        let id: String
        let rules: String
        let input: String
        let stdout: String
        let stderr: String
        let status: Int32
        var testDescription: String { id }
    }

    static let duplicates: [DuplicateCase] = [
        DuplicateCase(
            id: "last wins, in the first one's place", rules: F.orders, input: #"{"id": 1, "name": "a", "id": 2}"#,
            stdout: #"{"id":2,"name":"a"}"# + "\n", stderr: "", status: F.Status.success),
        DuplicateCase(
            id: "only the last value is validated", rules: F.orders, input: #"{"id": 0, "name": "a", "id": 5}"#,
            stdout: #"{"id":5,"name":"a"}"# + "\n", stderr: "", status: F.Status.success),
        DuplicateCase(
            id: "last wins inside a JSON value", rules: F.document, input: #"{"id": 1, "deep": {"a": 1, "b": 2, "a": 3}}"#,
            stdout: #"{"id":1,"deep":{"a":3,"b":2}}"# + "\n", stderr: "", status: F.Status.success),
        // `"n\u0061me"` is `name` once unescaped.
        DuplicateCase(
            id: "the same key spelt with an escape", rules: F.orders, input: #"{"id": 1, "name": "a", "n\u0061me": "b"}"#,
            stdout: #"{"id":1,"name":"b"}"# + "\n", stderr: "", status: F.Status.success),
        // Keys are compared by code point, not by canonical equivalence:
        // `café` precomposed and decomposed are two keys.
        DuplicateCase(
            id: "canonically equivalent keys are different keys", rules: F.document,
            input: #"{"id": 1, "deep": {"caf\u00e9": 1, "cafe\u0301": 2}}"#,
            stdout: "{\"id\":1,\"deep\":{\"caf\u{E9}\":1,\"cafe\u{301}\":2}}\n", stderr: "", status: F.Status.success),
        DuplicateCase(
            id: "strict: a repeated key is an error at its second place", rules: F.strictOrders,
            input: #"{"id": 1, "name": "a", "id": 2}"#, stdout: "",
            stderr: F.jsonError(
                "in.json", line: 1, column: 24, code: "json-duplicate-key", "duplicate key `id` in an object",
                excerpt: #"{"id": 1, "name": "a", "id": 2}"#),
            status: F.Status.invalidJSON),
        DuplicateCase(
            id: "strict: the records before it are kept", rules: F.strictOrders,
            input: #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b", "name": "c"}]"#,
            stdout: #"[{"id":1,"name":"a"}]"# + "\n",
            stderr: F.jsonError(
                "in.json", line: 1, column: 49, code: "json-duplicate-key", "duplicate key `name` in an object",
                excerpt: "…" + #", "name": "a"}, {"id": 2, "name": "b", "name": "c"}]"#,
                caretColumn: 41),
            status: F.Status.invalidJSON),
        DuplicateCase(
            id: "strict: the same key spelt with an escape", rules: F.strictOrders,
            input: #"{"id": 1, "name": "a", "n\u0061me": "b"}"#, stdout: "",
            stderr: F.jsonError(
                "in.json", line: 1, column: 24, code: "json-duplicate-key", "duplicate key `name` in an object",
                excerpt: #"{"id": 1, "name": "a", "n\u0061me": "b"}"#),
            status: F.Status.invalidJSON),
        DuplicateCase(
            id: "strict: canonically equivalent keys are no repeat", rules: "strict\n\n" + F.document,
            input: #"{"id": 1, "deep": {"caf\u00e9": 1, "cafe\u0301": 2}}"#,
            stdout: "{\"id\":1,\"deep\":{\"caf\u{E9}\":1,\"cafe\u{301}\":2}}\n", stderr: "", status: F.Status.success),
    ]

    @Test(arguments: duplicates)
    func repeatedKeys(_ example: DuplicateCase) {
        let (result, _) = BadInputHarness.run(
            ["run", "rules.map", "in.json"], files: ["rules.map": example.rules, "in.json": example.input])
        BadInputHarness.expect(result, stdout: example.stdout, stderr: example.stderr, status: example.status)
    }

    // MARK: - Numbers beyond 64 bits

    /// Four optional fields, one of each numeric kind: `i` at 2:3, `d` at 3:3, `f` at 4:3, `j` at 5:3.
    static let numbers = """
        model Numbers {
          i: Int?
          d: Decimal?
          f: Double?
          j: JSON?
        }

        """

    struct NumberCase: CustomTestStringConvertible, Sendable {
        let id: String
        let input: String
        /// The record's output, or `nil` when it fails.
        let output: String?
        /// The one error, as `path: message`, its code and the field's place.
        let error: (message: String, code: String, site: String)?
        var testDescription: String { id }

        init(_ id: String, _ input: String, output: String) {
            self.id = id
            self.input = input
            self.output = output
            self.error = nil
        }

        init(_ id: String, _ input: String, error message: String, code: String, site: String) {
            self.id = id
            self.input = input
            self.output = nil
            self.error = (message, code, site)
        }
    }

    static let thousandDigits = "9" + String(repeating: "8", count: 9_998) + "7"  // 10,000 characters: the limit

    static let numberCases: [NumberCase] = [
        NumberCase("Int: the largest 64-bit integer", #"{"i": 9223372036854775807}"#, output: #"{"i":9223372036854775807,"d":null,"f":null,"j":null}"#),
        NumberCase("Int: the smallest 64-bit integer", #"{"i": -9223372036854775808}"#, output: #"{"i":-9223372036854775808,"d":null,"f":null,"j":null}"#),
        NumberCase(
            "Int: one past the largest", #"{"i": 9223372036854775808}"#,
            error: "$.i: expected an integer that fits in 64 bits, found 9223372036854775808", code: "integer-out-of-range", site: "2:3: field `Numbers.i`"),
        NumberCase(
            "Int: one past the smallest", #"{"i": -9223372036854775809}"#,
            error: "$.i: expected an integer that fits in 64 bits, found -9223372036854775809", code: "integer-out-of-range", site: "2:3: field `Numbers.i`"),
        NumberCase(
            "Int: 30 digits", #"{"i": -123123123123123123123123123123}"#,
            error: "$.i: expected an integer that fits in 64 bits, found -123123123123123123123123123123", code: "integer-out-of-range", site: "2:3: field `Numbers.i`"),
        NumberCase(
            "Int: 1e400", #"{"i": 1e400}"#,
            error: "$.i: expected an integer that fits in 64 bits, found 1e400", code: "integer-out-of-range", site: "2:3: field `Numbers.i`"),
        NumberCase("Decimal: 30 digits, exact", #"{"d": -123123123123123123123123123123}"#, output: #"{"i":null,"d":-123123123123123123123123123123,"f":null,"j":null}"#),
        NumberCase("Decimal: 1e400, exact", #"{"d": 1e400}"#, output: #"{"i":null,"d":1e400,"f":null,"j":null}"#),
        NumberCase("Decimal: trailing zeros kept", #"{"d": 19.990}"#, output: #"{"i":null,"d":19.990,"f":null,"j":null}"#),
        NumberCase(
            "Decimal: more digits than a Double holds", #"{"d": 0.1000000000000000000000000000001}"#,
            output: #"{"i":null,"d":0.1000000000000000000000000000001,"f":null,"j":null}"#),
        NumberCase("Decimal: 10,000 digits", #"{"d": "# + thousandDigits + "}", output: #"{"i":null,"d":"# + thousandDigits + #","f":null,"j":null}"#),
        NumberCase("Double: 1e400", #"{"f": 1e400}"#, error: "$.f: 1e400 is too large for a `Double`", code: "not-finite", site: "4:3: field `Numbers.f`"),
        NumberCase("Double: -1e400", #"{"f": -1e400}"#, error: "$.f: -1e400 is too large for a `Double`", code: "not-finite", site: "4:3: field `Numbers.f`"),
        NumberCase("Double: an ordinary number", #"{"f": 2.5}"#, output: #"{"i":null,"d":null,"f":2.5,"j":null}"#),
        NumberCase("JSON: 30 digits, exact", #"{"j": -123123123123123123123123123123}"#, output: #"{"i":null,"d":null,"f":null,"j":-123123123123123123123123123123}"#),
        NumberCase(
            "JSON: numbers inside, exact", #"{"j": [1e400, -0.0, 1E+2, 100000000000000000000000000000000000001, 1.50]}"#,
            output: #"{"i":null,"d":null,"f":null,"j":[1e400,-0.0,1E+2,100000000000000000000000000000000000001,1.50]}"#),
        NumberCase("JSON: 10,000 digits", #"{"j": "# + thousandDigits + "}", output: #"{"i":null,"d":null,"f":null,"j":"# + thousandDigits + "}"),
    ]

    @Test(arguments: numberCases)
    func numbersBeyondSixtyFourBits(_ example: NumberCase) {
        let (result, _) = BadInputHarness.run(
            ["run", "numbers.map", "in.json"], files: ["numbers.map": Self.numbers, "in.json": example.input])
        if let output = example.output {
            BadInputHarness.expect(result, stdout: output + "\n", status: F.Status.success)
        } else if let error = example.error {
            BadInputHarness.expect(
                result,
                stderr: """
                    in.json: error[\(error.code)]: \(error.message)
                      --> numbers.map:\(error.site)
                    in.json: 1 of 1 record failed with 1 error

                    """, status: F.Status.mappingFailed)
        }
    }

    /// In an array, the records with numbers out of range fail and the others are written.
    @Test func numbersOutOfRangeInAnArray() {
        let input = #"[{"i": 1}, {"i": 18446744073709551616}, {"f": 1e400, "d": 1e400}, {"j": 1e400}]"#
        let (result, _) = BadInputHarness.run(
            ["run", "numbers.map", "in.json"], files: ["numbers.map": Self.numbers, "in.json": input])
        BadInputHarness.expect(
            result,
            stdout: #"[{"i":1,"d":null,"f":null,"j":null},{"i":null,"d":null,"f":null,"j":1e400}]"# + "\n",
            stderr: """
                in.json: error[integer-out-of-range]: $[1].i: expected an integer that fits in 64 bits, found 18446744073709551616
                  --> numbers.map:2:3: field `Numbers.i`
                in.json: error[not-finite]: $[2].f: 1e400 is too large for a `Double`
                  --> numbers.map:4:3: field `Numbers.f`
                in.json: 2 of 4 records failed with 2 errors

                """, status: F.Status.mappingFailed)
    }
}
