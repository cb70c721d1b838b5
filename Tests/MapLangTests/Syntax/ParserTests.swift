import Testing

@testable import MapLang

/// Helpers shared by the lexer, parser and dumper tests.
enum SyntaxTestSupport {
    /// Removes `⟨` and `⟩` markers from a text.
    ///
    /// - Returns: The text without markers, and the byte span each pair
    ///   enclosed, in the order of their `⟨`.
    static func unmark(_ marked: String) -> (text: String, spans: [Span]) {
        var text = ""
        var spans: [Span] = []
        var open: [Int] = []
        for character in marked {
            switch character {
            case "⟨":
                open.append(spans.count)
                spans.append(.at(text.utf8.count))
            case "⟩":
                let index = open.removeLast()
                spans[index].end = text.utf8.count
            default:
                text.append(character)
            }
        }
        return (text, spans)
    }

    /// Parses a text.
    static func parse(_ text: String) -> (source: SourceFile, result: ParseResult) {
        let source = SourceFile(name: "t.map", text: text)
        return (source, RulesParser.parse(source))
    }

    /// Parses a text and dumps its tree.
    static func dump(_ text: String) -> String {
        let (source, result) = parse(text)
        return ASTDumper.dump(result.file, source: source)
    }

    /// Each diagnostic as `line:column code: message`.
    static func summary(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.location) \($0.code): \($0.message)" }
    }
}

struct ParserTests {
    /// Every construct of the grammar in one file.
    static let everything = """
        // GitHub issues, after Mantle's README.
        root Issue
        keys snake_case
        strict
        lenient

        enum IssueState { // cases
          open
          closed from "closed", "done", 2, true, null, 1.5
          default open
        }

        table priority {
          "low", "minor" -> 1
          "high" -> 3 // a comment
          default -> 0
        }

        transform clean = trim | lowercase
        transform stamp = timestamp(ms) | date("yyyy-MM-dd")

        model Issue {
          keys camelCase
          strict
          lenient
          url: URL
          number: Int from id, ID, book_id where range(1...)
          reporter: String from user.login
          first: String from labels[0].name
          last: String from labels[-1]
          quoted: String? from "ext.desc"
          dotted: String? from ext.desc
          mixed: String? from meta."a.b".c, "@type"
          tags: [String: [Int]]? default {}
          labels: [String] default [] when missing
          state: IssueState default open when missing
          ratio: Double where range(...100), range(0..<1)
          title: String using trim | lowercase default "x" where nonEmpty, length(1...256), pattern("^[a-z]+$"), oneOf("a", "b")
          meta: [String: String] default {"a": "b", "c": [1, -2.5, null]}
          from: Int
          check: Bool
          keys: [String]
          check a or b and not c == d
          check (a or b) and c
          check count(labels) > 0 else "needs labels"
          check assignee.login != null and number >= 1 and ratio <= 0.5 and number < 10 and ratio > -1
          check not not ok
        }
        """

    @Test func everyConstructParsesToTheGoldenTree() {
        let (source, result) = SyntaxTestSupport.parse(Self.everything)
        #expect(result.diagnostics.isEmpty)
        let dump = ASTDumper.dump(result.file, source: source)
        #expect(dump == Self.everythingDump)
    }

