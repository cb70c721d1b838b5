import Testing

@testable import MapLang

/// Golden outputs of `RulesFormatter`: tricky inputs and the exact text they format to.
struct FormatterGoldenTests {
    /// One input and its canonical layout.
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let input: String
        let expected: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "comments everywhere",
            input: #"""
                // a
                model A { // b
                  x: Int // c
                    from y // d
                  // e
                } // f
                // g
                """#,
            expected: #"""
                // a
                model A { // b
                  // c
                  x: Int from y // d
                  // e
                } // f
                // g

                """#),
        Case(
            id: "comments before items, trailing, at the end of bodies and of the file",
            input: #"""
                // The file's header.

                // About the root.
                root Issue // the root
                keys snake_case

                // About the enum.
                enum State {
                  // the first case
                  open // open

                  // the second case
                  closed
                  // end of the enum

                }

                model Issue {
                  state: State // a trailing comment


                  // before the check
                  check state == open

                  // end of the model
                }

                // end of the file
                // really

                """#,
            expected: #"""
                // The file's header.

                // About the root.
                root Issue // the root
                keys snake_case

                // About the enum.
                enum State {
                  // the first case
                  open // open

                  // the second case
                  closed
                  // end of the enum
                }

                model Issue {
                  state: State // a trailing comment

                  // before the check
                  check state == open

                  // end of the model
                }

                // end of the file
                // really

                """#),
        Case(
            id: "comments inside an item move before it",
            input: #"""
                model A {
                  // lead

                  x: Int // after the type
                    // between clauses
                    from a
                    where nonEmpty // last
                  y: Int
                }

                model // between keyword and name
                  B
                  // before the brace
                {
                }

                """#,
            expected: #"""
                model A {
                  // lead

                  // after the type
                  // between clauses
                  x: Int from a where nonEmpty // last
                  y: Int
                }

                // between keyword and name
                // before the brace
                model B {}

                """#),
        Case(
            id: "comment after the opening brace",
            input: #"""
                model A { // opening
                  x: Int
                }
                model B { // opening of an empty body
                }
                model C
                { // brace on its own line
                  x: Int }

                """#,
            expected: #"""
                model A { // opening
                  x: Int
                }

                model B { // opening of an empty body
                }

                model C { // brace on its own line
                  x: Int
                }

                """#),
        Case(
            id: "messy spacing",
            input: "root   Issue\nkeys\tsnake_case\n" + #"""
                model   Issue{url:URL
                number :Int where range( 1 ... ) , nonEmpty
                  tags : [ String : [ Int ] ] ? default { "a" : [ 1 , 2 ] }   when   missing
                check(a==b)and not c!=d}
                table t{"a","b"->1 default->0}
                transform   t2=trim|date( "yyyy" )

                """#,
            expected: #"""
                root Issue
                keys snake_case

                model Issue {
                  url: URL
                  number: Int where range(1...), nonEmpty
                  tags: [String: [Int]]? default {"a": [1, 2]} when missing
                  check (a == b) and not c != d
                }

                table t {
                  "a", "b" -> 1
                  default -> 0
                }

                transform t2 = trim | date("yyyy")

                """#),
        Case(
            id: "settings and declarations on one line",
            input: #"""
                root A keys snake_case strict lenient model A { a: Int b: [A] check a > 0 } enum E { x y default x }
                """#,
            expected: #"""
                root A
                keys snake_case
                strict
                lenient

                model A {
                  a: Int
                  b: [A]
                  check a > 0
                }

                enum E {
                  x
                  y
                  default x
                }

                """#),
        Case(
            id: "blank lines",
            input: #"""



                root A


                keys snake_case
                strict



                transform a = trim
                transform b = trim

                transform c = trim
                model A {


                  x: Int



                  y: Int
                  z: Int


                }
                model B {}



                enum E {}
                root A



                """#,
            expected: #"""
                root A

                keys snake_case
                strict

                transform a = trim
                transform b = trim

                transform c = trim

                model A {
                  x: Int

                  y: Int
                  z: Int
                }

                model B {}

                enum E {}

                root A

                """#),
        Case(
            id: "clauses in canonical order",
            input: #"""
                model A {
                  a: [String] default [] using trim | lowercase
                  b: Int where range(1...) default 1 from x, y
                  c: Int where nonEmpty using number from "c" default 0 when missing
                  d: T default {} from a
                  e: String
                    using trim
                    where nonEmpty
                }

