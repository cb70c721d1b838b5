import Testing

@testable import MapLang

/// `from $` (grouping flat keys into a model) and `flatten` (writing a
/// model's fields into the enclosing output): parser, formatter, tree dump,
/// checker, both engines, `unknown reject`, reverse mapping and decoding.
struct GroupingTests {
    static let rules = """
        root User
        keys snake_case
        model Address {
          street: String
          city: String
          zip: String? from postal_code
        }
        model Meta {
          source: String
          version: Int?
        }
        model User {
          unknown reject
          id: Int
          address: Address from $
          meta: Meta? flatten
          check address.city != "" else "a city is needed"
        }
        """

    static let input = #"{"id": 1, "street": "1 Main", "city": "Springfield", "postal_code": "12345", "meta": {"source": "web", "version": 2}}"#

    @Test func groupsAndFlattens() throws {
        let record = try RulesTestSupport.map(Self.rules, Self.input)
        #expect(record.errors.isEmpty)
        #expect(
            RulesTestSupport.json(record.value)
                == #"{"id":1,"address":{"street":"1 Main","city":"Springfield","zip":"12345"},"source":"web","version":2}"#)
        // A null optional flattened model writes nothing.
        let none = try RulesTestSupport.map(Self.rules, #"{"id": 2, "street": "s", "city": "c", "meta": null}"#)
        #expect(RulesTestSupport.json(none.value) == #"{"id":2,"address":{"street":"s","city":"c","zip":null}}"#)
    }

    /// The grouped model's keys are the enclosing model's own for `unknown reject`; others are not.
    @Test func groupedKeysAreKnown() throws {
        let record = try RulesTestSupport.map(Self.rules, #"{"id": 1, "street": "s", "city": "c", "postal_code": "z", "extra": 1}"#)
        #expect(record.errors.map(RulesTestSupport.line) == [#"$ User: `User` does not take the key "extra" @12:7"#])
    }

    @Test func checksAndErrorsNameTheGroupedModel() throws {
        let missing = try RulesTestSupport.map(Self.rules, #"{"id": 1, "city": ""}"#)
        #expect(missing.errors.map(RulesTestSupport.line) == ["$.street Address.street: missing required key `street` @4:3"])
        let empty = try RulesTestSupport.map(Self.rules, #"{"id": 1, "street": "s", "city": ""}"#)
        #expect(empty.errors.map(RulesTestSupport.line) == ["$ User: a city is needed @17:3 check"])
    }

    @Test func reverseWritesBothBack() throws {
        let rules = try Rules(source: SourceFile(name: "u.map", text: Self.rules))
        #expect(rules.reversalProblems.isEmpty)
        let mapped = try rules.map(Self.input)
        #expect(
            try rules.reverse(mapped).jsonText()
                == #"{"id":1,"street":"1 Main","city":"Springfield","postal_code":"12345","meta":{"source":"web","version":2}}"#)
        #expect(try rules.map(rules.reverse(mapped).jsonText()) == mapped)
    }

    @Test func theFastPathAndDecodeAgree() throws {
        struct User: Decodable, Equatable {
            struct Address: Decodable, Equatable {
                let street: String
                let city: String
            }
            let id: Int
            let address: Address
            let source: String?
        }
        let rules = try Rules(source: SourceFile(name: "u.map", text: Self.rules))
        let bytes = Array(("[" + Self.input + "]").utf8)
        #expect(try rules.mapJSON(bytes) == rules.map(bytes).jsonBytes())
        #expect(
            try rules.decode([User].self, from: bytes)
                == [User(id: 1, address: User.Address(street: "1 Main", city: "Springfield"), source: "web")])
    }

    @Test(arguments: [
        ("a: Int from $", "whole-object-type", "`from $` reads the whole object, which the field `a: Int` cannot hold"),
        ("a: Int flatten", "flatten-not-model", "`flatten` writes a model's fields into the enclosing object, but `a` is `Int`"),
        ("id: Int\n  b: B flatten", "flatten-name-clash", "`flatten` would write the field `id` of `b` where the field `id` is written"),
    ])
    func eachMistakeIsOneError(_ fields: String, _ code: String, _ message: String) {
        let diagnostics = RulesTestSupport.compileErrors("model A {\n  \(fields)\n}\nmodel B {\n  id: Int\n}\n")
        #expect(diagnostics.map(\.code) == [code])
        #expect(diagnostics.first?.message == message)
    }

    @Test func formatterAndDumpShowThem() {
        let source = SourceFile(name: "a.map", text: "model A {\n  b: B from $\n  c: B? flatten from x\n}\nmodel B {\n  x: Int\n}\n")
        let parsed = RulesParser.parse(source)
        #expect(parsed.diagnostics.isEmpty)
        #expect(
            RulesFormatter.format(parsed.file, source: source)
                == "model A {\n  b: B from $\n  c: B? flatten from x\n}\n\nmodel B {\n  x: Int\n}\n")
        let dump = ASTDumper.dump(parsed.file, source: source)
        #expect(dump.contains("      from $ @2:13\n"))
        #expect(dump.contains("      flatten @3:9\n"))
    }

    /// A choice or `JSON` read `from $` makes its keys the enclosing model's own.
    @Test func choicesAndJSONReadFromTheObjectAreKnown() throws {
        let rules = """
            model Circle {
              radius: Double
            }
            model Square {
              side: Double
            }
            choice Shape by kind {
              "circle" -> Circle
              "square" -> Square
            }
            model Drawing {
              unknown reject
              id: Int
              shape: Shape from $
            }
            model Raw {
              unknown reject
              id: Int
              all: JSON from $
            }
            """
        let drawing = try RulesTestSupport.map(rules, #"{"id": 1, "kind": "circle", "radius": 2}"#, model: "Drawing")
        #expect(drawing.errors.isEmpty)
        let extra = try RulesTestSupport.map(rules, #"{"id": 1, "kind": "circle", "radius": 2, "x": 0}"#, model: "Drawing")
        #expect(extra.errors.map(\.problem.code) == ["unknown-keys"])
        let raw = try RulesTestSupport.map(rules, #"{"id": 1, "anything": true}"#, model: "Raw")
        #expect(RulesTestSupport.json(raw.value) == #"{"id":1,"all":{"id":1,"anything":true}}"#)
    }

    /// A grouped model that writes back a key the enclosing model writes is a reversal problem.
    @Test func aGroupedKeyWrittenTwiceCannotBeReversed() throws {
        let text = "model A {\n  id: Int\n  b: B from $\n}\nmodel B {\n  id: String\n}\n"
        let rules = try Rules(source: SourceFile(name: "a.map", text: text))
        #expect(rules.reversalProblems.map(\.code) == ["irreversible-shared-key"])
    }

    @Test func wholeObjectTakesNoOtherPath() {
        let diagnostics = RulesTestSupport.compileErrors("model A {\n  b: B from x, $\n}\nmodel B {\n  y: Int?\n}\n")
        #expect(diagnostics.map(\.code) == ["whole-object-not-alone"])
    }

    /// Cycles of `from $` would never end, and of `flatten` would write keys twice.
    @Test func cyclesAreErrors() {
        let diagnostics = RulesTestSupport.compileErrors(
            "model N {\n  a: Int?\n  n: N? from $\n}\nmodel P {\n  a: Int?\n  p: P? flatten\n}\nmodel X {\n  y: Y from $\n}\nmodel Y {\n  x: X? from $\n}\n")
        #expect(diagnostics.map(\.code) == ["whole-object-cycle", "flatten-cycle", "whole-object-cycle"])
    }

    /// A path through a flattened field reads the key where the output holds it.
    @Test func pathsThroughAFlattenedFieldFindIt() throws {
        let rules = """
            model Meta {
              source: String
            }
            model A {
              x: Int
              meta: Meta flatten
            }
            model B {
              a: A
              s: String? = a.meta.source
              check a.meta.source != "bad" else "bad source"
            }
            """
        let ok = try RulesTestSupport.map(rules, #"{"a": {"x": 5, "meta": {"source": "ok"}}}"#, model: "B")
        #expect(RulesTestSupport.json(ok.value) == #"{"a":{"x":5,"source":"ok"},"s":"ok"}"#)
        let bad = try RulesTestSupport.map(rules, #"{"a": {"x": 5, "meta": {"source": "bad"}}}"#, model: "B")
        #expect(bad.errors.map(\.message) == ["bad source"])
    }
}
