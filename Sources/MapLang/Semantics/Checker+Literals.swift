extension Checker {
    /// Converts a literal into a value of a field's type, for defaults and `oneOf` choices.
    ///
    /// - Returns: The value, or `nil` after reporting why the literal does not fit.
    mutating func compileLiteral(_ literal: Literal, as type: ValueType, context: String) -> MappedValue? {
        func mismatch(_ checker: inout Checker) -> MappedValue? {
            checker.report(
                .literalTypeMismatch(context: context, expected: checker.typeName(type), found: describe(literal)),
                at: literal.span)
            return nil
        }
        switch (type, literal.kind) {
        case (.optional, .null):
            return .null
        case (.optional(let wrapped), _):
            return compileLiteral(literal, as: wrapped, context: context)
        case (.string, .string(let text)):
            return .string(text)
        case (.int, .integer(let digits)):
            guard let value = JSONNumber(literal: digits).int64Value else {
                report(.integerLiteralOutOfRange(literal: digits), at: literal.span)
                return nil
            }
            return .int(value)
        case (.double, .integer(let digits)), (.double, .decimal(let digits)):
            let value = JSONNumber(literal: digits).doubleValue
            guard value.isFinite else {
                report(.integerLiteralOutOfRange(literal: digits), at: literal.span)
                return nil
            }
            return .double(value)
        case (.decimal, .integer(let digits)), (.decimal, .decimal(let digits)):
            return .decimal(digits)
        case (.bool, .bool(let value)):
            return .bool(value)
        case (.date, .string(let text)):
            do {
                return .date(try ISO8601DateParser.parse(text))
            } catch {
                report(.invalidLiteral(context: context, reason: error.message), at: literal.span)
                return nil
            }
        case (.url, .string(let text)):
            if let reason = URLValidator.problem(with: text) {
                report(.invalidLiteral(context: context, reason: reason), at: literal.span)
                return nil
            }
            return .url(text)
        case (.enumeration(let index), .word(let name)), (.enumeration(let index), .string(let name)):
            let decl = declarations.enums[index].decl
            guard decl.cases.contains(where: { $0.name.name == name }) else {
                let suggestion = suggestion(for: name) { _ in decl.cases.map(\.name.name) }
                report(
                    .unknownEnumCase(name: name, enumName: decl.name.name, suggestion: suggestion),
                    at: literal.span)
                return nil
            }
            return .string(name)
        case (.array(let element), .array(let items)):
            var values: [MappedValue] = []
            for item in items {
                guard let value = compileLiteral(item, as: element, context: context) else { return nil }
                values.append(value)
            }
            return .array(values)
        case (.dictionary(let element), .object(let members)):
            var values: [MappedMember] = []
            for member in members {
                guard let value = compileLiteral(member.value, as: element, context: context) else { return nil }
                values.append(MappedMember(key: member.key, value: value))
            }
            return .object(MappedObject(values))
        case (.json, _):
            return jsonLiteral(literal) ?? mismatch(&self)
        case (.data, .string(let text)):
            do throws(Base64.Problem) {
                return .string(try Base64.canonical(text))
            } catch {
                report(.invalidLiteral(context: context, reason: "it is not base64: \(error.reason)"), at: literal.span)
                return nil
            }
        case (.string, _), (.int, _), (.double, _), (.decimal, _), (.bool, _), (.date, _), (.url, _), (.data, _),
            (.enumeration, _), (.array, _), (.dictionary, _), (.model, _), (.choice, _):
            return mismatch(&self)
        }
    }

    /// A literal as a `JSON` value, or `nil` when it holds a bare word or range.
    private func jsonLiteral(_ literal: Literal) -> MappedValue? {
        switch literal.kind {
        case .string(let text): return .string(text)
        case .integer(let digits): return JSONNumber(literal: digits).int64Value.map { .int($0) } ?? .decimal(digits)
        case .decimal(let digits): return .decimal(digits)
        case .bool(let value): return .bool(value)
        case .null: return .null
        case .array(let items):
            var values: [MappedValue] = []
            for item in items {
                guard let value = jsonLiteral(item) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .object(let members):
            var values: [MappedMember] = []
            for member in members {
                guard let value = jsonLiteral(member.value) else { return nil }
                values.append(MappedMember(key: member.key, value: value))
            }
            return .object(MappedObject(values))
        case .word, .range:
            return nil
        }
    }
}

extension Checker {
    /// The span of one character inside a string literal, by its byte offset in
    /// the decoded string; the whole literal when escapes make offsets differ.
    func spanInside(_ literal: Literal, byteOffset: Int) -> Span {
        guard case .string(let text) = literal.kind, literal.span.end - literal.span.start == text.utf8.count + 2 else {
            return literal.span
        }
        let start = literal.span.start + 1 + min(byteOffset, text.utf8.count)
        let bytes = Array(text.utf8)
        var end = min(start + 1, literal.span.end - 1)
        while end - literal.span.start - 1 < bytes.count, end < literal.span.end - 1,
            bytes[end - literal.span.start - 1] & 0xC0 == 0x80
        {
            end += 1
        }
        return Span(start: start, end: max(end, start))
    }
}

/// A literal as messages name it: `"text"`, `42`, `open`, `an array`.
func describe(_ literal: Literal) -> String {
    switch literal.kind {
    case .string(let text): JSONPath.quoted(text)
    case .integer(let digits), .decimal(let digits): digits
    case .bool(let value): value ? "true" : "false"
    case .null: "null"
    case .word(let word): "`\(word)`"
    case .array: "an array"
    case .object: "an object"
    case .range: "a range"
    }
}
