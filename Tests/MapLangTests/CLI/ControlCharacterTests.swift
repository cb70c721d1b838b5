import Testing

/// Control characters an input holds, in its values or in a file's name,
/// never reach a terminal raw through an error message: the date and
/// base64 readers' reasons and the input's name are shown escaped.
struct ControlCharacterTests {
    static let rules = "root A\nmodel A {\n  d: Date using iso8601\n  b: Data\n}\n"

    @Test func valuesAndNamesAreEscaped() {
        let name = "in\u{1B}[2J\u{9B}.json"
        let input = #"{"d": "2016\u001b[31mX", "b": "ab\u001b[2J\u0085"}"#
        let (outcome, _) = CLIHarness.run(["run", "r.map", name], files: ["r.map": Self.rules, name: input])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr == """
                in\\u001B[2J\\u009B.json: error[invalid-value]: $.d: `iso8601` cannot read "2016\\u001B[31mX": expected `-`, found `\\u001B`
                  --> r.map:3:17: transformer `iso8601` of field `A.d`
                in\\u001B[2J\\u009B.json: error[invalid-value]: $.b: `Data` cannot read "ab\\u001B[2J\\u0085": it holds `\\u001B` at 3, which is not in the base64 alphabet
                  --> r.map:4:3: field `A.b`
                in\\u001B[2J\\u009B.json: 1 of 1 record failed with 2 errors

                """)
        #expect(!outcome.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x85 })
    }

    /// A file that cannot be read, named with control characters.
    @Test func anUnreadableFilesNameIsEscaped() {
        let (outcome, _) = CLIHarness.run(["run", "r.map", "no\u{1B}]0;title\u{7}.json"], files: ["r.map": Self.rules])
        #expect(outcome.status == 66)
        #expect(outcome.stderr.hasPrefix("maplang: error: cannot read `no\\u001B]0;title\\u0007.json`"), "\(outcome.stderr)")
    }
}
