// MARK: - The rules as text, laid out and checked

extension RulesInference {
    /// The rules file: a comment naming the sample (its control and bidi
    /// characters escaped, so none can end or reorder the comment), `root`, the key strategy, then the
    /// choices, models and enums in the order they were made, laid out by
    /// the formatter.
    func text(root: InferredType, sampleName: String, records: Int) throws(Problem) -> String {
        var lines = [
            "// Starter rules written by `maplang infer` from \(Self.commentSafe(sampleName)) (\(records) \(records == 1 ? "record" : "records")).",
            "// Check the names, the types and which fields are optional before relying on them.",
            "root \(root.text)",
        ]
        if strategy == .snakeCase { lines.append("keys snake_case") }
        for choice in choices {
            lines += ["", "choice \(choice.name) by \(InferenceNames.keyPath(for: choice.key)) {"]
            lines += choice.variants.map { "  \(RulesText.quoted($0.value, limit: nil)) -> \($0.model)" }
            lines.append("}")
        }
        for model in models {
            lines += ["", "model \(model.name) {"]
            lines += model.fields.map(fieldLine)
            lines.append("}")
        }
        for enumeration in enums {
            lines += ["", "enum \(enumeration.name) {"]
            var caseNames = UniqueNames()
            for value in enumeration.values {
                let name = caseNames.claim(InferenceNames.enumCase(for: value))
                lines.append("  " + name + (name == value ? "" : " from " + RulesText.quoted(value, limit: nil)))
            }
            lines.append("}")
        }
        let text = lines.joined(separator: "\n") + "\n"
        // Refused before it is parsed: `fmt`, `check` and `run` would not read it.
        guard text.utf8.count <= Rules.maximumSourceBytes else { throw .tooLarge(bytes: text.utf8.count) }
        return try Self.checked(text)
    }

    /// Text with its control and bidi characters written as `\u{…}` escapes.
    private static func commentSafe(_ text: String) -> String {
        var safe = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) || scalar.isBidiControl
                || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
            {
                safe += scalar.escaped
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }

    /// A field's line: `htmlURL: URL from html_url using iso8601`.
    private func fieldLine(_ field: Field) -> String {
        var line = "  \(field.name): \(field.type)\(field.optional ? "?" : "")"
        if strategy.key(for: field.name) != field.key { line += " from " + InferenceNames.keyPath(for: field.key) }
        if let transformer = field.transformer { line += " using " + transformer }
        return line
    }

    /// The text as `maplang fmt` lays it out, once the checker has found
    /// nothing in it.
    private static func checked(_ text: String) throws(Problem) -> String {
        let source = SourceFile(name: "inferred.map", text: text)
        let parsed = RulesParser.parse(source)
        guard parsed.diagnostics.isEmpty else { throw .unchecked(parsed.diagnostics.map(\.message).joined(separator: "; ")) }
        let formatted = RulesFormatter.format(parsed.file, source: source)
        do {
            _ = try Rules(source: SourceFile(name: "inferred.map", text: formatted))
        } catch {
            throw .unchecked(error.diagnostics.map(\.message).joined(separator: "; "))
        }
        return formatted
    }
}
