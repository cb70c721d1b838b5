#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import MapLangCLI

/// The file `-o` and `--rejects` write before renaming it over their
/// destination: a name no one can guess, created only where nothing is (a
/// planted link is never followed), and removed when a signal ends the run,
/// the destination keeping its old contents.
@Suite(.serialized)
struct OutputFileTemporaryTests {
    typealias F = BadInputFixtures

    @Test func temporaryNamesAreRandomAndBesideTheDestination() {
        let names = Set((0..<100).map { _ in ReplacingFile.temporaryName(for: "/some/dir/out.json") })
        #expect(names.count == 100)
        for name in names {
            #expect(name.hasPrefix("/some/dir/out.json.maplang-") && name.hasSuffix(".tmp"))
            #expect(name.count == "/some/dir/out.json.maplang-".count + 16 + ".tmp".count)
        }
    }

    /// A symbolic link planted where the file is to be created is refused,
    /// and the file it points to is neither created nor written.
    @Test func aPlantedLinkIsNotFollowed() throws {
        let folder = try OutputFileProcessConsoleTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try OutputFileProcessConsoleTests.write("precious\n", to: folder + "/victim")
        try FileManager.default.createSymbolicLink(atPath: folder + "/trap", withDestinationPath: folder + "/victim")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/made")
        for name in ["trap", "dangling"] {
            let descriptor = ReplacingFile.createExclusively(folder + "/" + name)
            #expect(descriptor == -1 && errno == EEXIST)
        }
        #expect(try OutputFileProcessConsoleTests.read(folder + "/victim") == "precious\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/made"))
    }

    /// A new output file gets the permissions the user's mask gives a new file.
    @Test func aNewOutputHasTheMasksPermissions() throws {
        let folder = try OutputFileProcessConsoleTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mask = umask(0o022)
        defer { umask(mask) }
        let sink = try ProcessConsole().openOutput(folder + "/new.json")
        try sink.write(Array("{}\n".utf8))
        try sink.commit()
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/new.json")[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    /// The executable is stopped by `signal` while it waits for more input
    /// on a named pipe, its temporary output file made: the temporary file
    /// is gone and the destination keeps its old contents.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalRemovesTheTemporaryFile(signal: Int32) throws {
        let binary = try #require(CLIBinary.path)
        let folder = try OutputFileProcessConsoleTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try OutputFileProcessConsoleTests.write(F.orders, to: folder + "/orders.map")
        try OutputFileProcessConsoleTests.write("OLD\n", to: folder + "/out.txt")
        #expect(mkfifo(folder + "/in.fifo", 0o600) == 0)
        let child = try ChildProcess(
            [binary, "run", "orders.map", "in.fifo", "--ndjson", "-o", "out.txt"], directory: folder)
        // Opening the pipe to write waits for maplang to open it to read; a
        // reader that never comes is a failure, not a hang.
        var writer = open(folder + "/in.fifo", O_WRONLY | O_NONBLOCK)
        let deadline = Date().addingTimeInterval(15)
        while writer < 0 && errno == ENXIO && Date() < deadline && !child.reap() {
            usleep(10_000)
            writer = open(folder + "/in.fifo", O_WRONLY | O_NONBLOCK)
        }
        #expect(writer >= 0, "maplang never opened its input")
        defer { if writer >= 0 { close(writer) } }
        let line = Array((#"{"id": 1, "name": "a"}"# + "\n").utf8)
        #expect(write(writer, line, line.count) == line.count)
        var temporary: [String] = []
        while temporary.isEmpty && Date() < deadline && !child.reap() {
            temporary = try OutputFileProcessConsoleTests.entries(folder).filter { $0.hasSuffix(".tmp") }
            usleep(10_000)
        }
        #expect(temporary.count == 1, "the temporary file never appeared")
        kill(child.pid, signal)
        #expect(child.waitForExit() == .signaled(signal))
        #expect(try OutputFileProcessConsoleTests.entries(folder) == ["in.fifo", "orders.map", "out.txt"])
        #expect(try OutputFileProcessConsoleTests.read(folder + "/out.txt") == "OLD\n")
    }

    /// Past the file size limit (`ulimit -f`), SIGXFSZ ends the run: the
    /// temporary file is removed and the destination keeps its contents.
    @Test func theFileSizeLimitRemovesTheTemporaryFile() throws {
        let binary = try #require(CLIBinary.path)
        let folder = try OutputFileProcessConsoleTests.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try OutputFileProcessConsoleTests.write(F.orders, to: folder + "/orders.map")
        try OutputFileProcessConsoleTests.write("OLD\n", to: folder + "/out.txt")
        let line = #"{"id": 1, "name": "\#(String(repeating: "a", count: 200))"}"# + "\n"
        try OutputFileProcessConsoleTests.write(String(repeating: line, count: 20_000), to: folder + "/in.ndjson")
        // A limit of 8 blocks: a few kilobytes, whatever size the shell counts in.
        let child = try ChildProcess(
            ["/bin/sh", "-c", #"ulimit -f 8 && exec "$@""#, "sh", binary, "run", "orders.map", "in.ndjson", "--ndjson",
             "-o", "out.txt"],
            directory: folder)
        #expect(child.waitForExit() == .signaled(SIGXFSZ))
        #expect(try OutputFileProcessConsoleTests.entries(folder) == ["in.ndjson", "orders.map", "out.txt"])
        #expect(try OutputFileProcessConsoleTests.read(folder + "/out.txt") == "OLD\n")
    }
}
