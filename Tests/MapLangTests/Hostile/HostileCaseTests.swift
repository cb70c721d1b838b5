import Testing

@testable import MapLangBench

/// The hostile growth set the benchmark times at n and 4n (`maplang-bench
/// --hostile`): each case, at a small size, through the real command-line
/// code path, gives exactly its exit status and reports its error code,
/// and its generated rules and input grow with its size.
struct HostileCaseTests {
    @Test(arguments: HostileCase.all.map(\.name))
    func eachCaseGivesItsOutcome(name: String) throws {
        let hostile = try #require(HostileCase.all.first { $0.name == name })
        let input = hostile.input?(hostile.smallUnits) ?? []
        var files = ["hostile.map": Array(hostile.rules(hostile.smallUnits).utf8)]
        if !hostile.streamed { files["input"] = input }
        let (result, _) = BadInputHarness.run(
            hostile.commandLine(
                rules: "hostile.map", input: hostile.streamed ? "-" : "input", times: hostile.inputsNamed(hostile.smallUnits)),
            bytes: files,
            stdin: hostile.streamed ? input : [])
        #expect(result.status == hostile.status, "\(result.stderr.prefix(500))")
        #expect(hostile.expects(standardError: result.stderr), "\(result.stderr.prefix(500))")
        if hostile.status == 0 { #expect(!result.stdoutBytes.isEmpty) }
    }

    @Test(arguments: HostileCase.all.map(\.name))
    func eachCaseGrowsWithItsSize(name: String) throws {
        let hostile = try #require(HostileCase.all.first { $0.name == name })
        #expect(hostile.size(hostile.smallUnits * 4) > hostile.size(hostile.smallUnits) * 2)
    }

    @Test func theCommandLineReportsErrorsAsJSON() {
        #expect(
            HostileCase.arrayFromPipe.commandLine(rules: "r.map", input: "-") == ["run", "--error-format", "json", "r.map", "-"])
        #expect(
            HostileCase.unknownKeys.commandLine(rules: "r.map", input: "in.json")
                == ["run", "--error-format", "json", "r.map", "in.json"])
        #expect(
            HostileCase.documentsInOneRun.commandLine(rules: "r.map", input: "in.json", times: 3)
                == ["run", "--error-format", "json", "r.map", "in.json", "in.json", "in.json"])
    }
}
