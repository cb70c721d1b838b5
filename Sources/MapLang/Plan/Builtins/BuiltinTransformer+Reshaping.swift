// MARK: - split, join, json: built-ins that change a value's shape

extension BuiltinTransformer {
    /// `split(",")`: a string cut at each separator into an array of
    /// strings; the stages after it run on each element. Reverse mapping
    /// joins the elements again.
    static let split = BuiltinTransformer(
        name: "split", forms: [#"split("sep")"#], accepts: [.text], acceptsWhenLenient: [.number, .boolean], output: .text,
        shape: .splits, summary: #"cuts a string at each separator into an array, `split(",")`; the stages after it run on each element"#
    ) { arguments in
        guard arguments.count == 1, case .string(let separator) = arguments[0], !separator.isEmpty else {
            return .failure(.invalid(expected: #"one string that is not empty, such as `(",")`"#))
        }
        return .success(
            BuiltinStage(
                forward: { value, call in
                    guard let text = call.text(of: value) else { return call.mismatch("a string", value) }
                    return .success(.array(pieces(of: text, at: separator).map(MappedValue.string)))
                },
                reversal: .inverse { value, call in
                    // What is written must split back into the same elements:
                    // one empty element would read back as none, and a
                    // combining mark at an element's start would join the separator.
                    let written = joined(value, with: separator, call)
                    guard case .success(.string(let text)) = written, case .array(let elements) = value else { return written }
                    let read = pieces(of: text, at: separator)
                    guard read.count == elements.count,
                        zip(read, elements).allSatisfy({ piece, element in element.joinedText.map { $0.unicodeScalars.elementsEqual(piece.unicodeScalars) } ?? false })
                    else { return call.invalid(value, "its elements would not split back as they are") }
                    return written
                }))
    }

    /// `join(",")`: an array of strings, numbers or Booleans joined into one
    /// string; it reads the key's value as it is, so it comes first.
    /// Reverse mapping splits the string again.
    static let join = BuiltinTransformer(
        name: "join", forms: [#"join("sep")"#], accepts: [.json], output: .text, shape: .joins,
        summary: #"joins an array of strings, numbers or Booleans into one string, `join(", ")`"#
    ) { arguments in
        guard arguments.count == 1, case .string(let separator) = arguments[0], !separator.isEmpty else {
            return .failure(.invalid(expected: #"one string that is not empty, such as `(", ")`"#))
        }
        return .success(
            BuiltinStage(
                forward: { value, call in joined(value, with: separator, call) },
                reversal: .inverse { value, call in
                    guard case .string(let text) = value else { return call.mismatch("a string", value) }
                    return .success(.array(pieces(of: text, at: separator).map(MappedValue.string)))
                }))
    }

    /// `json`: a string that holds a JSON document, read as the field's
    /// type reads a value, models and arrays included. Reverse mapping
    /// writes the value back as compact JSON text.
    static let json = BuiltinTransformer(
        name: "json", accepts: [.text], output: .json, shape: .parses,
        summary: "reads a string that holds a JSON document as the field's type reads a value",
        reversal: .inverse { value, _ in .success(.string(String(decoding: JSONWriter.serialize(value), as: UTF8.self))) }
    ) { value, call in
        guard case .string(let text) = value else { return call.mismatch("a string", value) }
        do throws(JSONSyntaxError) {
            return .success(try JSONReader.parse(Array(text.utf8)).mappedValue)
        } catch {
            return call.invalid(value, "it is not JSON: line \(error.line), column \(error.column): \(error.message)")
        }
    }

    /// The pieces of a text between separators, matched character by
    /// character; none for an empty text.
    ///
    /// Written out rather than `String.split(separator:)`, which the older
    /// Apple systems the library supports do not have; in time linear in
    /// both texts (`TextOccurrences`).
    private static func pieces(of text: String, at separator: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return TextOccurrences.pieces(of: Array(text), between: Array(separator))
    }

    /// An array's scalars joined by a separator: what `join` gives, and how
    /// `split` is written back. An element holding the separator could not
    /// be told from two, so it is an error.
    private static func joined(_ value: MappedValue, with separator: String, _ call: BuiltinCall) -> Result<MappedValue, MappingProblem> {
        guard case .array(let elements) = value else { return call.mismatch("an array", value) }
        var parts: [String] = []
        parts.reserveCapacity(elements.count)
        for element in elements {
            guard let text = element.joinedText else { return call.mismatch("an array of strings, numbers or Booleans", value) }
            guard pieces(of: text, at: separator).count <= 1 else {
                return call.invalid(value, "the element \(JSONPath.quoted(text)) holds the separator \(JSONPath.quoted(separator))")
            }
            parts.append(text)
        }
        return .success(.string(parts.joined(separator: separator)))
    }
}

/// How a built-in treats the shape of the value it reads and gives.
enum BuiltinShape: Sendable, Equatable {
    /// It reads and gives a scalar, and runs on each element of an array field.
    case scalar
    /// It gives an array (`split`): the stages after it run on each element,
    /// and the field is an array.
    case splits
    /// It gives any JSON value (`json`), which the field's type reads.
    case parses
    /// It reads the key's whole value, an array (`join`), and gives a scalar.
    case joins
}

extension MappedValue {
    /// The text `join` writes for an element: a string, number or Boolean; `nil` for anything else.
    fileprivate var joinedText: String? {
        switch self {
        case .string(let string), .url(let string), .decimal(let string): string
        case .int(let integer): String(integer)
        case .bool(let flag): flag ? "true" : "false"
        case .null, .double, .date, .array, .object: nil
        }
    }
}
