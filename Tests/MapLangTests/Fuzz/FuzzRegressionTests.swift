import Testing
@testable import MapLang
import MapLangFuzzing

/// Replays every input saved in `FuzzRegressions/TARGET/` (crashes the fuzzers
/// found, once fixed, and hand-picked nasty inputs) through the fuzz targets'
/// own code. Each must simply return.
struct FuzzRegressionTests {
    static let directory = TestFiles.packageRoot + "/Tests/MapLangTests/Fuzz/FuzzRegressions"

    /// Every saved input as `target/file`.
    static let inputs: [String] = ["json", "rules", "mapping"].flatMap { target in
        ((try? TestFiles.list("\(directory)/\(target)")) ?? []).map { "\(target)/\($0)" }
    }

    @Test func everyTargetHasInputs() {
        for target in ["json", "rules", "mapping"] {
            #expect(Self.inputs.contains { $0.hasPrefix(target + "/") }, "no saved inputs for `\(target)`")
        }
    }

    /// Inputs too large or too regular to keep as files, made when the test runs.
    @Test func replayGeneratedInputs() {
        FuzzEntryPoints.json(Array(repeating: UInt8(ascii: "["), count: 100_000))
        FuzzEntryPoints.json(Array(repeating: UInt8(ascii: "{"), count: 50_000))
        FuzzEntryPoints.mapping(Array(("[" + String(repeating: "{\"child\":", count: 600)).utf8))
        FuzzEntryPoints.rules(Array(String(repeating: "model A { a: [", count: 2_000).utf8))
    }

    @Test(arguments: inputs)
    func replay(_ input: String) throws {
        let bytes = try TestFiles.read("\(Self.directory)/\(input)")
        switch input.split(separator: "/")[0] {
        case "json": FuzzEntryPoints.json(bytes)
        case "rules": FuzzEntryPoints.rules(bytes)
        default: FuzzEntryPoints.mapping(bytes)
        }
    }
}
