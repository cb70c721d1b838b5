import Testing

@testable import MapLang
@testable import MapLangCLI

/// The server message by message: lifecycle, documents, diagnostics on
/// their UTF-16 ranges, formatting, symbols, cancellation and bad messages.
struct LanguageServerTests {
    /// A server after `initialize`.
    static func started() -> LanguageServer {
        var server = LanguageServer()
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#))
        return server
    }

    static func message(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func text(_ replies: [JSONValue]) -> [String] {
        replies.map { String(decoding: JSONWriter.serialize($0), as: UTF8.self) }
    }

    static func open(_ server: inout LanguageServer, _ text: String, uri: String = "file:///r.map") -> [String] {
        let quoted = String(decoding: JSONWriter.serialize(JSONValue.string(text)), as: UTF8.self)
        return Self.text(
            server.handle(
                Self.message(
                    #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"maplang","version":1,"text":"# + quoted + "}}}")))
    }

    @Test func initializeAdvertisesWhatIsImplemented() {
        var server = LanguageServer()
        let replies = Self.text(server.handle(Self.message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)))
        #expect(
            replies == [
                #"{"jsonrpc":"2.0","id":1,"result":{"capabilities":{"textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},"documentFormattingProvider":true,"documentSymbolProvider":true,"hoverProvider":true,"definitionProvider":true,"referencesProvider":true,"renameProvider":true,"completionProvider":{"triggerCharacters":["|",":"]},"positionEncoding":"utf-16"},"serverInfo":{"name":"maplang","version":"\#(CommandLineTool.version)"}}}"#
            ])
    }

    @Test func requestsBeforeInitializeAndAfterShutdownAreRefused() {
        var server = LanguageServer()
        #expect(
            Self.text(server.handle(Self.message(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)))
                == [#"{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"the server has not been initialized"}}"#])
        server = Self.started()
        #expect(Self.text(server.handle(Self.message(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#))) == [#"{"jsonrpc":"2.0","id":2,"result":null}"#])
        #expect(
            Self.text(server.handle(Self.message(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/documentSymbol","params":{}}"#)))
                == [#"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"the server is shut down; only `exit` remains"}}"#])
        #expect(server.exitStatus == nil)
        _ = server.handle(Self.message(#"{"jsonrpc":"2.0","method":"exit"}"#))
        #expect(server.exitStatus == .success)
        var abrupt = Self.started()
        _ = abrupt.handle(Self.message(#"{"jsonrpc":"2.0","method":"exit"}"#))
        #expect(abrupt.exitStatus == .mappingFailed)
    }

    @Test func unknownMethodsAndBadMessagesAreAnswered() {
        var server = Self.started()
        #expect(
            Self.text(server.handle(Self.message(#"{"jsonrpc":"2.0","id":"x","method":"workspace/symbol","params":{}}"#)))
                == [#"{"jsonrpc":"2.0","id":"x","error":{"code":-32601,"message":"`workspace/symbol` is not a method this server implements"}}"#])
        #expect(
            Self.text(server.handle(Self.message("{not json")))
                == [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message is not JSON"}}"#])
        #expect(
            Self.text(server.handle(Self.message("[]")))
                == [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the message is not a JSON object; batches are not part of the protocol"}}"#])
        #expect(
            Self.text(server.handle(Self.message(#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#)))
                == [#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a request's `id` is a number or a string"}}"#])
        #expect(server.phase == .running)
        #expect(
            Self.text(server.handle(Self.message(#"{"jsonrpc":"2.0","id":4}"#)))
                == [#"{"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"the message has no `method`"}}"#])
        #expect(server.handle(Self.message(#"{"jsonrpc":"2.0","method":"$/setTrace","params":{}}"#)).isEmpty)
        #expect(
            Self.text(server.handle(Self.message(#"{"jsonrpc":"2.0","id":5,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///none.map"}}}"#)))
                == [#"{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"`file:///none.map` is not open"}}"#])
    }

    @Test func aCancelledRequestIsAnsweredAsCancelled() {
        var server = Self.started()
        let replies = server.handle(Self.message(#"{"jsonrpc":"2.0","id":7,"method":"textDocument/documentSymbol","params":{}}"#)) {
            $0 == .integer(7)
        }
        #expect(Self.text(replies) == [#"{"jsonrpc":"2.0","id":7,"error":{"code":-32800,"message":"`textDocument/documentSymbol` was cancelled"}}"#])
    }

    @Test func diagnosticsLandOnUTF16RangesAfterNonASCIIText() {
        var server = Self.started()
        let published = Self.open(&server, "model A {\n  b: String from \"é🙂\" using trimm\n}\n")
        #expect(
            published == [
                #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///r.map","version":1,"diagnostics":[{"range":{"start":{"line":1,"character":29},"end":{"line":1,"character":34}},"severity":1,"code":"unknown-transformer","source":"maplang","message":"unknown transformer `trimm`\nhelp: did you mean `trim`?"}]}}"#
            ])
    }

    @Test func aChangeRepublishesAndClosingClears() {
        var server = Self.started()
        _ = Self.open(&server, "model A {\n  title: Strin\n}\n")
        let changed = Self.text(
            server.handle(
                Self.message(
                    #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///r.map","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":9},"end":{"line":1,"character":14}},"text":"String"}]}}"#
                )))
        #expect(changed == [#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///r.map","version":2,"diagnostics":[]}}"#])
        #expect(String(decoding: server.documents["file:///r.map"]?.bytes ?? [], as: UTF8.self) == "model A {\n  title: String\n}\n")
        let closed = Self.text(server.handle(Self.message(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///r.map"}}}"#)))
        #expect(closed == [#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///r.map","diagnostics":[]}}"#])
        #expect(server.documents.isEmpty)
    }

    @Test func formattingIsOneEditOrNoneAndRefusedOnSyntaxErrors() {
        var server = Self.started()
        _ = Self.open(&server, "model A{\ntitle:String}\n")
        let request = #"{"jsonrpc":"2.0","id":9,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///r.map"},"options":{"tabSize":2,"insertSpaces":true}}}"#
        #expect(
            Self.text(server.handle(Self.message(request)))
                == [#"{"jsonrpc":"2.0","id":9,"result":[{"range":{"start":{"line":0,"character":0},"end":{"line":2,"character":0}},"newText":"model A {\n  title: String\n}\n"}]}"#])
        _ = Self.open(&server, "model A {\n  title: String\n}\n")
        #expect(Self.text(server.handle(Self.message(request))) == [#"{"jsonrpc":"2.0","id":9,"result":[]}"#])
        _ = Self.open(&server, "model A {\n  title String\n}\n")
        #expect(
            Self.text(server.handle(Self.message(request)))
                == [#"{"jsonrpc":"2.0","id":9,"error":{"code":-32803,"message":"r.map has a syntax error; fix it before formatting"}}"#])
    }

    @Test func symbolsOutlineModelsFieldsAndEnumCases() {
        var server = Self.started()
        _ = Self.open(&server, "model A {\n  state: State\n}\nenum State {\n  open\n}\n")
        let replies = Self.text(
            server.handle(Self.message(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///r.map"}}}"#)))
        #expect(
            replies == [
                #"{"jsonrpc":"2.0","id":3,"result":[{"name":"A","kind":5,"range":{"start":{"line":0,"character":0},"end":{"line":2,"character":1}},"selectionRange":{"start":{"line":0,"character":6},"end":{"line":0,"character":7}},"children":[{"name":"state","kind":8,"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":14}},"selectionRange":{"start":{"line":1,"character":2},"end":{"line":1,"character":7}},"detail":"State"}]},{"name":"State","kind":10,"range":{"start":{"line":3,"character":0},"end":{"line":5,"character":1}},"selectionRange":{"start":{"line":3,"character":5},"end":{"line":3,"character":10}},"children":[{"name":"open","kind":22,"range":{"start":{"line":4,"character":2},"end":{"line":4,"character":6}},"selectionRange":{"start":{"line":4,"character":2},"end":{"line":4,"character":6}}}]}]}"#
            ])
    }

    @Test func aLoneSurrogateInTextIsReadAsAReplacementCharacter() {
        var server = Self.started()
        let published = Self.text(
            server.handle(
                Self.message(
                    #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///s.map","languageId":"maplang","version":1,"text":"// \ud83d x\nmodel A {\n  x: Int\n}\n"}}}"#
                )))
        #expect(published == [#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///s.map","version":1,"diagnostics":[]}}"#])
        #expect(String(decoding: server.documents["file:///s.map"]?.bytes ?? [], as: UTF8.self) == "// \u{FFFD} x\nmodel A {\n  x: Int\n}\n")
    }

    @Test func aChangeThatCannotBeAppliedClosesTheDocumentAndSaysSo() {
        var server = Self.started()
        _ = Self.open(&server, "model A {\n  x: Int\n}\n")
        let replies = Self.text(
            server.handle(
                Self.message(
                    #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///r.map","version":2},"contentChanges":[{"range":{"start":{"line":0}},"text":"x"}]}}"#
                )))
        #expect(
            replies == [
                #"{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":1,"message":"maplang lsp: a change whose range is not two positions for file:///r.map; the file's text is out of step, so it is closed here until it is opened again"}}"#,
                #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///r.map","diagnostics":[]}}"#,
            ])
        #expect(server.documents.isEmpty)
    }
}
