import Testing

@testable import MapLang

/// Enums and tables (grammar.md 3.8): lookups of strings, numbers by value
/// and booleans, defaults, the coercion between string and number rows, and
/// the errors for values no row lists.
struct InterpreterEnumTableTests {
    struct LookupCase: Sendable, CustomTestStringConvertible {
        let model: String
        let input: String
        let expected: String
        var testDescription: String { "\(model) \(input)" }

        init(_ model: String, _ input: String, _ expected: String) {
            self.model = model
            self.input = input
            self.expected = expected
        }
    }

    static let enums = """
        enum State {
          open
          closed from "closed", "done", 2
        }
        enum Level {
          low from 1
          high from 2.5, "max"
          default high
        }
        enum Flag {
          yes from true
          no from false
        }
        model S {
          state: State
        }
        model L {
          level: Level
        }
        model F {
          flag: Flag
        }
        model Strict {
          strict
          state: State
        }
        enum Code {
          two from "2"
        }
        model C {
          code: Code
        }
        model Many {
          states: [State]
          maybe: State?
        }
        """

    static let stateInputs = #"(expected one of "open", "closed", "done", 2)"#

    @Test(arguments: [
        LookupCase("S", #"{"state": "open"}"#, #"{"state":"open"}"#),
        LookupCase("S", #"{"state": "closed"}"#, #"{"state":"closed"}"#),
        LookupCase("S", #"{"state": "done"}"#, #"{"state":"closed"}"#),
        LookupCase("S", #"{"state": 2}"#, #"{"state":"closed"}"#),
        LookupCase("S", #"{"state": 2.0}"#, #"{"state":"closed"}"#),
        LookupCase("S", #"{"state": 2e0}"#, #"{"state":"closed"}"#),
        LookupCase("S", #"{"state": 20e-1}"#, #"{"state":"closed"}"#),
        LookupCase("S", #"{"state": "2"}"#, #"{"state":"closed"}"#),
        LookupCase("S", #"{"state": "lost"}"#, #"$.state S.state: "lost" is not a value of `State` \#(stateInputs) @15:3"#),
        LookupCase("S", #"{"state": "Open"}"#, #"$.state S.state: "Open" is not a value of `State` \#(stateInputs) @15:3"#),
        LookupCase("S", #"{"state": 3}"#, "$.state S.state: 3 is not a value of `State` \(stateInputs) @15:3"),
        LookupCase("S", #"{"state": true}"#, "$.state S.state: true is not a value of `State` \(stateInputs) @15:3"),
        LookupCase("S", #"{"state": null}"#, "$.state S.state: `state` is null but the field is required @15:3"),
        LookupCase(
            "S", #"{"state": ["open"]}"#, "$.state S.state: expected a value of `State`, found [\"open\"] @15:3"),
        LookupCase("Strict", #"{"state": 2}"#, #"{"state":"closed"}"#),
        LookupCase(
            "Strict", #"{"state": "2"}"#, #"$.state Strict.state: "2" is not a value of `State` \#(stateInputs) @25:3"#),
        LookupCase("L", #"{"level": 1}"#, #"{"level":"low"}"#),
        LookupCase("L", #"{"level": 1.0}"#, #"{"level":"low"}"#),
        LookupCase("L", #"{"level": 1e0}"#, #"{"level":"low"}"#),
        LookupCase("L", #"{"level": 2.5}"#, #"{"level":"high"}"#),
        LookupCase("L", #"{"level": 2.50}"#, #"{"level":"high"}"#),
        LookupCase("L", #"{"level": 25e-1}"#, #"{"level":"high"}"#),
        LookupCase("L", #"{"level": "max"}"#, #"{"level":"high"}"#),
        LookupCase("L", #"{"level": 7}"#, #"{"level":"high"}"#),
        LookupCase("L", #"{"level": "whatever"}"#, #"{"level":"high"}"#),
        LookupCase("L", #"{"level": false}"#, #"{"level":"high"}"#),
        LookupCase("F", #"{"flag": true}"#, #"{"flag":"yes"}"#),
        LookupCase("F", #"{"flag": false}"#, #"{"flag":"no"}"#),
        LookupCase(
            "F", #"{"flag": 1}"#, "$.flag F.flag: 1 is not a value of `Flag` (expected one of true, false) @21:3"),
        LookupCase("C", #"{"code": "2"}"#, #"{"code":"two"}"#),
        LookupCase("C", #"{"code": 2}"#, #"{"code":"two"}"#),
        LookupCase("C", #"{"code": 2.0}"#, #"{"code":"two"}"#),
        LookupCase("Many", #"{"states": ["open", "done", 2]}"#, #"{"states":["open","closed","closed"],"maybe":null}"#),
        LookupCase(
            "Many", #"{"states": ["open", "shut"], "maybe": "done"}"#,
            #"$.states[1] Many.states: "shut" is not a value of `State` \#(stateInputs) @34:3"#),
    ])
    func enumLookups(_ testCase: LookupCase) {
        #expect(RulesTestSupport.outcome(Self.enums, testCase.input, model: testCase.model) == [testCase.expected])
    }

    @Test func everyBadEnumValueInARecordIsReported() {
        #expect(
            RulesTestSupport.outcome(Self.enums, #"{"states": ["shut"], "maybe": "gone"}"#, model: "Many") == [
                #"$.states[0] Many.states: "shut" is not a value of `State` \#(Self.stateInputs) @34:3"#,
                #"$.maybe Many.maybe: "gone" is not a value of `State` \#(Self.stateInputs) @35:3"#,
            ])
    }

    /// A case with `from` reads only the values listed, not its own name.
    @Test func aCaseWithFromDoesNotReadItsName() {
        let rules = "enum E {\n  shut from \"closed\"\n}\nmodel A {\n  e: E\n}"
        #expect(RulesTestSupport.outcome(rules, #"{"e": "closed"}"#) == [#"{"e":"shut"}"#])
        #expect(
            RulesTestSupport.outcome(rules, #"{"e": "shut"}"#) == [
                #"$.e A.e: "shut" is not a value of `E` (expected one of "closed") @5:3"#
            ])
    }

    static let tables = """
        table priority {
          "low", "minor" -> 1
          "high", "urgent" -> 3
          default -> 2
        }
        table numbers {
          1 -> "one"
          2, "two" -> "second"
        }
        table letters {
          "a" -> "A"
          "1" -> "one"
        }
        table price {
          "a" -> 2.50
        }
        model Ticket {
          priority: Int using trim | lowercase | priority
          levels: [Int]? using priority
        }
        model Numbers {
          code: String using numbers
        }
        model Letters {
          letter: String using letters
        }
        model Price {
          price: Decimal using price
        }
        """

    @Test(arguments: [
        LookupCase("Ticket", #"{"priority": " URGENT "}"#, #"{"priority":3,"levels":null}"#),
        LookupCase("Ticket", #"{"priority": "Minor"}"#, #"{"priority":1,"levels":null}"#),
        LookupCase("Ticket", #"{"priority": "whatever"}"#, #"{"priority":2,"levels":null}"#),
        LookupCase("Ticket", #"{"priority": 5}"#, #"{"priority":2,"levels":null}"#),
        LookupCase(
            "Ticket", #"{"priority": "low", "levels": ["high", "low", "meh"]}"#, #"{"priority":1,"levels":[3,1,2]}"#),
        LookupCase("Numbers", #"{"code": 1}"#, #"{"code":"one"}"#),
        LookupCase("Numbers", #"{"code": 1.0}"#, #"{"code":"one"}"#),
        LookupCase("Numbers", #"{"code": 1e0}"#, #"{"code":"one"}"#),
        LookupCase("Numbers", #"{"code": 2}"#, #"{"code":"second"}"#),
        LookupCase("Numbers", #"{"code": "two"}"#, #"{"code":"second"}"#),
        LookupCase("Numbers", #"{"code": "2"}"#, #"{"code":"second"}"#),
        LookupCase("Numbers", #"{"code": 3}"#, "$.code Numbers.code: 3 is not in the table `numbers` @22:22 table `numbers`"),
        LookupCase(
            "Numbers", #"{"code": true}"#, "$.code Numbers.code: true is not in the table `numbers` @22:22 table `numbers`"),
        LookupCase("Letters", #"{"letter": "a"}"#, #"{"letter":"A"}"#),
        LookupCase("Letters", #"{"letter": 1}"#, #"{"letter":"one"}"#),
        LookupCase(
            "Letters", #"{"letter": "b"}"#, #"$.letter Letters.letter: "b" is not in the table `letters` @25:24 table `letters`"#),
        LookupCase("Price", #"{"price": "a"}"#, #"{"price":2.50}"#),
    ])
    func tableLookups(_ testCase: LookupCase) {
        #expect(RulesTestSupport.outcome(Self.tables, testCase.input, model: testCase.model) == [testCase.expected])
    }
}
