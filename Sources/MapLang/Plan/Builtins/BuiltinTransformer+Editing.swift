// MARK: - replace, removePrefix, removeSuffix

extension BuiltinTransformer {
    /// `replace("old", "new")`: every occurrence of a text replaced.
    static let replace = BuiltinTransformer(
        name: "replace", forms: [#"replace("old", "new")"#], accepts: [.text], acceptsWhenLenient: [.number, .boolean],
        output: .text, summary: #"replaces every occurrence of a text, `replace("-", " ")`"#
    ) { arguments in
        guard arguments.count == 2, case .string(let old) = arguments[0], case .string(let new) = arguments[1], !old.isEmpty
        else { return .failure(.invalid(expected: #"two strings, the first not empty, such as `("-", " ")`"#)) }
        return .success(
            BuiltinStage(
                forward: { value, call in
                    guard let text = call.text(of: value) else { return call.mismatch("a string", value) }
                    return .success(.string(replacingEvery(old, with: new, in: text)))
                },
                reversal: .irreversible("what it replaced cannot be told from text that was there already")))
    }

    /// The text with every occurrence of `old`, character for character
    /// (canonically equivalent forms match) and left to right, replaced by
    /// `new`, in time linear in both texts (`TextOccurrences`).
    private static func replacingEvery(_ old: String, with new: String, in text: String) -> String {
        let characters = Array(text)
        let wanted = Array(old)
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var start = 0
        // Each run between matches is copied once, with no string of its own.
        TextOccurrences.forEachStart(of: wanted, in: characters) { found in
            result.append(contentsOf: characters[start..<found])
            result += new
            start = found + wanted.count
        }
        result.append(contentsOf: characters[start...])
        return result
    }

    /// `removePrefix("v")`: a text the value must start with, taken off;
    /// reverse mapping puts it back.
    static let removePrefix = affixRemover(
        "removePrefix", example: #"`removePrefix("v")` reads `"v1.2"` as `"1.2"`"#, atStart: true)

    /// `removeSuffix(" USD")`: a text the value must end with, taken off;
    /// reverse mapping puts it back.
    static let removeSuffix = affixRemover(
        "removeSuffix", example: #"`removeSuffix("px")` reads `"12px"` as `"12"`"#, atStart: false)

    /// A built-in that takes a fixed text off one end of the value, where
    /// it must be, and whose reverse writes it back.
    private static func affixRemover(_ name: String, example: String, atStart: Bool) -> BuiltinTransformer {
        let end = atStart ? "start" : "end"
        return BuiltinTransformer(
            name: name, forms: [name + #"("text")"#], accepts: [.text], acceptsWhenLenient: [.number, .boolean],
            output: .text, summary: "takes off a text the value must \(end) with: " + example
        ) { arguments in
            guard arguments.count == 1, case .string(let affix) = arguments[0], !affix.isEmpty else {
                return .failure(.invalid(expected: #"one string that is not empty, such as `("v")`"#))
            }
            return .success(
                BuiltinStage(
                    forward: { value, call in
                        guard let text = call.text(of: value) else { return call.mismatch("a string", value) }
                        // Compared character by character, so a combining mark
                        // is never split from its letter.
                        guard atStart ? text.hasPrefix(affix) : text.hasSuffix(affix) else {
                            return call.invalid(value, "it does not \(end) with \(JSONPath.quoted(affix))")
                        }
                        return .success(.string(String(atStart ? text.dropFirst(affix.count) : text.dropLast(affix.count))))
                    },
                    reversal: .inverse { value, call in
                        guard case .string(let text) = value else { return call.mismatch("a string", value) }
                        return .success(.string(atStart ? affix + text : text + affix))
                    }))
        }
    }
}

// MARK: - extract

extension BuiltinTransformer {
    /// `extract("v(\\d+)")`: the text of the pattern's first group in the
    /// first match, on the linear-time pattern engine `pattern` uses.
    static let extract = BuiltinTransformer(
        name: "extract", forms: [#"extract("pattern")"#], accepts: [.text], acceptsWhenLenient: [.number, .boolean],
        output: .text, summary: #"the text of the first group `( … )` in the first match, `extract("v(\\d+)")`"#
    ) { arguments in
        guard arguments.count == 1, case .string(let source) = arguments[0] else {
            return .failure(.invalid(expected: #"one string, a regular expression with a group, such as `("v([0-9.]+)")`"#))
        }
        let pattern: Pattern
        do throws(PatternError) {
            pattern = try Pattern(source)
        } catch {
            return .failure(.invalid(expected: "a valid regular expression: at \(error.offset + 1), \(error.message)"))
        }
        guard pattern.hasCapture else {
            return .failure(.invalid(expected: "a regular expression with a group `( … )` to extract"))
        }
        return .success(
            BuiltinStage(
                forward: { value, call in
                    guard let text = call.text(of: value) else { return call.mismatch("a string", value) }
                    let scalars = Array(text.unicodeScalars)
                    switch pattern.firstCapture(in: text) {
                    case .matched(let range?):
                        var captured = String.UnicodeScalarView()
                        captured.append(contentsOf: scalars[range])
                        return .success(.string(String(captured)))
                    case .matched(nil):
                        return call.invalid(value, "its group took no part in the match of `\(source.unsafeCharactersEscaped)`")
                    case .notMatched:
                        return .failure(.patternMismatch(found: value.preview, pattern: source))
                    case .tooCostly:
                        return .failure(.patternTooCostly(found: value.preview, pattern: source, scalars: scalars.count))
                    }
                },
                reversal: .irreversible("the text around the group is not kept")))
    }
}
