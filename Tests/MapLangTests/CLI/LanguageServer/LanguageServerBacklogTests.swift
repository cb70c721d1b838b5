import Testing

@testable import MapLang
@testable import MapLangCLI

/// `maplang lsp` over a stream: a backlog of changes to one document
/// already read publishes its diagnostics once, after the last, and a
/// document larger than a rules file may be gets one diagnostic saying so.
struct LanguageServerBacklogTests {
    /// A message framed as the protocol frames it.
    static func frame(_ json: String) -> String {
        "Content-Length: \(json.utf8.count)\r\n\r\n" + json
    }

    /// The messages the server wrote, in order.
    static func replies(_ output: String) -> [String] {
        var replies: [String] = []
        var rest = Substring(output)
        while let header = rest.range(of: "\r\n\r\n") {
            let length = Int(rest[..<header.lowerBound].dropFirst("Content-Length: ".count)) ?? 0
            let body = rest[header.upperBound...].utf8.prefix(length)
            replies.append(String(decoding: body, as: UTF8.self))
            rest = rest[header.upperBound...].dropFirst(String(decoding: body, as: UTF8.self).count)
        }
        return replies
    }

    static let start = frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#)
        + frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///r.map","languageId":"maplang","version":1,"text":"model A {\n  x: Int\n}\n"}}}"#)
    static let end = frame(#"{"jsonrpc":"2.0","id":9,"method":"shutdown"}"#) + frame(#"{"jsonrpc":"2.0","method":"exit"}"#)

    /// Runs the server over `input`, read `chunkSize` bytes at a time.
    static func run(_ input: String, chunkSize: Int = 1 << 16) -> (status: Int32, replies: [String]) {
        let console = MemoryConsole(standardInput: Array(input.utf8), chunkSize: chunkSize)
        let status = CommandLineTool(console: console).run(["lsp"])
        return (status, replies(console.outputText))
    }

    /// Two thousand edits waiting on the input: each is applied, and the
    /// diagnostics are published once for each read of them (64 KB of
    /// frames), for the last change read, not once per edit.
    @Test func aBacklogOfChangesPublishesOnceForTheLast() {
        let edits = (2...2001).map { version in
            // Each edit retypes the field's type: `Int`, then `Intx`, … the last `Int`.
            let type = version == 2001 ? "Int" : "Int\(version % 2 == 0 ? "x" : "")"
            return Self.frame(
                #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///r.map","version":\#(version)},"contentChanges":[{"range":{"start":{"line":1,"character":5},"end":{"line":1,"character":9}},"text":"\#(type)"}]}}"#)
        }.joined()
        let input = Self.start + edits + Self.end
        let (status, replies) = Self.run(input)
        #expect(status == 0)
        let published = replies.filter { $0.contains("publishDiagnostics") }
        // One for the open, then at most one for each read the edits span.
        #expect(published.count <= 2 + input.utf8.count / (64 << 10))
        #expect(published.filter { $0.contains(#""version":2001"#) }.count == 1)
        #expect(published.last == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///r.map","version":2001,"diagnostics":[]}}"#)
    }

    /// A later frame that changes nothing (no `contentChanges`) does not
    /// hold back the diagnostics of the change before it.
    @Test func aLaterFrameThatChangesNothingLetsTheChangeBeforeItPublish() {
        let change = Self.frame(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///r.map","version":2},"contentChanges":[{"text":"model A {\n  x: Nope\n}\n"}]}}"#)
        let empty = Self.frame(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///r.map","version":3}}}"#)
        let (_, replies) = Self.run(Self.start + change + empty + Self.end)
        #expect(replies.filter { $0.contains(#""version":2,"diagnostics":[{"#) }.count == 1)
    }

    /// Changes read one at a time each publish, as an editor typing slowly sees.
    @Test func changesReadOneByOneEachPublish() {
        let edits = (2...4).map { version in
            Self.frame(
                #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///r.map","version":\#(version)},"contentChanges":[{"text":"model A {\n  x: Int\n}\n"}]}}"#)
        }
        var published = 0
        for edit in edits {
            published += Self.run(Self.start + edit + Self.end).replies.filter { $0.contains("publishDiagnostics") }.count
        }
        #expect(published == 6)
    }

    /// A document past 16 MiB is not checked; one diagnostic says why.
    @Test func aDocumentLargerThanARulesFileMayBeGetsOneDiagnostic() {
        let big = String(repeating: "# a comment line of sixty-four bytes, to make a large document.\\n", count: (16 << 20) / 64 + 1)
        let open = Self.frame(
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///big.map","languageId":"maplang","version":1,"text":""# + big + #""}}}"#)
        let (status, replies) = Self.run(Self.start + open + Self.end)
        #expect(status == 0)
        #expect(
            replies.last { $0.contains("big.map") }
                == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///big.map","version":1,"diagnostics":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"severity":1,"code":"unreadable-rules","source":"maplang","message":"this rules file holds 16777280 bytes, more than the 16 MiB a rules file may hold; it is not checked\nhelp: split it into several files, which `maplang check` and `run` take together"}]}}"#)
    }
}
