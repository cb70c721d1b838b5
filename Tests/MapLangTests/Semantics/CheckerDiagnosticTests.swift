import Testing

@testable import MapLang

/// One rules file per `SemanticMessage` case (several for the cases with
/// several causes), each asserting the checker's single diagnostic exactly.
/// `»` in the source marks where the diagnostic starts, `†` where its
/// secondary label starts.
struct CheckerDiagnosticTests {
    struct DiagnosticCase: Sendable, CustomTestStringConvertible {
        let id: String
        /// Rules text with `»` (and optionally `†`) markers.
        let source: String
        let code: String
        let message: String
        let help: String?
        /// The secondary label's message, placed at `†`.
        var secondary: String? = nil
        var testDescription: String { id }
    }

    static let cases: [DiagnosticCase] = [
        // builtin-name-taken
        DiagnosticCase(
            id: "model named like a built-in type", source: "model »String { }",
            code: "builtin-name-taken", message: "`String` is the name of a built-in type", help: nil),
        DiagnosticCase(
            id: "transform named like a built-in transformer", source: "transform »trim = lowercase",
            code: "builtin-name-taken", message: "`trim` is the name of a built-in transformer", help: nil),
        DiagnosticCase(
            id: "table named like a built-in transformer", source: #"table »url { "a" -> 1 }"#,
            code: "builtin-name-taken", message: "`url` is the name of a built-in transformer", help: nil),
        // check-comparison-mismatch
        DiagnosticCase(
            id: "String compared with a number", source: "model A { name: String check »name == 3 }",
            code: "check-comparison-mismatch", message: "cannot compare a String with an Int", help: nil),
        DiagnosticCase(
            id: "number ordered against a String", source: #"model A { n: Int check »n < "a" }"#,
            code: "check-comparison-mismatch", message: "cannot compare an Int with a String", help: nil),
        DiagnosticCase(
            id: "Bools ordered", source: "model A { flag: Bool check »flag < true }",
            code: "check-comparison-mismatch", message: "cannot compare a Bool with a Bool", help: nil),
        DiagnosticCase(
            id: "enum compared with a String", source: #"enum E { a } model A { e: E check »e == "a" }"#,
            code: "check-comparison-mismatch", message: "cannot compare a `E` with a String", help: nil),
        // check-not-boolean
        DiagnosticCase(
            id: "check that is a number", source: "model A { n: Int check »n }",
            code: "check-not-boolean", message: "a check must be a condition, but this is an Int", help: nil),
        DiagnosticCase(
            id: "check that is a string literal", source: #"model A { n: Int check »"yes" }"#,
            code: "check-not-boolean", message: "a check must be a condition, but this is a String", help: nil),
        // check-operand-mismatch
        DiagnosticCase(
            id: "not on a String", source: "model A { name: String check not »name }",
            code: "check-operand-mismatch", message: "`not` cannot apply to a String", help: nil),
        DiagnosticCase(
            id: "and with a number on the right", source: "model A { flag: Bool n: Int check flag and »n }",
            code: "check-operand-mismatch", message: "`and` cannot apply to an Int", help: nil),
        DiagnosticCase(
            id: "or with a String on the left", source: "model A { flag: Bool name: String check »name or flag }",
            code: "check-operand-mismatch", message: "`or` cannot apply to a String", help: nil),
        DiagnosticCase(
            id: "count of a number", source: "model A { n: Int check count(»n) > 0 }",
            code: "check-operand-mismatch", message: "`count` cannot apply to an Int", help: nil),
        // dictionary-key-not-string
        DiagnosticCase(
            id: "Int dictionary keys", source: "model A { m: [»Int: String] }",
            code: "dictionary-key-not-string", message: "dictionary keys must be `String`, not `Int`",
            help: "JSON object keys are always strings: write `[String: T]`"),
        // duplicate-declaration
        DiagnosticCase(
            id: "two models of one name", source: "model †A { }\nmodel »A { }",
            code: "duplicate-declaration", message: "`A` is declared more than once", help: nil,
            secondary: "first declared here"),
        DiagnosticCase(
            id: "enum named like a model", source: "model †A { }\nenum »A { x }",
            code: "duplicate-declaration", message: "`A` is declared more than once", help: nil,
            secondary: "first declared here"),
        // duplicate-enum-case
        DiagnosticCase(
            id: "case declared twice", source: "enum E { †a »a }",
            code: "duplicate-enum-case", message: "the case `a` is declared more than once", help: nil,
            secondary: "first declared here"),
        // duplicate-field
        DiagnosticCase(
            id: "field declared twice", source: "model A { †x: Int »x: String }",
            code: "duplicate-field", message: "`A` declares the field `x` more than once", help: nil,
            secondary: "first declared here"),
        // reserved-field-name
        DiagnosticCase(
            id: "a field named like a word of checks", source: "model A { »and: Int }",
            code: "reserved-field-name", message: "a field cannot be named `and`: checks read it as a word of their own",
            help: "name the field otherwise and read the key with `from \"and\"`", secondary: nil),
        // duplicate-input
        DiagnosticCase(
            id: "1 and 1.0 in two enum cases", source: "enum E { a from †1 b from »1.0 }",
            code: "duplicate-input", message: "1 is listed more than once in enum `E`", help: nil,
            secondary: "first listed here"),
        DiagnosticCase(
            id: "case name listed as another case's input", source: #"enum E { †open closed from »"open" }"#,
            code: "duplicate-input", message: #""open" is listed more than once in enum `E`"#, help: nil,
            secondary: "first listed here"),
        DiagnosticCase(
            id: "table input listed twice", source: #"table t { †"a" -> 1 »"a" -> 2 }"#,
            code: "duplicate-input", message: #""a" is listed more than once in table `t`"#, help: nil,
            secondary: "first listed here"),
        // duplicate-root
        DiagnosticCase(
            id: "root set twice", source: "model A { }\nroot †A\n»root A",
            code: "duplicate-root", message: "the root model is set more than once", help: nil,
            secondary: "first set here"),
        // expected-scalar
        DiagnosticCase(
            id: "null table output", source: #"table t { "a" -> »null }"#,
            code: "expected-scalar", message: "a table output must be a string, number or boolean", help: nil),
        DiagnosticCase(
            id: "null enum input", source: "enum E { a from »null }",
            code: "expected-scalar", message: "an input must be a string, number or boolean", help: nil),
        DiagnosticCase(
            id: "null table input", source: #"table t { »null -> "x" }"#,
            code: "expected-scalar", message: "an input must be a string, number or boolean", help: nil),
        // literal-out-of-range
        DiagnosticCase(
            id: "Int default of 2^63", source: "model A { x: Int default »9223372036854775808 }",
            code: "literal-out-of-range", message: "9223372036854775808 is out of range for its type", help: nil),
        DiagnosticCase(
            id: "Double default of 1e400", source: "model A { x: Double default »1e400 }",
            code: "literal-out-of-range", message: "1e400 is out of range for its type", help: nil),
        // invalid-arguments
        DiagnosticCase(
            id: "timestamp in hours", source: "model A { d: Date using »timestamp(hours) }",
            code: "invalid-arguments", message: "`timestamp` takes `seconds` or `ms`", help: nil),
        DiagnosticCase(
            id: "date without a pattern", source: "model A { d: Date using »date() }",
            code: "invalid-arguments", message: "`date` takes one pattern string such as `\"yyyy-MM-dd\"`", help: nil),
        DiagnosticCase(
            id: "length of a string", source: #"model A { s: String where »length("a") }"#,
            code: "invalid-arguments",
            message: "`length` takes a range of whole numbers such as `1...256`, or one length", help: nil),
        DiagnosticCase(
            id: "length with a decimal bound", source: "model A { s: String where »length(1.5...2) }",
            code: "invalid-arguments",
            message: "`length` takes a range of whole numbers such as `1...256`, or one length", help: nil),
        DiagnosticCase(
            id: "range of one number", source: "model A { n: Int where »range(5) }",
            code: "invalid-arguments", message: "`range` takes a range such as `1...100`, `0...` or `..<1`", help: nil),
        DiagnosticCase(
            id: "nonEmpty with an argument", source: "model A { s: String where »nonEmpty(1) }",
            code: "invalid-arguments", message: "`nonEmpty` takes no arguments", help: nil),
        DiagnosticCase(
            id: "pattern of a number", source: "model A { s: String where »pattern(1) }",
            code: "invalid-arguments", message: "`pattern` takes one regular expression string", help: nil),
        DiagnosticCase(
            id: "oneOf without choices", source: "model A { s: String where »oneOf() }",
            code: "invalid-arguments", message: "`oneOf` takes at least one value", help: nil),
        DiagnosticCase(
            id: "count of two fields", source: "model A { s: String t: String check »count(s, t) > 0 }",
            code: "invalid-arguments", message: "`count` takes one value", help: nil),
        // invalid-date-pattern
        DiagnosticCase(
            id: "empty date pattern", source: #"model A { d: Date using date("»") }"#,
            code: "invalid-date-pattern", message: "invalid date pattern: date pattern is empty", help: nil),
        DiagnosticCase(
            id: "unterminated quote in a date pattern", source: #"model A { d: Date using date("yyyy »'T") }"#,
            code: "invalid-date-pattern", message: "invalid date pattern: unterminated quote in date pattern",
            help: nil),
        // invalid-literal
        DiagnosticCase(
            id: "Date default that is not ISO-8601", source: #"model A { d: Date default »"yesterday" }"#,
            code: "invalid-literal", message: "invalid default: expected 4 digits for the year, found `y`", help: nil),
        DiagnosticCase(
            id: "URL default without a scheme", source: #"model A { u: URL default »"example.com" }"#,
            code: "invalid-literal", message: "invalid default: a URL starts with a scheme such as `https:`",
            help: nil),
        // invalid-pattern
        DiagnosticCase(
            id: "unclosed group", source: #"model A { s: String where pattern("»(a") }"#,
            code: "invalid-pattern", message: "invalid regular expression: unclosed group", help: nil),
        DiagnosticCase(
            id: "lookahead", source: #"model A { s: String where pattern("a»(?=b)") }"#,
            code: "invalid-pattern", message: "invalid regular expression: lookaround is not supported", help: nil),
        // literal-type-mismatch
        DiagnosticCase(
            id: "string default for an Int", source: #"model A { x: Int default »"a" }"#,
            code: "literal-type-mismatch", message: #"the default must be of type `Int`, but it is "a""#, help: nil),
        DiagnosticCase(
            id: "string choice for an Int", source: #"model A { x: Int where oneOf(1, »"b") }"#,
            code: "literal-type-mismatch", message: #"the `oneOf` choice must be of type `Int`, but it is "b""#,
            help: nil),
        DiagnosticCase(
            id: "object default for an array", source: "model A { x: [String] default »{} }",
            code: "literal-type-mismatch", message: "the default must be of type `[String]`, but it is an object",
            help: nil),
        DiagnosticCase(
            id: "bare word default for JSON", source: "model A { j: JSON default »foo }",
            code: "literal-type-mismatch", message: "the default must be of type `JSON`, but it is `foo`", help: nil),
        // not-a-model-field
        DiagnosticCase(
            id: "field of a String", source: #"model A { name: String check »name.first == "a" }"#,
            code: "not-a-model-field", message: "`name` is not a model, so it has no fields", help: nil),
        // pipeline-on-model
        DiagnosticCase(
            id: "trim on a model field", source: "model B { x: Int }\nmodel A { b: B using »trim }",
            code: "pipeline-on-model", message: "transformers apply to values, but `b` holds the model `B`",
            help: "map the model's own fields instead"),
        // pipeline-output-mismatch
        DiagnosticCase(
            id: "iso8601 into an Int", source: "model A { x: Int using »iso8601 }",
            code: "pipeline-output-mismatch", message: "the field `x` is `Int`, but its transformers produce a Date",
            help: nil),
        DiagnosticCase(
            id: "number into a strict String", source: "model A {\n  strict\n  x: String using »number\n}",
            code: "pipeline-output-mismatch",
            message: "the field `x` is `String`, but its transformers produce a number", help: nil),
        // recursive-transform
        DiagnosticCase(
            id: "two transforms using each other", source: "transform »a = b\ntransform b = a",
            code: "recursive-transform", message: "the transformer `a` uses itself: `a` → `b` → `a`", help: nil),
        DiagnosticCase(
            id: "transform using itself", source: "transform »loop = trim | loop",
            code: "recursive-transform", message: "the transformer `loop` uses itself: `loop` → `loop`", help: nil),
        // rule-type-mismatch
        DiagnosticCase(
            id: "nonEmpty on an Int", source: "model A { x: Int where »nonEmpty }",
            code: "rule-type-mismatch", message: "`nonEmpty` applies to a String, array or dictionary, but `x` is `Int`",
            help: nil),
        DiagnosticCase(
            id: "range on an optional String", source: "model A { x: String? where »range(1...) }",
            code: "rule-type-mismatch", message: "`range` applies to a number, but `x` is `String?`", help: nil),
        DiagnosticCase(
            id: "pattern on an Int", source: #"model A { x: Int where »pattern("a") }"#,
            code: "rule-type-mismatch", message: "`pattern` applies to a String or URL, but `x` is `Int`", help: nil),
        DiagnosticCase(
            id: "oneOf on a Date", source: #"model A { d: Date where »oneOf("x") }"#,
            code: "rule-type-mismatch", message: "`oneOf` applies to a String, number, Bool or enum, but `d` is `Date`",
            help: nil),
        DiagnosticCase(
            id: "length on a Bool", source: "model A { b: Bool where »length(1) }",
            code: "rule-type-mismatch", message: "`length` applies to a String, array or dictionary, but `b` is `Bool`",
            help: nil),
        // setting-not-allowed
        DiagnosticCase(
            id: "root inside a model", source: "model A { »root A }",
            code: "setting-not-allowed", message: "`root` can only be set for the whole file", help: nil),
        // table-outputs-differ
        DiagnosticCase(
            id: "number row then String row", source: "table t {\n  \"a\" -> †1\n  \"b\" -> »\"x\"\n}",
            code: "table-outputs-differ", message: "every row of the table `t` must give the same type", help: nil,
            secondary: "the first row gives number"),
        DiagnosticCase(
            id: "Bool default after String rows", source: #"table t { "a" -> †"x" default -> »true }"#,
            code: "table-outputs-differ", message: "every row of the table `t` must give the same type", help: nil,
            secondary: "the first row gives String"),
        // transformer-input-mismatch
        DiagnosticCase(
            id: "strict trim after iso8601", source: "model A {\n  strict\n  x: String using iso8601 | »trim\n}",
            code: "transformer-input-mismatch", message: "`trim` reads a String, but `iso8601` produces a Date",
            help: nil),
        DiagnosticCase(
            id: "lenient trim after iso8601", source: "model A { x: String using iso8601 | »trim }",
            code: "transformer-input-mismatch",
            message: "`trim` reads a Bool or a String or a number, but `iso8601` produces a Date", help: nil),
        DiagnosticCase(
            id: "number after url", source: "model A { x: Int using url | »number }",
            code: "transformer-input-mismatch", message: "`number` reads a String or a number, but `url` produces a URL",
            help: nil),
        // unexpected-arguments
        DiagnosticCase(
            id: "trim with an argument", source: "model A { x: String using »trim(1) }",
            code: "unexpected-arguments", message: "`trim` takes no arguments", help: nil),
        DiagnosticCase(
            id: "table with an argument", source: "table t { \"a\" -> \"b\" }\nmodel A { x: String using »t(1) }",
            code: "unexpected-arguments", message: "`t` takes no arguments", help: nil),
        DiagnosticCase(
            id: "transform with an argument", source: "transform slug = trim\nmodel A { x: String using »slug(\"x\") }",
            code: "unexpected-arguments", message: "`slug` takes no arguments", help: nil),
        // unknown-enum-case
        DiagnosticCase(
            id: "misspelt enum default", source: "enum E { open closed default »opne }",
            code: "unknown-enum-case", message: "`E` has no case `opne`", help: "did you mean `open`?"),
        DiagnosticCase(
            id: "misspelt case as a field default", source: "enum E { open closed }\nmodel A { e: E default »clsed }",
            code: "unknown-enum-case", message: "`E` has no case `clsed`", help: "did you mean `closed`?"),
        DiagnosticCase(
            id: "unknown case in a check", source: "enum E { open closed }\nmodel A { e: E check e == »shut }",
            code: "unknown-enum-case", message: "`E` has no case `shut`", help: nil),
        DiagnosticCase(
            id: "unknown case in oneOf", source: "enum E { open closed }\nmodel A { e: E where oneOf(open, »shut) }",
            code: "unknown-enum-case", message: "`E` has no case `shut`", help: nil),
        // unknown-field
        DiagnosticCase(
            id: "misspelt field in a check", source: "model A { name: String check »nme != null }",
            code: "unknown-field", message: "`A` has no field `nme`", help: "did you mean `name`?"),
        DiagnosticCase(
            id: "unknown field of a nested model", source: "model B { x: Int }\nmodel A { b: B check b.»zzz == 1 }",
            code: "unknown-field", message: "`B` has no field `zzz`", help: nil),
        DiagnosticCase(
            id: "misspelt field in count", source: "model A { tags: [String] check count(»tgs) > 0 }",
            code: "unknown-field", message: "`A` has no field `tgs`", help: "did you mean `tags`?"),
        // unknown-function
        DiagnosticCase(
            id: "unknown function", source: "model A { name: String check »size(name) > 1 }",
            code: "unknown-function", message: "unknown function `size`", help: nil),
        DiagnosticCase(
            id: "misspelt count", source: "model A { name: String check »cont(name) > 1 }",
            code: "unknown-function", message: "unknown function `cont`", help: "did you mean `count`?"),
        // unknown-model
        DiagnosticCase(
            id: "root names an unknown model", source: "root »Isue\nmodel Issue { }",
            code: "unknown-model", message: "unknown model `Isue`", help: "did you mean `Issue`?"),
        // unknown-naming-strategy
        DiagnosticCase(
            id: "unknown strategy for the file", source: "keys »snake\nmodel A { }",
            code: "unknown-naming-strategy", message: "unknown key naming strategy `snake`",
            help: "use one of `as_is`, `snake_case`, `kebab_case`, `SCREAMING_SNAKE_CASE`, `PascalCase`, `lowercase`"),
        DiagnosticCase(
            id: "misspelt strategy in a model", source: "model A { keys »snakecase }",
            code: "unknown-naming-strategy", message: "unknown key naming strategy `snakecase`",
            help: "did you mean `snake_case`?"),
        // unknown-rule
        DiagnosticCase(
            id: "misspelt length", source: "model A { s: String where »lenght(1...3) }",
            code: "unknown-rule", message: "unknown rule `lenght`", help: "did you mean `length`?"),
        // unknown-transformer
        DiagnosticCase(
            id: "misspelt trim", source: "model A { s: String using »trm }",
            code: "unknown-transformer", message: "unknown transformer `trm`", help: "did you mean `trim`?"),
        // unknown-type
        DiagnosticCase(
            id: "misspelt String", source: "model A { x: »Strng }",
            code: "unknown-type", message: "unknown type `Strng`", help: "did you mean `String`?"),
        DiagnosticCase(
            id: "misspelt model as an element type", source: "model A { x: [»Usr] }\nmodel User { }",
            code: "unknown-type", message: "unknown type `Usr`", help: "did you mean `User`?"),
    ]

    @Test(arguments: cases)
    func reportsExactlyOneDiagnostic(_ testCase: DiagnosticCase) throws {
        let marked = RulesTestSupport.Marked(testCase.source)
        let (parse, check, plan) = RulesTestSupport.checkerDiagnostics(marked.text)
        #expect(parse.map(RulesTestSupport.summary) == [])
        try #require(check.count == 1, "\(check.map(RulesTestSupport.summary))")
        let diagnostic = check[0]
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.code == testCase.code)
        #expect(diagnostic.message == testCase.message)
        #expect(diagnostic.help == testCase.help)
        #expect(diagnostic.source.name == RulesTestSupport.fileName)
        #expect([diagnostic.location] == marked.locations)
        let secondary = diagnostic.secondaryLabels.map { "\(diagnostic.source.location(of: $0.span.start)) \($0.message)" }
        let expectedSecondary = zip(marked.secondaryLocations, [testCase.secondary].compactMap { $0 }).map { "\($0) \($1)" }
        #expect(secondary == expectedSecondary)
        #expect(plan == nil)
        // The public entry point reports the same diagnostic.
        #expect(RulesTestSupport.compileErrors(marked.text) == [diagnostic])
    }

    /// Every code of the checker's catalogue has a case above.
    @Test func everyCodeIsCovered() {
        let codes = Set(Self.cases.map(\.code))
        #expect(
            codes == [
                "builtin-name-taken", "check-comparison-mismatch", "check-not-boolean", "check-operand-mismatch",
                "dictionary-key-not-string", "duplicate-declaration", "duplicate-enum-case",
                "duplicate-field", "reserved-field-name", "duplicate-input", "duplicate-root", "expected-scalar", "literal-out-of-range",
                "invalid-arguments", "invalid-date-pattern", "invalid-literal", "invalid-pattern",
                "literal-type-mismatch", "not-a-model-field", "pipeline-on-model", "pipeline-output-mismatch",
                "recursive-transform", "rule-type-mismatch", "setting-not-allowed", "table-outputs-differ",
                "transformer-input-mismatch", "unexpected-arguments", "unknown-enum-case", "unknown-field",
                "unknown-function", "unknown-model", "unknown-naming-strategy", "unknown-rule",
                "unknown-transformer", "unknown-type",
            ])
    }
}
