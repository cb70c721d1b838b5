import Testing

@testable import MapLang
@testable import MapLangCLI

// MARK: - Harness shared by the BadInput*, NDJSON*, ErrorFormat* and OutputFile* tests

/// What one run of the tool printed and returned.
struct BadInputOutcome: Equatable, CustomStringConvertible {
    /// The exit status.
    var status: Int32
    /// Everything written to standard output, as bytes.
    var stdoutBytes: [UInt8]
    /// Everything written to standard error.
    var stderr: String

    /// Standard output as text.
    var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }

    var description: String {
        let shown = stdoutBytes.count > 2_000 ? "<\(stdoutBytes.count) bytes>\n" : stdout
        let shownError = stderr.utf8.count > 4_000 ? "<\(stderr.utf8.count) bytes>\n" : stderr
        return "status \(status)\n--- stdout\n\(shown)--- stderr\n\(shownError)---"
    }
}

/// Runs `CommandLineTool` over a `MemoryConsole`, exactly as the executable
/// runs it over the process's console.
enum BadInputHarness {
    /// A directory that does not exist, so any file not given in memory is unreadable.
    static let nowhere = "/nonexistent-maplang-bad-input-tests"

    /// Runs the tool over files given as bytes.
    static func run(
        _ arguments: [String], bytes files: [String: [UInt8]], stdin: [UInt8] = [], chunkSize: Int = 1 << 16
    ) -> (outcome: BadInputOutcome, console: MemoryConsole) {
        let console = MemoryConsole(directory: nowhere, files: files, standardInput: stdin, chunkSize: chunkSize)
        let status = CommandLineTool(console: console).run(arguments)
        return (BadInputOutcome(status: status, stdoutBytes: console.output, stderr: console.error), console)
    }

    /// Runs the tool over files given as text.
    static func run(
        _ arguments: [String], files: [String: String], stdin: String = "", chunkSize: Int = 1 << 16
    ) -> (outcome: BadInputOutcome, console: MemoryConsole) {
        run(arguments, bytes: files.mapValues { Array($0.utf8) }, stdin: Array(stdin.utf8), chunkSize: chunkSize)
    }

    /// Checks all three results, each in its own expectation so a failure shows which differs.
    static func expect(
        _ actual: BadInputOutcome, stdout: String = "", stderr: String = "", status: Int32,
        _ comment: Testing.Comment? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(actual.stdout == stdout, "stdout \(comment.map { "(\($0))" } ?? "")", sourceLocation: sourceLocation)
        #expect(actual.stderr == stderr, "stderr \(comment.map { "(\($0))" } ?? "")", sourceLocation: sourceLocation)
        #expect(actual.status == status, "exit status \(comment.map { "(\($0))" } ?? "")", sourceLocation: sourceLocation)
    }

    /// Checks a large output without printing megabytes when it differs.
    static func expectLarge(
        _ actual: BadInputOutcome, stdout: [UInt8], stderr: String = "", status: Int32,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let same = actual.stdoutBytes == stdout
        var firstDifference = 0
        if !same {
            while firstDifference < min(actual.stdoutBytes.count, stdout.count),
                actual.stdoutBytes[firstDifference] == stdout[firstDifference]
            {
                firstDifference += 1
            }
        }
        #expect(
            same,
            "stdout differs: \(actual.stdoutBytes.count) bytes, expected \(stdout.count); first difference at byte \(firstDifference)",
            sourceLocation: sourceLocation)
        #expect(actual.stderr == stderr, "stderr", sourceLocation: sourceLocation)
        #expect(actual.status == status, "exit status", sourceLocation: sourceLocation)
    }

    /// A committed output file as text, or `nil` when it was not committed.
    static func written(_ console: MemoryConsole, _ path: String) -> String? {
        console.written[path].map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Rules and inputs the bad-input tests share, each small enough to work out
/// every line and column of its diagnostics by hand.
enum BadInputFixtures {
    /// `root Order`: `id` at 4:3 with `range` at 4:17, `name` at 5:3; the model at 3:7.
    static let orders = """
        root Order

        model Order {
          id: Int where range(1...)
          name: String
        }

        """

    /// `orders` under `strict`: the same lines one further down (`id` at 5:3, `range` at 5:17, `name` at 6:3).
    static let strictOrders = """
        strict
        root Order

        model Order {
          id: Int where range(1...)
          name: String
        }

        """

    /// One model, no root: `id` at 2:3, `deep` at 3:3.
    static let document = """
        model Doc {
          id: Int
          deep: JSON
        }

        """

    /// Exit statuses, as `grammar.md` section 7 lists them.
    enum Status {
        static let success: Int32 = 0
        static let mappingFailed: Int32 = 1
        static let invalidJSON: Int32 = 2
        static let usage: Int32 = 64
        static let rulesError: Int32 = 65
        static let unreadable: Int32 = 66
        static let outputError: Int32 = 74
    }

    /// The caret line of a JSON syntax error excerpt for a one-digit line
    /// number: the margin, then `column - 1` spaces and `^`.
    static func caret(_ column: Int) -> String {
        "  | " + String(repeating: " ", count: column - 1) + "^"
    }

    /// A text-form JSON syntax error for a one-digit line: header, margin,
    /// the excerpt and the caret under `caretColumn` (1-based, in the excerpt).
    static func jsonError(
        _ input: String, line: Int, column: Int, code: String, _ message: String, excerpt: String, caretColumn: Int? = nil
    ) -> String {
        """
        \(input):\(line):\(column): error[\(code)]: \(message)
          |
        \(line) | \(excerpt)
        \(caret(caretColumn ?? column))

        """
    }
}

/// A small deterministic random number generator (SplitMix64), so generated
/// inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    /// The state.
    private var state: UInt64

    /// Creates a generator from a seed.
    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Splits bytes into lines the way `grammar.md` section 5.3 counts them: at
/// each `\n`; a last line without `\n` counts; an empty input has no lines.
func ndjsonLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
        lines.append(bytes[start..<index])
        start = index + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
}
