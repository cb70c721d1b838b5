/// What reading a line at the REPL gave.
enum ReplLineEvent: Sendable, Equatable {
    /// A line, without its terminator.
    case line(String)
    /// Ctrl-C: the line, and any multi-line entry, is dropped.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
}

/// Where the REPL's lines come from: the line editor on a terminal, or plain
/// lines from a pipe or file.
protocol ReplLineSource: AnyObject {
    /// Reads the next line, showing `prompt` first where a person is typing.
    func readLine(prompt: String) -> ReplLineEvent
}

/// Lines read from standard input as they are, for scripts: no editing, no
/// escape codes, and a prompt only when asked for.
final class PlainLineSource: ReplLineSource {
    /// Splits the input into lines.
    private var reader: LineReader
    /// Shows the prompt, or `nil` to show none.
    private let showPrompt: ((String) -> Void)?

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - input: The input, such as standard input.
    ///   - showPrompt: Writes the prompt; `nil` when no one is typing.
    init(input: any InputSource, showPrompt: ((String) -> Void)? = nil) {
        self.reader = LineReader(source: input)
        self.showPrompt = showPrompt
    }

    func readLine(prompt: String) -> ReplLineEvent {
        showPrompt?(prompt)
        guard let bytes = try? reader.nextLine() else { return .endOfInput }
        let line = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
        return .line(String(decoding: line, as: UTF8.self))
    }
}
