/// A value on the command line, a positional argument or an option's: the
/// name usage shows for it and what it is, which shell completion follows.
struct ValueSpec: Sendable, Equatable {
    /// The name usage shows, such as `RULES` or `FILE`.
    let name: String
    /// What the value is.
    let kind: ValueKind

    /// A rules file: `RULES`.
    static let rules = ValueSpec(name: "RULES", kind: .rulesFile)
    /// A JSON file to read, or `-` for standard input: `INPUT`.
    static let input = ValueSpec(name: "INPUT", kind: .file)
    /// A file to write: `FILE`.
    static let file = ValueSpec(name: "FILE", kind: .file)
}

/// What a value is, so that completion offers the right words for it.
enum ValueKind: Sendable, Equatable {
    /// A rules file: completion offers `.map` files and directories.
    case rulesFile
    /// Any file: completion offers every file.
    case file
    /// One of a fixed set of words, which completion offers and parsing checks.
    case choice([String])
    /// Anything else, such as a name or a number: completion offers nothing.
    case text
}
