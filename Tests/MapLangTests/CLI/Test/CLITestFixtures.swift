/// Rules with tests, for the `maplang test` tests: small enough to work out every report by hand.
enum CLITestFixtures {
    /// `root Order`; the test "an order" at 9:1 passes.
    static let passing = """
        root Order

        model Order {
          id: Int where range(1...)
          name: String
          tags: [String] default []
        }

        test "an order" {
          input {"id": 1, "name": "a"}
          output {"id": 1, "name": "a", "tags": []}
        }

        """

    /// The same model; "differs" at 9:1 expects another output; "errors
    /// differ" at 14:1 other errors; "one record fails" at 22:1 an output
    /// where the one record fails; "passes" at 27:1 passes.
    static let failing = """
        root Order

        model Order {
          id: Int where range(1...)
          name: String
          tags: [String] default []
        }

        test "differs" {
          input [{"id": 1, "name": "a", "tags": ["x", "y"]}, {"id": 2, "name": "b"}]
          output [{"id": 1, "name": "z", "tags": ["x"], "note": null}]
        }

        test "errors differ" {
          input [{"id": 0, "name": "a"}, {"id": 2}]
          errors {
            "out-of-range" at "$[0].id"
            "missing-key" at "$[1].name" "another message"
          }
        }

        test "one record fails" {
          input {"id": 0, "name": "a"}
          output {"id": 0, "name": "a", "tags": []}
        }

        test "passes" {
          input {"id": 3, "name": "c"}
          output {"id": 3, "name": "c", "tags": []}
        }

        """

    /// What `maplang test` prints for `failing`, the rules file named `r.map`.
    static let failingReport = """
        FAIL r.map:9:1 "differs"
          $[0].name: expected "z", found "a"
          $[0].tags[1]: unexpected element, found "y"
          $[0].note: missing key, expected null
          $[1]: unexpected element, found {"id":2,"name":"b","tags":[]}
        FAIL r.map:14:1 "errors differ"
          expected errors not given:
            missing-key $[1].name another message
          errors given, not expected:
            missing-key $[1].name missing required key `name`
        FAIL r.map:22:1 "one record fails"
          $: no output, expected {"id":0,"name":"a","tags":[]}
          errors given, not expected:
            out-of-range $.id 0 is not in 1...
        pass r.map:27:1 "passes"
        1 passed, 3 failed

        """
}
