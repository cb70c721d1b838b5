import Foundation
import Testing

@testable import MapLangCLI

/// The first input of a run on several threads, opened while the rules
/// compile (`EarlyInput`).
struct EarlyInputTests {
    /// A new folder of its own, removed by `body`'s end.
    static func inFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("maplang-early-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test func aRegularFileIsOpenedOnceAndItsOneMappingHandedOver() throws {
        try Self.inFolder { folder in
            // Larger than the span read in, not a whole number of pages.
            let bytes = (0..<(MappedInput.releaseSpan + 5000)).map { UInt8(truncatingIfNeeded: $0 % 251) }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/input.json"))
            let early = try #require(EarlyInput(path: folder + "/input.json", console: ProcessConsole()))
            var opened = 0
            let open = { () throws(ConsoleError) -> any InputSource in
                opened += 1
                return try ProcessConsole().openRunInput(folder + "/input.json")
            }
            let input = try early.take(orOpen: open)
            #expect(opened == 0)
            let mapped = try #require(input.mapped())
            #expect(input.mapped() === mapped)
            // Taken, the input is the run's threads' to read in: reading in stops.
            #expect(mapped.readIn(first: MappedInput.releaseSpan) == 0)
            #expect(Array(mapped.buffer) == bytes)
            // Taken once: asked again, the input is opened again.
            let again = try early.take(orOpen: open)
            #expect(opened == 1)
            #expect(again !== input)
        }
    }

    @Test func standardInputPipesFoldersAndMissingFilesAreLeftToTheRun() throws {
        try Self.inFolder { folder in
            #expect(mkfifo(folder + "/pipe", 0o600) == 0)
            // Opening the pipe would wait for a writer, which never comes.
            #expect(EarlyInput(path: folder + "/pipe", console: ProcessConsole()) == nil)
            #expect(EarlyInput(path: folder, console: ProcessConsole()) == nil)
            #expect(EarlyInput(path: folder + "/missing.json", console: ProcessConsole()) == nil)
            #expect(EarlyInput(path: "-", console: ProcessConsole()) == nil)
        }
    }

    @Test func anErrorOpeningTheFileIsThrownWhenTheRunOpensIt() throws {
        let console = MemoryConsole(files: ["input.json": Array("[]".utf8)])
        console.unopenable = ["input.json"]
        let early = try #require(EarlyInput(path: "input.json", console: console))
        #expect(throws: ConsoleError(message: "cannot read `input.json`: Permission denied")) {
            try early.take { () throws(ConsoleError) -> any InputSource in try console.openRunInput("input.json") }
        }
    }

    /// Reading in maps every page of the span asked for, but none once the
    /// mapping threads have given pages back, or once told to stop: a page
    /// given back is never mapped again by it.
    @Test func readingInStopsOncePagesAreGivenBack() throws {
        try Self.inFolder { folder in
            let path = folder + "/input.json"
            try Data(count: MappedInput.releaseSpan * 2).write(to: URL(fileURLWithPath: path))
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let mapped = try #require(ProcessConsole().openRunInput(path).mapped())
            #expect(mapped.readIn(first: MappedInput.releaseSpan + 1) == MappedInput.releaseSpan / page + 1)
            let released = try #require(ProcessConsole().openRunInput(path).mapped())
            released.release(before: MappedInput.releaseSpan)
            #expect(released.readIn(first: MappedInput.releaseSpan) == 0)
            let stopped = try #require(ProcessConsole().openRunInput(path).mapped())
            stopped.stopReadingIn()
            #expect(stopped.readIn(first: MappedInput.releaseSpan) == 0)
        }
    }
}
