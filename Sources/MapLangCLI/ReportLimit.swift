import MapLang

/// `maplang run --max-errors N`: how many problems with the input a run
/// shows on standard error. Past the limit, problems are not shown, and how
/// many were left out is said before each input's summary (which counts
/// every record that failed) or the error that ends the input, so a run
/// whose every record fails does not spend its time writing millions of
/// reports nobody reads. The invalid JSON that ends a document is shown
/// past the limit too.
///
/// The reports of one run are written by one thread, in input order, so a
/// limit is shared by the copies of its reporter without locks.
final class ReportLimit {
    /// The most problems shown when `--max-errors` is not given.
    static let defaultMost = 100

    /// The most problems shown; `nil` shows every one.
    let most: Int?
    /// Problems shown so far.
    private var shown = 0
    /// Problems left out since the last note said how many.
    private var withheld = 0

    /// A limit of `most` problems, or none when `nil`.
    init(most: Int?) {
        self.most = most
    }

    /// The limit `--max-errors` asks for: `defaultMost` without it, none for 0.
    ///
    /// - Throws: `UsageError` when the value is not a whole number from 0.
    convenience init(arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.values[Self.option.key] else {
            self.init(most: Self.defaultMost)
            return
        }
        guard let count = Int(text), count >= 0 else {
            throw UsageError(message: "`--max-errors` takes a number of problems to show, 0 for all, not `\(text)`")
        }
        self.init(most: count == 0 ? nil : count)
    }

    /// Whether the next problem is shown; one that is not is counted as
    /// left out, as `problems` when it stands for several (a record's
    /// problems past those it keeps).
    func admit(standingFor problems: Int = 1) -> Bool {
        if let most, shown >= most {
            withheld += problems
            return false
        }
        shown += 1
        return true
    }

    /// How many problems were left out since the last call, which starts the count again.
    func takeWithheld() -> Int {
        defer { withheld = 0 }
        return withheld
    }

    /// The note for `count` problems of `input` left out, in text form.
    func note(_ count: Int, input: String) -> String {
        let problems = count == 1 ? "problem" : "problems"
        return "\(VisibleText.escaped(input)): \(count) more \(problems) not shown, past the limit of \(most ?? 0) "
            + "(`--max-errors N` sets it, `--max-errors 0` shows every one)\n"
    }

    /// The note for `count` problems of `input` left out, as `--error-format
    /// json` writes it: `{"type":"not-shown","input":…,"count":…,"limit":…}`.
    func object(_ count: Int, input: String) -> MappedValue {
        .object(
            MappedObject([
                MappedMember(key: "type", value: .string("not-shown")),
                MappedMember(key: "input", value: .string(input)),
                MappedMember(key: "count", value: .int(Int64(count))),
                MappedMember(key: "limit", value: .int(Int64(most ?? 0))),
            ]))
    }

    /// The `--max-errors` option.
    static let option = OptionSpec(
        names: ["--max-errors"], value: ValueSpec(name: "N", kind: .text),
        help: "show at most N errors and warnings about the input (\(defaultMost) by default, 0 for all), then how many more there were")
}
