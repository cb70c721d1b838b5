import Foundation
@testable import MapLangCLI
import Testing

/// The REPL's history: bounded, without blank or repeated lines, kept in a
/// file whose path `MAPLANG_HISTORY` can set.
struct ReplHistoryTests {
    @Test func addsLines() {
        var history = History()
        let added = history.add("one")
        #expect(added)
        let added2 = history.add("two")
        #expect(added2)
        #expect(history.entries == ["one", "two"])
    }

    @Test func skipsBlankAndRepeatedLines() {
        var history = History()
        history.add("one")
        let added = history.add("")
        #expect(!added)
        let added2 = history.add("   ")
        #expect(!added2)
        let added3 = history.add("one")
        #expect(!added3)
        let added4 = history.add("two")
        #expect(added4)
        let added5 = history.add("one")
        #expect(added5)
        #expect(history.entries == ["one", "two", "one"])
    }

    @Test func keepsTheNewestEntriesUpToTheLimit() {
        var history = History(limit: 3)
        for number in 1...5 { history.add("line \(number)") }
        #expect(history.entries == ["line 3", "line 4", "line 5"])
    }

    @Test func theDefaultLimitIsAThousand() {
        var history = History()
        for number in 1...1005 { history.add("\(number)") }
        #expect(history.entries.count == 1000)
        #expect(history.entries.first == "6")
        #expect(history.entries.last == "1005")
    }

    @Test func readsTextBoundedToo() {
        let history = History(text: "a\n\nb\r\nc\nd", limit: 3)
        #expect(history.entries == ["b", "c", "d"])
        #expect(history.text == "b\nc\nd\n")
    }

    @Test func savesAndLoads() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history"
        var history = History(limit: 2)
        history.add(":load examples/book/book.map")
        history.add(#"{"n": "Dune"}"#)
        history.add("model A { a: Int }")
        #expect(history.save(to: path))
        #expect(try TestFiles.text(path) == "{\"n\": \"Dune\"}\nmodel A { a: Int }\n")
        let loaded = History.load(from: path, limit: 2)
        #expect(loaded == history)
        let loaded2 = History.load(from: path, limit: 1)
        #expect(loaded2.entries == ["model A { a: Int }"])
        // Nothing is left beside it.
        #expect(try TestFiles.list(directory) == ["history"])
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    /// Saving writes a new file of a random name and renames it: a link
    /// another user left at a name made from the process id, as saving
    /// once used, is neither followed nor replaced.
    @Test func savingFollowsNoLinkBesideTheHistory() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history"
        let victim = directory + "/victim"
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: victim))
        let planted = path + ".\(getpid()).tmp"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        #expect(History(entries: ["a"]).save(to: path))
        #expect(try TestFiles.text(path) == "a\n")
        #expect(try TestFiles.text(victim) == "keep me\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted) == victim)
        #expect(try TestFiles.list(directory) == ["history", "history.\(getpid()).tmp", "victim"])
    }

    @Test func aMissingFileIsAnEmptyHistory() {
        let loaded = History.load(from: "/nonexistent-maplang/history")
        #expect(loaded.entries.isEmpty)
    }

    @Test func savingWhereItCannotFails() {
        #expect(!History(entries: ["a"]).save(to: "/nonexistent-maplang/history"))
    }

    @Test func pathComesFromTheEnvironmentFirst() {
        let environment = ["MAPLANG_HISTORY": "/tmp/h", "HOME": "/home/ann"]
        #expect(History.path(environment: { environment[$0] }) == "/tmp/h")
    }

    @Test func pathDefaultsToTheHomeDirectory() {
        #expect(History.path(environment: { ["HOME": "/home/ann"][$0] }) == "/home/ann/.maplang_history")
        #expect(History.path(environment: { ["HOME": "/home/ann/"][$0] }) == "/home/ann/.maplang_history")
    }

    @Test func anEmptyVariableTurnsHistoryOff() {
        #expect(History.path(environment: { ["MAPLANG_HISTORY": "", "HOME": "/home/ann"][$0] }) == nil)
        #expect(History.path(environment: { _ in nil }) == nil)
    }

    /// A history that is not a regular file is neither read nor replaced:
    /// a named pipe opens without waiting for a writer, `/dev/zero` is not
    /// read to the end, and saving leaves both as they are.
    @Test func aHistoryThatIsNoRegularFileIsNeitherReadNorReplaced() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/history"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/zero", directory] {
            #expect(!History.canKeep(at: path), "\(path)")
            #expect(History.load(from: path).entries.isEmpty, "\(path)")
            #expect(!History(entries: ["a"]).save(to: path), "\(path)")
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat("/dev/zero", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(try TestFiles.list(directory) == ["history"], "no temporary file is left")
        #expect(History.canKeep(at: directory + "/new") && History.canKeep(at: directory + "/history") == false)
    }

    /// A history file larger than `byteLimit` gives its newest whole lines,
    /// from a bounded read.
    @Test func aLargeHistoryIsReadFromItsNewestPart() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history"
        let line = String(repeating: "x", count: 999)
        let count = 3 * History.byteLimit / 1000
        let text = (0..<count).map { "\($0 % 10)" + line.dropFirst() + "\n" }.joined() + "newest\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = History.load(from: path)
        #expect(loaded.entries.last == "newest")
        #expect(loaded.entries.count == History.defaultLimit)
        #expect(loaded.entries.dropLast().allSatisfy { $0.count == 999 }, "no line is cut")
    }

    /// A history reached through a link is written to the file the link
    /// leads to, the link kept; a history the user may not write is kept as it is.
    @Test func savingKeepsLinksAndReadOnlyFiles() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/real"
        let link = directory + "/history"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real")
        #expect(History(entries: ["new"]).save(to: link))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real")
        #expect(try TestFiles.text(target) == "new\n")
        #expect(chmod(target, 0o444) == 0)
        #expect(!History(entries: ["newer"]).save(to: link))
        #expect(try TestFiles.text(target) == "new\n")
        #expect(try TestFiles.list(directory) == ["history", "real"])
    }

    /// A cut that falls at the start of a line keeps that line whole.
    @Test func aCutAtALineStartKeepsTheLine() throws {
        let directory = try CLIBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history"
        let kept = String(repeating: "k", count: History.byteLimit - 1) + "\n"
        try Data(("dropped\n" + kept).utf8).write(to: URL(fileURLWithPath: path))
        #expect(History.load(from: path).entries == [String(kept.dropLast())])
    }
}
