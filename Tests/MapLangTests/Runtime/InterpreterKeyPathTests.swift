import Testing

@testable import MapLang

/// Reading values: key paths, fallback keys, optional and required fields,
/// defaults, nested and recursive models, arrays, dictionaries and `JSON`
/// (grammar.md 3.2–3.4). Each case gives the output JSON, or every error as
/// `path Model.field: message @line:column rule`.
struct InterpreterKeyPathTests {
    struct MappingCase: Sendable, CustomTestStringConvertible {
        let id: String
        let rules: String
        let input: String
        let expected: [String]
        var testDescription: String { id }

        init(_ id: String, _ rules: String, _ input: String, _ expected: [String]) {
            self.id = id
            self.rules = rules
            self.input = input
            self.expected = expected
        }

        init(_ id: String, _ rules: String, _ input: String, _ expected: String) {
            self.init(id, rules, input, [expected])
        }
    }

    static let nested = "model A {\n  login: String from user.login\n}"
    static let indexed = "model A {\n  first: String from labels[0].name\n  last: String from labels[-1].name\n}"
    static let quoted = """
        model A {
          desc: String from "ext.desc"
          nested: String from ext.desc
          deep: String from meta."a.b".c
          type: String from "@type"
        }
        """

    @Test(arguments: [
        MappingCase("nested key", nested, #"{"user": {"login": "bob", "id": 1}}"#, #"{"login":"bob"}"#),
        MappingCase(
            "inner key missing", nested, #"{"user": {}}"#,
            "$.user.login A.login: missing required key `user.login` @2:3"),
        MappingCase(
            "outer key missing", nested, #"{}"#, "$.user.login A.login: missing required key `user.login` @2:3"),
        MappingCase(
            "null on the way is null", nested, #"{"user": null}"#,
            "$.user.login A.login: `user.login` is null but the field is required @2:3"),
        MappingCase(
            "a string where an object should be", nested, #"{"user": "bob"}"#,
            #"$.user A.login: expected an object on the way to `user.login`, found "bob" @2:3"#),
        MappingCase(
            "an array where an object should be", nested, #"{"user": [1, 2]}"#,
            "$.user A.login: expected an object on the way to `user.login`, found [1,2] @2:3"),
        MappingCase(
            "first and last element", indexed, #"{"labels": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}"#,
            #"{"first":"a","last":"c"}"#),
        MappingCase(
            "one element is both first and last", indexed, #"{"labels": [{"name": "only"}]}"#,
            #"{"first":"only","last":"only"}"#),
        MappingCase(
            "index out of range is missing", indexed, #"{"labels": []}"#,
            [
                "$.labels[0].name A.first: missing required key `labels[0].name` @2:3",
                "$.labels[-1].name A.last: missing required key `labels[-1].name` @3:3",
            ]),
        MappingCase(
            "index into an object", indexed, #"{"labels": {"0": {"name": "a"}}}"#,
            [
                #"$.labels A.first: expected an array on the way to `labels[0].name`, found {"0":{"name":"a"}} @2:3"#,
                #"$.labels A.last: expected an array on the way to `labels[-1].name`, found {"0":{"name":"a"}} @3:3"#,
            ]),
        MappingCase(
            "null element on the way", indexed, #"{"labels": [null, {"name": "b"}]}"#,
            "$.labels[0].name A.first: `labels[0].name` is null but the field is required @2:3"),
        MappingCase(
            "quoted keys", quoted,
            #"{"ext.desc": "flat", "ext": {"desc": "nested"}, "meta": {"a.b": {"c": "deep"}}, "@type": "t"}"#,
            #"{"desc":"flat","nested":"nested","deep":"deep","type":"t"}"#),
        MappingCase(
            "a quoted key is one key", quoted,
            #"{"ext.desc": "flat", "ext": {"desc": "nested"}, "meta": {"a": {"b": {"c": "x"}}}, "@type": "t"}"#,
            #"$.meta["a.b"].c A.deep: missing required key `meta["a.b"].c` @4:3"#),
        MappingCase(
            "keywords as field names and quoted keys",
            "model A {\n  from: String\n  check: Int\n  strict: Bool\n  d: String from \"default\"\n}",
            #"{"from": "x", "check": "1", "strict": "yes", "default": "y"}"#,
            #"{"from":"x","check":1,"strict":true,"d":"y"}"#),
    ])
    func keyPaths(_ testCase: MappingCase) {
        #expect(RulesTestSupport.outcome(testCase.rules, testCase.input) == testCase.expected)
    }

    static let fallback = "model Book {\n  bookID: String from id, ID, book_id\n}"

    @Test(arguments: [
        MappingCase("first key wins", fallback, #"{"id": "a", "ID": "b", "book_id": "c"}"#, #"{"bookID":"a"}"#),
        MappingCase("null first key is skipped", fallback, #"{"id": null, "ID": "b"}"#, #"{"bookID":"b"}"#),
        MappingCase("missing and null keys are skipped", fallback, #"{"ID": null, "book_id": "c"}"#, #"{"bookID":"c"}"#),
        MappingCase(
            "every key null is null, at the first", fallback, #"{"id": null, "ID": null, "book_id": null}"#,
            "$.id Book.bookID: `id` is null but the field is required @2:3"),
        MappingCase(
            "one key null, the rest missing, is null, at that key", fallback, #"{"book_id": null}"#,
            "$.book_id Book.bookID: `book_id` is null but the field is required @2:3"),
        MappingCase(
            "every key missing", fallback, #"{"title": "x"}"#,
            "$ Book.bookID: none of the keys `id`, `ID`, `book_id` is present @2:3"),
        MappingCase(
            "optional with every key null", "model Book {\n  bookID: String? from id, ID\n}",
            #"{"id": null, "ID": null}"#, #"{"bookID":null}"#),
        MappingCase(
            "default with every key missing", "model Book {\n  bookID: String from id, ID default \"none\"\n}",
            #"{}"#, #"{"bookID":"none"}"#),
        MappingCase(
            "fallback into nested paths", "model Book {\n  author: String from author.name, writer\n}",
            #"{"author": {}, "writer": "Ann"}"#, #"{"author":"Ann"}"#),
    ])
    func fallbackKeys(_ testCase: MappingCase) {
        #expect(RulesTestSupport.outcome(testCase.rules, testCase.input) == testCase.expected)
    }

    static let optional = "model A {\n  req: String\n  opt: String?\n}"
    static let defaults = """
        model Settings {
          theme: String default "light"
          nickname: String? default "anon" when missing
          tags: [String] default []
          level: Int default 3 when missing
        }
        """

    @Test(arguments: [
        MappingCase("both present", optional, #"{"req": "x", "opt": "y"}"#, #"{"req":"x","opt":"y"}"#),
        MappingCase("optional missing is null", optional, #"{"req": "x"}"#, #"{"req":"x","opt":null}"#),
        MappingCase("optional null is null", optional, #"{"req": "x", "opt": null}"#, #"{"req":"x","opt":null}"#),
        MappingCase("required missing", optional, #"{"opt": "y"}"#, "$.req A.req: missing required key `req` @2:3"),
        MappingCase(
            "required null", optional, #"{"req": null}"#, "$.req A.req: `req` is null but the field is required @2:3"),
        MappingCase(
            "defaults for missing keys", defaults, #"{}"#,
            #"{"theme":"light","nickname":"anon","tags":[],"level":3}"#),
        MappingCase(
            "null takes a default, but not a when-missing default", defaults,
            #"{"theme": null, "nickname": null, "tags": null, "level": 4}"#,
            #"{"theme":"light","nickname":null,"tags":[],"level":4}"#),
        MappingCase(
            "null for a required when-missing default is an error", defaults, #"{"level": null}"#,
            "$.level Settings.level: `level` is null but the field is required @5:3"),
        MappingCase(
            "present values win over defaults", defaults,
            #"{"theme": "dark", "nickname": "bo", "tags": ["a"], "level": 1}"#,
            #"{"theme":"dark","nickname":"bo","tags":["a"],"level":1}"#),
        MappingCase(
            "defaults skip transformers and rules",
            "model A {\n  name: String using uppercase where length(5...) default \"ab\"\n}", #"{}"#, #"{"name":"ab"}"#),
        MappingCase(
            "output follows declaration order, not input order", "model A {\n  b: Int\n  a: Int\n}",
            #"{"a": 1, "extra": true, "b": 2}"#, #"{"b":2,"a":1}"#),
        MappingCase(
            "a record that is not an object", "model A {\n  b: Int\n}", "[1]",
            "$ A: expected an object for `A`, found [1] @1:7"),
    ])
    func optionalRequiredAndDefaults(_ testCase: MappingCase) {
        #expect(RulesTestSupport.outcome(testCase.rules, testCase.input) == testCase.expected)
    }

    static let issue = """
        model User {
          login: String
        }
        model Issue {
          title: String
          user: User
          assignee: User?
        }
        root Issue
        """
    static let comment = "model Comment {\n  body: String\n  replies: [Comment] default []\n}"

    @Test(arguments: [
        MappingCase(
            "nested model", issue, #"{"title": "t", "user": {"login": "a"}}"#,
            #"{"title":"t","user":{"login":"a"},"assignee":null}"#),
        MappingCase(
            "error inside a nested model names the nested model", issue, #"{"title": "t", "user": {}}"#,
            "$.user.login User.login: missing required key `login` @2:3"),
        MappingCase(
            "nested model given a string", issue, #"{"title": "t", "user": "bob"}"#,
            #"$.user Issue.user: expected an object for `User`, found "bob" @6:3"#),
        MappingCase(
            "optional nested model present", issue,
            #"{"title": "t", "user": {"login": "a"}, "assignee": {"login": "b"}}"#,
            #"{"title":"t","user":{"login":"a"},"assignee":{"login":"b"}}"#),
        MappingCase(
            "errors in the outer and the nested model", issue, #"{"user": {"login": null}, "assignee": 3}"#,
            [
                "$.title Issue.title: missing required key `title` @5:3",
                "$.user.login User.login: `login` is null but the field is required @2:3",
                "$.assignee Issue.assignee: expected an object for `User`, found 3 @7:3",
            ]),
        MappingCase(
            "comment with replies", comment,
            #"{"body": "a", "replies": [{"body": "b", "replies": [{"body": "c"}]}, {"body": "d"}]}"#,
            #"{"body":"a","replies":[{"body":"b","replies":[{"body":"c","replies":[]}]},{"body":"d","replies":[]}]}"#),
        MappingCase(
            "errors deep in replies", comment, #"{"body": "a", "replies": [{"replies": [{"body": "x"}, {}]}]}"#,
            [
                "$.replies[0].body Comment.body: missing required key `body` @2:3",
                "$.replies[0].replies[1].body Comment.body: missing required key `body` @2:3",
            ]),
    ])
    func nestedAndRecursiveModels(_ testCase: MappingCase) {
        #expect(RulesTestSupport.outcome(testCase.rules, testCase.input) == testCase.expected)
    }

    static let arrays = "model A {\n  values: [Int?]\n  names: [String]\n}"
    static let dictionaries = "model A {\n  scores: [String: Int]\n  maybe: [String: String?]\n}"
    static let json = "model A {\n  raw: JSON\n  opt: JSON?\n}"

    @Test(arguments: [
        MappingCase(
            "array of optionals", arrays, #"{"values": [1, null, 3], "names": ["a"]}"#,
            #"{"values":[1,null,3],"names":["a"]}"#),
        MappingCase("empty arrays", arrays, #"{"values": [], "names": []}"#, #"{"values":[],"names":[]}"#),
        MappingCase(
            "null in an array of non-optionals", arrays, #"{"values": [1], "names": ["a", null, "c"]}"#,
            "$.names[1] A.names: expected a string, found null @3:3"),
        MappingCase(
            "every bad element is reported", arrays, #"{"values": ["x", 2, true], "names": ["a"]}"#,
            [
                #"$.values[0] A.values: expected an integer, found "x" @2:3"#,
                "$.values[2] A.values: expected an integer, found true @2:3",
            ]),
        MappingCase(
            "a string where an array should be", arrays, #"{"values": "x", "names": []}"#,
            #"$.values A.values: expected an array, found "x" @2:3"#),
        MappingCase(
            "dictionaries keep input key order", dictionaries,
            #"{"scores": {"z": 1, "a": "2"}, "maybe": {"k": null, "j": "v"}}"#,
            #"{"scores":{"z":1,"a":2},"maybe":{"k":null,"j":"v"}}"#),
        MappingCase(
            "bad dictionary value", dictionaries, #"{"scores": {"bob": "x", "a b": true}, "maybe": {}}"#,
            [
                #"$.scores.bob A.scores: expected an integer, found "x" @2:3"#,
                #"$.scores["a b"] A.scores: expected an integer, found true @2:3"#,
            ]),
        MappingCase(
            "an array where a dictionary should be", dictionaries, #"{"scores": [1], "maybe": {}}"#,
            "$.scores A.scores: expected an object, found [1] @2:3"),
        MappingCase(
            "JSON keeps exact numbers", json,
            #"{"raw": {"price": 1.50, "big": 1e400, "huge": 9223372036854775808, "neg": -0, "list": [true, null, "s"]}}"#,
            #"{"raw":{"price":1.50,"big":1e400,"huge":9223372036854775808,"neg":-0,"list":[true,null,"s"]},"opt":null}"#),
        MappingCase("JSON scalars", json, #"{"raw": 1.50, "opt": "x"}"#, #"{"raw":1.50,"opt":"x"}"#),
        MappingCase(
            "JSON 2^63 and -2^63-1", json, #"{"raw": [9223372036854775808, -9223372036854775809, 1E+2]}"#,
            #"{"raw":[9223372036854775808,-9223372036854775809,1E+2],"opt":null}"#),
        MappingCase(
            "required JSON null", json, #"{"raw": null}"#, "$.raw A.raw: `raw` is null but the field is required @2:3"),
    ])
    func collectionsAndJSON(_ testCase: MappingCase) {
        #expect(RulesTestSupport.outcome(testCase.rules, testCase.input) == testCase.expected)
    }

    @Test func jsonPassthroughKeepsTheLiteral() throws {
        let record = try RulesTestSupport.map("model A { raw: JSON }", #"{"raw": [1.50, 1e400, 9223372036854775808, 7]}"#)
        #expect(
            record.value
                == .object(
                    MappedObject([
                        MappedMember(
                            key: "raw",
                            value: .array([
                                .decimal("1.50"), .decimal("1e400"), .decimal("9223372036854775808"), .int(7),
                            ]))
                    ])))
        #expect(record.errors == [])
        #expect(record.index == nil)
    }
}
