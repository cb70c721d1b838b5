import MapLang

/// `--coverage[=PERCENT]`.
let coverageOption = OptionSpec(
    names: ["--coverage"], value: nil,
    help: "after the run, report per model the keys no rule reads, fields the input hardly fills, fallback keys, "
        + "enum cases, choices and checks never used; defaults filling more than PERCENT (50) of objects are listed",
    attachedValue: ValueSpec(name: "PERCENT", kind: .text))

extension RunCommand {
    /// The share `--coverage` reports defaults past, in percent; `nil` without the flag.
    static func coverageShare(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
        guard arguments.flags.contains("--coverage") else { return nil }
        guard !arguments.flags.contains("--reverse") else {
            throw UsageError(message: "`--coverage` reports what forward mapping reads; it cannot be used with `--reverse`")
        }
        guard let text = arguments.values["--coverage"] else { return 50 }
        guard let percent = Int(text), (0...100).contains(percent) else {
            throw UsageError(message: "`--coverage` takes a percentage from 0 to 100, not `\(text)`")
        }
        return percent
    }
}
