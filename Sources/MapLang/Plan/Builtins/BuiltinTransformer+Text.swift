// MARK: - trim, lowercase, uppercase

extension BuiltinTransformer {
    /// `trim`: white space and line breaks removed at both ends.
    static let trim = textCleaner("trim", "removes white space at both ends of a string") { $0.trimmingWhitespace() }

    /// `lowercase`: folded to lower case.
    static let lowercase = textCleaner("lowercase", "folds a string to lower case") { $0.lowercased() }

    /// `uppercase`: folded to upper case.
    static let uppercase = textCleaner("uppercase", "folds a string to upper case") { $0.uppercased() }

    /// A built-in that reads text (numbers and Booleans too with coercion),
    /// changes it, and is written back as it is.
    private static func textCleaner(
        _ name: String, _ summary: String, _ clean: @escaping @Sendable (String) -> String
    ) -> BuiltinTransformer {
        BuiltinTransformer(
            name: name, accepts: [.text], acceptsWhenLenient: [.number, .boolean], output: .text, summary: summary,
            reversal: .asIs
        ) { value, call in
            call.text(of: value).map { .success(.string(clean($0))) } ?? call.mismatch("a string", value)
        }
    }
}
