// MARK: - Values

extension DirectRun {
    /// Writes the value at the scanner's position as a field's type.
    ///
    /// A field with rules reaches here only when its type is a scalar (see
    /// `DirectField.isDirect`), so the rules are checked on the scalar.
    ///
    /// - Returns: `false` when the record must go through the interpreter.
    mutating func writeValue(
        _ type: ValueType, _ scalar: DirectScalar, field: borrowing FieldPlan, depth: Int, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        switch type {
        case .optional(let wrapped):
            guard current == UInt8(ascii: "n") else {
                return try writeValue(wrapped, scalar, field: field, depth: depth, &context)
            }
            try scanner.readLiteral("null")
            writer.write(MappedValue.null)
            return true
        case .model(let index):
            return try writeModel(index, depth: depth, &context)
        case .array(let element):
            return try writeArray(of: element, scalar, field: field, depth: depth, &context)
        case .dictionary, .choice, .json, .decimal:
            return try writeConverted(type, field: field, depth: depth, &context)
        case .string, .int, .double, .bool, .date, .url, .enumeration:
            return try writeScalar(type, scalar, field: field, depth: depth, &context)
        }
    }

    /// Writes the array at the scanner's position, each element as `element`.
    private mutating func writeArray(
        of element: ValueType, _ scalar: DirectScalar, field: borrowing FieldPlan, depth: Int, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        guard current == UInt8(ascii: "[") else { return false }
        try scanner.checkDepth(depth + 1)
        scanner.position += 1
        writer.beginContainer(UInt8(ascii: "["))
        scanner.skipWhitespace()
        var count = 0
        if current == UInt8(ascii: "]") {
            scanner.position += 1
        } else {
            while true {
                scanner.skipWhitespace()
                writer.beginEntry(count)
                guard try writeValue(element, scalar, field: field, depth: depth + 1, &context) else { return false }
                count += 1
                scanner.skipWhitespace()
                guard current == UInt8(ascii: ",") else { break }
                scanner.position += 1
            }
            guard current == UInt8(ascii: "]") else { return false }
            scanner.position += 1
        }
        writer.endContainer(UInt8(ascii: "]"), isEmpty: count == 0)
        return true
    }

    /// Writes a scalar read straight from its bytes when the field's
    /// transformers and rules allow it, otherwise through the interpreter.
    private mutating func writeScalar(
        _ type: ValueType, _ scalar: DirectScalar, field: borrowing FieldPlan, depth: Int, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        let start = scanner.position
        switch (scalar, current) {
        case (.string, UInt8(ascii: "\"")?), (.url, UInt8(ascii: "\"")?), (.iso8601, UInt8(ascii: "\"")?),
            (.enumeration, UInt8(ascii: "\"")?):
            let string = try scanner.skipString()
            guard !string.hasEscapes else { break }
            let text = UnsafeBufferPointer(rebasing: bytes[start + 1..<scanner.position - 1])
            switch try writeText(text, isASCII: string.isASCII, as: scalar, field: field) {
            case .some(let written): return written
            case nil: break
            }
        case (.int, let byte?) where byte == UInt8(ascii: "-") || JSONNumberGrammar.isDigit(byte):
            let literal = try scanner.scanNumber()
            guard let integer = JSONNumberGrammar.plainInteger(UnsafeBufferPointer(rebasing: bytes[literal])) else { break }
            guard holds(.int(integer), field) else { return false }
            writer.writeInteger(integer)
            return true
        case (.double, let byte?) where byte == UInt8(ascii: "-") || JSONNumberGrammar.isDigit(byte):
            // The literal's nearest double, as `JSONNumber.doubleValue` reads it.
            let literal = try scanner.scanNumber()
            guard let double = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[literal]), as: UTF8.self)),
                double.isFinite
            else { break }
            guard holds(.double(double), field) else { return false }
            NumberText.appendJSON(double, to: &writer.bytes)
            return true
        case (.bool, UInt8(ascii: "t")?), (.bool, UInt8(ascii: "f")?):
            let flag = current == UInt8(ascii: "t")
            try scanner.readLiteral(flag ? "true" : "false")
            guard holds(.bool(flag), field) else { return false }
            writer.write(MappedValue.bool(flag))
            return true
        default:
            break
        }
        scanner.position = start
        return try writeConverted(type, field: field, depth: depth, &context)
    }

    /// Writes the text of a string literal that has no escapes as a scalar of the field.
    ///
    /// - Returns: Whether it was written, or `nil` when the interpreter must convert it.
    private mutating func writeText(
        _ text: UnsafeBufferPointer<UInt8>, isASCII: Bool, as scalar: DirectScalar, field: borrowing FieldPlan
    ) throws(JSONSyntaxError) -> Bool? {
        switch scalar {
        case .string:
            // A string's length is its count of characters; for ASCII text
            // without escapes, which has no `\r\n`, that is its count of bytes.
            guard field.rules.isEmpty || isASCII, let holds = lengthRulesHold(count: text.count, field) else { return nil }
            guard holds else { return false }
            writer.writeUnescapedString(text)
            return true
        case .url:
            guard field.rules.isEmpty else { return nil }
            guard URLValidator.problem(withUTF8: text) == nil else { return false }
            writer.writeUnescapedString(text)
            return true
        case .iso8601:
            guard let timestamp = try? ISO8601DateParser.parse(utf8: text) else { return false }
            guard holds(.date(timestamp), field) else { return false }
            writer.write(.date(timestamp))
            return true
        case .enumeration(let index):
            guard field.rules.isEmpty, let found = mapper.direct.enumInputs[index][Array(text)] else { return nil }
            writer.writeString(mapper.interpreter.plan.enums[index].cases[found])
            return true
        case .int, .double, .bool, .converted:
            return nil
        }
    }

    /// Parses the value at the scanner's position and lets the interpreter
    /// convert it to the field's type and check it.
    mutating func writeConverted(
        _ type: ValueType, field: borrowing FieldPlan, depth: Int, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        let value = try scanner.readValue(depth: depth, expected: .value)
        guard let mapped = mapper.interpreter.convert(value, to: type, field: field, &context),
            mapper.interpreter.validate(mapped, field: field, &context)
        else { return false }
        writer.write(mapped)
        return true
    }

    /// Whether a scalar keeps every rule of its field.
    private func holds(_ value: MappedValue, _ field: borrowing FieldPlan) -> Bool {
        field.rules.allSatisfy { $0.kind.violation(by: value) == nil }
    }

    /// Whether a string of `count` characters keeps the field's rules, or
    /// `nil` when a rule needs more than its length.
    private func lengthRulesHold(count: Int, _ field: borrowing FieldPlan) -> Bool? {
        var holds = true
        for rule in field.rules {
            switch rule.kind {
            case .length(let range): holds = holds && range.contains(.int(Int64(count)))
            case .nonEmpty: holds = holds && count > 0
            case .range, .pattern, .oneOf: return nil
            }
        }
        return holds
    }
}
