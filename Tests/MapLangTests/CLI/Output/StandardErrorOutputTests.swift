import Foundation
import MapLangCLI
import Testing

/// An output that is the file standard error appends to (`-o f 2>>f`) is
/// refused by every command that writes one, before anything is written:
/// replacing it would lose the errors written there.
struct StandardErrorOutputTests {
    @Test(arguments: [
        #""$0" run r.map in.json -o f.json 2>>f.json"#,
        #""$0" run --ndjson r.map in.json --rejects f.json 2>>f.json"#,
        #""$0" infer in.json -o f.json 2>>f.json"#,
        #""$0" schema r.map -o f.json 2>>f.json"#,
        #""$0" gen swift r.map -o f.json 2>>f.json"#,
    ])
    func refusesTheFileStandardErrorAppendsTo(_ script: String) throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("root A\n\nmodel A {\n  a: Int\n}\n".utf8).write(to: URL(fileURLWithPath: directory + "/r.map"))
        try Data(#"{"a": 1}"#.utf8 + [10]).write(to: URL(fileURLWithPath: directory + "/in.json"))
        try Data("earlier errors\n".utf8).write(to: URL(fileURLWithPath: directory + "/f.json"))
        let result = try CLIBinary.run([script], in: directory, shell: true)
        #expect(result.status == 74)
        #expect(
            try String(contentsOfFile: directory + "/f.json", encoding: .utf8)
                == "earlier errors\nmaplang: error: cannot write `f.json`: it is the file standard error writes to, "
                + "and replacing it would lose the errors written there; send standard error elsewhere\n")
    }
}
