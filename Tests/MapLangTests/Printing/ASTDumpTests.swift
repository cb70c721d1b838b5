import Testing

@testable import MapLang

struct ASTDumpTests {
    @Test func dumpsEveryKindOfNode() {
        let text = """
            root A
            keys snake_case
            strict
            lenient
            model A {
              keys camelCase
              x: [String: Int?]? from a.b, "c.d"[0], e[-1] using f | g(1, "s") default {"k": [true, null]} when missing where r, s(1..., ...2, 0..<1, 3..<)
              check not a.b == 1 or f(c, 2.5) >= -1 and (d) else "m"
            }
            enum E { p from "p", 1  q  default q }
            table T { "a", 2 -> 1.5  default -> false }
            transform t = trim
            // end
            """
        #expect(
            SyntaxTestSupport.dump(text) == """
                file @1:1
                  root A @1:1
                  keys snake_case @2:1
                  strict @3:1
                  lenient @4:1
                  model A @5:1
                    keys camelCase @6:3
                    field x @7:3
                      type [String: Int?]? @7:6
                      from a.b @7:27
                      from "c.d"[0] @7:32
                      from e[-1] @7:42
                      pipeline @7:54
                        call f @7:54
                        call g(1, "s") @7:58
                      default {"k": [true, null]} when missing @7:68
                      rule r @7:115
                      rule s(1..., ...2, 0..<1, 3..<) @7:118
                    check else "m" @8:3
                      or @8:9
                        not @8:9
                          == @8:13
                            ref a.b @8:13
                            literal 1 @8:20
                        and @8:25
                          >= @8:25
                            call f @8:25
                              ref c @8:27
                              literal 2.5 @8:30
                            literal -1 @8:38
                          ref d @8:45
                  enum E @10:1
                    case p from "p", 1 @10:10
                    case q @10:25
                    default q @10:36
                  table T @11:1
                    row "a", 2 -> 1.5 @11:11
                    default -> false @11:37
                  transform t @12:1
                    pipeline @12:15
                      call trim @12:15
                  comment " end" @13:1

                """)
    }

    @Test func dumpsAHandBuiltTree() {
        let source = SourceFile(name: "t.map", text: "ab\n\tcd é\n")
        func at(_ offset: Int) -> Span { Span(start: offset, end: offset + 1) }
        let literal = Literal(
            kind: .object([
                LiteralMember(key: "q\"\n", value: Literal(kind: .word("w"), span: at(0))),
                LiteralMember(key: "r", value: Literal(kind: .range(lower: nil, upper: nil, includesUpper: true), span: at(0))),
            ]), span: at(4))
        let field = FieldDecl(
            name: Identifier("f", span: at(0)), type: TypeRef(kind: .named(Identifier("T", span: at(3))), span: at(3)),
            sources: [KeyPath(components: [KeyComponent(kind: .index(3), span: at(1))], span: at(1))], pipeline: nil,
            defaultValue: DefaultClause(value: literal, onlyWhenMissing: false, span: at(4)), rules: [], span: at(0))
        let model = ModelDecl(name: Identifier("M", span: at(0)), members: [.field(field)], span: at(0))
        let file = RulesFile(items: [.model(model)], comments: [Comment(text: "é", span: at(7))], span: Span(start: 0, end: 10))
        #expect(
            ASTDumper.dump(file, source: source) == """
                file @1:1
                  model M @1:1
                    field f @1:1
                      type T @2:1
                      from [3] @1:2
                      default {"q\\"\\n": w, "r": ...} @2:5
                  comment "é" @2:8

                """)
    }

    @Test func dumpingIsDeterministic() {
        let (source, result) = SyntaxTestSupport.parse(ParserTests.everything)
        let first = ASTDumper.dump(result.file, source: source)
        let second = ASTDumper.dump(RulesParser.parse(source).file, source: source)
        #expect(first == second)
        #expect(first.hasSuffix("\n"))
    }

    @Test func emptyFile() {
        #expect(SyntaxTestSupport.dump("") == "file @1:1\n")
        #expect(SyntaxTestSupport.dump("// only\n") == "file @1:1\n  comment \" only\" @1:1\n")
    }
}

/// `maplang check --ast` of a test block.
struct ASTDumpTestBlockTests {
    @Test func dumpsATestAndItsClauses() {
        let text = """
            test "t" {
              model A
              input {"a": [1, {"b": null}]}
              errors {
                "missing-key" at "$[\\"x y\\"][0]" "m"
              }
            }
            """
        #expect(
            SyntaxTestSupport.dump(text) == """
                file @1:1
                  test "t" @1:1
                    model A @2:3
                    input {"a": [1, {"b": null}]} @3:3
                    errors @4:3
                      error "missing-key" at "$[\\"x y\\"][0]" "m" @5:5

                """)
    }
}
