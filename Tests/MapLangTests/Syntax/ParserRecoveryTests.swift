import Testing

@testable import MapLang

struct ParserRecoveryTests {
    struct RecoveryCase: Sendable, CustomTestStringConvertible {
        let id: String
        let source: String
        /// Every diagnostic as `line:column code: message`.
        let diagnostics: [String]
        /// The first diagnostic's help.
        let help: String?
        /// The first diagnostic's secondary labels as `line:column message`.
        let secondary: [String]
        /// The tree that survives.
        let dump: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        RecoveryCase(
            id: "missing type", source: "model A { x: }",
            diagnostics: ["1:13 expected-type: expected a type, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "junk after a field", source: "model A { x: Int -> 3 }",
            diagnostics: ["1:18 expected-clause: expected a clause such as `from`, `using`, `default` or `where` after the field `x`, found `->`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int @1:14\n"),
        RecoveryCase(
            id: "missing model name", source: "model { }",
            diagnostics: ["1:6 expected-name: expected a name after `model`, found `{`"],
            help: nil, secondary: [],
            dump: "file @1:1\n"),
        RecoveryCase(
            id: "number after root", source: "root 3",
            diagnostics: ["1:5 expected-name: expected a model name after `root`, found number `3`"],
            help: nil, secondary: [],
            dump: "file @1:1\n"),
        RecoveryCase(
            id: "string after keys", source: "keys \"snake\"",
            diagnostics: ["1:5 expected-name: expected a key strategy after `keys`, found string \"snake\""],
            help: nil, secondary: [],
            dump: "file @1:1\n"),
        RecoveryCase(
            id: "missing key", source: "model A { x: Int from }",
            diagnostics: ["1:22 expected-name: expected a key after `from`, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "missing transformer", source: "model A { x: Int using }",
            diagnostics: ["1:23 expected-name: expected a transformer name after `using`, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "missing rule", source: "model A { x: Int where }",
            diagnostics: ["1:23 expected-name: expected a rule name after `where`, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "missing enum default case", source: "enum E { a default }",
            diagnostics: ["1:19 expected-name: expected a case name after `default`, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  enum E @1:1\n    case a @1:10\n"),
        RecoveryCase(
            id: "missing name after dot", source: "model A { check a. }",
            diagnostics: ["1:19 expected-name: expected a name after `.`, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "missing default value", source: "model A { x: Int default }",
            diagnostics: ["1:25 expected-value: expected a value after `default`, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "range without bounds", source: "model A { x: Int where range(...) }",
            diagnostics: ["1:33 expected-value: expected a number after `...`, found `)`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "index without integer", source: "model A { x: Int from a[b] }",
            diagnostics: ["1:25 expected-value: expected an integer index after `[`, found identifier `b`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "missing check message", source: "model A { check a else }",
            diagnostics: ["1:23 expected-value: expected a message string after `else`, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "bare word as enum input", source: "enum E { a from x }",
            diagnostics: ["1:16 expected-value: expected a string, number, `true`, `false` or `null` after `from`, found identifier `x`"],
            help: "write the value as a string: `\"x\"`", secondary: [],
            dump: "file @1:1\n  enum E @1:1\n"),
        RecoveryCase(
            id: "bare word as object key", source: "model A { x: Int default {a: 1} }",
            diagnostics: ["1:27 expected-value: expected a string key after `{`, found identifier `a`"],
            help: "write the key as a string: `\"a\"`", secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "missing model brace", source: "model A x: Int }",
            diagnostics: ["1:8 expected-token: expected `{` after `model A`, found identifier `x`"],
            help: nil, secondary: [],
            dump: "file @1:1\n"),
        RecoveryCase(
            id: "missing transform equals", source: "transform t trim",
            diagnostics: ["1:12 expected-token: expected `=` after `transform t`, found identifier `trim`"],
            help: nil, secondary: [],
            dump: "file @1:1\n"),
        RecoveryCase(
            id: "missing comma in table row", source: "table t { \"a\" \"b\" -> 1 }",
            diagnostics: ["1:14 expected-token: expected `->` after the row\'s inputs, found string \"b\""],
            help: nil, secondary: [],
            dump: "file @1:1\n  table t @1:1\n    row \"b\" -> 1 @1:15\n"),
        RecoveryCase(
            id: "missing arrow after table default", source: "table t { default 0 }",
            diagnostics: ["1:18 expected-token: expected `->` after `default`, found number `0`"],
            help: "write `default -> value`", secondary: [],
            dump: "file @1:1\n  table t @1:1\n"),
        RecoveryCase(
            id: "missing word after when", source: "model A { x: Int default 1 when }",
            diagnostics: ["1:32 expected-token: expected `missing` after `when`, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "missing colon in object", source: "model A { x: Int default {\"a\" 1} }",
            diagnostics: ["1:30 expected-token: expected `:` after the key \"a\", found number `1`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "missing check condition", source: "model A { check }",
            diagnostics: ["1:16 expected-expression: expected an expression after `check`, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "array type not closed", source: "model A { x: [String Int] }",
            diagnostics: ["1:21 unclosed-delimiter: expected `]` to close the array type, found identifier `Int`"],
            help: nil, secondary: ["1:14 `[` opened here"],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "dictionary type not closed", source: "model A { x: [String: Int }",
            diagnostics: ["1:26 unclosed-delimiter: expected `]` to close the dictionary type, found `}`"],
            help: nil, secondary: ["1:14 `[` opened here"],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "index not closed", source: "model A { x: Int from a[0 }",
            diagnostics: ["1:26 unclosed-delimiter: expected `]` to close the index, found `}`"],
            help: nil, secondary: ["1:24 `[` opened here"],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "argument list not closed", source: "model A { x: Int where f(1 2) }",
            diagnostics: ["1:27 unclosed-delimiter: expected `)` to close the argument list, found number `2`"],
            help: "separate the items with `,`", secondary: ["1:25 `(` opened here"],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "array literal not closed", source: "model A { x: Int default [1 2] }",
            diagnostics: ["1:28 unclosed-delimiter: expected `]` to close the array, found number `2`"],
            help: "separate the items with `,`", secondary: ["1:26 `[` opened here"],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "object literal not closed", source: "model A { x: Int default {\"a\": 1 \"b\": 2} }",
            diagnostics: ["1:33 unclosed-delimiter: expected `}` to close the object, found string \"b\""],
            help: "separate the items with `,`", secondary: ["1:26 `{` opened here"],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "parenthesis not closed", source: "model A { check (a }",
            diagnostics: ["1:19 unclosed-delimiter: expected `)` to close the parenthesis, found `}`"],
            help: nil, secondary: ["1:17 `(` opened here"],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "call not closed", source: "model A { check f(a b) }",
            diagnostics: ["1:20 unclosed-delimiter: expected `)` to close the argument list, found identifier `b`"],
            help: "separate the items with `,`", secondary: ["1:18 `(` opened here"],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "enum not closed", source: "enum E { a",
            diagnostics: ["1:11 unclosed-delimiter: expected `}` to close enum `E`, found end of file"],
            help: nil, secondary: ["1:8 `{` opened here"],
            dump: "file @1:1\n  enum E @1:1\n    case a @1:10\n"),
        RecoveryCase(
            id: "table not closed", source: "table T { \"a\" -> 1",
            diagnostics: ["1:19 unclosed-delimiter: expected `}` to close table `T`, found end of file"],
            help: nil, secondary: ["1:9 `{` opened here"],
            dump: "file @1:1\n  table T @1:1\n    row \"a\" -> 1 @1:11\n"),
        RecoveryCase(
            id: "duplicate clauses", source: "model A { x: Int from a from b using c using d default 1 default 2 where e where f }",
            diagnostics: ["1:25 duplicate-clause: field `x` has more than one `from` clause", "1:40 duplicate-clause: field `x` has more than one `using` clause", "1:58 duplicate-clause: field `x` has more than one `default` clause", "1:76 duplicate-clause: field `x` has more than one `where` clause"],
            help: "list every key in one clause: `from a, b`", secondary: ["1:18 first `from` clause here"],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int @1:14\n      from a @1:23\n      pipeline @1:38\n        call c @1:38\n      default 1 @1:48\n      rule e @1:74\n"),
        RecoveryCase(
            id: "duplicate enum default", source: "enum E { a b default a default b }",
            diagnostics: ["1:24 duplicate-default: enum `E` has more than one `default`"],
            help: "keep one `default` case", secondary: ["1:14 first `default` here"],
            dump: "file @1:1\n  enum E @1:1\n    case a @1:10\n    case b @1:12\n    default a @1:22\n"),
        RecoveryCase(
            id: "duplicate table default", source: "table t { 1 -> 2 default -> 0 default -> 1 }",
            diagnostics: ["1:31 duplicate-default: table `t` has more than one `default`"],
            help: "keep one `default -> value` row", secondary: ["1:18 first `default` here"],
            dump: "file @1:1\n  table t @1:1\n    row 1 -> 2 @1:11\n    default -> 0 @1:29\n"),
        RecoveryCase(
            id: "enum default with an arrow", source: "enum E { a b default -> a }",
            diagnostics: ["1:22 enum-default-arrow: an enum's `default` names one of its cases, with no `->`"],
            help: "write `default a`; tables and choices write `default -> …`", secondary: [],
            dump: "file @1:1\n  enum E @1:1\n    case a @1:10\n    case b @1:12\n    default a @1:25\n"),
        RecoveryCase(
            id: "a key path starting with an index", source: "model A { x: Int from [0] }",
            diagnostics: ["1:23 key-path-starts-with-index: a key path starts with a key: a record is an object, not an array"],
            help: "name the key that holds the array first: `from items[0]`", secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int @1:14\n      from [0] @1:23\n"),
        RecoveryCase(
            id: "an index written as a key path's step", source: "model A { x: Int from labels.0.name, a.1.2 }",
            diagnostics: [
                "1:29 index-without-brackets: `labels.0.name` writes an index as a key: a key path's index is written in brackets",
                "1:39 index-without-brackets: `a.1.2` writes an index as a key: a key path's index is written in brackets",
            ],
            help: #"write `labels[0].name`; for a key made of digits, quote it: `labels."0".name`"#, secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int @1:14\n      from labels[0].name @1:23\n"
                + "      from a[1][2] @1:38\n"),
        RecoveryCase(
            id: "a dotted index with a leading zero or a sign", source: "model A { x: Int from a.01, b.-1.c }",
            diagnostics: [
                "1:24 index-without-brackets: `a.01` writes an index as a key: a key path's index is written in brackets",
                "1:30 index-without-brackets: `b.-1.c` writes an index as a key: a key path's index is written in brackets",
            ],
            help: #"write `a[1]`; for a key made of digits, quote it: `a."01"`"#, secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int @1:14\n      from a[1] @1:23\n"
                + "      from b[-1].c @1:29\n"),
        RecoveryCase(
            id: "a check's $. before a from path", source: "model A { x: Int from $.user.login }",
            diagnostics: ["1:23 dollar-in-key-path: a `from` path starts at the record: it is written without `$.`"],
            help: "write `from user.login`; `from $` alone reads the whole object", secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int @1:14\n      from user.login @1:25\n"),
        RecoveryCase(
            id: "a half-open range with no upper bound", source: "model A { x: Int where range(1..<) }",
            diagnostics: ["1:31 range-without-upper-bound: `..<` needs an upper bound"],
            help: "for no upper bound write `...`: `range(1...)`", secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int @1:14\n      rule range(1..<) @1:24\n"),
        RecoveryCase(
            id: "double optional", source: "model A { x: Int?? }",
            diagnostics: ["1:18 double-optional: a type can be optional only once"],
            help: "remove the extra `?`", secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int? @1:14\n"),
        RecoveryCase(
            id: "chained comparison", source: "model A { check a < b < c }",
            diagnostics: ["1:23 chained-comparison: comparison `<` cannot follow another comparison"],
            help: "join the comparisons with `and`: `a < b and b < c`", secondary: [],
            dump: "file @1:1\n  model A @1:1\n    check @1:11\n      < @1:17\n        ref a @1:17\n        ref b @1:21\n"),
        RecoveryCase(
            id: "index out of range", source: "model A { x: Int from a[99999999999999999999] }",
            diagnostics: ["1:25 index-out-of-range: index `99999999999999999999` is out of range"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "keyword as key", source: "model A { x: Int from default }",
            diagnostics: ["1:22 expected-name: expected a key after `from`, found keyword `default`"],
            help: "write a key that is a keyword as a string: `\"default\"`", secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "number as key", source: "model A { x: Int from 0 }",
            diagnostics: ["1:22 expected-name: expected a key after `from`, found number `0`"],
            help: "write an array index in brackets: `[0]`", secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "keyword as transformer", source: "model A { x: Int using default }",
            diagnostics: ["1:23 expected-name: expected a transformer name after `using`, found keyword `default`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "default when missing without value", source: "model A { x: Int default when missing }",
            diagnostics: ["1:25 expected-value: expected a value after `default`, found keyword `when`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "missing value deep in a literal", source: "model A { x: [String: Int]? default {\"a\": [1, {\"b\": }] } }",
            diagnostics: ["1:52 expected-value: expected a value after `:`, found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "operator as operand", source: "model A { check a and or b }",
            diagnostics: ["1:22 expected-expression: expected an expression after `and`, found keyword `or`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "stray closing brace", source: "model A { x: Int } }",
            diagnostics: ["1:20 expected-declaration: expected a declaration (`model`, `enum`, `table`, `transform`, `choice` or a setting), found `}`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int @1:14\n"),
        RecoveryCase(
            id: "inline model", source: "model A { x: { y: Int } }",
            diagnostics: ["1:13 expected-type: expected a type, found `{`"],
            help: "declare the nested model with `model Name { … }` and use its name here", secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "junk after enum", source: "enum E { a b c } x",
            diagnostics: ["1:18 expected-declaration: expected a declaration (`model`, `enum`, `table`, `transform`, `choice` or a setting), found identifier `x`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  enum E @1:1\n    case a @1:10\n    case b @1:12\n    case c @1:14\n"),
        RecoveryCase(
            id: "misspelt check", source: "model A { chek a > 0 }",
            diagnostics: ["1:15 expected-token: expected `:` after the field name `chek`, found identifier `a`"],
            help: "did you mean `check`?", secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "misspelt clause", source: "model A { x: Int form a }",
            diagnostics: ["1:18 expected-clause: expected a clause such as `from`, `using`, `default` or `where` after the field `x`, found identifier `form`"],
            help: "did you mean `from`?", secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int @1:14\n"),
        RecoveryCase(
            id: "rule without where", source: "model A { title: String nonEmpty }",
            diagnostics: ["1:25 expected-clause: expected a clause such as `from`, `using`, `default` or `where` after the field `title`, found identifier `nonEmpty`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field title @1:11\n      type String @1:18\n"),
        RecoveryCase(
            id: "misspelt setting", source: "strct",
            diagnostics: ["1:1 expected-declaration: expected a declaration (`model`, `enum`, `table`, `transform`, `choice` or a setting), found identifier `strct`"],
            help: "did you mean `strict`?", secondary: [],
            dump: "file @1:1\n"),
        RecoveryCase(
            id: "capitalised keyword", source: "Model A {}",
            diagnostics: ["1:1 expected-declaration: expected a declaration (`model`, `enum`, `table`, `transform`, `choice` or a setting), found identifier `Model`"],
            help: "did you mean `model`?", secondary: [],
            dump: "file @1:1\n  model A @1:1\n"),
        RecoveryCase(
            id: "stray token in model", source: "model A { = x: Int }",
            diagnostics: ["1:11 expected-member: expected a field, a check or a setting in model `A`, found `=`"],
            help: nil, secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:13\n      type Int @1:16\n"),
        RecoveryCase(
            id: "commas between enum cases", source: "enum E { a, b }",
            diagnostics: ["1:11 expected-member: expected a case or `default` in enum `E`, found `,`"],
            help: "enum cases are separated by spaces or new lines, not commas", secondary: [],
            dump: "file @1:1\n  enum E @1:1\n    case a @1:10\n    case b @1:13\n"),
        RecoveryCase(
            id: "bare word as table input", source: "table t { open -> 1 }",
            diagnostics: ["1:11 expected-member: expected a row or `default` in table `t`, found identifier `open`"],
            help: "write the input as a string: `\"open\"`", secondary: [],
            dump: "file @1:1\n  table t @1:1\n"),
        RecoveryCase(
            id: "lexical and syntax errors together", source: "model A { x: Int from @id y: Int default 01 }",
            diagnostics: ["1:23 unexpected-character: unexpected character `@`", "1:42 invalid-number: number `01` has a leading zero"],
            help: "write a key holding `@` as a string, as in `from \"@type\"`", secondary: [],
            dump: "file @1:1\n  model A @1:1\n    field x @1:11\n      type Int @1:14\n      from id @1:24\n    field y @1:27\n      type Int @1:30\n      default 1 @1:34\n"),
    ])
    func reportsAndRecovers(_ example: RecoveryCase) {
        let (source, result) = SyntaxTestSupport.parse(example.source)
        #expect(SyntaxTestSupport.summary(result.diagnostics) == example.diagnostics)
        #expect(result.diagnostics.first?.help == example.help)
        let secondary = result.diagnostics.first?.secondaryLabels.map { "\(source.location(of: $0.span.start)) \($0.message)" }
        #expect((secondary ?? []) == example.secondary)
        #expect(ASTDumper.dump(result.file, source: source) == example.dump)
        #expect(result.diagnostics.allSatisfy { $0.severity == .error && $0.source == source })
    }
}

extension ParserRecoveryTests {
    @Test func reportsEveryErrorAndKeepsTheRest() {
        let text = """
            root Issue
            keys snake_case

            model Issue {
              url: URL
              title String
              number: Int where range(1...)
              body: [String
              state: State from
              labels: [Label] default []
              check number > 0 and
              closedAt: Date? using iso8601
            }

            enum State { open, closed default open default closed }

            table priority { "low" -> 1 high -> 3 default -> 0 }

            transform clean = trim |

            modle Label {
              name: String
              color: String -> "red"
              id: Int
            }

            model User { login: String }
            """
        let (source, result) = SyntaxTestSupport.parse(text)
        #expect(
            SyntaxTestSupport.summary(result.diagnostics) == [
                "6:8 expected-token: expected `:` after the field name `title`, found identifier `String`",
                "8:16 unclosed-delimiter: expected `]` to close the array type, found identifier `state`",
                "9:20 expected-name: expected a key after `from`, found identifier `labels`",
                "11:23 expected-expression: expected an expression after `and`, found identifier `closedAt`",
                "15:18 expected-member: expected a case or `default` in enum `State`, found `,`",
                "15:40 duplicate-default: enum `State` has more than one `default`",
                "17:29 expected-member: expected a row or `default` in table `priority`, found identifier `high`",
                "19:25 expected-name: expected a transformer name after `|`, found identifier `modle`",
                "21:1 expected-declaration: expected a declaration (`model`, `enum`, `table`, `transform`, `choice` or a setting), found identifier `modle`",
                "23:17 expected-clause: expected a clause such as `from`, `using`, `default` or `where` after the field `color`, found `->`",
            ])
        #expect(
            ASTDumper.dump(result.file, source: source) == """
                file @1:1
                  root Issue @1:1
                  keys snake_case @2:1
                  model Issue @4:1
                    field url @5:3
                      type URL @5:8
                    field number @7:3
                      type Int @7:11
                      rule range(1...) @7:21
                    field labels @10:3
                      type [Label] @10:11
                      default [] @10:19
                    field closedAt @12:3
                      type Date? @12:13
                      pipeline @12:25
                        call iso8601 @12:25
                  enum State @15:1
                    case open @15:14
                    case closed @15:20
                    default open @15:35
                  table priority @17:1
                    row "low" -> 1 @17:18
                    default -> 0 @17:50
                  model Label @21:1
                    field name @22:3
                      type String @22:9
                    field color @23:3
                      type String @23:10
                    field id @24:3
                      type Int @24:7
                  model User @27:1
                    field login @27:14
                      type String @27:21

                """)
    }

    @Test func unclosedBraceAtEndOfFileIsOneErrorWithALabelAtTheBrace() throws {
        let (text, spans) = SyntaxTestSupport.unmark("model Issue ⟨{⟩\n  title: String\n  number: Int⟨⟩\n")
        let (_, result) = SyntaxTestSupport.parse(text)
        #expect(result.diagnostics.count == 1)
        let problem = try #require(result.diagnostics.first)
        #expect(problem.code == "unclosed-delimiter")
        #expect(problem.message == "expected `}` to close model `Issue`, found end of file")
        #expect(problem.span == spans[1])
        #expect(problem.secondaryLabels == [Diagnostic.SecondaryLabel(span: spans[0], message: "`{` opened here")])
        #expect(ParserTests.members(result.file).count == 2)
    }

    @Test func missingTokensGetAZeroWidthSpanAfterThePreviousToken() {
        let (text, spans) = SyntaxTestSupport.unmark("model A {\n  title⟨⟩\n    String\n  x: Int from⟨⟩ }\n")
        let (_, result) = SyntaxTestSupport.parse(text)
        #expect(result.diagnostics.map(\.span) == spans)
    }

    @Test func problemsAtTheSamePlaceAreReportedOnce() {
        // The array type and the model body are both unclosed at the end of the file.
        let (_, result) = SyntaxTestSupport.parse("model A { x: [String")
        #expect(
            SyntaxTestSupport.summary(result.diagnostics) == [
                "1:21 unclosed-delimiter: expected `]` to close the array type, found end of file"
            ])
        // A lexical problem wins over the syntax problem it causes.
        let (_, other) = SyntaxTestSupport.parse("model A { x: Int from a..b }")
        #expect(SyntaxTestSupport.summary(other.diagnostics) == ["1:24 invalid-operator: `..` is not an operator"])
    }

    @Test func diagnosticsAreOrderedByPosition() {
        let (_, result) = SyntaxTestSupport.parse("model A { x: Int from }\n@\nmodel B { y: }")
        #expect(result.diagnostics.map(\.span.start) == result.diagnostics.map(\.span.start).sorted())
        #expect(result.diagnostics.map(\.code) == ["expected-name", "unexpected-character", "expected-type"])
    }
}

// MARK: - Nesting

extension ParserRecoveryTests {
    struct NestingCase: Sendable, CustomTestStringConvertible {
        let id: String
        let prefix: String
        let open: String
        let middle: String
        let close: String
        let suffix: String
        let message: String
        var testDescription: String { id }

        func text(depth: Int, closed: Bool = true) -> String {
            prefix + String(repeating: open, count: depth) + middle
                + (closed ? String(repeating: close, count: depth) : "") + suffix
        }
    }

    static let nestingCases = [
        NestingCase(
            id: "type", prefix: "model A { x: ", open: "[", middle: "String", close: "]", suffix: " }\nmodel B {}",
            message: "type nested more than 64 levels deep"),
        NestingCase(
            id: "array literal", prefix: "model A { x: Int default ", open: "[", middle: "", close: "]",
            suffix: " }\nmodel B {}", message: "value nested more than 64 levels deep"),
        NestingCase(
            id: "object literal", prefix: "model A { x: Int default ", open: "{\"a\": ", middle: "1", close: "}",
            suffix: " }\nmodel B {}", message: "value nested more than 64 levels deep"),
        NestingCase(
            id: "parentheses", prefix: "model A { check ", open: "(", middle: "a", close: ")", suffix: " }\nmodel B {}",
            message: "expression nested more than 64 levels deep"),
        NestingCase(
            id: "calls", prefix: "model A { check ", open: "f(", middle: "a", close: ")", suffix: " }\nmodel B {}",
            message: "expression nested more than 64 levels deep"),
        NestingCase(
            id: "not", prefix: "model A { check ", open: "not ", middle: "a", close: "", suffix: " }\nmodel B {}",
            message: "expression nested more than 64 levels deep"),
        NestingCase(
            id: "or chain", prefix: "model A { check a", open: " or a", middle: "", close: "", suffix: " }\nmodel B {}",
            message: "expression nested more than 64 levels deep"),
        NestingCase(
            id: "and chain", prefix: "model A { check a", open: " and a", middle: "", close: "", suffix: " }\nmodel B {}",
            message: "expression nested more than 64 levels deep"),
    ]

    @Test(arguments: nestingCases)
    func sixtyFourLevelsAreAllowed(_ example: NestingCase) {
        let (_, result) = SyntaxTestSupport.parse(example.text(depth: 64))
        #expect(SyntaxTestSupport.summary(result.diagnostics) == [])
    }

    @Test(arguments: nestingCases)
    func sixtyFiveLevelsAreAnError(_ example: NestingCase) {
        let (source, result) = SyntaxTestSupport.parse(example.text(depth: 65))
        #expect(result.diagnostics.map(\.message) == [example.message])
        #expect(result.diagnostics.map(\.code) == ["nesting-too-deep"])
        #expect(ASTDumper.dump(result.file, source: source).contains("model B @"))
    }

    @Test(arguments: nestingCases)
    func oneHundredThousandLevelsAreAnErrorNotACrash(_ example: NestingCase) {
        let (source, result) = SyntaxTestSupport.parse(example.text(depth: 100_000))
        #expect(result.diagnostics.map(\.code) == ["nesting-too-deep"])
        #expect(ASTDumper.dump(result.file, source: source).contains("model B @"))
        let (_, unclosed) = SyntaxTestSupport.parse(example.text(depth: 100_000, closed: false))
        #expect(unclosed.diagnostics.first?.code == "nesting-too-deep")
    }
}

// MARK: - Robustness

extension ParserRecoveryTests {
    /// A realistic rules file, with non-ASCII text so truncation splits characters.
    static let realistic = """
        // GitHub issues — après Mantle's README.
        root Issue
        keys snake_case
        strict

        enum IssueState {
          open
          closed from "closed", "done", 2
          default open
        }

        table priority {
          "low", "minör" -> 1
          "high" -> 3
          default -> 0
        }

        transform clean = trim | lowercase
        transform stamp = timestamp(ms) | date("yyyy-MM-dd")

        model Issue {
          lenient
          url: URL
          number: Int from id, ID, book_id where range(1...), oneOf(1, 2.5, -3)
          state: IssueState default open when missing
          title: String using clean where nonEmpty, length(1...256), pattern("^[a-z]+\\u{1F600}$")
          labels: [Label] from labels[0].name, "ext.desc", meta."a.b".c default []
          extra: [String: [Int]]? default {"a": [1, 2], "b": []}
          check state != closed or closedAt != null else "a closed issue must have `closedAt`"
          check count(labels) > 0 and not (number <= 0)
        }
        """

    /// Checks what must hold for any input, however broken.
    static func checkInvariants(_ source: SourceFile, _ result: ParseResult) {
        let size = source.bytes.count
        var starts = Set<Int>()
        for problem in result.diagnostics {
            #expect(problem.span.start >= 0 && problem.span.start <= problem.span.end && problem.span.end <= size)
            #expect(problem.secondaryLabels.allSatisfy { $0.span.end <= size })
            #expect(problem.message.first.map { !$0.isUppercase } == true)
            #expect(problem.message.last != ".")
            #expect(starts.insert(problem.span.start).inserted, "two problems at \(problem.span.start)")
        }
        #expect(result.diagnostics.map(\.span.start) == result.diagnostics.map(\.span.start).sorted())
        for item in result.file.items {
            let span: Span
            switch item {
            case .setting(let setting): span = setting.span
            case .model(let model): span = model.span
            case .enumeration(let enumeration): span = enumeration.span
            case .table(let table): span = table.span
            case .transform(let transform): span = transform.span
            case .choice(let choice): span = choice.span
            case .test(let test): span = test.span
            }
            #expect(span.start <= span.end && span.end <= size)
        }
        #expect(ASTDumper.dump(result.file, source: source).hasPrefix("file @1:1\n"))
    }

    @Test func realisticFileParsesCleanly() {
        let (_, result) = SyntaxTestSupport.parse(Self.realistic)
        #expect(SyntaxTestSupport.summary(result.diagnostics) == [])
        #expect(result.file.items.count == 8)
        #expect(result.file.comments.count == 1)
    }

    @Test func everyPrefixOfARealisticFileParses() {
        let bytes = Array(Self.realistic.utf8)
        for length in 0...bytes.count {
            let source = SourceFile(name: "t.map", text: String(decoding: bytes[..<length], as: UTF8.self))
            let result = RulesParser.parse(source)
            Self.checkInvariants(source, result)
        }
    }

    @Test func everyPrefixWithEachLineDroppedParses() {
        let lines = Self.realistic.split(separator: "\n", omittingEmptySubsequences: false)
        for dropped in lines.indices {
            var kept = lines
            kept.remove(at: dropped)
            let source = SourceFile(name: "t.map", text: kept.joined(separator: "\n"))
            Self.checkInvariants(source, RulesParser.parse(source))
        }
    }

    /// Pieces token soups are made of: every token kind, every keyword, and some stray text.
    static let vocabulary = [
        "model", "enum", "table", "transform", "root", "strict", "lenient", "keys", "check", "from", "using", "default",
        "when", "missing", "where", "else", "or", "and", "not", "true", "false", "null", "Issue", "title", "x", "_id",
        "String", "Int", "\"s\"", "\"a.b\"", "\"\\u{41}\"", "\"open", "0", "1", "-1", "2.5", "1e3", "01", "{", "}", "[",
        "]", "(", ")", ":", ",", ".", "|", "=", "?", "->", "...", "..<", "==", "!=", "<", "<=", ">", ">=", "@", "#",
        "// c\n", "\n", "..", "-", "!", "é",
    ]

    @Test func randomTokenSoupsParse() {
        var generator = SeededGenerator(seed: 20_240_601)
        for _ in 0..<3000 {
            let count = Int.random(in: 0...120, using: &generator)
            var text = ""
            for _ in 0..<count {
                text += Self.vocabulary.randomElement(using: &generator) ?? ""
                text += Bool.random(using: &generator) ? " " : ""
            }
            let source = SourceFile(name: "soup.map", text: text)
            Self.checkInvariants(source, RulesParser.parse(source))
        }
    }

    @Test func randomMutationsOfARealisticFileParse() {
        var generator = SeededGenerator(seed: 7)
        let tokens = Lexer.tokenize(SourceFile(name: "t.map", text: Self.realistic)).tokens.dropLast().map(\.kind.spelling)
        for _ in 0..<1000 {
            var mutated = tokens
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<mutated.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: mutated.remove(at: index)
                case 1: mutated.insert(Self.vocabulary.randomElement(using: &generator) ?? "", at: index)
                default: mutated[index] = Self.vocabulary.randomElement(using: &generator) ?? ""
                }
            }
            let source = SourceFile(name: "t.map", text: mutated.joined(separator: " "))
            Self.checkInvariants(source, RulesParser.parse(source))
        }
    }
}
