import Testing

/// `maplang run --reverse` and `maplang check --reverse` through the real CLI code path.
struct CLIReverseTests {
    static let irreversible = """
        root A
        table t {
          "a" -> 1
          "b" -> 1
        }
        model A {
          x: Int using t
          first: String? from items[0].name
        }

        """

    static let problems = """
        r.map:7:16: error[irreversible-transformer]: `x` cannot be mapped back through `t`: rows give 1 for both "a" and "b", so either could have been read
          |
        7 |   x: Int using t
          |                ^

        r.map:8:23: error[irreversible-key-path]: `first` cannot be mapped back: its key path `items[0].name` has an index
          |
        8 |   first: String? from items[0].name
          |                       ^^^^^^^^^^^^^

        2 errors

        """

    @Test func reverseRefusesRulesThatCannotGoBackBeforeReadingInput() {
        let (result, console) = CLIHarness.run(["run", "--reverse", "r.map", "missing.json", "-o", "out.json"], files: ["r.map": Self.irreversible])
        CLIHarness.expect(result, stderr: Self.problems, status: 65)
        #expect(console.written.isEmpty)
    }

    @Test func checkReportsThemOnlyWhenAsked() {
        let (plain, _) = CLIHarness.run(["check", "r.map"], files: ["r.map": Self.irreversible])
        CLIHarness.expect(plain, stdout: "", stderr: "r.map: ok, 1 model\n", status: 0)
        let (reverse, _) = CLIHarness.run(["check", "--reverse", "r.map"], files: ["r.map": Self.irreversible])
        CLIHarness.expect(reverse, stderr: Self.problems, status: 65)
    }

    static let orders = """
        root Order
        keys snake_case
        enum Status {
          open from "O"
          done from "D"
        }
        model Order {
          id: Int
          placedAt: Date using timestamp
          status: Status
          buyer: String from customer.name
        }

        """

    @Test func reversesArraysAndReportsModelShapedInputThatDoesNotFit() {
        let input = #"[{"id": 1, "placedAt": "2024-01-01T00:00:00Z", "status": "done", "buyer": "ada"}, {"id": "x", "placedAt": "yesterday", "status": "lost", "buyer": "bob"}]"#
        let (result, _) = CLIHarness.run(["run", "orders.map", "in.json", "--reverse"], files: ["orders.map": Self.orders, "in.json": input])
        CLIHarness.expect(
            result,
            stdout: #"[{"id":1,"placed_at":1704067200,"status":"D","customer":{"name":"ada"}}]"# + "\n",
            stderr: """
                in.json: error[type-mismatch]: $[1].id: expected an integer, found "x"
                  --> orders.map:8:3: field `Order.id`
                in.json: error[type-mismatch]: $[1].placedAt: expected an ISO-8601 date, found "yesterday"
                  --> orders.map:9:3: field `Order.placedAt`
                in.json: error[unknown-enum-value]: $[1].status: "lost" is not a value of `Status` (expected one of "open", "done")
                  --> orders.map:10:3: field `Order.status`
                in.json: 1 of 2 records failed with 3 errors

                """,
            status: 1)
    }

    /// Model-shaped input is held to what forward mapping writes: a URL
    /// field holds a URL, a date an ISO-8601 string, never a timestamp.
    @Test func reverseChecksURLsAndWantsDatesAsISO8601() {
        let rules = """
            model Link {
              href: URL
              seen: Date using timestamp
            }

            """
        let input = #"[{"href": "https://e.com/a b", "seen": 1}, {"href": "https://e.com/a", "seen": "2024-01-01T00:00:00Z"}]"#
        let (result, _) = CLIHarness.run(["run", "link.map", "in.json", "--reverse"], files: ["link.map": rules, "in.json": input])
        CLIHarness.expect(
            result,
            stdout: #"[{"href":"https://e.com/a","seen":1704067200}]"# + "\n",
            stderr: """
                in.json: error[invalid-value]: $[0].href: `url` cannot read "https://e.com/a b": URLs cannot contain spaces or control characters
                  --> link.map:2:3: field `Link.href`
                in.json: error[type-mismatch]: $[0].seen: expected an ISO-8601 date, found 1
                  --> link.map:3:3: field `Link.seen`
                in.json: 1 of 2 records failed with 2 errors

                """,
            status: 1)
    }

    @Test func reversesNDJSONLineByLine() {
        let input = #"{"id": 1, "placedAt": "2024-01-01T00:00:00Z", "status": "open", "buyer": "ada"}"# + "\n" + #"{"id": 2}"# + "\n"
        let (result, _) = CLIHarness.run(
            ["run", "orders.map", "-", "--reverse", "--ndjson"], files: ["orders.map": Self.orders], stdin: input)
        CLIHarness.expect(
            result,
            stdout: #"{"id":1,"placed_at":1704067200,"status":"O","customer":{"name":"ada"}}"# + "\n",
            stderr: """
                <stdin>:2: error[missing-key]: $.placedAt: missing required key `placedAt`
                  --> orders.map:9:3: field `Order.placedAt`
                <stdin>:2: error[missing-key]: $.status: missing required key `status`
                  --> orders.map:10:3: field `Order.status`
                <stdin>:2: error[missing-key]: $.buyer: missing required key `buyer`
                  --> orders.map:11:3: field `Order.buyer`
                <stdin>: 1 of 2 lines rejected, 1 written

                """,
            status: 1)
    }
}

