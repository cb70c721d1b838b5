// MARK: - Values

extension DirectRun {
    /// Writes the value at the scanner's position as the type at a node.
    ///
    /// A field with rules reaches here only when its type is a scalar (see
    /// `DirectFieldEntry.isDirect`), so the rules are checked on the scalar.
    ///
    /// - Returns: `false` when the record must go through the interpreter.
    mutating func writeValue(
        _ node: Int, field: DirectFieldEntry, depth: Int, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        switch tables.nodes[node] {
        case .optional(let wrapped):
            guard current == UInt8(ascii: "n") else { return try writeValue(wrapped, field: field, depth: depth, &context) }
            try scanner.readLiteral("null")
            writer.write(MappedValue.null)
            return true
        case .model(let index):
            return try writeModel(index, depth: depth, &context)
        case .choice(let index):
            return try writeChoice(index, depth: depth, &context)
        case .array(let element):
            return try writeArray(of: element, field: field, depth: depth, &context)
        case .scalar(let scalar, let type):
            return try writeScalar(scalar, type: type, field: field, depth: depth, &context)
        }
    }

    /// Writes the array at the scanner's position, each element as the type at `element`.
    private mutating func writeArray(
        of element: Int, field: DirectFieldEntry, depth: Int, _ context: inout MappingContext
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
                guard try writeValue(element, field: field, depth: depth + 1, &context) else { return false }
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
    ///
    /// - Parameter type: The scalar's type, by index in `DirectPlan.types`.
    private mutating func writeScalar(
        _ scalar: DirectScalar, type: Int, field: DirectFieldEntry, depth: Int, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        let start = scanner.position
        let keeps = field.check == .rules || field.keepsValue
        switch (scalar, current) {
        case (.string, UInt8(ascii: "\"")?), (.url, UInt8(ascii: "\"")?), (.iso8601, UInt8(ascii: "\"")?),
            (.enumeration, UInt8(ascii: "\"")?):
            let string = try scanner.skipString()
            guard !string.hasEscapes else {
                // A field with no rules has no patterns either, and no value kept for them.
                if scalar == .string, field.check == .none, !field.keepsValue,
                    JSONScanner.escapesAsWritten(UnsafeBufferPointer(rebasing: bytes[start + 1..<scanner.position - 1]))
                {
                    // The writer would write the literal as it is.
                    writer.bytes.appendBytes(UnsafeBufferPointer(rebasing: bytes[start..<scanner.position]))
                    return true
                }
                guard scalar == .string, let value = try writeEscapedString(from: start, field: field, keeps: keeps)
                else { break }
                return value.map { keep($0, of: field, &context) } ?? false
            }
            let text = UnsafeBufferPointer(rebasing: bytes[start + 1..<scanner.position - 1])
            switch writeText(text, isASCII: string.isASCII, as: scalar, field: field, keeps: keeps) {
            case .written(let value?): return keep(value, of: field, &context)
            case .written(nil): return true
            case .failed: return false
            case .converted: break
            }
        case (.int, let byte?) where byte == UInt8(ascii: "-") || JSONNumberGrammar.isDigit(byte):
            let literal = try scanner.scanNumber()
            guard let integer = JSONNumberGrammar.plainInteger(UnsafeBufferPointer(rebasing: bytes[literal])) else { break }
            if case .bounds(let allowed) = field.check, !allowed.contains(integer) { return false }
            writer.writeInteger(integer)
            return !keeps || keep(.int(integer), of: field, &context)
        case (.double, let byte?) where byte == UInt8(ascii: "-") || JSONNumberGrammar.isDigit(byte):
            // The literal's nearest double, as `JSONNumber.doubleValue` reads it.
            let text = UnsafeBufferPointer(rebasing: bytes[try scanner.scanNumber()])
            guard let double = JSONNumberGrammar.nearestDouble(text) ?? Double(String(decoding: text, as: UTF8.self)),
                double.isFinite
            else { break }
            NumberText.appendJSON(double, to: &writer.bytes)
            return !keeps || keep(.double(double), of: field, &context)
        case (.bool, UInt8(ascii: "t")?), (.bool, UInt8(ascii: "f")?):
            let flag = current == UInt8(ascii: "t")
            try scanner.readLiteral(flag ? "true" : "false")
            writer.write(MappedValue.bool(flag))
            return !keeps || keep(.bool(flag), of: field, &context)
        default:
            break
        }
        scanner.position = start
        return try writeConverted(type: type, field: field, depth: depth, &context)
    }

    /// Checks a value the direct path read against the field's rules when
    /// they are not bounds, and keeps it for the model's checks when they read it.
    ///
    /// - Returns: `false` when a rule fails: the interpreter reports it.
    private mutating func keep(_ value: MappedValue, of field: DirectFieldEntry, _ context: inout MappingContext) -> Bool {
        if field.check == .rules, value != .null {
            let rules = mapper.interpreter.plan.models[field.model].fields[field.index].rules
            guard rules.allSatisfy({ $0.kind.violation(by: value) == nil }) else { return false }
        }
        if field.keepsValue { kept = value }
        return true
    }

    /// What writing a string literal's text as a scalar came to.
    private enum TextOutcome {
        /// It was written; the value read, when asked for.
        case written(MappedValue?)
        /// It breaks a rule or is no value of the type: the interpreter reports it.
        case failed
        /// The interpreter must convert it.
        case converted
    }

    /// Writes the text of a string literal that has no escapes as a scalar.
    ///
    /// The field's check is `none` or `rules`, or for a `String` its
    /// length's bounds and its patterns.
    ///
    /// - Parameter keeps: Whether to give the value read, for the field's rules or the model's checks.
    private mutating func writeText(
        _ text: UnsafeBufferPointer<UInt8>, isASCII: Bool, as scalar: DirectScalar, field: DirectFieldEntry, keeps: Bool
    ) -> TextOutcome {
        switch scalar {
        case .string:
            switch Self.passes(text, isASCII: isASCII, field.check, tables.matchesPatterns(text, field.patterns)) {
            case true?: break
            case false?: return .failed
            case nil: return .converted
            }
            writer.writeUnescapedString(text)
            return .written(keeps ? .string(String(decoding: text, as: UTF8.self)) : nil)
        case .url:
            guard URLValidator.problem(withUTF8: text) == nil else { return .failed }
            writer.writeUnescapedString(text)
            return .written(keeps ? .url(String(decoding: text, as: UTF8.self)) : nil)
        case .iso8601:
            // A date written as the output writes it is copied, and read
            // only when kept, from the fixed places of its digits.
            if !keeps, ISO8601DateParser.isCanonical(utf8: text) {
                writer.writeUnescapedString(text)
                return .written(nil)
            }
            if keeps, let timestamp = ISO8601DateParser.canonicalTimestamp(utf8: text) {
                writer.writeUnescapedString(text)
                return .written(.date(timestamp))
            }
            guard let timestamp = try? ISO8601DateParser.parse(utf8: text) else { return .failed }
            writer.write(.date(timestamp))
            return .written(keeps ? .date(timestamp) : nil)
        case .enumeration(let index, let usesDefault):
            let enumeration = tables.enums[index]
            // A string that is not ASCII may equal an input as Unicode text; the interpreter decides.
            let found = tables.find(text, in: enumeration.inputs) ?? (usesDefault && isASCII ? enumeration.defaultCase : -1)
            guard found >= 0 else { return .converted }
            writer.bytes.appendBytes(tables.bytes(of: tables.caseNames[enumeration.caseNames + found]))
            return .written(keeps ? .string(mapper.interpreter.plan.enums[index].cases[found]) : nil)
        case .int, .double, .bool, .converted:
            return .converted
        }
    }

    /// Writes a `String` field's string literal that has escapes, at
    /// `start`, from what its escapes stand for, escaped again as the writer does.
    ///
    /// The field's check is `none`, `rules` or its length's bounds and patterns.
    ///
    /// - Parameter keeps: Whether to give the value read, for the field's rules or the model's checks.
    /// - Returns: The value read when asked for; `.some(nil)` when a
    ///   bound or pattern fails; `nil` when the interpreter must count its
    ///   characters or match its text.
    private mutating func writeEscapedString(
        from start: Int, field: DirectFieldEntry, keeps: Bool
    ) throws(JSONSyntaxError) -> MappedValue?? {
        var utf8: [UInt8] = []
        try scanner.decodeEscapedString(quoteOffset: start, firstEscape: start + 1, into: &utf8)
        return utf8.withUnsafeBufferPointer { utf8 -> MappedValue?? in
            let isASCII = utf8.allSatisfy { $0 < 0x80 }
            switch Self.passes(utf8, isASCII: isASCII, field.check, tables.matchesPatterns(utf8, field.patterns)) {
            case true?: break
            case false?: return .some(nil)
            case nil: return nil
            }
            writer.writeString(utf8: utf8)
            return .some(.string(keeps ? String(decoding: utf8, as: UTF8.self) : ""))
        }
    }

    /// Whether a `String` field's text passes its length's bounds and its
    /// patterns (`matchesPatterns`, worked out by the caller); `nil` when
    /// only the interpreter can tell.
    private static func passes(
        _ text: UnsafeBufferPointer<UInt8>, isASCII: Bool, _ check: DirectCheck, _ matchesPatterns: @autoclosure () -> Bool?
    ) -> Bool? {
        if case .bounds(let allowed) = check {
            guard let within = length(ofUTF8: text, isASCII: isASCII, isWithin: allowed) else { return nil }
            guard within else { return false }
        }
        return matchesPatterns()
    }

    /// Whether a string's length, its count of characters, is within
    /// `allowed`, told from its UTF-8 alone; `nil` when only counting its
    /// characters can tell.
    ///
    /// Text that is not empty has at least one character and at most one
    /// per byte. ASCII text has exactly one per byte unless it holds `\r\n`,
    /// which is one character.
    static func length(
        ofUTF8 text: UnsafeBufferPointer<UInt8>, isASCII: Bool, isWithin allowed: ClosedRange<Int64>
    ) -> Bool? {
        let most = Int64(text.count)
        let least: Int64 = text.isEmpty ? 0 : 1
        if allowed.contains(least), allowed.contains(most) { return true }
        if most < allowed.lowerBound || least > allowed.upperBound { return false }
        let hasCRLF = zip(text, text.dropFirst()).contains { $0 == 0x0D && $1 == 0x0A }
        return isASCII && !hasCRLF ? allowed.contains(most) : nil
    }

    /// Parses the value at the scanner's position and lets the interpreter
    /// convert it to a field's type and check it.
    ///
    /// - Parameter type: The type, by index in `DirectPlan.types`.
    mutating func writeConverted(
        type: Int, field: DirectFieldEntry, depth: Int, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        let value = try scanner.readValue(depth: depth, expected: .value)
        let plan = plan(of: field)
        guard let mapped = mapper.interpreter.convert(value, to: mapper.direct.types[type], field: plan, &context),
            mapper.interpreter.validate(mapped, field: plan, &context)
        else { return false }
        writer.write(mapped)
        if field.keepsValue { kept = mapped }
        return true
    }
}
