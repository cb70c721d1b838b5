import Testing

@testable import MapLang

/// Computed fields and the expressions they share with checks: through the
/// lexer and parser, the formatter and the tree dump, the checker's errors,
/// both engines, reverse mapping, decoding and the CLI.
struct ComputedFieldTests {
    static let rules = """
        root Product
        keys snake_case
        model Product {
          first: String
          last: String?
          priceCents: Int
          quantity: Int
          fullName: String = first + " " + (last ?? "?")
          price: Decimal = priceCents / 100
          total: Decimal = price * quantity
          share: Double = quantity / 3
          bulk: Bool = quantity >= 10 and total > 100
          label: String = if bulk then "bulk" else "unit of " + string(quantity)
          code: String? = string($.sku) where length(3...)
          check total < 1000 else "too much"
        }
        """

    static func mapped(_ json: String) throws -> String {
        let record = try RulesTestSupport.map(Self.rules, json)
        guard record.errors.isEmpty else { return record.errors.map(RulesTestSupport.line).joined(separator: "\n") }
        return RulesTestSupport.json(record.value)
    }

    @Test(arguments: [
        (
            #"{"first": "Ada", "last": "L", "price_cents": 1299, "quantity": 12, "sku": 12345}"#,
            #"{"first":"Ada","last":"L","priceCents":1299,"quantity":12,"fullName":"Ada L","price":12.99,"total":155.88,"#
                + #""share":4,"bulk":true,"label":"bulk","code":"12345"}"#
        ),
        (
            #"{"first": "B", "price_cents": 1, "quantity": 1}"#,
            #"{"first":"B","last":null,"priceCents":1,"quantity":1,"fullName":"B ?","price":0.01,"total":0.01,"#
                + #""share":0.3333333333333333,"bulk":false,"label":"unit of 1","code":null}"#
        ),
        // A computed field's rules and the model's checks see the computed values.
        (
            #"{"first": "C", "price_cents": 10, "quantity": 1, "sku": "ab"}"#,
            "$ Product.code: length 2 is not in 3... @14:39 rule `length`"
        ),
        (#"{"first": "D", "price_cents": 100000, "quantity": 2}"#, "$ Product: too much @15:3 check"),
    ])
    func computesFromTheOtherFields(_ json: String, _ expected: String) throws {
        #expect(try Self.mapped(json) == expected)
    }

    @Test func arithmeticThatCannotBeWorkedOutIsAnErrorOfTheRecord() throws {
        let rules = "model A {\n  a: Int\n  b: Int\n  sum: Int = a + b\n  ratio: Decimal = a / b\n}\n"
        #expect(try RulesTestSupport.map(rules, #"{"a": 9223372036854775807, "b": 1}"#).errors.map(RulesTestSupport.line) == [
            "$ A.sum: the expression cannot be worked out: 9223372036854775807 + 1 does not fit in 64 bits @4:3"
        ])
        #expect(try RulesTestSupport.map(rules, #"{"a": 1, "b": 0}"#).errors.map(RulesTestSupport.line) == [
            "$ A.ratio: the expression cannot be worked out: division by zero @5:3"
        ])
        let nulls = "model A {\n  a: Int?\n  twice: Int = a * 2\n}\n"
        #expect(try RulesTestSupport.map(nulls, "{}").errors.map(RulesTestSupport.line) == [
            "$ A.twice: the expression gave null but the field is required @3:3"
        ])
    }

    /// The direct path hands the model to the interpreter and gives the same output.
    /// A computed field that fails is one error: those that read it, directly
    /// or through another, fail with it and say nothing of their own.
    @Test func fieldsReadingAFailedOneAddNoErrors() throws {
        let rules = "model A {\n  a: Int?\n  b: Int = a + 1\n  c: Int = b * 2\n  d: Int = c + b\n  e: Int = a ?? 0\n  f: Int = e * 9223372036854775807 * 2\n}\n"
        // `f` reads only `e`, which did not fail: its own error is reported.
        #expect(try RulesTestSupport.map(rules, #"{"a": null}"#).errors.map(\.field) == ["b"])
        #expect(try RulesTestSupport.map(rules, #"{"a": 5}"#).errors.map(\.field) == ["f"])
    }

    @Test func theFastPathAgrees() throws {
        let rules = try Rules(source: SourceFile(name: "p.map", text: Self.rules))
        let bytes = Array(#"[{"first": "Ada", "price_cents": 1299, "quantity": 12}, {"first": "B", "price_cents": 5, "quantity": 1}]"#.utf8)
        #expect(try String(decoding: rules.mapJSON(bytes), as: UTF8.self) == String(decoding: rules.map(bytes).jsonBytes(), as: UTF8.self))
    }

    @Test func reverseLeavesComputedFieldsOutAndSaysSo() throws {
        let text = Self.rules.replacingOccurrences(of: "  code: String? = string($.sku) where length(3...)\n", with: "")
        let rules = try Rules(source: SourceFile(name: "p.map", text: text))
        #expect(rules.reversalProblems.isEmpty)
        let mapped = try rules.map(#"{"first": "Ada", "last": "L", "price_cents": 1299, "quantity": 12}"#)
        #expect(try rules.reverse(mapped).jsonText() == #"{"first":"Ada","last":"L","price_cents":1299,"quantity":12}"#)
        #expect(try rules.map(rules.reverse(mapped).jsonText()) == mapped)
        let (check, _) = CLIHarness.run(["check", "--reverse", "p.map"], files: ["p.map": text])
        CLIHarness.expect(
            check,
            stderr: "p.map: ok, 1 model\nnote: reverse mapping leaves out the computed fields `Product.fullName`, `Product.price`, "
                + "`Product.total`, `Product.share`, `Product.bulk`, `Product.label`, which forward mapping works out again\n",
            status: 0)
    }

    @Test func readingTheInputCannotBeReversed() throws {
        let rules = try Rules(source: SourceFile(name: "p.map", text: Self.rules))
        #expect(rules.reversalProblems.map(\.code) == ["irreversible-computed-field"])
        // A check that reads the input, inherited by two models, is one problem.
        let check = "model A {\n  a: Int\n  check $.x != null\n}\nmodel B extends A {\n  b: Int\n}\nmodel C extends A {\n  c: Int\n}\n"
        #expect(try Rules(source: SourceFile(name: "c.map", text: check)).reversalProblems.map(\.code) == ["irreversible-input-check"])
        #expect(rules.reversalProblems.map(\.location) == [SourceLocation(line: 14, column: 19)])
    }

    @Test func decodeFillsComputedFields() throws {
        struct Product: Decodable, Equatable {
            let fullName: String
            let total: Double
            let bulk: Bool
        }
        let rules = try Rules(source: SourceFile(name: "p.map", text: Self.rules))
        let product = try rules.decode(Product.self, from: #"{"first": "Ada", "price_cents": 1299, "quantity": 12}"#)
        #expect(product == Product(fullName: "Ada ?", total: 155.88, bulk: true))
    }

    /// One error per mistake, each with its code.
    @Test(arguments: [
        ("a: Int\n  b: String = a + \"x\"", "operands-mismatch", "`+` cannot take an Int and a String together"),
        ("a: Int\n  b: String = a", "computed-type-mismatch", "the expression gives an Int, which the field `b: String` cannot hold"),
        ("a: Decimal\n  b: Int = a * 2", "computed-type-mismatch", "the expression gives a Decimal, which the field `b: Int` cannot hold"),
        ("b: Int = c + 1\n  c: Int = 2", "computed-field-order", "`b` reads the computed field `c`, which is worked out after it"),
        ("b: Int = b + 1", "computed-field-order", "the computed field `b` reads itself"),
        ("a: Int\n  b: Int = a from x", "computed-field-clause", "`b` is computed from its expression, so it cannot also have `from`"),
        ("a: Int\n  b: [Int] = a", "computed-field-type",
            "the computed field `b` cannot be `[Int]`: an expression gives a String, a number, a Bool, a Date, a URL, an enum case or JSON"),
        ("a: Int\n  b: Int = if a then 1 else 2", "check-operand-mismatch", "`if` cannot apply to an Int"),
        ("a: Int\n  b: Int = if a > 1 then 1 else \"x\"", "operands-mismatch", "`if` cannot take an Int and a String together"),
        ("a: Int\n  b: Int = sum(a)", "unknown-function", "unknown function `sum`"),
        ("a: Int\n  b: Int = a flatten", "computed-field-clause", "`b` is computed from its expression, so it cannot also have `flatten`"),
        ("a: Int\n  b: Data = a", "computed-field-type",
            "the computed field `b` cannot be `Data`: an expression gives a String, a number, a Bool, a Date, a URL, an enum case or JSON"),
        ("a: Int\n  b: Int = $.x + 1", "operands-mismatch", "`+` cannot take a JSON value and an Int together"),
    ])
    func eachMistakeIsOneError(_ fields: String, _ code: String, _ message: String) {
        let diagnostics = RulesTestSupport.compileErrors("model A {\n  \(fields)\n}\n")
        #expect(diagnostics.map(\.code) == [code])
        #expect(diagnostics.first?.message == message)
    }

    @Test func operatorsBindAndFormatAsTheGrammarSays() {
        let source = SourceFile(
            name: "a.map",
            text: "model A {\n  a: Int\n  b: Int = a -1*2 - (3 - a)\n  c: Int? = (if a > 1 then a else 0) ?? 4\n  d: String = string($.x.y[0])\n}\n")
        let parsed = RulesParser.parse(source)
        #expect(parsed.diagnostics.isEmpty)
        #expect(
            RulesFormatter.format(parsed.file, source: source)
                == "model A {\n  a: Int\n  b: Int = a - 1 * 2 - (3 - a)\n  c: Int? = (if a > 1 then a else 0) ?? 4\n  d: String = string($.x.y[0])\n}\n")
        let dump = ASTDumper.dump(parsed.file, source: source)
        #expect(dump.contains("      computed @3:12\n        - @3:12\n          - @3:12\n            ref a @3:12\n            * @3:15\n"))
        #expect(dump.contains("input $.x.y[0] @5:22"))
    }

    @Test func theLexerReadsTheOperators() {
        let lexed = Lexer.tokenize(SourceFile(name: "a.map", text: "a + b - c * d / e $ -1 - 2"))
        #expect(lexed.diagnostics.isEmpty)
        #expect(lexed.tokens.map(\.kind.spelling) == ["a", "+", "b", "-", "c", "*", "d", "/", "e", "$", "-1", "-", "2", ""])
    }

    @Test func theCommandLineMapsThemAndAKeywordIsNoFieldName() {
        let (outcome, _) = CLIHarness.run(
            ["run", "p.map", "in.json"], files: ["p.map": Self.rules, "in.json": #"{"first": "A", "price_cents": 250, "quantity": 2}"#])
        CLIHarness.expect(
            outcome,
            stdout: #"{"first":"A","last":null,"priceCents":250,"quantity":2,"fullName":"A ?","price":2.5,"total":5,"#
                + #""share":0.6666666666666666,"bulk":false,"label":"unit of 2","code":null}"# + "\n",
            status: 0)
        #expect(RulesTestSupport.compileErrors("model A {\n  then: Int\n}\n").map(\.code) == ["reserved-field-name"])
    }

    /// Exact numbers compare exactly, and a result past a type's limits is an error, not a null.
    @Test func decimalsCompareExactlyAndLimitsAreErrors() throws {
        let rules = """
            model A {
              a: Decimal
              b: Decimal
              same: Bool = a == b
              more: Bool = a + 0.00000000000000001 > a
              d: Double = a * 10
            }
            """
        let exact = try RulesTestSupport.map(rules, #"{"a": 12345678901234567891, "b": 12345678901234567890}"#)
        #expect(RulesTestSupport.json(exact.value).contains(#""same":false,"more":true"#))
        let huge = try RulesTestSupport.map(rules, #"{"a": 1e400, "b": 1}"#)
        #expect(huge.errors.map(\.problem.code) == ["arithmetic-failed"])
        let square = try RulesTestSupport.map("model A {\n  a: Decimal\n  m: Decimal = a * a\n}\n", #"{"a": 1e999999}"#)
        #expect(square.errors.map(\.message) == ["the expression cannot be worked out: the result is past 10^±1,000,000"])
    }
}
