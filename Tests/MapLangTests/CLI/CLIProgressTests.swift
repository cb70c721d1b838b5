import Foundation
import Testing

@testable import MapLangCLI

/// The progress line of long runs (`maplang run`): drawn on standard error
/// when it is a terminal, which these tests give the real process through a
/// pseudo-terminal, redrawn in place and erased before errors and at the
/// end; never on a pipe unless `--progress` asks, never with
/// `--error-format json`.
@Suite(.serialized)
struct CLIProgressTests {
    /// Runs the real tool on a pseudo-terminal, as a shell in a terminal
    /// would, with Python's `pty` (the toolchain's C library keeps its
    /// pseudo-terminal calls from Swift), and returns what it wrote there
    /// and its exit status. Output goes to a file, so the terminal holds
    /// what standard error says.
    static func runOnTerminal(_ arguments: [String], in directory: String) throws -> (stderr: String, status: Int32) {
        let maplang = try #require(CLIBinary.path, "no `maplang` executable beside the tests or under .build*/debug")
        let script = """
            import os, pty, sys
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[1], sys.argv[1:])
            out = b""
            while True:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            _, status = os.waitpid(pid, 0)
            sys.stdout.buffer.write(out)
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, maplang] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = output
        try process.run()
        let written = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // The terminal turns each newline into a carriage return and a newline.
        let text = String(decoding: written, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return (text, process.terminationStatus)
    }

    static let rules = "model Row {\n  id: Int\n  state: String where oneOf(\"open\", \"closed\")\n}\n"

    /// A directory with the rules and `lines` lines of NDJSON, one in a thousand refused.
    static func workspace(lines: Int) throws -> String {
        let directory = try CLIBinary.temporaryDirectory()
        try rules.write(toFile: directory + "/r.map", atomically: false, encoding: .utf8)
        var text = ""
        for index in 0..<lines {
            text += #"{"id": \#(index + 1), "state": "\#(index % 1000 == 999 ? "weird" : "open")"}"# + "\n"
        }
        try text.write(toFile: directory + "/in.ndjson", atomically: false, encoding: .utf8)
        return directory
    }

    /// Drawn in place, erased before each error and at the end: nothing of it
    /// is left after the last erase but the closing summary.
    @Test func onATerminalTheLineIsDrawnAndErased() throws {
        let directory = try Self.workspace(lines: 3_000)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try Self.runOnTerminal(
            ["run", "--ndjson", "--progress", "--color", "never", "-o", "out.ndjson", "r.map", "in.ndjson"], in: directory)
        #expect(run.status == 1)
        #expect(try String(contentsOfFile: directory + "/out.ndjson", encoding: .utf8).split(separator: "\n").count == 2_997)
        let erase = "\r\u{1B}[K"
        let size = try FileManager.default.attributesOfItem(atPath: directory + "/in.ndjson")[.size] as? Int ?? 0
        #expect(run.stderr.contains(erase + "maplang: \(size / 1_000) kB of \(size / 1_000) kB (100%), "), "\(run.stderr.debugDescription)")
        // Each progress line is erased before the next thing written.
        let parts = run.stderr.components(separatedBy: erase)
        for part in parts.dropLast() where part.hasPrefix("maplang: ") {
            #expect(!part.contains("\n"), "a progress line that was not erased: \(part.debugDescription)")
        }
        #expect(parts.last?.hasPrefix("in.ndjson: 3 of 3000 lines rejected, 2997 written") == true, "\(run.stderr.debugDescription)")
        #expect(run.stderr.contains("in.ndjson:1000: error[not-one-of]: $.state: \"weird\" is not one of"))
    }

    /// A short run on a terminal shows nothing: the line waits a second, or a quarter for a large file.
    @Test func aShortRunShowsNothing() throws {
        let directory = try Self.workspace(lines: 10)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try Self.runOnTerminal(["run", "--ndjson", "--color", "never", "-o", "out.ndjson", "r.map", "in.ndjson"], in: directory)
        #expect(!run.stderr.contains("maplang:"), "\(run.stderr.debugDescription)")
    }

    /// Records written to the same terminal would run through the line:
    /// a long run of a large file shows it with `-o`, and not without.
    @Test func notWhenTheRecordsGoToTheTerminal() throws {
        let directory = try Self.workspace(lines: 120_000)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let toScreen = try Self.runOnTerminal(["run", "--ndjson", "--color", "never", "r.map", "in.ndjson"], in: directory)
        #expect(!toScreen.stderr.contains("\u{1B}[K"))
        #expect(toScreen.status == 1)
    }

    @Test(arguments: [["--no-progress"], ["--progress", "--error-format", "json"]])
    func neverWhenSaidOrWithJSON(_ options: [String]) throws {
        let directory = try Self.workspace(lines: 3_000)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try Self.runOnTerminal(["run", "--ndjson", "-o", "out.ndjson"] + options + ["r.map", "in.ndjson"], in: directory)
        #expect(!run.stderr.contains("\u{1B}[K"), "\(run.stderr.debugDescription)")
    }

    /// On a pipe nothing is drawn, however long the run, unless `--progress` asks.
    @Test func neverOnAPipe() throws {
        let directory = try Self.workspace(lines: 3_000)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let plain = try CLIBinary.run(["run", "--ndjson", "r.map", "in.ndjson"], in: directory)
        #expect(!plain.stderr.contains("\u{1B}[K"))
        let asked = try CLIBinary.run(["run", "--ndjson", "--progress", "r.map", "in.ndjson"], in: directory)
        #expect(asked.stderr.contains("\r\u{1B}[Kmaplang: "))
    }

    @Test func theLineSaysHowFarWhatRateAndWhatIsLeft() {
        #expect(
            ProgressLine.text(bytes: 12_345_678, total: 40_000_000, records: 90_000, errors: 3, elapsed: .seconds(2))
                == "maplang: 12.3 MB of 40.0 MB (30%), 45,000 records/s, 3 errors, about 5 s left")
        #expect(
            ProgressLine.text(bytes: 1_000_000, total: nil, records: 10, errors: 1, elapsed: .seconds(4))
                == "maplang: 1.0 MB, 2 records/s, 1 error")
        #expect(
            ProgressLine.text(bytes: 90_500, total: 181_000, records: 10, errors: 0, elapsed: .seconds(1))
                == "maplang: 90 kB of 181 kB (50%), 10 records/s, 0 errors, about 1 s left")
        #expect(
            ProgressLine.text(bytes: 1_000_000, total: 200_000_000, records: 10, errors: 0, elapsed: .seconds(1))
                == "maplang: 1.0 MB of 200.0 MB (0%), 10 records/s, 0 errors, about 3 min 19 s left")
    }
}