/// Reverse mapping writes only what forward mapping reads back: each value
/// it writes is read, transformed, converted and validated as a forward run
/// would, and a record with a value that fails is reported with the error
/// that run would give, not written.
struct CLIReverseStrictnessTests {
    static let rules = """
        model R {
          i: Int? where range(1...)
          d: Double?
          t: Date? from "t" using timestamp(ms)
          xs: [Int]?
        }

        """

    @Test func valuesForwardMappingWouldRefuseAreErrors() {
        let input = #"""
            [{"i": 1.5}, {"i": 18446744073709551616}, {"d": 1e400}, {"i": 0}, {"xs": [1, 2.5]},
             {"i": 3, "d": 2.5, "t": "2020-01-01T00:00:00Z", "xs": [1]}]
            """#
        let (result, _) = CLIHarness.run(["run", "--reverse", "r.map", "-"], files: ["r.map": Self.rules], stdin: input)
        CLIHarness.expect(
            result, stdout: #"[{"i":3,"d":2.5,"t":1577836800000,"xs":[1]}]"# + "\n",
            stderr: """
                <stdin>: error[not-an-integer]: $[0].i: expected an integer, found 1.5, which has a fraction
                  --> r.map:2:3: field `R.i`
                <stdin>: error[integer-out-of-range]: $[1].i: expected an integer that fits in 64 bits, found 18446744073709551616
                  --> r.map:2:3: field `R.i`
                <stdin>: error[not-finite]: $[2].d: 1e400 is too large for a `Double`
                  --> r.map:3:3: field `R.d`
                <stdin>: error[out-of-range]: $[3].i: 0 is not in 1...
                  --> r.map:2:17: rule `range` of field `R.i`
                <stdin>: error[not-an-integer]: $[4].xs[1]: expected an integer, found 2.5, which has a fraction
                  --> r.map:5:3: field `R.xs`
                <stdin>: 5 of 6 records failed with 5 errors

                """, status: 1)
    }

    /// What reverse mapping writes, mapped forward again, gives the record back.
    @Test func whatItWritesReadsBack() throws {
        let input = #"[{"i": 9223372036854775807, "d": 1.5e300, "t": "9999-12-31T23:59:59.999Z", "xs": []}]"#
        let (reversed, _) = CLIHarness.run(["run", "--reverse", "r.map", "-"], files: ["r.map": Self.rules], stdin: input)
        #expect(reversed.status == 0, "\(reversed.stderr)")
        let (forward, _) = CLIHarness.run(["run", "r.map", "-"], files: ["r.map": Self.rules], stdin: reversed.stdout)
        CLIHarness.expect(
            forward, stdout: #"[{"i":9223372036854775807,"d":1.5e300,"t":"9999-12-31T23:59:59.999Z","xs":[]}]"# + "\n", status: 0)
    }

    /// Checks span fields: the written record is mapped forward with them.
    @Test func aRecordItsChecksRefuseIsAnError() {
        let rules = """
            model R {
              low: Int
              high: Int
              check low <= high else "low must not exceed high"
            }

            """
        let input = #"[{"low": 1, "high": 2}, {"low": 3, "high": 2}]"#
        let (result, _) = CLIHarness.run(["run", "--reverse", "r.map", "-"], files: ["r.map": rules], stdin: input)
        CLIHarness.expect(
            result, stdout: #"[{"low":1,"high":2}]"# + "\n",
            stderr: """
                <stdin>: error[check-failed]: $[1]: low must not exceed high
                  --> r.map:4:3: check of model `R`
                <stdin>: 1 of 2 records failed with 1 error

                """, status: 1)
    }

    /// A required field whose default applies only when its key is missing
    /// cannot be written as `null`: forward mapping would refuse it.
    @Test func aNullForARequiredWhenMissingFieldIsAnError() {
        let rules = "model R {\n  x: Int default 1 when missing\n}\n"
        let (result, _) = CLIHarness.run(["run", "--reverse", "r.map", "-"], files: ["r.map": rules], stdin: #"[{"x": null}, {}]"#)
        CLIHarness.expect(
            result, stdout: "[{}]\n",
            stderr: """
                <stdin>: error[null-value]: $[0].x: `x` is null but the field is required
                  --> r.map:2:3: field `R.x`
                <stdin>: 1 of 2 records failed with 1 error

                """, status: 1)
    }

    /// A check of a nested model is reported at the nested object's place
    /// in the model-shaped input, and evaluated without mapping it again.
    @Test func aNestedModelsCheckIsReportedAtItsModelPath() {
        let rules = """
            model Outer {
              inner: Inner from wrap.inner
            }
            model Inner {
              x: Int from meta.val
              check x > 0 else "x must be positive"
            }
            root Outer

            """
        let (result, _) = CLIHarness.run(
            ["run", "--reverse", "r.map", "-"], files: ["r.map": rules], stdin: #"[{"inner": {"x": 0}}, {"inner": {"x": 2}}]"#)
        CLIHarness.expect(
            result, stdout: #"[{"wrap":{"inner":{"meta":{"val":2}}}}]"# + "\n",
            stderr: """
                <stdin>: error[check-failed]: $[0].inner: x must be positive
                  --> r.map:6:3: check of model `Inner`
                <stdin>: 1 of 2 records failed with 1 error

                """, status: 1)
    }
}
