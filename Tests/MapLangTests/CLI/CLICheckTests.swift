import MapLangCLI
import Testing

/// `maplang check RULES [--ast]`.
struct CLICheckTests {
    @Test func okCountsTheModels() {
        let (result, _) = CLIHarness.run(["check", "library.map"], files: ["library.map": CLIFixtures.library])
        CLIHarness.expect(result, stderr: "library.map: ok, 2 models\n", status: 0)
    }

    /// One model is "1 model", not "1 models".
    @Test func okWithOneModelIsSingular() {
        let (result, _) = CLIHarness.run(["check", "orders.map"], files: ["orders.map": CLIFixtures.orders])
        CLIHarness.expect(result, stderr: "orders.map: ok, 1 model\n", status: 0)
    }

    @Test func okOnEveryExample() throws {
        let examples = TestFiles.packageRoot + "/examples"
        for name in try TestFiles.list(examples) where TestFiles.exists("\(examples)/\(name)/\(name).map") {
            let path = "\(examples)/\(name)/\(name).map"
            let (result, _) = CLIHarness.run(["check", path])
            #expect(result.status == 0, "\(name)")
            #expect(result.stdout == "", "\(name)")
            #expect(result.stderr.hasPrefix("\(path): ok, "), "\(name)")
        }
    }

    @Test func errorsAreRenderedInFull() {
        let (result, _) = CLIHarness.run(["check", "bad.map"], files: ["bad.map": CLIFixtures.bad])
        CLIHarness.expect(result, stderr: CLIFixtures.badRendered, status: 65)
    }

    /// A body left open at the end of the file: the error sits just after the
    /// last token (not on the empty line after it) and points back at the `{`.
    @Test func unclosedBodyAtTheEndOfTheFile() {
        let (result, _) = CLIHarness.run(["check", "open.map"], files: ["open.map": "model A {\n  x: Int\n"])
        CLIHarness.expect(
            result,
            stderr: """
                open.map:2:9: error[unclosed-delimiter]: expected `}` to close model `A`, found end of file
                  |
                1 | model A {
                  |         - `{` opened here
                2 |   x: Int
                  |         ^

                1 error

                """, status: 65)
    }

    @Test func colorAlways() {
        let (result, _) = CLIHarness.run(["check", "bad.map", "--color", "always"], files: ["bad.map": CLIFixtures.bad])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\u{1B}["))
        #expect(RendererTestSupport.strippingANSI(result.stderr) == CLIFixtures.badRendered)
    }

    @Test func unreadableFile() {
        let (result, _) = CLIHarness.run(["check", "missing.map"])
        CLIHarness.expect(
            result, stderr: "maplang: error: cannot read `missing.map`: No such file or directory\n", status: 66)
    }

    @Test func astPrintsTheTreeOnStandardOutput() {
        let (result, _) = CLIHarness.run(["check", "--ast", "library.map"], files: ["library.map": CLIFixtures.library])
        CLIHarness.expect(
            result,
            stdout: """
                file @1:1
                  model Author @1:1
                    field name @2:3
                      type String @2:9
                  model Book @5:1
                    field title @6:3
                      type String @6:10
                    field author @7:3
                      type Author @7:11

                """, stderr: "library.map: ok, 2 models\n", status: 0)
    }

    @Test func astIsPrintedEvenWhenTheRulesHaveErrors() {
        let (result, _) = CLIHarness.run(["check", "bad.map", "--ast"], files: ["bad.map": CLIFixtures.bad])
        CLIHarness.expect(
            result,
            stdout: """
                file @1:1
                  root Issue @1:1
                  model Issue @3:1
                    field title @4:3
                      type Strin @4:10
                    field count @5:3
                      type Int @5:10
                      rule rnage(1...) @5:20

                """, stderr: CLIFixtures.badRendered, status: 65)
    }
}
