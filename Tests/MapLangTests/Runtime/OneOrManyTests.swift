import Testing

@testable import MapLang

/// `oneOrMany`: through the parser, the formatter and the tree dump, the
/// checker, both engines and reverse mapping.
struct OneOrManyTests {
    static let rules = """
        root Post
        model Post {
          tags: [String] oneOrMany from tag
          scores: [Int]? oneOrMany
          grid: [[Int]] oneOrMany default []
        }
        """

    static func mapped(_ json: String) throws -> String {
        let record = try RulesTestSupport.map(Self.rules, json)
        guard record.errors.isEmpty else { return record.errors.map(RulesTestSupport.line).joined(separator: "\n") }
        return RulesTestSupport.json(record.value)
    }

    @Test(arguments: [
        (#"{"tag": "x", "scores": 1}"#, #"{"tags":["x"],"scores":[1],"grid":[]}"#),
        (#"{"tag": ["x", "y"], "scores": [1, 2]}"#, #"{"tags":["x","y"],"scores":[1,2],"grid":[]}"#),
        (#"{"tag": [], "scores": null}"#, #"{"tags":[],"scores":null,"grid":[]}"#),
        // An array is read as always: here an array of arrays.
        (
            #"{"tag": "x", "grid": [1, 2]}"#,
            "$.grid[0] Post.grid: expected an array, found 1 @5:3\n$.grid[1] Post.grid: expected an array, found 2 @5:3"
        ),
        (#"{"tag": "x", "grid": [[1], [2]]}"#, #"{"tags":["x"],"scores":null,"grid":[[1],[2]]}"#),
        // Only the field's own level takes a single value.
        (#"{"tag": "x", "grid": 5}"#, "$.grid Post.grid: expected an array, found 5 @5:3"),
        // A single value is converted as an element is.
        (#"{"tag": 5}"#, #"{"tags":["5"],"scores":null,"grid":[]}"#),
        (#"{"tag": null}"#, "$.tag Post.tags: `tag` is null but the field is required @3:3"),
    ])
    func readsOneOrMany(_ json: String, _ expected: String) throws {
        #expect(try Self.mapped(json) == expected)
    }

    /// The direct path gives what the interpreter gives.
    @Test func theFastPathAgrees() throws {
        let rules = try Rules(source: SourceFile(name: "post.map", text: Self.rules))
        for json in [#"[{"tag": "x", "scores": 1}, {"tag": ["a", "b"], "grid": 3}, {"tag": "z", "grid": [[1]]}]"#] {
            let bytes = Array(json.utf8)
            let viaTree: Result<[UInt8], MappingFailure> = Result { () throws(MappingFailure) in try rules.map(bytes).jsonBytes() }
            let direct: Result<[UInt8], MappingFailure> = Result { () throws(MappingFailure) in try rules.mapJSON(bytes) }
            #expect(viaTree.map { String(decoding: $0, as: UTF8.self) } == direct.map { String(decoding: $0, as: UTF8.self) })
        }
        #expect(try rules.mapJSON(Array(#"{"tag": "x", "scores": 7}"#.utf8)) == Array(#"{"tags":["x"],"scores":[7],"grid":[]}"#.utf8))
    }

    @Test func reverseWritesTheArray() throws {
        let rules = try Rules(source: SourceFile(name: "post.map", text: Self.rules))
        #expect(rules.reversalProblems.isEmpty)
        let mapped = try rules.map(#"{"tag": "x", "scores": 1}"#)
        #expect(try rules.reverse(mapped).jsonText() == #"{"tag":["x"],"scores":[1]}"#)
        #expect(try rules.map(rules.reverse(mapped).jsonText()) == mapped)
    }

    /// In a strict model, a single value's error names the key itself, not an element.
    @Test func aSingleValuesErrorNamesTheKey() throws {
        let strict = "model A {\n  strict\n  tags: [String] oneOrMany from tag\n}\n"
        #expect(try RulesTestSupport.map(strict, #"{"tag": 5}"#).errors.map(RulesTestSupport.line) == [
            "$.tag A.tags: expected a string, found 5 @3:3"
        ])
        #expect(try RulesTestSupport.map(strict, #"{"tag": ["x", 5]}"#).errors.map(RulesTestSupport.line) == [
            "$.tag[1] A.tags: expected a string, found 5 @3:3"
        ])
    }

    @Test func onAFieldThatIsNoArrayItIsOneError() {
        #expect {
            try Rules(source: SourceFile(name: "a.map", text: "model A {\n  tag: String? oneOrMany\n}\n"))
        } throws: { error in
            guard let error = error as? RulesError else { return false }
            return error.diagnostics.map(\.code) == ["one-or-many-not-array"]
                && error.diagnostics[0].location == SourceLocation(line: 2, column: 16)
                && error.diagnostics[0].message == "`oneOrMany` reads a single value as an array of one, but `tag` is `String?`, not an array"
        }
    }

    @Test func writtenTwiceIsADuplicateClause() {
        let parsed = RulesParser.parse(SourceFile(name: "a.map", text: "model A {\n  t: [Int] oneOrMany oneOrMany\n}\n"))
        #expect(parsed.diagnostics.map(\.code) == ["duplicate-clause"])
    }

    @Test func formatterAndDumpShowIt() {
        let source = SourceFile(name: "a.map", text: "model A {\n  t: [Int] from x oneOrMany\n}\n")
        let parsed = RulesParser.parse(source)
        #expect(RulesFormatter.format(parsed.file, source: source) == "model A {\n  t: [Int] oneOrMany from x\n}\n")
        #expect(ASTDumper.dump(parsed.file, source: source).hasSuffix("\n      from x @2:17\n      oneOrMany @2:19\n"))
    }

    /// A field named like the clause still starts a new member.
    @Test func aFieldNamedOneOrManyIsAField() throws {
        let rules = try Rules(source: SourceFile(name: "a.map", text: "model A {\n  t: [Int]\n  oneOrMany: Bool\n}\n"))
        #expect(try rules.map(#"{"t": [1], "oneOrMany": true}"#).jsonText() == #"{"t":[1],"oneOrMany":true}"#)
    }
}
