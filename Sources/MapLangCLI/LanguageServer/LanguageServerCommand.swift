import MapLang

/// `maplang lsp`: a Language Server Protocol 3.17 server on standard input
/// and output, for editors. Problems with the stream itself (a malformed
/// frame) are written to standard error, which editors show as the
/// server's log.
struct LanguageServerCommand {
    /// What `lsp` accepts.
    static let spec = CommandSpec(
        name: "lsp", summary: "serve the Language Server Protocol on standard input and output, for editors",
        positionals: [], options: [])

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to read and write.
    let console: any Console

    /// Answers messages until `exit` or the end of the input: status 0 after
    /// `shutdown`, else 1, as the protocol asks.
    func execute() -> ExitCode {
        let output: any OutputSink
        var reader: MessageReader
        do {
            reader = MessageReader(input: try console.openInput("-"))
            output = try console.openOutput(nil)
        } catch {
            console.writeError("maplang: error: \(error.message)\n")
            return .unreadableInput
        }
        var server = LanguageServer()
        // Frames read ahead of the one being answered, the requests they
        // cancel, which are then answered as cancelled, and how many of
        // them change each document, whose diagnostics then wait for the last.
        var ahead: [(frame: MessageReader.Frame, changes: String?)] = []
        var cancelled: [JSONValue] = []
        var pendingChanges: [String: Int] = [:]
        while server.exitStatus == nil {
            let frame: MessageReader.Frame
            do {
                if ahead.isEmpty {
                    frame = try reader.next()
                } else {
                    let (next, changes) = ahead.removeFirst()
                    if let changes { pendingChanges[changes, default: 1] -= 1 }
                    frame = next
                }
            } catch {
                console.writeError("maplang lsp: \(error.message)\n")
                return .unreadableInput
            }
            for more in reader.takeReadFrames() {
                let peeked = Self.peek(more)
                if let id = peeked.cancels { cancelled.append(id) }
                if let uri = peeked.changes { pendingChanges[uri, default: 0] += 1 }
                ahead.append((more, peeked.changes))
            }
            switch frame {
            case .end:
                return server.phase == .shutDown ? .success : LanguageServer.exitWithoutShutdown
            case .malformed(let reason):
                console.writeError("maplang lsp: skipped \(reason)\n")
            case .message(let body):
                let replies = server.handle(body, cancelled: { cancelled.contains($0) }, changedLater: { pendingChanges[$0, default: 0] > 0 })
                do {
                    for reply in replies { try output.write(MessageReader.frame(JSONWriter.serialize(reply))) }
                } catch {
                    console.writeError("maplang lsp: \(error.message)\n")
                    return .outputError
                }
            }
        }
        return server.exitStatus ?? .success
    }

    /// The id a `$/cancelRequest` frame cancels, or the document a
    /// `textDocument/didChange` frame changes, if it is one of them.
    private static func peek(_ frame: MessageReader.Frame) -> (cancels: JSONValue?, changes: String?) {
        guard case .message(let body) = frame, let message = try? JSONReader.parse(body) else { return (nil, nil) }
        switch message["method"]?.stringValue {
        case "$/cancelRequest"?: return (message["params"]?["id"], nil)
        case "textDocument/didChange"? where message["id"] == nil:
            // Only a notification with changes to apply, which then publishes, holds back an earlier change's diagnostics.
            guard case .array? = message["params"]?["contentChanges"] else { return (nil, nil) }
            return (nil, message["params"]?["textDocument"]?["uri"]?.stringValue)
        default: return (nil, nil)
        }
    }
}