    static let everythingDump = """
        file @1:1
          root Issue @2:1
          keys snake_case @3:1
          strict @4:1
          lenient @5:1
          enum IssueState @7:1
            case open @8:3
            case closed from "closed", "done", 2, true, null, 1.5 @9:3
            default open @10:11
          table priority @13:1
            row "low", "minor" -> 1 @14:3
            row "high" -> 3 @15:3
            default -> 0 @16:14
          transform clean @19:1
            pipeline @19:19
              call trim @19:19
              call lowercase @19:26
          transform stamp @20:1
            pipeline @20:19
              call timestamp(ms) @20:19
              call date("yyyy-MM-dd") @20:35
          model Issue @22:1
            keys camelCase @23:3
            strict @24:3
            lenient @25:3
            field url @26:3
              type URL @26:8
            field number @27:3
              type Int @27:11
              from id @27:20
              from ID @27:24
              from book_id @27:28
              rule range(1...) @27:42
            field reporter @28:3
              type String @28:13
              from user.login @28:25
            field first @29:3
              type String @29:10
              from labels[0].name @29:22
            field last @30:3
              type String @30:9
              from labels[-1] @30:21
            field quoted @31:3
              type String? @31:11
              from "ext.desc" @31:24
            field dotted @32:3
              type String? @32:11
              from ext.desc @32:24
            field mixed @33:3
              type String? @33:10
              from meta."a.b".c @33:23
              from "@type" @33:37
            field tags @34:3
              type [String: [Int]]? @34:9
              default {} @34:26
            field labels @35:3
              type [String] @35:11
              default [] when missing @35:20
            field state @36:3
              type IssueState @36:10
              default open when missing @36:21
            field ratio @37:3
              type Double @37:10
              rule range(...100) @37:23
              rule range(0..<1) @37:38
            field title @38:3
              type String @38:10
              pipeline @38:23
                call trim @38:23
                call lowercase @38:30
              default "x" @38:40
              rule nonEmpty @38:58
              rule length(1...256) @38:68
              rule pattern("^[a-z]+$") @38:85
              rule oneOf("a", "b") @38:106
            field meta @39:3
              type [String: String] @39:9
              default {"a": "b", "c": [1, -2.5, null]} @39:26
            field from @40:3
              type Int @40:9
            field check @41:3
              type Bool @41:10
            field keys @42:3
              type [String] @42:9
            check @43:3
              or @43:9
                ref a @43:9
                and @43:14
                  ref b @43:14
                  not @43:20
                    == @43:24
                      ref c @43:24
                      ref d @43:29
            check @44:3
              and @44:9
                or @44:9
                  ref a @44:10
                  ref b @44:15
                ref c @44:22
            check else "needs labels" @45:3
              > @45:9
                call count @45:9
                  ref labels @45:15
                literal 0 @45:25
            check @46:3
              and @46:9
                and @46:9
                  and @46:9
                    and @46:9
                      != @46:9
                        ref assignee.login @46:9
                        literal null @46:27
                      >= @46:36
                        ref number @46:36
                        literal 1 @46:46
                    <= @46:52
                      ref ratio @46:52
                      literal 0.5 @46:61
                  < @46:69
                    ref number @46:69
                    literal 10 @46:78
                > @46:85
                  ref ratio @46:85
                  literal -1 @46:93
            check @47:3
              not @47:9
                not @47:13
                  ref ok @47:17
          comment " GitHub issues, after Mantle's README." @1:1
          comment " cases" @7:19
          comment " a comment" @15:15

        """
}

