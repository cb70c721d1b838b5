extension String {
    /// The text in single quotes for bash and zsh, where only the quote
    /// itself is special: it ends the quotes, is escaped, and starts them again.
    var posixQuoted: String {
        "'" + map { $0 == "'" ? #"'\''"# : String($0) }.joined() + "'"
    }

    /// The text in single quotes for fish, where a backslash escapes a quote or a backslash.
    var fishQuoted: String {
        "'" + backslashEscaping("'") + "'"
    }

    /// The text with a backslash before each backslash and each `special`
    /// character, such as the one that would end the field the text is in.
    func backslashEscaping(_ special: Character) -> String {
        map { $0 == special || $0 == "\\" ? "\\" + String($0) : String($0) }.joined()
    }
}
