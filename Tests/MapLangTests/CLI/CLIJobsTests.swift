import Foundation
import MapLang
import Testing

@testable import MapLangCLI

/// `--jobs N` maps NDJSON lines on N threads and changes nothing else: the
/// same output in input order, the same reports, the same rejects file.
struct CLIJobsTests {
    typealias F = BadInputFixtures

    /// A feed of many lines, some of them bad in each way a line can be.
    static let feed: [UInt8] = {
        var text = ""
        for number in 1...3000 {
            switch number % 97 {
            case 13: text += #"{"id": \#(number) "name": "x"}"#
            case 29: text += ""
            case 41: text += #"{"id": 0, "name": "zero"}"#
            default: text += #"{"id": \#(number), "name": "n\#(number)"}"#
            }
            text += number % 5 == 0 ? "\r\n" : "\n"
        }
        return Array(text.utf8)
    }()

    @Test(arguments: [2, 3, 8])
    func sameOutputReportsAndRejectsAsOneThread(_ jobs: Int) {
        for chunkSize in [7, 1 << 16] {
            let files = ["orders.map": Array(F.orders.utf8), "feed.ndjson": Self.feed]
            let (single, singleConsole) = BadInputHarness.run(
                ["run", "orders.map", "feed.ndjson", "--ndjson", "--rejects", "rejects.txt"], bytes: files, chunkSize: chunkSize)
            let (parallel, parallelConsole) = BadInputHarness.run(
                ["run", "orders.map", "feed.ndjson", "--ndjson", "--rejects", "rejects.txt", "--jobs", "\(jobs)"], bytes: files,
                chunkSize: chunkSize)
            #expect(single.status == 1)
            #expect(parallel.status == single.status)
            #expect(parallel.stdoutBytes == single.stdoutBytes)
            #expect(parallel.stderr == single.stderr)
            #expect(parallelConsole.written["rejects.txt"] == singleConsole.written["rejects.txt"])
            #expect(single.stderr.hasSuffix("feed.ndjson: 93 of 3000 lines rejected, 2907 written\n"), "\(single.stderr.suffix(80))")
        }
        let (text, _) = BadInputHarness.run(
            ["run", "orders.map", "feed.ndjson", "--ndjson", "--jobs", "\(jobs)", "--error-format", "json"],
            bytes: ["orders.map": Array(F.orders.utf8), "feed.ndjson": Self.feed])
        let (one, _) = BadInputHarness.run(
            ["run", "orders.map", "feed.ndjson", "--ndjson", "--error-format", "json"],
            bytes: ["orders.map": Array(F.orders.utf8), "feed.ndjson": Self.feed])
        #expect(text.stderr == one.stderr)
    }

