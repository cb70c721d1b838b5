import Testing

@testable import MapLang

/// The `expected.errors` format: `CODE PATH [MESSAGE]` a line.
struct ExpectedErrorsFileTests {
    @Test func readsEachLine() throws {
        let text = """
            # a comment

            out-of-range $[1].id 0 is not in 1...\r
            missing-key $["odd key"][2]
            check-failed $  two  spaces kept 
            """
        let errors = try ExpectedErrorsFile.parse(text).get()
        #expect(
            errors == [
                ExpectedError(code: "out-of-range", path: JSONPath(components: [.index(1), .key("id")]), message: "0 is not in 1..."),
                ExpectedError(code: "missing-key", path: JSONPath(components: [.key("odd key"), .index(2)]), message: nil),
                ExpectedError(code: "check-failed", path: .root, message: " two  spaces kept "),
            ])
    }

    @Test(arguments: [
        ("missing-key", ExpectedErrorsFile.Problem(line: 1, reason: "expected `CODE PATH [MESSAGE]`, found no path after the code")),
        (" $", ExpectedErrorsFile.Problem(line: 1, reason: "expected `CODE PATH [MESSAGE]`, found no path after the code")),
        ("# only\nempty $.a b\nx", ExpectedErrorsFile.Problem(line: 3, reason: "expected `CODE PATH [MESSAGE]`, found no path after the code")),
        ("empty $.", ExpectedErrorsFile.Problem(line: 1, reason: "the path after `empty` is not a JSON path such as `$.items[3].name`")),
        ("empty $a", ExpectedErrorsFile.Problem(line: 1, reason: "the path after `empty` is not a JSON path such as `$.items[3].name`")),
        ("# nothing\n\n", ExpectedErrorsFile.Problem(line: nil, reason: "it lists no error")),
    ])
    func refusesWhatIsNoErrorsFile(_ text: String, _ problem: ExpectedErrorsFile.Problem) {
        #expect(ExpectedErrorsFile.parse(text) == .failure(problem))
    }

    /// What is written reads back, but for a message that holds a line break, which is left out.
    @Test func writesWhatItReads() {
        let errors = [
            ExpectedError(code: "a", path: JSONPath(components: [.key("x y"), .index(0)]), message: "m \"q\""),
            ExpectedError(code: "b", path: .root, message: nil),
            ExpectedError(code: "c", path: .root, message: "two\nlines"),
        ]
        let text = ExpectedErrorsFile.text(of: errors)
        #expect(text == "a $[\"x y\"][0] m \"q\"\nb $\nc $\n")
        #expect(ExpectedErrorsFile.parse(text) == .success([errors[0], errors[1], ExpectedError(code: "c", path: .root, message: nil)]))
    }
}
