/// What the REPL prints in answer to one line, in order, and whether the
/// session is over. `ReplSession` only computes it; `ReplCommand` writes it.
struct ReplOutput: Sendable, Equatable {
    /// One piece of text and where it goes.
    enum Piece: Sendable, Equatable {
        /// Text for standard output: results, notes, listings.
        case output(String)
        /// Text for standard error: diagnostics, mapping errors, failed commands.
        case error(String)
    }

    /// The pieces, in the order they are printed.
    var pieces: [Piece] = []
    /// Whether the session ends after this.
    var quit = false

    /// Adds text for standard output.
    mutating func print(_ text: String) {
        guard !text.isEmpty else { return }
        if case .output(let previous) = pieces.last {
            pieces[pieces.count - 1] = .output(previous + text)
        } else {
            pieces.append(.output(text))
        }
    }

    /// Adds text for standard error.
    mutating func error(_ text: String) {
        guard !text.isEmpty else { return }
        if case .error(let previous) = pieces.last {
            pieces[pieces.count - 1] = .error(previous + text)
        } else {
            pieces.append(.error(text))
        }
    }

    /// Adds a problem as `error: message` and, when there is one, `help: fix`.
    mutating func fail(_ message: String, help: String? = nil) {
        error("error: \(message)\n" + (help.map { "help: \($0)\n" } ?? ""))
    }

    /// Adds another output's pieces after these.
    mutating func append(_ other: ReplOutput) {
        for piece in other.pieces {
            switch piece {
            case .output(let text): print(text)
            case .error(let text): error(text)
            }
        }
        quit = quit || other.quit
    }

    /// Everything for standard output, joined: for tests.
    var standardOutput: String {
        pieces.map { piece in
            switch piece {
            case .output(let text): text
            case .error: ""
            }
        }.joined()
    }

    /// Everything for standard error, joined: for tests.
    var standardError: String {
        pieces.map { piece in
            switch piece {
            case .output: ""
            case .error(let text): text
            }
        }.joined()
    }
}
