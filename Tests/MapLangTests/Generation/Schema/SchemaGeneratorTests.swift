import Testing

@testable import MapLang

/// `SchemaGenerator`: the JSON Schema of each construct, on both sides.
struct SchemaGeneratorTests {
    static let fields = #"""
        root Item

        model Item {
          strict
          id: Int where range(1..<10)
          name: String? from name, title
          size: Size default small when missing
          tags: [String] oneOrMany lossy where length(1...3)
          unknown reject
          ignore etag
        }

        enum Size {
          small from "s", 1
          large from "l"
        }
        """#

    static let shapes = #"""
        root Event

        choice Event by meta.type {
          "push", 1 -> Push
          default -> Other
        }

        model Push {
          ref: String where pattern("(?i)^refs/heads/\\w+$")
          commits: [Commit] default []
          when: Date
        }

        model Commit {
          sha: String where length(40)
          message: String? omitNull
        }

        model Other {
          keys snake_case
          repoName: String from repo.name
          first: Int from items[0]
          info: Info flatten
          extra: Extra? flatten
          score: Double = 1.5
          check first > 0
        }

        model Info {
          note: String?
        }

        model Extra {
          tag: String
        }
        """#

    func schema(_ text: String, side: SchemaGenerator.Side = .input, model: String? = nil) throws -> MappedValue {
        var options = SchemaGenerator.Options()
        options.side = side
        options.model = model
        return try SchemaGenerator.generate(Rules(source: SourceFile(name: "dir/shapes.map", text: text)), options: options)
    }

    /// A definition as compact JSON.
    func definition(_ name: String, of schema: MappedValue) -> String {
        String(decoding: (schema["$defs"]?[name] ?? .null).jsonBytes(), as: UTF8.self)
    }

    @Test func inputFieldsKeysAndFallbacks() throws {
        let input = try schema(Self.fields)
        #expect(
            definition("Item", of: input)
                == ##"{"type":"object","properties":{"id":{"type":"integer","minimum":1,"exclusiveMaximum":10},"size":{"$ref":"#/$defs/Size","default":"s","not":{"type":"null"}},"tags":{"anyOf":[{"type":"array"},{"allOf":[{"not":{"type":"array"}},{"type":"string"}]}],"not":{"type":"null"}},"etag":{},"name":{},"title":{}},"required":["id","tags"],"allOf":[{"description":"`Item.name`: the first of `name`, `title` that is not null","if":{"properties":{"name":{"not":{"type":"null"}}},"required":["name"]},"then":{"properties":{"name":{"type":"string"}},"required":["name"]},"else":{"allOf":[{"properties":{"name":{}}},{"if":{"properties":{"title":{"not":{"type":"null"}}},"required":["title"]},"then":{"properties":{"title":{"type":"string"}},"required":["title"]},"else":{"properties":{"title":{}}}}]}}],"additionalProperties":false}"##)
        #expect(definition("Size", of: input) == ##"{"enum":["l","s",1]}"##)
    }

    @Test func outputFields() throws {
        let output = try schema(Self.fields, side: .output)
        #expect(
            definition("Item", of: output)
                == ##"{"type":"object","properties":{"id":{"type":"integer","minimum":1,"exclusiveMaximum":10},"name":{"type":["string","null"]},"size":{"$ref":"#/$defs/Size"},"tags":{"type":"array","items":{"type":"string"},"maxItems":3,"minItems":1}},"required":["id","name","size","tags"]}"##)
        #expect(definition("Size", of: output) == ##"{"type":"string","enum":["small","large"]}"##)
    }

    @Test func inputChoicesPathsAndPatterns() throws {
        let input = try schema(Self.shapes)
        #expect(definition("Push", of: input) == ##"{"type":"object","properties":{"ref":{"type":["string","number","boolean"],"pattern":"^[rR][eE][fF][sS\\u017F]/[hH][eE][aA][dD][sS\\u017F]/(?:[0-9A-Z_a-z\\u0131\\u017F\\u212A])+(?![\\s\\S])"},"commits":{"type":["array","null"],"items":{"$ref":"#/$defs/Commit"},"default":[]},"when":{"type":["string","number"]}},"required":["ref","when"]}"##)
        #expect(definition("Commit", of: input) == ##"{"type":"object","properties":{"sha":{"type":["string","number","boolean"],"minLength":40},"message":{"type":["string","number","boolean","null"]}},"required":["sha"]}"##)
        #expect(definition("Other", of: input) == ##"{"type":"object","properties":{"repo":{"type":"object","properties":{"name":{"type":["string","number","boolean"]}},"required":["name"]},"items":{"type":"array","prefixItems":[{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^[\\s\\u0085]*-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?[\\s\\u0085]*$"}],"not":{"type":"null"}}],"minItems":1},"info":{"$ref":"#/$defs/Info","not":{"type":"null"}},"extra":{"anyOf":[{"type":"null"},{"$ref":"#/$defs/Extra"}]}},"required":["repo","items","info"]}"##)
        #expect(definition("Info", of: input) == ##"{"type":"object","properties":{"note":{"type":["string","number","boolean","null"]}}}"##)
        #expect(definition("Extra", of: input) == ##"{"type":"object","properties":{"tag":{"type":["string","number","boolean"]}},"required":["tag"]}"##)
        #expect(definition("Event", of: input) == ##"{"type":"object","oneOf":[{"$ref":"#/$defs/Push","properties":{"meta":{"type":"object","properties":{"type":{"enum":["push",1],"not":{"type":"null"}}},"required":["type"]}},"required":["meta"]},{"$ref":"#/$defs/Other","not":{"properties":{"meta":{"type":"object","properties":{"type":{"enum":["push",1],"not":{"type":"null"}}},"required":["type"]}},"required":["meta"]}}]}"##)
    }

    @Test func outputChoicesFlatteningAndOmittedNulls() throws {
        let output = try schema(Self.shapes, side: .output)
        #expect(definition("Push", of: output) == ##"{"type":"object","properties":{"ref":{"type":"string","pattern":"^[rR][eE][fF][sS\\u017F]/[hH][eE][aA][dD][sS\\u017F]/(?:[0-9A-Z_a-z\\u0131\\u017F\\u212A])+(?![\\s\\S])"},"commits":{"type":"array","items":{"$ref":"#/$defs/Commit","unevaluatedProperties":false}},"when":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3}|\\.[0-9]{6}|\\.[0-9]{9})?Z$"}},"required":["ref","commits","when"]}"##)
        #expect(definition("Commit", of: output) == ##"{"type":"object","properties":{"sha":{"type":"string","minLength":40},"message":{"type":"string"}},"required":["sha"]}"##)
        #expect(definition("Other", of: output) == ##"{"type":"object","properties":{"repoName":{"type":"string"},"first":{"type":"integer"},"score":{"type":"number"}},"required":["repoName","first","score"],"allOf":[{"$ref":"#/$defs/Info"},{"anyOf":[{"$ref":"#/$defs/Extra"},{"not":{"anyOf":[{"required":["tag"]}]}}]}]}"##)
        #expect(definition("Info", of: output) == ##"{"type":"object","properties":{"note":{"type":["string","null"]}},"required":["note"]}"##)
        #expect(definition("Extra", of: output) == ##"{"type":"object","properties":{"tag":{"type":"string"}},"required":["tag"]}"##)
        #expect(definition("Event", of: output) == ##"{"type":"object","oneOf":[{"$ref":"#/$defs/Push","properties":{"type":{"enum":["push",1]}},"required":["type"],"unevaluatedProperties":false},{"$ref":"#/$defs/Other","properties":{"type":{"not":{"enum":["push",1]}}},"required":["type"],"unevaluatedProperties":false}]}"##)
        // Where a model is used, the output closes it to the keys its definition names.
        #expect(
            String(decoding: (output["anyOf"] ?? .null).jsonBytes(), as: UTF8.self)
                == ##"[{"$ref":"#/$defs/Event"},{"type":"array","items":{"$ref":"#/$defs/Event"}}]"##)
    }

    @Test func leniencyAcceptsEachTypesOtherForms() throws {
        let input = try schema(
            #"""
            model Flags {
              on: Bool
              level: Level
              text: String using trim | lowercase where nonEmpty
              parts: [String] using split(",") where length(1...)
              when: Date using timestamp(ms)
            }

