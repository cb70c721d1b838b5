// The pseudo-terminal these tests drive is opened and read through
// Linux's C library; on Apple's systems the REPL's terminal is not tested.
#if os(Linux)
import Foundation
import Glibc
import Testing

/// The real `maplang repl` on a pseudo-terminal: keys go in as a terminal
/// sends them, the screen output is read back, and every wait is bounded.
/// The child is a `ChildProcess`: no signal blocked or ignored.
final class PseudoTerminal {
    typealias Ending = ChildProcess.Ending

    /// The controlling side, which the test reads and writes.
    let master: Int32
    /// The terminal side, the child's standard streams; kept open to read its settings.
    let slave: Int32
    /// The child.
    let child: ChildProcess
    /// The child's process id.
    var pid: pid_t { child.pid }
    /// Everything the child has written.
    private(set) var screen: [UInt8] = []
    /// Where the next search starts.
    private var mark = 0

    /// Starts `maplang` with the given arguments on a new 100×24 terminal, in `directory`.
    init(arguments: [String], environment: [String: String], directory: String) throws {
        let executable = try #require(CLIBinary.path, "no `maplang` executable beside the tests")
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw PseudoTerminalError(message: "openpty failed: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        self.master = master
        self.slave = slave
        do {
            child = try ChildProcess([executable] + arguments, directory: directory, environment: environment, streams: slave)
        } catch {
            close(master)
            close(slave)
            throw PseudoTerminalError(message: "\(error)")
        }
    }

    deinit {
        child.stop()
        close(master)
        close(slave)
    }

    /// Waits until `text` has appeared since the last thing waited for, reading as output comes.
    ///
    /// - Returns: Whether it appeared within `timeout` seconds.
    @discardableResult
    func wait(for text: String, timeout: Double = 15) -> Bool {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = find(needle) {
                mark = end
                return true
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            readAvailable(waiting: min(remaining, 0.2))
        }
    }

    /// Types keys.
    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(master, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            offset += count
        }
    }

    /// Waits for the child to end, killing it after `timeout` seconds, reading its output meanwhile.
    ///
    /// - Returns: How it ended, or `nil` when it had to be killed.
    func waitForExit(timeout: Double = 15) -> Ending? {
        let ending = child.waitForExit(timeout: timeout) { readAvailable(waiting: 0.05) }
        readAvailable(waiting: 0)
        return ending
    }

    /// The screen output as text.
    var text: String { String(decoding: screen, as: UTF8.self) }

    /// Kills the child if it is still running, and waits for it.
    func stop() {
        child.stop()
    }

    /// Where `needle` ends, searching from the mark.
    private func find(_ needle: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return mark }
        guard screen.count - mark >= needle.count else { return nil }
        for start in mark...(screen.count - needle.count) where screen[start] == needle[0] {
            if Array(screen[start..<start + needle.count]) == needle { return start + needle.count }
        }
        return nil
    }

    /// Reads what the child has written, waiting up to `seconds` for something.
    private func readAvailable(waiting seconds: Double) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(seconds * 1000)) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 { screen += buffer[..<count] }
    }
}

/// Something the pseudo-terminal could not do.
struct PseudoTerminalError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The REPL at a terminal: line editing, history within and across sessions,
/// Ctrl-C and Ctrl-D, and the terminal left as it was found.
@Suite(.serialized)
struct ReplTerminalTests {
    static let up = "\u{1B}[A"
    static let left = "\u{1B}[D"
    static let home = "\u{1B}[H"
    static let end = "\u{1B}[F"
    static let delete = "\u{1B}[3~"
    static let prompt = "maplang> "

    @Test func editsRecallsAndKeepsHistory() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let historyPath = directory + "/history"
        // An earlier session's history.
        try TestFiles.write(":model Book\n", to: historyPath)
        let terminal = try PseudoTerminal(
            arguments: ["repl", "examples/book/book.map"],
            environment: ["MAPLANG_HISTORY": historyPath, "HOME": directory, "TERM": "xterm"],
            directory: TestFiles.packageRoot)
        func step(_ keys: String, expecting expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
            terminal.type(keys)
            for text in expected {
                #expect(terminal.wait(for: text), "no `\(text)` on the screen", sourceLocation: sourceLocation)
            }
        }

