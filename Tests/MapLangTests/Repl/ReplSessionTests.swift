@testable import MapLangCLI
import Testing

/// `ReplSession` in-process, without a terminal or a process: lines in,
/// output out, files read from a `MemoryConsole` that the tests change
/// between lines.
struct ReplSessionTests {
    /// Feeds lines and returns everything printed.
    static func run(_ session: inout ReplSession, _ lines: [String]) -> ReplOutput {
        var output = ReplOutput()
        for line in lines { output.append(session.handle(line: line)) }
        return output
    }

    @Test func entriesAreNumberedAndFailuresUseANumber() {
        var session = ReplSession(console: MemoryConsole())
        let output = Self.run(&session, ["model A { a: Strin }", "model A { a: Int }", #"{"a": "x"}"#])
        #expect(output.standardError.hasPrefix("<repl:1>:1:14: error[unknown-type]: unknown type `Strin`"))
        #expect(output.standardError.contains("<repl:3>: error[type-mismatch]: $.a: expected an integer"))
        #expect(output.standardOutput == "defined model `A`\n")
        #expect(session.nextEntryNumber == 4)
    }

    @Test func continuesUntilTheEntryIsComplete() {
        var session = ReplSession(console: MemoryConsole())
        let output = session.handle(line: "model A {")
        #expect(output == ReplOutput())
        #expect(session.isContinuing)
        let output2 = session.handle(line: "  a: Int")
        #expect(output2 == ReplOutput())
        let output3 = session.handle(line: "}")
        #expect(output3.standardOutput == "defined model `A`\n")
        #expect(!session.isContinuing)
    }

    @Test func cancellingDropsTheEntry() {
        var session = ReplSession(console: MemoryConsole())
        _ = session.handle(line: "model A {")
        session.cancelInput()
        #expect(!session.isContinuing)
        let output = session.handle(line: ":models")
        #expect(output.standardOutput == "nothing is declared\n")
    }

    @Test func theEndOfInputRunsWhatIsLeft() {
        var session = ReplSession(console: MemoryConsole())
        _ = session.handle(line: "model A {")
        _ = session.handle(line: "  a: Int")
        let output = session.finish()
        #expect(output.standardError.hasPrefix("<repl:1>:2:9: error[unclosed-delimiter]: expected `}` to close model `A`, found end of file"))
        let nothing = session.finish()
        #expect(nothing == ReplOutput())
    }

    @Test func quitEndsTheSession() {
        var session = ReplSession(console: MemoryConsole())
        let output = session.handle(line: ":quit")
        #expect(output.quit)
        let output2 = session.handle(line: ":models")
        #expect(!output2.quit)
    }

    /// `:reload` reads the file again: changes, additions and removals show.
    @Test func reloadReadsTheFileAgain() {
        let console = MemoryConsole(files: ["r.map": Array("model A { a: Int }\nmodel B { b: Int }\n".utf8)])
        var session = ReplSession(console: console)
        let loaded = session.load("r.map")
        #expect(loaded.standardOutput == "loaded `r.map`: 2 models\n")
        console.files["r.map"] = Array("model A { a: String }\n".utf8)
        let output = session.handle(line: ":reload")
        #expect(output.standardOutput == "reloaded `r.map`: 1 model\n")
        #expect(session.declaredNames == ["A"])
        let mapped = session.handle(line: #"{"a": "text"}"#)
        #expect(mapped.standardOutput == "{\n  \"a\": \"text\"\n}\n")
    }

    /// A file that no longer compiles is reported, and what it declared stays.
    @Test func reloadThatFailsChangesNothing() {
        let console = MemoryConsole(files: ["r.map": Array("model A { a: Int }\n".utf8)])
        var session = ReplSession(console: console)
        _ = session.load("r.map")
        console.files["r.map"] = Array("model A { a: Nope }\n".utf8)
        let output = session.handle(line: ":reload")
        #expect(output.standardOutput == "")
        #expect(output.standardError.hasPrefix("r.map:1:14: error[unknown-type]: unknown type `Nope`"))
        let mapped = session.handle(line: #"{"a": 1}"#)
        #expect(mapped.standardOutput == "{\n  \"a\": 1\n}\n")
    }

    /// A chosen model that a reload removes is reported when JSON comes.
    @Test func chosenModelRemovedByAReload() {
        let console = MemoryConsole(files: ["r.map": Array("model Item { a: Int }\nmodel Order { b: Int }\n".utf8)])
        var session = ReplSession(console: console)
        _ = session.load("r.map")
        _ = session.handle(line: ":model Order")
        console.files["r.map"] = Array("model Item { a: Int }\n".utf8)
        _ = session.handle(line: ":reload")
        let output = session.handle(line: #"{"b": 1}"#)
        #expect(output.standardError == "error: the rules declare no model `Order`\nhelp: `:models` lists the models\n")
    }

    /// Loading the same file twice replaces its first load whole, with no notes.
    @Test func loadingAFileAgainReplacesIt() {
        let console = MemoryConsole(files: ["r.map": Array("model A { a: Int }\n".utf8)])
        var session = ReplSession(console: console)
        _ = session.load("r.map")
        let output = session.handle(line: ":load r.map")
        #expect(output.standardOutput == "loaded `r.map`: 1 model\n")
        #expect(session.loadedFiles == ["r.map"])
    }

    /// A declaration replaced by one of another kind says so.
    @Test func replacingWithAnotherKind() {
        var session = ReplSession(console: MemoryConsole())
        _ = session.handle(line: "enum Kind { a b }")
        let output = session.handle(line: "model Kind { a: Int }")
        #expect(output.standardOutput == "replaced enum `Kind` with model `Kind`\n")
    }

    /// A replacement that breaks what uses the old declaration is refused.
    @Test func replacementThatBreaksOthersIsRefused() {
        var session = ReplSession(console: MemoryConsole())
        _ = Self.run(&session, ["enum Kind { a b }", "model M { kind: Kind  check kind == a }"])
        let output = session.handle(line: "enum Kind { x y }")
        #expect(output.standardOutput == "")
        #expect(output.standardError.contains("<repl:2>:1:"))
        let mapped = session.handle(line: #"{"kind": "b"}"#)
        #expect(mapped.standardError.contains("check failed"))
    }

    @Test func showKeepsTheDeclarationsComments() {
        var session = ReplSession(console: MemoryConsole())
        _ = Self.run(&session, ["// A book.", "model Book {", "  title: String   // the title", "}"])
        let output = Self.run(&session, ["// The book.", "model Book {  title:   String // the title", "}", ":show Book"])
        #expect(output.standardOutput == "replaced model `Book`\n// The book.\nmodel Book {\n  title: String // the title\n}\n")
    }

    /// Comment lines wait for a declaration; a command after them drops them.
    @Test func commentsBeforeACommandAreDropped() {
        var session = ReplSession(console: MemoryConsole())
        _ = Self.run(&session, ["model A { a: Int }", "// a note"])
        #expect(session.isContinuing)
        let output = Self.run(&session, [":show A", "model B { b: Int }", ":show B"])
        #expect(output.standardOutput == "model A {\n  a: Int\n}\ndefined model `B`\nmodel B {\n  b: Int\n}\n")
    }

    @Test func astShowsOneDeclaration() {
        var session = ReplSession(console: MemoryConsole())
        _ = session.handle(line: "enum E { a from 1  default a }")
        let output = session.handle(line: ":ast E")
        #expect(output.standardOutput == "enum E @1:1\n  case a from 1 @1:10\n  default a @1:28\n")
    }

    @Test func modelChoiceMustNameAModel() {
        var session = ReplSession(console: MemoryConsole())
        _ = session.handle(line: "model Item { id: Int }")
        let output = session.handle(line: ":model Itm")
        #expect(output.standardError == "error: the rules declare no model `Itm`\nhelp: did you mean `Item`?\n")
        #expect(session.chosenModel == nil)
        let output2 = session.handle(line: ":model Item")
        #expect(output2.standardOutput == "JSON maps to `Item`\n")
        let output3 = session.handle(line: ":model")
        #expect(output3.standardOutput == "JSON maps to `Item`, chosen with `:model`\n")
        _ = session.handle(line: ":clear")
        #expect(session.chosenModel == nil)
    }

    @Test func noRootWithSeveralModels() {
        var session = ReplSession(console: MemoryConsole())
        _ = Self.run(&session, ["model A { a: Int }", "model B { b: Int }"])
        #expect(
            session.handle(line: #"{"a": 1}"#).standardError
                == "error: the rules declare no root model\nhelp: declare `root NAME`, or choose a model with `:model NAME`\n")
    }

    /// The subcommand in-process, as the executable runs it with piped input.
    @Test func subcommandReadsPlainLines() {
        let (result, _) = CLIHarness.run(["repl"], stdin: "model A { a: Int }\n{\"a\": 1}\n:quit\n:models\n")
        CLIHarness.expect(result, stdout: "defined model `A`\n{\n  \"a\": 1\n}\n", status: 0)
    }

    @Test(arguments: [
        (":help", ReplMetaCommand.help), (":load a b.map", .load(path: "a b.map")), (":reload", .reload),
        (":run  in.json ", .run(path: "in.json")), (":model", .model(name: nil)), (":model Issue", .model(name: "Issue")),
        (":models", .models), (":show Issue", .show(name: "Issue")), (":ast Issue", .ast(name: "Issue")),
        (":clear", .clear), (" :quit", .quit),
    ])
    func parsesCommands(_ line: String, _ command: ReplMetaCommand) throws {
        #expect(try ReplMetaCommand.parse(line) == command)
    }

    @Test(arguments: [
        (":mdoels", "unknown command `:mdoels`", "did you mean `:models`?"),
        (":relaod", "unknown command `:relaod`", "did you mean `:reload`?"),
        (":exit", "unknown command `:exit`", "`:help` lists the commands"),
        (":", "unknown command `:`", "`:help` lists the commands"),
        (":run", "`:run` needs FILE", "usage: :run FILE"),
        (":quit now", "`:quit` takes no argument, found `now`", "usage: :quit"),
    ])
    func rejectsCommands(_ line: String, _ message: String, _ help: String) {
        #expect(throws: UsageError(message: message, help: help)) { try ReplMetaCommand.parse(line) }
    }
}