    /// A file of many runs, more than the threads keep started ahead, so
    /// runs are started as others are taken and pages are given back on the
    /// way: the same records, reports and rejects as one thread.
    @Test func aFileOfManyRunsGivesTheSameAsOneThread() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-jobs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try F.orders.write(toFile: directory + "/orders.map", atomically: true, encoding: .utf8)
        // About 10 MB: some eighty runs of 128 KB, where two threads keep eight started.
        let copies = 10_000_000 / Self.feed.count + 1
        try Data(Array([[UInt8]](repeating: Self.feed, count: copies).joined())).write(to: URL(fileURLWithPath: directory + "/feed.ndjson"))
        let arguments = ["run", "orders.map", "feed.ndjson", "--ndjson", "--rejects", "rejects.txt"]
        let reference = try CLIBinary.run(arguments, in: directory)
        let referenceRejects = try Data(contentsOf: URL(fileURLWithPath: directory + "/rejects.txt"))
        #expect(reference.stderr == "feed.ndjson: \(93 * copies) of \(3000 * copies) lines rejected, \(2907 * copies) written\n")
        let parallel = try CLIBinary.run(arguments + ["--jobs", "2"], in: directory)
        #expect(parallel == reference)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/rejects.txt")) == referenceRejects)
    }

    /// A regular file is mapped in memory, standard input is read in
    /// chunks: through the real executable, both give what one thread gives.
    @Test func aFileAndAStreamGiveTheSameAsOneThread() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-jobs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try F.orders.write(toFile: directory + "/orders.map", atomically: true, encoding: .utf8)
        // The feed without its last line break, so the last line ends the input.
        let feed = String(decoding: Self.feed.dropLast(), as: UTF8.self)
        try feed.write(toFile: directory + "/feed.ndjson", atomically: true, encoding: .utf8)
        let reference = try CLIBinary.run(["run", "orders.map", "feed.ndjson", "--ndjson"], in: directory)
        #expect(reference.status == 1)
        #expect(reference.stderr.hasSuffix("feed.ndjson: 93 of 3000 lines rejected, 2907 written\n"))
        for jobs in ["1", "2", "3"] {
            let file = try CLIBinary.run(["run", "orders.map", "feed.ndjson", "--ndjson", "--jobs", jobs], in: directory)
            #expect(file == reference)
            let stream = try CLIBinary.run(["run", "orders.map", "-", "--ndjson", "--jobs", jobs], stdin: feed, in: directory)
            #expect(stream.stdout == reference.stdout)
            #expect(stream.status == reference.status)
            #expect(stream.stderr.components(separatedBy: "\n").count == reference.stderr.components(separatedBy: "\n").count)
        }
    }

    /// An array in a file, on several threads, its first pages read in on
    /// another core while the rules compile: what one thread gives. About
    /// 1.5 MB is a dozen runs of 128 KB; some 20 MB goes past the 16 MB
    /// (`MappedInput.releaseSpan`) after which pages read are given back.
    @Test(arguments: [40_000, 520_000])
    func anArrayFileGivesTheSameAsOneThread(count: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-jobs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try F.orders.write(toFile: directory + "/orders.map", atomically: true, encoding: .utf8)
        // Every 97th order breaks a rule.
        let orders = (1...count).map { #"{"id": \#($0 % 97 == 41 ? 0 : $0), "name": "n\#($0)"}"# }
        let text = "[" + orders.joined(separator: ",\n") + "]"
        #expect(count < 100_000 || text.utf8.count > MappedInput.releaseSpan)
        try text.write(toFile: directory + "/orders.json", atomically: true, encoding: .utf8)
        let failed = (1...count).count { $0 % 97 == 41 }
        let reference = try CLIBinary.run(["run", "orders.map", "orders.json"], in: directory)
        #expect(reference.status == 1)
        #expect(
            reference.stderr.hasSuffix("orders.json: \(failed) of \(count) records failed with \(failed) errors\n"),
            "\(reference.stderr.suffix(80))")
        for jobs in ["2", "3"] {
            #expect(try CLIBinary.run(["run", "orders.map", "orders.json", "--jobs", jobs], in: directory) == reference)
        }
    }

    /// The first input is opened early on several threads, but a run's
    /// errors come as on one: the rules' before an input that cannot be read.
    @Test func errorsComeInTheSameOrderOnSeveralThreads() {
        for (rules, status) in [(F.orders, F.Status.unreadable), ("model {", F.Status.rulesError)] {
            var outcomes: [BadInputOutcome] = []
            for jobs in ["1", "2"] {
                let console = MemoryConsole(
                    directory: BadInputHarness.nowhere, files: ["orders.map": Array(rules.utf8), "in.json": Array("[]".utf8)])
                console.unopenable = ["in.json"]
                let exit = CommandLineTool(console: console).run(["run", "orders.map", "in.json", "--jobs", jobs])
                outcomes.append(BadInputOutcome(status: exit, stdoutBytes: console.output, stderr: console.error))
            }
            #expect(outcomes[0].status == status)
            #expect(outcomes[0].stderr.contains("Permission denied") == (status == F.Status.unreadable), "\(outcomes[0].stderr)")
            #expect(outcomes[1] == outcomes[0])
        }
    }

    /// On several threads, a regular file given as the first input is
    /// opened before the rules are read, so that its pages are read in
    /// while they compile; on one thread, after. `--jobs 2` runs one
    /// thread where the process may use only one core.
    @Test func theFirstInputIsOpenedEarlyOnSeveralThreads() {
        let early = RunCommand.threads(requested: 2, cores: HelperThread.availableCores) > 1
        for (jobs, order) in [("1", ["orders.map", "in.json"]), ("2", early ? ["in.json", "orders.map"] : ["orders.map", "in.json"])] {
            let console = MemoryConsole(
                directory: BadInputHarness.nowhere, files: ["orders.map": Array(F.orders.utf8), "in.json": Array("[]".utf8)])
            let exit = CommandLineTool(console: console).run(["run", "orders.map", "in.json", "--jobs", jobs])
            #expect(exit == 0)
            #expect(console.opened == order)
            #expect(console.outputText == "[]\n")
        }
    }

    @Test(arguments: [
        (["--jobs", "0"], "maplang: error: `--jobs` takes a number of threads from 1 to 256, not `0`\n"),
        (["--jobs", "many"], "maplang: error: `--jobs` takes a number of threads from 1 to 256, not `many`\n"),
    ])
    func badJobCounts(_ extra: [String], _ stderr: String) {
        let (result, console) = BadInputHarness.run(
            ["run", "orders.map", "in.json", "--ndjson"] + extra,
            files: ["orders.map": F.orders, "in.json": "{}"])
        BadInputHarness.expect(result, stderr: stderr, status: F.Status.usage)
        #expect(console.written.isEmpty)
    }

    /// More threads than cores would only take turns: `--jobs` runs as many
    /// as asked, up to the cores the process may use.
    @Test(arguments: [(1, 2, 1), (2, 2, 2), (256, 2, 2), (3, 8, 3), (4, nil, 4), (2, 0, 1)] as [(Int, Int?, Int)])
    func threadsAreCappedAtTheCores(_ requested: Int, _ cores: Int?, _ threads: Int) {
        #expect(RunCommand.threads(requested: requested, cores: cores) == threads)
    }
}