extension ParserTests {
    struct DumpCase: Sendable, CustomTestStringConvertible {
        let id: String
        let source: String
        /// The dump without its `file` line, each line indented one step less.
        let dump: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        DumpCase(
            id: "settings on one line", source: "root A keys snake_case strict lenient",
            dump: """
                root A @1:1
                keys snake_case @1:8
                strict @1:24
                lenient @1:31
                """),
        DumpCase(
            id: "declarations on one line", source: "model A { a: Int b: [A] check a > 0 } enum E { x y default x }",
            dump: """
                model A @1:1
                  field a @1:11
                    type Int @1:14
                  field b @1:18
                    type [A] @1:21
                  check @1:25
                    > @1:31
                      ref a @1:31
                      literal 0 @1:35
                enum E @1:39
                  case x @1:48
                  case y @1:50
                  default x @1:60
                """),
        DumpCase(
            id: "fallback keys", source: "model A { id: Int from id, ID, book_id }",
            dump: """
                model A @1:1
                  field id @1:11
                    type Int @1:15
                    from id @1:24
                    from ID @1:28
                    from book_id @1:32
                """),
        DumpCase(
            id: "index after dot and indices in a row", source: "model A { x: Int from a.[2], k[0][1] }",
            dump: """
                model A @1:1
                  field x @1:11
                    type Int @1:14
                    from a[2] @1:23
                    from k[0][1] @1:30
                """),
        DumpCase(
            id: "keyword keys after a dot", source: "model A { x: Int from a.from.default }",
            dump: """
                model A @1:1
                  field x @1:11
                    type Int @1:14
                    from a.from.default @1:23
                """),
        DumpCase(
            id: "nested optional types", source: "model A { x: [[String?]?: Int?]? }",
            dump: """
                model A @1:1
                  field x @1:11
                    type [[String?]?: Int?]? @1:14
                """),
        DumpCase(
            id: "fields named after keywords", source: "model A {\n  from: Int\n  check: Bool\n  keys: [String]\n  strict: Bool\n  default: Int from \"default\"\n}",
            dump: """
                model A @1:1
                  field from @2:3
                    type Int @2:9
                  field check @3:3
                    type Bool @3:10
                  field keys @4:3
                    type [String] @4:9
                  field strict @5:3
                    type Bool @5:11
                  field default @6:3
                    type Int @6:12
                    from "default" @6:21
                """),
        DumpCase(
            id: "clauses over several lines", source: "model A {\n  t: String\n    using trim\n    where nonEmpty\n  u: Int\n}",
            dump: """
                model A @1:1
                  field t @2:3
                    type String @2:6
                    pipeline @3:11
                      call trim @3:11
                    rule nonEmpty @4:11
                  field u @5:3
                    type Int @5:6
                """),
        DumpCase(
            id: "default literals", source: "model A { a: Int default -5 b: Bool default false c: Int? default null d: [Int] default [[1], []] }",
            dump: """
                model A @1:1
                  field a @1:11
                    type Int @1:14
                    default -5 @1:18
                  field b @1:29
                    type Bool @1:32
                    default false @1:37
                  field c @1:51
                    type Int? @1:54
                    default null @1:59
                  field d @1:72
                    type [Int] @1:75
                    default [[1], []] @1:81
                """),
        DumpCase(
            id: "object default after a name",
            source: "model A { x: [String: Int] from a default {\"k\": 1} y: T using f default {} }",
            dump: """
                model A @1:1
                  field x @1:11
                    type [String: Int] @1:14
                    from a @1:33
                    default {"k": 1} @1:35
                  field y @1:52
                    type T @1:55
                    pipeline @1:63
                      call f @1:63
                    default {} @1:65
                """),
        DumpCase(
            id: "rule arguments", source: "model A { a: Int where range(1e3...2.5E-1), oneOf(), custom(x, \"y\", [1], {\"k\": 1..<2}) }",
            dump: """
                model A @1:1
                  field a @1:11
                    type Int @1:14
                    rule range(1e3...2.5E-1) @1:24
                    rule oneOf @1:45
                    rule custom(x, "y", [1], {"k": 1..<2}) @1:54
                """),
        DumpCase(
            id: "comparison operators", source: "model A { check a == 1 check b != \"x\" check c < 1.5 check d <= e check f > true check g >= h }",
            dump: """
                model A @1:1
                  check @1:11
                    == @1:17
                      ref a @1:17
                      literal 1 @1:22
                  check @1:24
                    != @1:30
                      ref b @1:30
                      literal "x" @1:35
                  check @1:39
                    < @1:45
                      ref c @1:45
                      literal 1.5 @1:49
                  check @1:53
                    <= @1:59
                      ref d @1:59
                      ref e @1:64
                  check @1:66
                    > @1:72
                      ref f @1:72
                      literal true @1:76
                  check @1:81
                    >= @1:87
                      ref g @1:87
                      ref h @1:92
                """),
        DumpCase(
            id: "or and and are left associative", source: "model A { check a or b or c and d and e }",
            dump: """
                model A @1:1
                  check @1:11
                    or @1:17
                      or @1:17
                        ref a @1:17
                        ref b @1:22
                      and @1:27
                        and @1:27
                          ref c @1:27
                          ref d @1:33
                        ref e @1:39
                """),
        DumpCase(
            id: "calls with several arguments", source: "model A { check max(a, b.c, 3) == min() }",
            dump: """
                model A @1:1
                  check @1:11
                    == @1:17
                      call max @1:17
                        ref a @1:21
                        ref b.c @1:24
                        literal 3 @1:29
                      call min @1:35
                """),
        DumpCase(
            id: "table with multi-input rows", source: "table t {\n  \"a\", 1, 2.5, true, null -> \"x\"\n  default -> -1\n}",
            dump: """
                table t @1:1
                  row "a", 1, 2.5, true, null -> "x" @2:3
                  default -> -1 @3:14
                """),
        DumpCase(
            id: "empty bodies", source: "model A {} enum E {} table T {}",
            dump: """
                model A @1:1
                enum E @1:12
                table T @1:22
                """),
        DumpCase(
            id: "comments everywhere", source: "// a\nmodel A { // b\n  x: Int // c\n    from y // d\n  // e\n} // f\n// g",
            dump: """
                model A @2:1
                  field x @3:3
                    type Int @3:6
                    from y @4:10
                comment " a" @1:1
                comment " b" @2:11
                comment " c" @3:10
                comment " d" @4:12
                comment " e" @5:3
                comment " f" @6:3
                comment " g" @7:1
                """),
        DumpCase(
            id: "escaped strings dump escaped", source: "model A { x: String default \"a\\\"b\\n\" from \"k\\\\\" }",
            dump: """
                model A @1:1
                  field x @1:11
                    type String @1:14
                    from "k\\\\" @1:43
                    default "a\\"b\\n" @1:21
                """),
    ])
    func constructsDumpAsExpected(_ example: DumpCase) {
        let (source, result) = SyntaxTestSupport.parse(example.source)
        #expect(SyntaxTestSupport.summary(result.diagnostics) == [])
        let dump = ASTDumper.dump(result.file, source: source)
        let expected = "file @1:1\n" + example.dump.split(separator: "\n").map { "  \($0)\n" }.joined()
        #expect(dump == expected)
    }

    @Test func grammarExampleParsesCleanly() {
        // The example at the top of grammar.md.
        let text = """
            // GitHub issues, after Mantle's README.
            root Issue
            keys snake_case

            enum IssueState {
              open
              closed
            }

            model Issue {
              url: URL
              htmlURL: URL
              number: Int where range(1...)
              state: IssueState
              title: String where nonEmpty, length(...256)
              body: String?
              reporterLogin: String from user.login
              createdAt: Date using iso8601
              closedAt: Date? using iso8601

              check state != closed or closedAt != null else "a closed issue must have `closedAt`"
            }
            """
        let (_, result) = SyntaxTestSupport.parse(text)
        #expect(SyntaxTestSupport.summary(result.diagnostics) == [])
        #expect(result.file.items.count == 4)
        #expect(Self.members(result.file).count == 10)
    }

    @Test func precedenceBuildsTheExpectedTree() throws {
        // a or b and not c == d  →  or(a, and(b, not(==(c, d))))
        let text = "model M { check a or b and not c == d }"
        let (_, result) = SyntaxTestSupport.parse(text)
        let check = try #require(Self.members(result.file).first)
        guard case .check(let decl) = check else {
            Issue.record("expected a check")
            return
        }
        func ref(_ name: String, _ start: Int) -> Expr {
            Expr(kind: .reference([Identifier(name, span: Span(start: start, end: start + 1))]), span: Span(start: start, end: start + 1))
        }
        let equal = Expr(kind: .binary(.equal, ref("c", 31), ref("d", 36)), span: Span(start: 31, end: 37))
        let negation = Expr(kind: .not(equal), span: Span(start: 27, end: 37))
        let conjunction = Expr(kind: .binary(.and, ref("b", 21), negation), span: Span(start: 21, end: 37))
        let expected = Expr(kind: .binary(.or, ref("a", 16), conjunction), span: Span(start: 16, end: 37))
        #expect(decl == CheckDecl(condition: expected, message: nil, span: Span(start: 10, end: 37)))
    }

    @Test func fieldBuildsTheExpectedValue() {
        let text = "model M { x: [String]? from a.b using f(1) default [] when missing where r }"
        let (_, result) = SyntaxTestSupport.parse(text)
        let element = TypeRef(kind: .named(Identifier("String", span: Span(start: 14, end: 20))), span: Span(start: 14, end: 20))
        let array = TypeRef(kind: .array(element), span: Span(start: 13, end: 21))
        let type = TypeRef(kind: .optional(array), span: Span(start: 13, end: 22))
        let path = KeyPath(
            components: [
                KeyComponent(kind: .key("a", quoted: false), span: Span(start: 28, end: 29)),
                KeyComponent(kind: .key("b", quoted: false), span: Span(start: 30, end: 31)),
            ], span: Span(start: 28, end: 31))
        let pipeline = Pipeline(
            stages: [
                TransformCall(
                    name: Identifier("f", span: Span(start: 38, end: 39)),
                    arguments: [Literal(kind: .integer("1"), span: Span(start: 40, end: 41))], span: Span(start: 38, end: 42))
            ], span: Span(start: 38, end: 42))
        let defaultValue = DefaultClause(
            value: Literal(kind: .array([]), span: Span(start: 51, end: 53)), onlyWhenMissing: true,
            span: Span(start: 43, end: 66))
        let rule = RuleCall(name: Identifier("r", span: Span(start: 73, end: 74)), arguments: [], span: Span(start: 73, end: 74))
        let field = FieldDecl(
            name: Identifier("x", span: Span(start: 10, end: 11)), type: type, sources: [path], pipeline: pipeline,
            defaultValue: defaultValue, rules: [rule], span: Span(start: 10, end: 74))
        let model = ModelDecl(name: Identifier("M", span: Span(start: 6, end: 7)), members: [.field(field)], span: Span(start: 0, end: 76))
        #expect(result.diagnostics.isEmpty)
        #expect(result.file == RulesFile(items: [.model(model)], comments: [], span: Span(start: 0, end: 76)))
    }

    @Test func absentClausesStayEmpty() throws {
        let (_, result) = SyntaxTestSupport.parse("model M { x: Int }")
        guard case .field(let field) = try #require(Self.members(result.file).first) else {
            Issue.record("expected a field")
            return
        }
        #expect(field.sources == nil)
        #expect(field.pipeline == nil)
        #expect(field.defaultValue == nil)
        #expect(field.rules.isEmpty)
    }

    /// The members of the file's first model.
    static func members(_ file: RulesFile) -> [ModelMember] {
        for item in file.items {
            if case .model(let model) = item { return model.members }
        }
        return []
    }
}