                """#,
            expected: #"""
                model A {
                  a: [String] using trim | lowercase default []
                  b: Int from x, y default 1 where range(1...)
                  c: Int from c using number default 0 when missing where nonEmpty
                  d: T from a default {}
                  e: String using trim where nonEmpty
                }

                """#),
        Case(
            id: "key steps quoted only when needed",
            input: #"""
                model A {
                  a: String from "login", "default", "from".x, "a.b", "@type", "", "1a", "_x1", "caf\u{E9}"
                  b: String from a."default"."x y"[3], k[0][-1], a.[2], x.from.where, "true".null
                }

                """#,
            expected: #"""
                model A {
                  a: String from login, "default", "from".x, "a.b", "@type", "", "1a", _x1, "café"
                  b: String from a.default."x y"[3], k[0][-1], a[2], x.from.where, true.null
                }

                """#),
        Case(
            id: "strings re-escaped and numbers as written",
            input: #"""
                model A {
                  a: String default "tab\there \"q\" back\\slash \u{1}\u{7f}\u{0041}\u{1F600}\0\r\n"
                  b: Decimal where range(-0.50...1e3), range(2.5E-1..<10), oneOf(7.50e+2)
                  c: [Double] default [-1, 0.0, 1E6]
                  check a != "\u{9}" else "say \"no\""
                }

                """#,
            expected: #"""
                model A {
                  a: String default "tab\there \"q\" back\\slash \u{1}\u{7F}A😀\0\r\n"
                  b: Decimal where range(-0.50...1e3), range(2.5E-1..<10), oneOf(7.50e+2)
                  c: [Double] default [-1, 0.0, 1E6]
                  check a != "\t" else "say \"no\""
                }

                """#),
        Case(
            id: "parentheses only where needed or written",
            input: #"""
                model A {
                  check a or b and not c == d
                  check (a or b) and c
                  check a or (b or c)
                  check (a or b) or c
                  check a and (b and c)
                  check not (a and b) or (((c)))
                  check (a == b) == c
                  check not not ok
                  check max(a, b.c, (3)) == min()
                  check count(labels) > 0 and not (number <= 0)
                }

                """#,
            expected: #"""
                model A {
                  check a or b and not c == d
                  check (a or b) and c
                  check a or (b or c)
                  check (a or b) or c
                  check a and (b and c)
                  check not (a and b) or (c)
                  check (a == b) == c
                  check not not ok
                  check max(a, b.c, (3)) == min()
                  check count(labels) > 0 and not (number <= 0)
                }

                """#),
        Case(
            id: "every construct",
            input: #"""
                root Issue
                keys snake_case
                strict
                lenient

                enum IssueState {
                  open
                  closed from "closed", "done", 2, true, null, 1.5
                  default open
                }

                table priority {
                  "low", "minor" -> 1
                  "high" -> 3
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
                  first: String from labels[0].name
                  mixed: String? from meta."a.b".c, "@type"
                  tags: [String: [Int]]? default {}
                  labels: [String] default [] when missing
                  state: IssueState default open when missing
                  ratio: Double where range(...100), range(0..<1), custom(x, "y", [1], {"k": 1..<2}), oneOf()
                  meta: [String: String] default {"a": "b", "c": [1, -2.5, null]}
                  nested: [[String?]?: Int?]?
                  from: Int
                  check: Bool
                  keys: [String]
                  check a == 1 or b != "x" or c < 1.5 or d <= e or f > true or g >= h
                  check assignee.login != null else "needs an assignee"
                }

                """#,
            expected: #"""
                root Issue
                keys snake_case
                strict
                lenient

                enum IssueState {
                  open
                  closed from "closed", "done", 2, true, null, 1.5
                  default open
                }

                table priority {
                  "low", "minor" -> 1
                  "high" -> 3
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
                  first: String from labels[0].name
                  mixed: String? from meta."a.b".c, "@type"
                  tags: [String: [Int]]? default {}
                  labels: [String] default [] when missing
                  state: IssueState default open when missing
                  ratio: Double where range(...100), range(0..<1), custom(x, "y", [1], {"k": 1..<2}), oneOf
                  meta: [String: String] default {"a": "b", "c": [1, -2.5, null]}
                  nested: [[String?]?: Int?]?
                  from: Int
                  check: Bool
                  keys: [String]
                  check a == 1 or b != "x" or c < 1.5 or d <= e or f > true or g >= h
                  check assignee.login != null else "needs an assignee"
                }

