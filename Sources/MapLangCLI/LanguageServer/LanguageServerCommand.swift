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
        // Frames read ahead of the one being answered, and the requests
        // they cancel, which are then answered as cancelled.
        var ahead: [MessageReader.Frame] = []
        var cancelled: [JSONValue] = []
        while server.exitStatus == nil {
            let frame: MessageReader.Frame
            do {
                frame = ahead.isEmpty ? try reader.next() : ahead.removeFirst()
            } catch {
                console.writeError("maplang lsp: \(error.message)\n")
                return .unreadableInput
            }
            let more = reader.takeReadFrames()
            cancelled += more.compactMap(Self.cancelledID)
            ahead += more
            switch frame {
            case .end:
                return server.phase == .shutDown ? .success : LanguageServer.exitWithoutShutdown
            case .malformed(let reason):
                console.writeError("maplang lsp: skipped \(reason)\n")
            case .message(let body):
                let replies = server.handle(body) { id in cancelled.contains(id) }
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

    /// The id a `$/cancelRequest` frame cancels, if it is one.
    private static func cancelledID(_ frame: MessageReader.Frame) -> JSONValue? {
        guard case .message(let body) = frame, let message = try? JSONReader.parse(body),
            message["method"]?.stringValue == "$/cancelRequest"
        else { return nil }
        return message["params"]?["id"]
    }
}