// MARK: - Spans

extension ParserTests {
    struct SpanCase: Sendable, CustomTestStringConvertible {
        let id: String
        /// The source, with `⟨` `⟩` around each expected span, in the order `spans` returns them.
        let marked: String
        let spans: @Sendable (RulesFile) -> [Span]
        var testDescription: String { id }
    }

    /// The first field of the first model.
    static func field(_ file: RulesFile) -> FieldDecl? {
        for member in members(file) {
            if case .field(let field) = member { return field }
        }
        return nil
    }

    /// The first check of the first model.
    static func check(_ file: RulesFile) -> CheckDecl? {
        for member in members(file) {
            if case .check(let check) = member { return check }
        }
        return nil
    }

    @Test(arguments: [
        SpanCase(id: "model", marked: "⟨model ⟨A⟩ { x: Int }⟩ // c") { file in
            guard case .model(let model) = file.items.first else { return [] }
            return [model.span, model.name.span]
        },
        SpanCase(id: "field and name", marked: "model A { ⟨⟨title⟩: String where nonEmpty⟩ }") { file in
            guard let field = field(file) else { return [] }
            return [field.span, field.name.span]
        },
        SpanCase(id: "dictionary type", marked: "model A { x: ⟨[⟨String⟩: ⟨[⟨Int⟩]⟩]⟩? }") { file in
            guard let type = field(file)?.type, case .optional(let dictionary) = type.kind,
                case .dictionary(let key, let value) = dictionary.kind, case .array(let element) = value.kind
            else { return [] }
            return [dictionary.span, key.span, value.span, element.span]
        },
        SpanCase(id: "optional type", marked: "model A { x: ⟨String?⟩ }") { file in
            [field(file)?.type.span].compactMap { $0 }
        },
        SpanCase(id: "key path steps", marked: "model A { x: Int from ⟨⟨labels⟩⟨[0]⟩.⟨name⟩⟩, ⟨⟨\"ext.desc\"⟩⟩ }") { file in
            guard let paths = field(file)?.sources else { return [] }
            return [paths[0].span] + paths[0].components.map(\.span) + [paths[1].span] + paths[1].components.map(\.span)
        },
        SpanCase(id: "negative index", marked: "model A { x: Int from labels⟨[-1]⟩ }") { file in
            [field(file)?.sources?[0].components[1].span].compactMap { $0 }
        },
        SpanCase(id: "pipeline and stages", marked: "model A { x: Int using ⟨⟨trim⟩ | ⟨⟨date⟩(⟨\"y\"⟩)⟩⟩ }") { file in
            guard let pipeline = field(file)?.pipeline else { return [] }
            let date = pipeline.stages[1]
            return [pipeline.span, pipeline.stages[0].span, date.span, date.name.span, date.arguments[0].span]
        },
        SpanCase(id: "default clause", marked: "model A { x: E ⟨default ⟨open⟩ when missing⟩ }") { file in
            guard let clause = field(file)?.defaultValue else { return [] }
            return [clause.span, clause.value.span]
        },
        SpanCase(id: "rules and ranges", marked: "model A { x: Int where ⟨length(⟨1...256⟩)⟩, ⟨range(⟨...⟨100⟩⟩)⟩ }") { file in
            guard let rules = field(file)?.rules, case .range(_, let upper, _) = rules[1].arguments[0].kind else { return [] }
            return [rules[0].span, rules[0].arguments[0].span, rules[1].span, rules[1].arguments[0].span]
                + [upper?.span].compactMap { $0 }
        },
        SpanCase(id: "open range", marked: "model A { x: Int where range(⟨⟨1⟩...⟩) }") { file in
            guard let argument = field(file)?.rules[0].arguments[0], case .range(let lower, _, _) = argument.kind else {
                return []
            }
            return [argument.span] + [lower?.span].compactMap { $0 }
        },
        SpanCase(id: "literal containers", marked: "model A { x: Int default ⟨{\"a\": ⟨[⟨1⟩, ⟨-2.5⟩]⟩}⟩ }") { file in
            guard let object = field(file)?.defaultValue?.value, case .object(let members) = object.kind,
                case .array(let elements) = members[0].value.kind
            else { return [] }
            return [object.span, members[0].value.span] + elements.map(\.span)
        },
        SpanCase(id: "check and expressions", marked: "model A { ⟨check ⟨⟨⟨a.b⟩ == ⟨1⟩⟩ or ⟨not ⟨(⟨c⟩)⟩⟩⟩ else \"m\"⟩ }") { file in
            guard let check = check(file), case .binary(_, let left, let right) = check.condition.kind,
                case .binary(_, let a, let one) = left.kind, case .not(let paren) = right.kind,
                case .reference(let c) = paren.kind
            else { return [] }
            return [check.span, check.condition.span, left.span, a.span, one.span, right.span, paren.span, c[0].span]
        },
        SpanCase(id: "reference parts", marked: "model A { check ⟨⟨assignee⟩.⟨login⟩⟩ }") { file in
            guard let check = check(file), case .reference(let path) = check.condition.kind else { return [] }
            return [check.condition.span] + path.map(\.span)
        },
        SpanCase(id: "call", marked: "model A { check ⟨⟨count⟩(⟨labels⟩)⟩ > 0 }") { file in
            guard let check = check(file), case .binary(_, let call, _) = check.condition.kind,
                case .call(let name, let arguments) = call.kind
            else { return [] }
            return [call.span, name.span, arguments[0].span]
        },
        SpanCase(
            id: "settings",
            marked: "⟨root ⟨Issue⟩⟩\n⟨keys ⟨snake_case⟩⟩\n⟨strict⟩\n⟨unknown keep ⟨rest⟩⟩\n⟨only ⟨a⟩, ⟨b⟩⟩\n⟨ignore ⟨\"_links\"⟩, ⟨id⟩⟩\n⟨nulls omit⟩"
        ) { file in
            file.items.compactMap { item -> [Span]? in
                guard case .setting(let setting) = item else { return nil }
                switch setting.kind {
                case .root(let name), .keys(let name), .unknownKeys(.keep(let name)): return [setting.span, name.span]
                case .strict, .lenient, .unknownKeys, .nulls: return [setting.span]
                case .only(let names), .except(let names), .ignore(let names): return [setting.span] + names.map(\.span)
                }
            }.flatMap { $0 }
        },
        SpanCase(id: "model extends", marked: "⟨model ⟨B⟩ extends ⟨A⟩ {}⟩") { file in
            guard case .model(let model) = file.items.first, let parent = model.parent else { return [] }
            return [model.span, model.name.span, parent.span]
        },
        SpanCase(id: "choice", marked: "⟨choice ⟨Shape⟩ by ⟨kind⟩ {\n  ⟨⟨\"c\"⟩, ⟨1⟩ -> ⟨Circle⟩⟩\n  default -> ⟨Square⟩\n}⟩") { file in
            guard case .choice(let choice) = file.items.first, let fallback = choice.defaultModel else { return [] }
            let variant = choice.variants[0]
            return [choice.span, choice.name.span, choice.discriminator.span, variant.span] + variant.inputs.map(\.span)
                + [variant.model.span, fallback.span]
        },
        SpanCase(id: "enum", marked: "⟨enum ⟨E⟩ {\n  ⟨⟨a⟩ from ⟨\"x\"⟩, ⟨2⟩⟩\n  ⟨b⟩\n  default ⟨b⟩\n}⟩") { file in
            guard case .enumeration(let decl) = file.items.first, let chosen = decl.defaultCase else { return [] }
            let first = decl.cases[0]
            return [decl.span, decl.name.span, first.span, first.name.span] + first.inputs.map(\.span)
                + [decl.cases[1].span, chosen.span]
        },
        SpanCase(id: "table", marked: "⟨table ⟨t⟩ {\n  ⟨⟨\"a\"⟩, ⟨\"b\"⟩ -> ⟨1⟩⟩\n  default -> ⟨0⟩\n}⟩") { file in
            guard case .table(let table) = file.items.first, let value = table.defaultValue else { return [] }
            let row = table.rows[0]
            return [table.span, table.name.span, row.span] + row.inputs.map(\.span) + [row.output.span, value.span]
        },
        SpanCase(id: "transform", marked: "⟨transform ⟨clean⟩ = ⟨trim | ⟨lowercase⟩⟩⟩\n") { file in
            guard case .transform(let decl) = file.items.first else { return [] }
            return [decl.span, decl.name.span, decl.pipeline.span, decl.pipeline.stages[1].span]
        },
        SpanCase(id: "comments", marked: "⟨// one⟩\r\nroot A ⟨//two⟩\n⟨//⟩") { file in
            file.comments.map(\.span)
        },
        SpanCase(id: "whole file", marked: "⟨  root A\n\n⟩") { file in
            [file.span]
        },
    ])
    func nodesCarryTheirSpans(_ example: SpanCase) {
        let (text, expected) = SyntaxTestSupport.unmark(example.marked)
        let (_, result) = SyntaxTestSupport.parse(text)
        #expect(SyntaxTestSupport.summary(result.diagnostics) == [])
        #expect(example.spans(result.file) == expected)
    }
}
