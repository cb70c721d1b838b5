#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines typed at a terminal, edited with `LineEditor` in raw mode, with
/// history recalled with Up and Down and kept in a file across sessions.
///
/// The terminal is raw only inside `readLine`, and restored before it
/// returns, whatever the way out. Bytes read past the end of a line (a paste
/// of several lines) are kept for the next call rather than lost.
final class TerminalLineSource: ReplLineSource {
    /// The terminal's input.
    private let input: Int32
    /// The terminal's output, where the line is drawn.
    private let output: Int32
    /// The line being edited.
    private var editor = LineEditor()
    /// The lines typed, in this session and earlier ones.
    private(set) var history: History
    /// Where the history is saved, or `nil` to keep it in memory only.
    private let historyPath: String?
    /// Bytes read and not yet given to the editor.
    private var pending: [UInt8] = []

    /// Creates a source and reads the history file.
    ///
    /// - Parameters:
    ///   - input: The terminal's input descriptor.
    ///   - output: The terminal's output descriptor.
    ///   - historyPath: The history file, or `nil` for no file.
    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, historyPath: String?) {
        self.input = input
        self.output = output
        self.historyPath = historyPath
        self.history = historyPath.map { History.load(from: $0) } ?? History()
    }

    func readLine(prompt: String) -> ReplLineEvent {
        guard var mode = TerminalMode.enterRaw(input) else { return .endOfInput }
        defer { mode.restore() }
        editor.reset(history: history.entries)
        draw(prompt)
        while true {
            if pending.isEmpty {
                guard fill() else {
                    send("\r\n")
                    return .endOfInput
                }
            }
            var changed = false
            var consumed = 0
            defer { pending.removeFirst(consumed) }
            while consumed < pending.count {
                let outcome = editor.feed(pending[consumed])
                consumed += 1
                switch outcome {
                case .unchanged:
                    continue
                case .changed:
                    changed = true
                case .clearScreen:
                    send("\u{1B}[H\u{1B}[2J")
                    changed = true
                case .suspend:
                    // Stop as the shell expects, with the terminal as it was; raw again once continued.
                    draw(prompt)
                    send("\r\n")
                    mode.restore()
                    raise(SIGTSTP)
                    guard let resumed = TerminalMode.enterRaw(input) else { return .endOfInput }
                    mode = resumed
                    changed = true
                case .submitted(let line):
                    draw(prompt)
                    send("\r\n")
                    if history.add(line), let historyPath { history.save(to: historyPath) }
                    return .line(line)
                case .interrupted:
                    draw(prompt)
                    send("^C\r\n")
                    return .interrupted
                case .endOfInput:
                    send("\r\n")
                    return .endOfInput
                }
            }
            if changed { draw(prompt) }
        }
    }

    /// Reads what the terminal has, waiting for at least one byte.
    ///
    /// - Returns: `false` at the end of input or on an error.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += chunk[..<count]
                return true
            }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }

    /// Redraws the line.
    private func draw(_ prompt: String) {
        send(editor.render(prompt: prompt, columns: TerminalMode.columns(output)))
    }

    /// Writes text to the terminal.
    private func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(output, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            offset += count
        }
    }
}
