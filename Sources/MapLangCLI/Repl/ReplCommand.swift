#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapLang

/// `maplang repl [RULES]`: an interactive session.
///
/// Declarations typed at the prompt join the rules; JSON typed at the prompt
/// is mapped and printed; `:commands` load, run, list and show. On a
/// terminal, lines are edited in place with history kept across sessions; from
/// a pipe or file, plain lines are read with no prompt, so sessions can be
/// scripted. Results go to standard output and problems to standard error,
/// through the console; only the line editor writes to the terminal itself.
struct ReplCommand {
    /// What `repl` accepts.
    static let spec = CommandSpec(
        name: "repl", summary: "start an interactive session: declare rules and map JSON as you type",
        positionals: [], options: [colorOption], optionalPositionals: [.rules])

    /// The prompt for a new entry.
    static let prompt = "maplang> "
    /// The prompt while an entry spans several lines.
    static let continuationPrompt = "    ...> "

    /// The parsed command line.
    let arguments: ParsedArguments
    /// Where to read and write.
    let console: any Console

    /// Runs the session until `:quit`, Ctrl-D or the end of the input.
    func execute() -> ExitCode {
        let standardOutput: any OutputSink
        let standardInput: any InputSource
        do {
            standardOutput = try console.openOutput(nil)
            standardInput = try console.openInput("-")
        } catch {
            console.writeError("maplang: error: \(error.message)\n")
            return .outputError
        }
        // The first write to standard output that fails ends the session.
        var failedWrite: ConsoleError?
        func write(_ text: String) {
            guard failedWrite == nil else { return }
            do {
                try standardOutput.write(Array(text.utf8))
            } catch {
                failedWrite = error
            }
        }
        func emit(_ output: ReplOutput) {
            for piece in output.pieces {
                switch piece {
                case .output(let text): write(text)
                case .error(let text): console.writeError(text)
                }
            }
        }
        // Only the process's own console can have a terminal; a test's console never does.
        let terminal = console is ProcessConsole && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let source: any ReplLineSource
        if terminal && Self.environment("TERM") != "dumb" {
            var historyPath = History.path(environment: Self.environment)
            if let path = historyPath, !History.canKeep(at: path) {
                console.writeError("maplang: warning: `\(path)` is not a regular file; this session keeps no history\n")
                historyPath = nil
            }
            source = TerminalLineSource(historyPath: historyPath)
        } else {
            source = PlainLineSource(
                input: standardInput, showPrompt: terminal ? { write($0) } : nil)
        }
        var session = ReplSession(console: console, colored: arguments.colored(console))
        if terminal {
            emit(ReplOutput(pieces: [.output(Self.banner)]))
        }
        if let path = arguments.positionals.first {
            emit(session.load(path))
        }
        reading: while failedWrite == nil {
            switch source.readLine(prompt: session.isContinuing ? Self.continuationPrompt : Self.prompt) {
            case .line(let line):
                let output = session.handle(line: line)
                emit(output)
                if output.quit { break reading }
            case .interrupted:
                session.cancelInput()
            case .endOfInput:
                emit(session.finish())
                break reading
            }
        }
        if failedWrite == nil {
            do {
                try standardOutput.commit()
            } catch {
                failedWrite = error
            }
        }
        if let failedWrite {
            console.writeError("maplang: error: \(failedWrite.message)\n")
            return .outputError
        }
        return .success
    }

    /// The greeting on a terminal.
    static let banner = """
        maplang \(CommandLineTool.version): type declarations or JSON; `:help` lists the commands, Ctrl-D ends

        """

    /// An environment variable's value.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
