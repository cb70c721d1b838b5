import MapLang

/// A one-line progress indicator on standard error for long runs: bytes
/// read (of how many, for a file), records per second, errors so far, and
/// the time left for a file; redrawn a few times a second in place with
/// `\r` and erased when the run ends or anything else is written.
///
/// Shown only when standard error is a terminal and problems are text, for
/// a file of `autoBytes` or more once `firstDelay` has passed, or for any
/// input once `patience` has passed; `--progress` shows it from the start
/// whatever standard error is, `--no-progress` never; never with
/// `--error-format json`. The mapping runs on the calling thread between
/// updates, so the line needs no lock.
final class ProgressLine {
    /// The size from which a file's run shows the line at once.
    static let autoBytes = 4 << 20
    /// How long a run of a large file goes before the line shows.
    static let firstDelay = Duration.milliseconds(250)
    /// How long any run goes before the line shows.
    static let patience = Duration.seconds(1)
    /// The least time between two drawings.
    static let interval = Duration.milliseconds(200)

    /// Where the line is drawn.
    private let console: any Console
    /// The input's size, for a file mapped in place; `nil` for a stream.
    var total: Int?
    /// Whether `--progress` asked for it from the start.
    private let forced: Bool
    /// When the run started.
    private let start = ContinuousClock.now
    /// When the line was last drawn, if it is on the screen.
    private var drawnAt: ContinuousClock.Instant?
    /// Whether the line was ever drawn, so there is a last one to erase.
    private(set) var wasShown = false

    /// A line for a run, or `nil` when none is to be shown: problems
    /// written as JSON, or, unless `--progress` asks, `--no-progress`,
    /// standard error that is no terminal, or records written to a terminal.
    init?(console: any Console, arguments: ParsedArguments) {
        let forced = arguments.flags.contains("--progress")
        // Records written to the same screen would run through the line.
        let recordsOnScreen = console.outputIsTerminal && arguments.values["--output"] == nil
        guard arguments.values["--error-format"] != "json",
            forced || (!arguments.flags.contains("--no-progress") && console.errorIsTerminal && !recordsOnScreen)
        else { return nil }
        self.console = console
        self.forced = forced
    }

    /// Redraws the line, when it is due, with the counts so far.
    func update(bytes: Int, records: Int, errors: Int) {
        let now = ContinuousClock.now
        let elapsed = now - start
        if let drawnAt {
            guard now - drawnAt >= Self.interval else { return }
        } else if !forced {
            let large = (total ?? 0) >= Self.autoBytes
            guard elapsed >= Self.patience || (large && elapsed >= Self.firstDelay) else { return }
        }
        drawnAt = now
        wasShown = true
        console.writeError("\r\u{1B}[K" + Self.text(bytes: bytes, total: total, records: records, errors: errors, elapsed: elapsed))
    }

    /// Erases the line, if it is on the screen, before something else is written there or at the end.
    func clear() {
        guard drawnAt != nil else { return }
        drawnAt = nil
        console.writeError("\r\u{1B}[K")
    }

    /// `maplang: 12.3 MB of 40.0 MB (31%), 45,210 records/s, 3 errors, about 2 s left`.
    static func text(bytes: Int, total: Int?, records: Int, errors: Int, elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var text = "maplang: " + megabytes(bytes)
        if let total, total > 0 {
            text += " of \(megabytes(total)) (\(min(100, bytes * 100 / total))%)"
        }
        let rate = seconds > 0 ? Int(Double(records) / seconds) : 0
        text += ", \(MappingProblem.grouped(rate)) records/s, \(MappingProblem.grouped(errors)) \(errors == 1 ? "error" : "errors")"
        if let total, bytes > 0, seconds > 0, bytes < total {
            let left = Int((Double(total - bytes) / (Double(bytes) / seconds)).rounded(.up))
            text += ", about " + (left < 60 ? "\(left) s" : "\(left / 60) min \(left % 60) s") + " left"
        }
        return text
    }

    /// Bytes as megabytes with one decimal, `12.3 MB`, or under a megabyte as kilobytes, `90 kB`.
    private static func megabytes(_ bytes: Int) -> String {
        guard bytes >= 1_000_000 else { return "\(bytes / 1_000) kB" }
        let tenths = bytes / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
