import Foundation
import MapLang
import Testing

/// `maplang gen swift`: its output, its options and its errors, through the command line.
struct CLIGenerateTests {
    static let rules = """
        root Item

        model Item {
          id: Int
          tag: Tag?
        }

        model Tag {
          name: String
        }
        """

    @Test func writesTheTypesToStandardOutputOrAFile() {
        let (printed, _) = CLIHarness.run(["gen", "swift", "items.map"], files: ["items.map": Self.rules])
        #expect(printed.status == 0)
        #expect(printed.stderr == "")
        #expect(printed.stdout.contains("struct Item: Codable, Sendable, Equatable, Hashable {\n    /// Read from `id`.\n    var id: Int\n"))
        let (written, console) = CLIHarness.run(
            ["gen", "swift", "items.map", "-o", "Items.swift", "--access", "public", "--model", "Tag"], files: ["items.map": Self.rules])
        CLIHarness.expect(written, status: 0)
        let file = String(decoding: console.written["Items.swift"] ?? [], as: UTF8.self)
        #expect(file.contains("public struct Tag:") && !file.contains("struct Item:"))
    }

    @Test func mistakesAreReportedWithTheirStatus() {
        CLIHarness.expect(
            CLIHarness.run(["gen", "swift", "items.map", "--model", "tag"], files: ["items.map": Self.rules]).outcome,
            stderr: "maplang: error: `--model` names `tag`, which `items.map` does not declare\nhelp: did you mean `Tag`?\n", status: 64)
        CLIHarness.expect(
            CLIHarness.run(["gen", "swift", "items.map", "-o", "./items.map"], files: ["items.map": Self.rules]).outcome,
            stderr: "maplang: error: `--output` names the rules file `./items.map`; it would be overwritten\n", status: 64)
        let kotlin = CLIHarness.run(["gen", "kotlin", "items.map"], files: ["items.map": Self.rules]).outcome
        #expect(kotlin.status == 64)
        #expect(kotlin.stderr.contains("`gen` takes `swift`, not `kotlin`"))
        let broken = CLIHarness.run(["gen", "swift", "items.map"], files: ["items.map": "model A {\n  x: Nope\n}\n"]).outcome
        #expect(broken.status == 65)
        #expect(broken.stdout == "")
        #expect(CLIHarness.run(["gen", "swift", "missing.map"]).outcome.status == 66)
        let json = CLIHarness.run(["gen", "swift", "items.map", "-m", "Nope", "--error-format", "json"], files: ["items.map": Self.rules])
        #expect(json.outcome.stderr.hasPrefix(#"{"type":"error","message":"`--model` names `Nope`"#))
    }
}

/// A `MappedValue` encodes as the JSON it stands for with any encoder.
struct MappedValueEncodableTests {
    @Test func encodesAsJSONWithJSONEncoder() throws {
        let value = MappedValue.object(
            MappedObject([
                MappedMember(key: "a", value: .array([.int(1), .double(2.5), .decimal("19.990"), .null, .bool(true)])),
                MappedMember(key: "when", value: .date(Timestamp(seconds: 0, nanoseconds: 0))),
                MappedMember(key: "site", value: .url("https://x.test/")),
            ]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(text == #"{"a":[1,2.5,19.99,null,true],"site":"https://x.test/","when":"1970-01-01T00:00:00Z"}"#)
        #expect(try JSONDecoder().decode(MappedValue.self, from: Data(text.utf8))["a"]?[2] == .double(19.99))
    }
}