        #expect(terminal.wait(for: "loaded `examples/book/book.map`: 1 model"))
        #expect(terminal.wait(for: Self.prompt))

        // A line typed and mapped.
        step(#"{"n": "Dune", "p": 412, "id": 7}"# + "\r", expecting: [#""page": 412"#, #""bookID": "7""#, Self.prompt])

        // Up recalls it; ten lefts put the cursor after `412`; backspace and `3` make it `413`.
        step(Self.up, expecting: [#"{"n": "Dune", "p": 412, "id": 7}"#])
        step(String(repeating: Self.left, count: 10) + "\u{7F}3\r", expecting: [#""page": 413"#, Self.prompt])

        // Home, End and Delete: `odelsx`, Home, `:m`, End, Left, Delete gives `:models`.
        step("odelsx" + Self.home + ":m" + Self.end + Self.left + Self.delete + "\r",
             expecting: ["model Book  examples/book/book.map:5", Self.prompt])

        // Up four times reaches the line from the earlier session.
        step(String(repeating: Self.up, count: 4), expecting: [":model Book"])
        step("\r", expecting: ["JSON maps to `Book`", Self.prompt])

        // An error goes on the screen and the session goes on.
        step("model X { a: Strin }\r", expecting: ["unknown type `Strin`", Self.prompt])

        // Ctrl-C drops a multi-line entry.
        step("model Y {\r", expecting: ["    ...> "])
        step("  y: Int\r", expecting: ["    ...> "])
        step("\u{03}", expecting: ["^C", Self.prompt])
        step(":show Y\r", expecting: ["nothing is declared as `Y`", Self.prompt])

        // Ctrl-D on an empty line ends the session.
        terminal.type("\u{04}")
        let ending = terminal.waitForExit()
        #expect(ending == .exited(0), "the REPL did not exit by itself: \(terminal.text)")

        // The terminal is back in its normal mode.
        var settings = termios()
        #expect(tcgetattr(terminal.slave, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ICANON) != 0)
        #expect(settings.c_lflag & tcflag_t(ECHO) != 0)
        #expect(settings.c_lflag & tcflag_t(ISIG) != 0)

        // The history holds the earlier session's line and this one's, in order.
        let history = try TestFiles.text(historyPath)
        #expect(
            history == """
                :model Book
                {"n": "Dune", "p": 412, "id": 7}
                {"n": "Dune", "p": 413, "id": 7}
                :models
                :model Book
                model X { a: Strin }
                model Y {
                  y: Int
                :show Y

                """)
        #expect(!FileManager.default.fileExists(atPath: directory + "/.maplang_history"))
    }

    /// Lines pasted at once, several per read, are each run, with nothing lost between them.
    @Test func pasteOfSeveralLines() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let terminal = try PseudoTerminal(
            arguments: ["repl"], environment: ["MAPLANG_HISTORY": directory + "/history", "TERM": "xterm"],
            directory: directory)
        #expect(terminal.wait(for: Self.prompt))
        terminal.type("model Point {\r  x: Int\r  y: Int\r}\r{\"x\": 1,\r \"y\": 2}\r")
        #expect(terminal.wait(for: "defined model `Point`"))
        #expect(terminal.wait(for: #""y": 2"#))
        #expect(terminal.wait(for: Self.prompt))
        terminal.type(":quit\r")
        #expect(terminal.waitForExit() == .exited(0))
    }

    /// SIGTERM while a line is being edited restores the terminal before the process ends.
    @Test func terminationRestoresTheTerminal() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let terminal = try PseudoTerminal(
            arguments: ["repl"], environment: ["MAPLANG_HISTORY": "", "TERM": "xterm"], directory: directory)
        #expect(terminal.wait(for: Self.prompt))
        var settings = termios()
        #expect(tcgetattr(terminal.slave, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ICANON) == 0, "the line is not being edited in raw mode")
        kill(terminal.pid, SIGTERM)
        #expect(terminal.waitForExit() == .signaled(SIGTERM))
        #expect(tcgetattr(terminal.slave, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ICANON) != 0)
        #expect(settings.c_lflag & tcflag_t(ECHO) != 0)
        #expect(try TestFiles.list(directory).isEmpty, "history written though `MAPLANG_HISTORY` is empty")
    }
}

#endif