                """#),
        Case(
            id: "enum and table defaults go last with their comments",
            input: #"""
                enum E {
                  // the default
                  default b // chosen
                  a
                  b
                }

                table t {
                  default // before the arrow
                  -> 0

                  "a" -> 1
                  "b" -> 2 // last row
                }

                """#,
            expected: #"""
                enum E {
                  a
                  b
                  // the default
                  default b // chosen
                }

                table t {
                  "a" -> 1
                  "b" -> 2 // last row
                  // before the arrow
                  default -> 0
                }

                """#),
        Case(
            id: "empty bodies",
            input: #"""
                model A {} enum E {}
                table T {

                }
                model C {
                  // only a comment
                }

                """#,
            expected: #"""
                model A {}

                enum E {}

                table T {}

                model C {
                  // only a comment
                }

                """#),
        Case(
            id: "a file of comments only",
            input: "\n// one   \n\n\n// two\n",
            expected: #"""
                // one

                // two

                """#),
        Case(
            id: "an empty file",
            input: "",
            expected: ""),
        Case(
            id: "white space only",
            input: "\n  \n\t\n",
            expected: ""),
    ]

    @Test(arguments: cases)
    func formatsToTheGoldenText(_ example: Case) {
        let formatted = FormatterTestSupport.format(example.input)
        #expect(formatted.diagnostics == [])
        #expect(formatted.text == example.expected)
    }

    /// The golden text is canonical itself.
    @Test(arguments: cases)
    func goldenTextIsAlreadyFormatted(_ example: Case) {
        #expect(FormatterTestSupport.format(example.expected).text == example.expected)
    }

    @Test(arguments: cases)
    func goldenTextParsesToTheSameTree(_ example: Case) {
        FormatterTestSupport.expectRoundTrip(example.input)
    }
}

// MARK: - One declaration

extension FormatterGoldenTests {
    /// The rules `:show` cases pick declarations from.
    static let declarations = """
        // The file's header.

        // Notes on Issue,
        // over two lines.
        model Issue { // opening
          // about the title
          title: String // trailing
            where nonEmpty
        } // after the model
        // about the enum
        enum State { open closed default open }
        transform clean = trim // after the transform

        // at the end
        """

    struct DeclCase: Sendable, CustomTestStringConvertible {
        let id: String
        /// The index of the declaration in `declarations`.
        let index: Int
        let expected: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        DeclCase(
            id: "comments directly above, inside and after the declaration", index: 0,
            expected: """
                // Notes on Issue,
                // over two lines.
                model Issue { // opening
                  // about the title
                  // trailing
                  title: String where nonEmpty
                } // after the model

                """),
        DeclCase(
            id: "a comment right after the previous declaration is its own", index: 1,
            expected: """
                // about the enum
                enum State {
                  open
                  closed
                  default open
                }

                """),
        DeclCase(
            id: "one-line declaration", index: 2,
            expected: """
                transform clean = trim // after the transform

                """),
    ])
    func formatsOneDeclaration(_ example: DeclCase) {
        let source = SourceFile(name: "<repl:1>", text: Self.declarations)
        let parsed = RulesParser.parse(source)
        #expect(parsed.diagnostics.isEmpty)
        let decl = parsed.file.items[example.index]
        #expect(RulesFormatter.format(decl, source: source, comments: parsed.file.comments) == example.expected)
    }

    /// Comments that are not the declaration's are ignored, so passing none gives the bare declaration.
    @Test func declarationWithoutComments() {
        let source = SourceFile(name: "<repl:2>", text: "model  A{x:Int // c\n}")
        let parsed = RulesParser.parse(source)
        let text = RulesFormatter.format(parsed.file.items[0], source: source, comments: [])
        #expect(text == "model A {\n  x: Int\n}\n")
    }

    /// Each declaration of a file, formatted alone, is the same text as in the whole file.
    @Test func declarationsMatchTheWholeFile() {
        let source = SourceFile(name: "t.map", text: ParserTests.everything)
        let parsed = RulesParser.parse(source)
        let whole = RulesFormatter.format(parsed.file, source: source)
        for decl in parsed.file.items {
            let text = RulesFormatter.format(decl, source: source, comments: parsed.file.comments)
            #expect(whole.contains(text), "\(text)")
        }
    }
}
