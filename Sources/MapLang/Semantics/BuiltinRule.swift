/// A validation rule the language knows, declared once: its name, how it
/// is written, and what it checks, as `grammar.md` (3.5) and the editor's
/// hover say it.
package struct BuiltinRule: Sendable {
    /// The name used after `where`.
    package let name: String
    /// How it is written.
    package let form: String
    /// What it checks, in one line.
    package let summary: String

    /// Every built-in rule, by name.
    package static let all: [BuiltinRule] = [
        BuiltinRule(
            name: "length", form: "length(a...b)",
            summary: "the count of characters or elements is within the bounds"),
        BuiltinRule(name: "nonEmpty", form: "nonEmpty", summary: "there is at least one character or element"),
        BuiltinRule(name: "oneOf", form: "oneOf(v1, v2, …)", summary: "the value equals one of the choices"),
        BuiltinRule(
            name: "pattern", form: "pattern(\"regex\")",
            summary: "the regular expression matches somewhere in the string (anchor with `^…$` to match the whole)"),
        BuiltinRule(
            name: "range", form: "range(a...b)",
            summary: "the number is within the bounds; integers compare exactly, others by their `Double` value"),
    ]
}
