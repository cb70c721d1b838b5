import Foundation
import Testing

@testable import MapLang

/// `maplang schema`: its output, its options and its errors, through the command line.
struct CLISchemaTests {
    /// Two models, the root and one it uses: `gen swift`'s rules.
    static let rules = CLIGenerateTests.rules

    @Test func writesTheSchemaToStandardOutputOrAFile() throws {
        let (printed, _) = CLIHarness.run(["schema", "items.map"], files: ["items.map": Self.rules])
        #expect(printed.status == 0 && printed.stderr == "")
        #expect(printed.stdout.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n  \"title\": \"Item\",\n"))
        #expect(printed.stdout.hasSuffix("}\n"))
        let parsed = try JSONDecoder().decode(MappedValue.self, from: Data(printed.stdout.utf8))
        #expect(parsed["$defs"]?["Item"]?["required"] == .array([.string("id")]))

        let (written, console) = CLIHarness.run(
            ["schema", "items.map", "--side", "output", "-m", "Tag", "-o", "tag.json"], files: ["items.map": Self.rules])
        #expect(written.status == 0 && written.stderr == "" && written.stdout == "")
        let file = String(decoding: console.written["tag.json"] ?? [], as: UTF8.self)
        #expect(file.contains("\"title\": \"Tag\""))
        #expect(file.contains("\"unevaluatedProperties\": false"))
        #expect(!file.contains("\"Item\""))
    }

    @Test func mistakesAreReportedWithTheirStatus() {
        CLIHarness.expect(
            CLIHarness.run(["schema", "items.map", "--model", "tag"], files: ["items.map": Self.rules]).outcome,
            stderr: "maplang: error: `--model` names `tag`, which `items.map` does not declare as a model or choice\nhelp: did you mean `Tag`?\n",
            status: 64)
        CLIHarness.expect(
            CLIHarness.run(["schema", "two.map"], files: ["two.map": "model A {\n  x: Int\n}\n\nmodel B {\n  y: Int\n}\n"]).outcome,
            stderr:
                "maplang: error: `two.map` has no `root` and more than one model; name the one records are read as\nhelp: add `--model NAME`; the models and choices are `A`, `B`\n",
            status: 64)
        CLIHarness.expect(
            CLIHarness.run(["schema", "items.map", "-o", "./items.map"], files: ["items.map": Self.rules]).outcome,
            stderr: "maplang: error: `--output` names the rules file `./items.map`; it would be overwritten\n", status: 64)
        let side = CLIHarness.run(["schema", "items.map", "--side", "both"], files: ["items.map": Self.rules]).outcome
        #expect(side.status == 64)
        #expect(side.stderr.hasPrefix("maplang: error: `--side` takes `input`, `output`, not `both`\n"))
        let broken = CLIHarness.run(["schema", "items.map"], files: ["items.map": "model A {\n  x: Nope\n}\n"]).outcome
        #expect(broken.status == 65)
        #expect(broken.stdout == "")
        #expect(CLIHarness.run(["schema", "missing.map"]).outcome.status == 66)
        let json = CLIHarness.run(["schema", "items.map", "-m", "Nope", "--error-format", "json"], files: ["items.map": Self.rules])
        #expect(json.outcome.stderr.hasPrefix(#"{"type":"error","message":"`--model` names `Nope`"#))
    }
}
