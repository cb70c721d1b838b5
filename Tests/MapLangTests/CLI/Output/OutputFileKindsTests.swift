#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing

@testable import MapLangCLI

/// `-o` on what is not a plain new file: a symbolic link keeps pointing at
/// the replaced file, the replaced file keeps its permissions, a named pipe
/// (like `/dev/null`) is written in place and stays what it was, and a
/// directory is refused before any work.
struct OutputFileKindsTests {
    typealias F = BadInputFixtures
    typealias Files = OutputFileProcessConsoleTests

    /// The compact output of `F.orders` on `input`.
    static let input = #"[{"id": 1, "name": "a"}]"#
    static let output = #"[{"id":1,"name":"a"}]"# + "\n"

    /// A fresh directory holding `orders.map` and `in.json`.
    static func prepared() throws -> String {
        let directory = try Files.makeDirectory()
        try Files.write(F.orders, to: directory + "/orders.map")
        try Files.write(input, to: directory + "/in.json")
        return directory
    }

    /// Runs `run orders.map in.json -o <output>` in `directory`.
    static func run(in directory: String, output: String) -> (status: Int32, error: String) {
        let console = FileBackedConsole()
        let status = CommandLineTool(console: console).run(
            ["run", directory + "/orders.map", directory + "/in.json", "-o", output])
        return (status, console.error)
    }

    /// What `lstat` says `path` is.
    static func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    @Test func aSymbolicLinkStaysALinkToTheReplacedFile() throws {
        let directory = try Self.prepared()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Files.write("OLD\n", to: directory + "/real.json")
        #expect(symlink("real.json", directory + "/link.json") == 0)
        let result = Self.run(in: directory, output: directory + "/link.json")
        #expect(result.status == F.Status.success, "\(result.error)")
        #expect(Self.kind(directory + "/link.json") == S_IFLNK)
        #expect(try Files.read(directory + "/real.json") == Self.output)
        #expect(try Files.entries(directory) == ["in.json", "link.json", "orders.map", "real.json"])
    }

    @Test func aLinkToNothingYetCreatesItsTarget() throws {
        let directory = try Self.prepared()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
        #expect(symlink("sub/new.json", directory + "/link.json") == 0)
        let result = Self.run(in: directory, output: directory + "/link.json")
        #expect(result.status == F.Status.success, "\(result.error)")
        #expect(Self.kind(directory + "/link.json") == S_IFLNK)
        #expect(try Files.read(directory + "/sub/new.json") == Self.output)
        #expect(try Files.entries(directory + "/sub") == ["new.json"])
    }

    @Test func theReplacedFileKeepsItsPermissions() throws {
        let directory = try Self.prepared()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out.json"
        try Files.write("OLD\n", to: out)
        #expect(chmod(out, 0o600) == 0)
        #expect(Self.run(in: directory, output: out).status == F.Status.success)
        var info = stat()
        #expect(stat(out, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(try Files.read(out) == Self.output)
    }

    /// The pipe's reader is open before the run, without waiting for a
    /// writer, so the run neither blocks nor loses its output in the pipe's
    /// buffer; were the pipe replaced, the reader would find it empty.
    @Test func aNamedPipeIsWrittenInPlace() throws {
        let directory = try Self.prepared()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pipe = directory + "/pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let result = Self.run(in: directory, output: pipe)
        #expect(result.status == F.Status.success, "\(result.error)")
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == Self.output)
        #expect(Self.kind(pipe) == S_IFIFO)
        #expect(try Files.entries(directory) == ["in.json", "orders.map", "pipe"])
    }

    @Test func aDirectoryIsRefusedBeforeMapping() throws {
        let directory = try Self.prepared()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = Self.run(in: directory, output: directory)
        #expect(result.status == F.Status.outputError)
        #expect(result.error == "maplang: error: cannot write `\(directory)`: it is a directory\n")
        #expect(try Files.entries(directory) == ["in.json", "orders.map"])
    }

    /// A path that cannot be looked up for another reason than being absent
    /// is reported with the system's reason, before any work.
    @Test func aFileTakenForADirectoryIsReported() throws {
        let directory = try Self.prepared()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = Self.run(in: directory, output: directory + "/in.json/out.json")
        #expect(result.status == F.Status.outputError)
        #expect(result.error == "maplang: error: cannot write `\(directory)/in.json/out.json`: Not a directory\n")
        #expect(try Files.entries(directory) == ["in.json", "orders.map"])
    }

    @Test func aLoopOfLinksIsReported() throws {
        let directory = try Self.prepared()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(symlink("b", directory + "/a") == 0)
        #expect(symlink("a", directory + "/b") == 0)
        let result = Self.run(in: directory, output: directory + "/a")
        #expect(result.status == F.Status.outputError)
        #expect(result.error == "maplang: error: cannot write `\(directory)/a`: Too many levels of symbolic links\n")
        #expect(try Files.entries(directory) == ["a", "b", "in.json", "orders.map"])
    }
}
