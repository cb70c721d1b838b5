import Testing

@testable import MapLang

/// `transform` declarations (grammar.md 3.5): named pipelines, chained into
/// each other, with tables, on collections, and the errors they report.
struct TransformerUserTests {
    static let rules = """
        transform slug = trim | lowercase
        transform shout = slug | uppercase
        transform stamp = timestamp(ms)
        transform clean = trim
        table priority {
          "low" -> 1
          "high" -> 3
        }
        transform level = slug | priority
        model A {
          tag: String using slug
          loud: String using shout
          both: String using slug | uppercase
          at: Date using stamp
          tags: [String] using clean | slug
          rank: Int? using level
        }
        model B {
          strict
          tag: String using slug
        }
        """

    @Test(arguments: [
        (
            #"{"tag": "  Swift ", "loud": " Hi ", "both": " Mixed Case ", "at": 1000, "tags": [" A", "B "], "rank": " HIGH"}"#,
            #"{"tag":"swift","loud":"HI","both":"MIXED CASE","at":"1970-01-01T00:00:01Z","tags":["a","b"],"rank":3}"#
        ),
        (
            #"{"tag": 42, "loud": true, "both": 1.50, "at": "1464116300123", "tags": []}"#,
            #"{"tag":"42","loud":"TRUE","both":"1.50","at":"2016-05-24T18:58:20.123Z","tags":[],"rank":null}"#
        ),
        (
            #"{"tag": "x", "loud": "y", "both": "z", "at": "soon", "tags": ["ok", 3, false], "rank": "medium"}"#,
            #"$.at A.at: expected a number for `timestamp`, found "soon" @3:19 transformer `timestamp`"#
                + "\n"
                + #"$.rank A.rank: "medium" is not in the table `priority` @9:26 table `priority`"#
        ),
    ])
    func chainedTransforms(_ input: String, _ expected: String) {
        let outcome = RulesTestSupport.outcome(Self.rules, input, model: "A")
        #expect(outcome.joined(separator: "\n") == expected)
    }

    /// A strict model runs a transform's stages without coercion, and the error points into the declaration.
    @Test func strictModelUsingATransform() {
        #expect(RulesTestSupport.outcome(Self.rules, #"{"tag": " AB "}"#, model: "B") == [#"{"tag":"ab"}"#])
        #expect(
            RulesTestSupport.outcome(Self.rules, #"{"tag": 42}"#, model: "B") == [
                "$.tag B.tag: expected a string for `trim`, found 42 @1:18 transformer `trim`"
            ])
    }

    @Test func aTransformDeclaredAfterItsUseWorks() {
        let rules = "model A {\n  name: String using slug\n}\ntransform slug = trim | uppercase"
        #expect(RulesTestSupport.outcome(rules, #"{"name": " ab "}"#) == [#"{"name":"AB"}"#])
    }
}

/// A value the transformers made that the field's type cannot hold is the
/// last transformer's error, and says it came from there, not the input.
struct TransformedValueErrorTests {
    @Test func theErrorNamesTheTransformerAndTheInputsValue() throws {
        let rules = "model A {\n  y: Double using scale(100)\n  z: Int using trim | scale(-2)\n}\n"
        let record = try RulesTestSupport.map(rules, #"{"y": 1e300, "z": " 1250 "}"#)
        #expect(record.errors.map(RulesTestSupport.line) == [
            "$.y A.y: 1e400 is too large for a `Double` @2:19 transformer `scale`",
            "$.z A.z: expected an integer, found 12.5, which has a fraction @3:23 transformer `scale`",
        ])
        #expect(record.errors.map(\.help) == [
            "1e400 is what `scale` gave, from 1e300 in the input", #"12.5 is what `scale` gave, from " 1250 " in the input"#,
        ])
    }

    /// A value a reshaping stage made (`join`, `split`) is reported at that stage.
    @Test func aReshapedValueIsReportedAtItsStage() throws {
        let record = try RulesTestSupport.map("model A {\n  n: Int from xs using join(\",\")\n}\n", #"{"xs": ["1", "2"]}"#)
        #expect(record.errors.map(RulesTestSupport.line) == [#"$.xs A.n: expected an integer, found "1,2" @2:24 transformer `join`"#])
        #expect(record.errors.map(\.help) == [#""1,2" is what `join` gave"#])
    }
}
