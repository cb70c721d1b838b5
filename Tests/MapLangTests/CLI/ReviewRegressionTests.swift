#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLang
@testable import MapLangCLI

/// Regressions found by review of the hostile-input work: each failed before its fix.
struct ReviewRegressionTests {
    typealias Support = RulesTestSupport

    /// A field whose pipeline uses a long transform many times is stopped at
    /// 10,000 stages, before it is built: it took 15 s and 400 MB.
    @Test func aFieldPipelineHasTheStageLimitToo() {
        let transforms = "transform t0 = trim | trim\n" + (1...12).map { "transform t\($0) = t\($0 - 1) | t\($0 - 1)\n" }.joined()
        let uses = Array(repeating: "t12", count: 200).joined(separator: " | ")
        let summaries = Support.compileErrors(transforms + "model R { a: String using \(uses) }\n").map(Support.summary)
        #expect(summaries.count == 1)
        #expect(summaries.first?.hasSuffix("transform-too-long: these transformers expand to more than 10,000 stages") == true)
    }

    /// Cycles that overlap, `tn` naming every transform above it, are one
    /// mistake and one error, found in linear time.
    @Test func overlappingCyclesAreOneError() {
        let count = 2_000
        let chain = (0..<count).map { "transform t\($0) = t\($0 + 1)\n" }.joined()
        let last = "transform t\(count) = " + (0..<count).reversed().map { "t\($0)" }.joined(separator: " | ") + "\n"
        let summaries = Support.compileErrors(chain + last + "model R { a: String using t0 }\n").map(Support.summary)
        #expect(summaries.count == 1)
        #expect(summaries.first?.contains("recursive-transform") == true)
    }

    /// An unknown parent is reported once, for the model that names it.
    @Test func anUnknownParentIsReportedOnce() {
        let text = "model A extends Missing { a: Int? }\nmodel B extends A { b: Int? }\nmodel C extends B { c: Int? }\n"
        #expect(Support.compileErrors(text).map(Support.summary) == ["1:17 unknown-model: unknown model `Missing`"])
    }

    /// Input and rules text in mapping errors never carry bidirectional controls.
    @Test func mappingErrorsEscapeBidiControls() throws {
        let record = try Support.map(#"model R { s: String where pattern("^x\#u{202E}y$") }"#, #"{"s": "q\u202Eq"}"#)
        let message = try #require(record.errors.first?.message)
        #expect(!message.unicodeScalars.contains { $0.isBidiControl }, "\(message)")
        #expect(message == #""q\u202Eq" does not match the pattern `^x\u{202E}y$`"#)
    }

    /// `-o -` names the file `-`, not standard input: it is refused when the
    /// input is that file, and allowed when the input comes on standard input.
    @Test func anOutputNamedDashIsTheFileOfThatName() throws {
        let folder = try OutputFileProcessConsoleTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try OutputFileProcessConsoleTests.write(BadInputFixtures.orders, to: folder + "/orders.map")
        try OutputFileProcessConsoleTests.write(#"{"id": 1, "name": "a"}"#, to: folder + "/-")
        let refused = try CLIBinary.run(["run", "orders.map", "./-", "-o", "-"], in: folder)
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("maplang: error: `--output` names the input file `-` (`./-`)"), "\(refused.stderr)")
        #expect(try OutputFileProcessConsoleTests.read(folder + "/-") == #"{"id": 1, "name": "a"}"#)
        try FileManager.default.removeItem(atPath: folder + "/-")
        let allowed = try CLIBinary.run(["run", "orders.map", "-", "-o", "-"], stdin: #"{"id": 2, "name": "b"}"#, in: folder)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try OutputFileProcessConsoleTests.read(folder + "/-") == #"{"id":2,"name":"b"}"# + "\n")
    }

    /// A file that replaces another gets its permissions, but not its
    /// set-user-ID bit, which output has no use for.
    @Test func aReplacingFileDropsSetUserID() throws {
        let folder = try OutputFileProcessConsoleTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.json"
        try OutputFileProcessConsoleTests.write("old\n", to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o4700], ofItemAtPath: path)
        let sink = try ProcessConsole().openOutput(path)
        let temporary = try #require(try OutputFileProcessConsoleTests.entries(folder).first { $0.hasSuffix(".tmp") })
        let early = try FileManager.default.attributesOfItem(atPath: folder + "/" + temporary)[.posixPermissions] as? Int
        #expect(early == 0o700)
        try sink.write(Array("{}\n".utf8))
        try sink.commit()
        let final = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(final == 0o700)
    }
}
