import MapLang

/// The state of a `maplang lsp` session and how it answers each message,
/// with no input or output of its own, so it can be tested message by message.
///
/// It implements the lifecycle, documents in incremental sync, diagnostics
/// published after every change (the same `maplang check` gives),
/// formatting, document symbols, hover, definition, references, rename and
/// completion; it advertises exactly those.
struct LanguageServer {
    /// Where the session is in its lifecycle.
    enum Phase: Equatable {
        /// Waiting for `initialize`.
        case starting
        /// Answering requests.
        case running
        /// `shutdown` was answered; only `exit` remains.
        case shutDown
    }

    /// Where the session is.
    private(set) var phase = Phase.starting
    /// The open documents by URI.
    private(set) var documents: [String: TextDocument] = [:]
    /// The process's exit status once `exit` has come: 0 after `shutdown`,
    /// else 1, as the protocol asks.
    private(set) var exitStatus: ExitCode?

    /// What to write back for one message: responses and notifications, in order.
    ///
    /// - Parameters:
    ///   - cancelled: Whether a request with this id has been cancelled
    ///     before its turn.
    ///   - changedLater: Whether a change to the document of this URI has
    ///     been read already, after this message: a change then publishes no
    ///     diagnostics, which the last change of a backlog publishes once.
    mutating func handle(
        _ body: [UInt8], cancelled: (JSONValue) -> Bool = { _ in false }, changedLater: (String) -> Bool = { _ in false }
    ) -> [JSONValue] {
        guard let message = Self.parse(body) else {
            return [Self.error(id: .null, .parseError, "the message is not JSON")]
        }
        guard case .object = message else {
            return [Self.error(id: .null, .invalidRequest, "the message is not a JSON object; batches are not part of the protocol")]
        }
        let id = message["id"]
        switch id {
        case nil, .string?, .number?, .null?: break
        case .bool?, .array?, .object?: return [Self.error(id: .null, .invalidRequest, "a request's `id` is a number or a string")]
        }
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours: the server sends none.
            if id != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: id ?? .null, .invalidRequest, "the message has no `method`")]
        }
        let params = message["params"] ?? .null
        guard let id else { return notify(method, params, changedLater: changedLater) }
        if cancelled(id) { return [Self.error(id: id, .requestCancelled, "`\(method)` was cancelled")] }
        return [answer(method, params, id: id)]
    }

    /// The response to a request.
    private mutating func answer(_ method: String, _ params: JSONValue, id: JSONValue) -> JSONValue {
        switch (phase, method) {
        case (.starting, "initialize"):
            phase = .running
            return Self.result(id: id, Self.initializeResult)
        case (.starting, _):
            return Self.error(id: id, .serverNotInitialized, "the server has not been initialized")
        case (.running, "initialize"):
            return Self.error(id: id, .invalidRequest, "the server is already initialized")
        case (.shutDown, _):
            return Self.error(id: id, .invalidRequest, "the server is shut down; only `exit` remains")
        case (.running, "shutdown"):
            phase = .shutDown
            return Self.result(id: id, .null)
        case (.running, "textDocument/formatting"):
            return withDocument(params, id: id) { formattingEdits(for: $0, id: id) }
        case (.running, "textDocument/documentSymbol"):
            return withDocument(params, id: id) { Self.result(id: id, .array(DocumentSymbols.symbols(of: $0))) }
        case (.running, "textDocument/hover"), (.running, "textDocument/definition"), (.running, "textDocument/references"),
            (.running, "textDocument/completion"), (.running, "textDocument/rename"):
            return withDocument(params, id: id) { document in
                guard let position = TextPosition16(params["position"]) else {
                    return Self.error(id: id, .invalidParams, "the request gives no `position`")
                }
                return positional(method, document, position, params, id: id)
            }
        case (.running, _):
            return Self.error(id: id, .methodNotFound, "`\(method)` is not a method this server implements")
        }
    }

    /// What a notification makes the server send.
    private mutating func notify(_ method: String, _ params: JSONValue, changedLater: (String) -> Bool) -> [JSONValue] {
        if method == "exit" {
            exitStatus = phase == .shutDown ? .success : Self.exitWithoutShutdown
            return []
        }
        guard phase == .running else { return [] }
        let uri = params["textDocument"]?["uri"]?.stringValue
        switch method {
        case "textDocument/didOpen":
            guard let uri, let text = params["textDocument"]?["text"]?.stringValue else { return [] }
            documents[uri] = TextDocument(uri: uri, version: params["textDocument"]?["version"]?.integerValue ?? 0, text: text)
            return [publish(uri)]
        case "textDocument/didChange":
            guard let uri, var document = documents[uri], case .array(let changes)? = params["contentChanges"] else { return [] }
            for change in changes {
                guard let text = change["text"]?.stringValue else { return lostStep(uri, "a change without `text`") }
                if let range = change["range"] {
                    guard let start = TextPosition16(range["start"]), let end = TextPosition16(range["end"]) else {
                        return lostStep(uri, "a change whose range is not two positions")
                    }
                    document.replace((start, end), with: text)
                } else {
                    document.replace(nil, with: text)
                }
            }
            document.version = params["textDocument"]?["version"]?.integerValue ?? document.version
            documents[uri] = document
            return changedLater(uri) ? [] : [publish(uri)]
        case "textDocument/didSave":
            guard let uri, documents[uri] != nil else { return [] }
            return [publish(uri)]
        case "textDocument/didClose":
            guard let uri else { return [] }
            documents[uri] = nil
            return [Self.cleared(uri)]
        default:
            // `initialized`, `$/cancelRequest` (handled before its request's
            // turn), settings changes and anything else need no answer.
            return []
        }
    }

    /// The most lone surrogate escapes (`\\ud83d` with no pair) one message
    /// may hold; each is read as U+FFFD, as editors send them inside text.
    static let mostLoneSurrogates = 64

    /// A message's JSON, lone surrogate escapes read as U+FFFD; `nil` when it is not JSON.
    private static func parse(_ body: [UInt8]) -> JSONValue? {
        var body = body
        for _ in 0...mostLoneSurrogates {
            do throws(JSONSyntaxError) {
                return try JSONReader.parse(body)
            } catch {
                switch error.reason {
                case .loneHighSurrogate, .loneLowSurrogate:
                    guard error.offset + 6 <= body.count else { return nil }
                    body.replaceSubrange(error.offset..<error.offset + 6, with: Array("\\uFFFD".utf8))
                default:
                    return nil
                }
            }
        }
        return nil
    }

    /// The log message for a change that could not be applied, and the
    /// document's diagnostics cleared: the server's text is no longer the
    /// editor's, so the document's changes are dropped until it is opened
    /// again, and diagnostics of a text the editor no longer shows would mislead.
    private mutating func lostStep(_ uri: String, _ what: String) -> [JSONValue] {
        documents[uri] = nil
        return [
            Self.notification(
                "window/logMessage",
                .members([
                    ("type", .integer(1)),
                    ("message", .string("maplang lsp: \(what) for \(uri); the file's text is out of step, so it is closed here until it is opened again")),
                ])),
            Self.cleared(uri),
        ]
    }

    /// The notification that clears a document's diagnostics.
    private static func cleared(_ uri: String) -> JSONValue {
        notification("textDocument/publishDiagnostics", .members([("uri", .string(uri)), ("diagnostics", .array([]))]))
    }

    /// The diagnostics notification for an open document.
    private func publish(_ uri: String) -> JSONValue {
        guard let document = documents[uri] else { return .null }
        return Self.notification(
            "textDocument/publishDiagnostics",
            .members([
                ("uri", .string(uri)), ("version", .integer(document.version)),
                ("diagnostics", .array(DocumentDiagnostics.diagnostics(of: document))),
            ]))
    }

    /// The formatter's output as edits: none when the text is already
    /// formatted, else one edit of the whole text; refused while the text
    /// has syntax errors.
    private func formattingEdits(for document: TextDocument, id: JSONValue) -> JSONValue {
        let source = document.source
        let parsed = RulesParser.parse(source)
        guard parsed.diagnostics.isEmpty else {
            return Self.error(
                id: id, .requestFailed,
                "\(source.name) has \(parsed.diagnostics.count == 1 ? "a syntax error" : "syntax errors"); fix \(parsed.diagnostics.count == 1 ? "it" : "them") before formatting")
        }
        let formatted = RulesFormatter.format(parsed.file, source: source)
        guard Array(formatted.utf8) != document.bytes else { return Self.result(id: id, .array([])) }
        let whole: JSONValue = .members([("start", TextPosition16(line: 0, character: 0).json), ("end", document.position(of: document.bytes.count).json)])
        return Self.result(id: id, .array([.members([("range", whole), ("newText", .string(formatted))])]))
    }

    /// The answer to a request about a position in a document.
    private func positional(_ method: String, _ document: TextDocument, _ position: TextPosition16, _ params: JSONValue, id: JSONValue)
        -> JSONValue
    {
        switch method {
        case "textDocument/hover":
            return Self.result(id: id, Self.hover(in: document, at: position))
        case "textDocument/definition":
            return Self.result(id: id, Self.definition(in: document, at: position))
        case "textDocument/references":
            let includeDeclaration = params["context"]?["includeDeclaration"] == .bool(true)
            return Self.result(id: id, Self.references(in: document, at: position, includeDeclaration: includeDeclaration))
        case "textDocument/rename":
            guard let newName = params["newName"]?.stringValue else {
                return Self.error(id: id, .invalidParams, "the request gives no `newName`")
            }
            switch Self.rename(in: document, at: position, to: newName) {
            case .success(let edit): return Self.result(id: id, edit)
            case .failure(let refusal): return Self.error(id: id, .requestFailed, refusal.message)
            }
        default:
            return Self.result(id: id, Self.completion(in: document, at: position))
        }
    }

    /// Runs `body` with the document a request names, or answers that it is not open.
    private func withDocument(_ params: JSONValue, id: JSONValue, _ body: (TextDocument) -> JSONValue) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            return Self.error(id: id, .invalidParams, "the request names no `textDocument.uri`")
        }
        guard let document = documents[uri] else { return Self.error(id: id, .invalidParams, "`\(uri)` is not open") }
        return body(document)
    }

    /// The status of a session that ends without `shutdown`: 1, which the
    /// protocol asks for (the status `run` gives failed records).
    static let exitWithoutShutdown = ExitCode.mappingFailed

    /// What `initialize` answers: exactly the capabilities implemented.
    static let initializeResult: JSONValue = .members([
        (
            "capabilities",
            .members([
                (
                    "textDocumentSync",
                    .members([("openClose", .bool(true)), ("change", .integer(2)), ("save", .members([("includeText", .bool(false))]))])
                ),
                ("documentFormattingProvider", .bool(true)),
                ("documentSymbolProvider", .bool(true)),
                ("hoverProvider", .bool(true)),
                ("definitionProvider", .bool(true)),
                ("referencesProvider", .bool(true)),
                ("renameProvider", .bool(true)),
                ("completionProvider", .members([("triggerCharacters", .array([.string("|"), .string(":")]))])),
                ("positionEncoding", .string("utf-16")),
            ])
        ),
        ("serverInfo", .members([("name", .string("maplang")), ("version", .string(CommandLineTool.version))])),
    ])

    /// A successful response.
    static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        .members([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    /// An error response.
    static func error(id: JSONValue, _ code: ResponseError, _ message: String) -> JSONValue {
        .members([
            ("jsonrpc", .string("2.0")), ("id", id),
            ("error", .members([("code", .integer(code.rawValue)), ("message", .string(message))])),
        ])
    }

    /// A notification from the server.
    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .members([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }
}