            enum Level {
              low from 1
              high from "2", "high"
            }
            """#)
        #expect(
            definition("Flags", of: input)
                == ##"{"type":"object","properties":{"on":{"anyOf":[{"type":"boolean"},{"enum":[0,1]},{"type":"string","pattern":"^[\\s\\u0085]*(?:[tT][rR][uU][eE]|[yY][eE][sS]|[yY]|[oO][nN]|1|[fF][aA][lL][sS][eE]|[nN][oO]|[nN]|[oO][fF][fF]|0)[\\s\\u0085]*$"}],"not":{"type":"null"}},"level":{"anyOf":[{"$ref":"#/$defs/Level"},{"type":"string","pattern":"^[\\s\\u0085]*-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?[\\s\\u0085]*$"},{"type":"number"}],"not":{"type":"null"}},"text":{"type":["string","number","boolean"]},"parts":{"type":["string","number","boolean"]},"when":{"type":["string","number"]}},"required":["on","level","text","parts","when"]}"##)
        #expect(definition("Level", of: input) == ##"{"enum":["2","high",1]}"##)
        // What the transformers do to a value is not checked, and the schema says so.
        let description = input["description"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? ""
        #expect(
            description.hasSuffix(
                """
                Where the rules refuse more than this schema does:
                - With coercion on, a number in a string is taken by its form; whether it fits the field's type is not checked
                - With coercion on, an enum's numbers and numbers in strings are taken by their form, not by the value listed
                - `Flags.text` (shapes.map:4:3): the value is read through `trim | lowercase` (at shapes.map:4:22, shapes.map:4:29); the schema asks only for what `trim` reads
                - `Flags.text` (shapes.map:4:3): rule `nonEmpty` at shapes.map:4:45 is not checked: the rule sees the value after the transformers
                - `Flags.parts` (shapes.map:5:3): the value is read through `split` (at shapes.map:5:25); the schema asks only for what `split` reads
                - `Flags.parts` (shapes.map:5:3): rule `length` at shapes.map:5:42 is not checked: the rule sees the value after the transformers
                - `Flags.when` (shapes.map:6:3): the value is read through `timestamp` (at shapes.map:6:20); the schema asks only for what `timestamp` reads
                """))
    }

    @Test func aModelIsNamedOrTheRootIsUsed() throws {
        let item = try schema(Self.shapes, model: "Commit")
        #expect(item["title"] == .string("Commit"))
        #expect(item["$defs"].map { if case .object(let defs) = $0 { defs.members.map(\.key) } else { [] } } == ["Commit"])
        #expect(throws: SchemaGenerator.TargetError.unknownTarget(name: "commit", suggestion: "Commit")) {
            try schema(Self.shapes, model: "commit")
        }
        #expect(throws: SchemaGenerator.TargetError.noRoot(candidates: ["A", "B"])) {
            try schema("model A {\n  x: Int\n}\n\nmodel B {\n  y: Int\n}\n")
        }
    }

    @Test func theSameRulesGiveTheSameSchema() throws {
        let first = try schema(Self.shapes).jsonBytes(pretty: true)
        for _ in 0..<5 { #expect(try schema(Self.shapes).jsonBytes(pretty: true) == first) }
    }

    /// What a schema must not refuse: each of these maps.
    @Test func neverRefusesWhatMaps() throws {
        let rules = #"""
            nulls omit

            model Doc {
              labels: [String] lossy where length(...2)
              payload: JSON using trim
              grid: [[Int]]? oneOrMany
              extra: JSON default null
              code: Code
              link: URL
              at: Date
            }

            enum Code {
              acute from "\u{E9}"
              big from 12345678901234567890
              ok from "OK"
            }

            model Circle {
              radius: Double?
            }

            model Square {
              side: Double?
            }

            choice Shape by kinds[-1] {
              "circle" -> Circle
              "square" -> Square
            }
            """#
        let input = try schema(rules, model: "Doc")
        #expect(
            definition("Doc", of: input).contains(
                ##""labels":{"type":"array"},"payload":{"not":{"type":"null"}},"grid":{"anyOf":[{"type":"null"},{"anyOf":[{"type":"array","items":{"type":"array","items":"##))
        #expect(definition("Doc", of: input).contains(##"{"allOf":[{"not":{"type":"array"}},{"type":"array","items":"##))
        #expect(
            definition("Code", of: input)
                == ##"{"anyOf":[{"type":"string","pattern":"^O(?:K|\\u212A)(?![\\s\\S])"},{"type":["string","number"]}]}"##)
        let output = try schema(rules, side: .output, model: "Doc")
        // `null` is left out, so `extra` may be missing; no `format`, which year 0000 and some URLs fail.
        #expect(definition("Doc", of: output).contains(##""extra":{"not":{"type":"null"}}"##))
        #expect(definition("Doc", of: output).contains(##""required":["labels","code","link","at"]"##))
        #expect(!definition("Doc", of: output).contains("format"))
        // An index counted from the end cannot tell the models apart: `anyOf`.
        #expect(definition("Shape", of: try schema(rules, model: "Shape")).hasPrefix(##"{"type":"object","anyOf":"##))
    }

    /// A listed integer past 2^53 is widened, as a validator may read it as a `Double`.
    @Test func integersPastTwoToTheFiftyThirdAreWidened() throws {
        let input = try schema("model A {\n  e: E\n}\n\nenum E {\n  x from 9007199254740993\n  y from 2\n}\n")
        #expect(definition("E", of: input) == ##"{"anyOf":[{"const":2},{"type":"number"}]}"##)
    }
}
