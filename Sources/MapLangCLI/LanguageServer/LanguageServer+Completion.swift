import MapLang

/// Completion from what the line holds before the cursor: transformers and
/// tables after `using` or `|`, rules after `where`, types after a field's
/// `:`, enum cases and fields in a `check`, and else the keywords the
/// grammar allows at the start of a line, inside a model or at the top.
extension LanguageServer {
    /// The protocol's completion item kinds used.
    private enum ItemKind: Int {
        case function = 3
        case field = 5
        case `class` = 7
        case interface = 8
        case keyword = 14
        case `enum` = 13
        case enumMember = 20
        case `struct` = 22
    }

    /// The built-in types, as rules write them.
    static let builtinTypes = ["String", "Int", "Double", "Decimal", "Bool", "Date", "URL", "Data", "JSON"]

    /// The completion items at a position; none inside a string or a comment.
    static func completion(in document: TextDocument, at position: TextPosition16) -> JSONValue {
        let offset = document.offset(of: position)
        let lineStart = document.offset(of: TextPosition16(line: position.line, character: 0))
        let before = String(decoding: document.bytes[lineStart..<offset], as: UTF8.self)
        if Self.isInStringOrComment(before) { return .array([]) }
        let words = before.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        let partial = before.last.map { $0.isLetter || $0.isNumber || $0 == "_" } == true ? String(words.last ?? "") : ""
        let context = before.dropLast(partial.count).trimmingSuffix(while: \.isWhitespace)
        let file = RulesParser.parse(document.source).file
        let sourceOffset = document.sourceOffset(of: position)
        let index = SymbolIndex(file: file)
        let declared = index.declarations.values.sorted { $0.name.name < $1.name.name }
        var items: [(String, ItemKind, String?)] = []
        let lastWord = context.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).last.map(String.init)
        if context.hasSuffix("|") || lastWord == "using" && context.hasSuffix("using") {
            items += BuiltinTransformer.all.map { ($0.name, .function, $0.summary) }
            items += declared.filter { $0.kind == .transform || $0.kind == .table }.map { ($0.name.name, .function, $0.kind.rawValue) }
        } else if context.hasSuffix("where") || (context.hasSuffix(",") && Self.clause(of: context) == "where") {
            items += BuiltinRule.all.map { ($0.name, .function, $0.summary) }
        } else if context.hasSuffix(":") || context.hasSuffix("[") {
            items += Self.builtinTypes.map { ($0, .class, "built-in type") }
            items += declared.filter { $0.kind == .model || $0.kind == .enumeration || $0.kind == .choice }.map {
                ($0.name.name, $0.kind == .enumeration ? .enum : $0.kind == .choice ? .interface : .class, $0.kind.rawValue)
            }
        } else if context.trimmingPrefix(while: \.isWhitespace).hasPrefix("check") {
            items += ["and", "or", "not", "if", "then", "else", "true", "false", "null"].map { ($0, .keyword, nil) }
            items += Self.fieldsAndCases(at: sourceOffset, in: file)
        } else if context.isEmpty {
            let inModel = file.items.contains { item in
                if case .model(let model) = item { return model.span.start < sourceOffset && sourceOffset < model.span.end }
                return false
            }
            let keywords =
                inModel
                ? ["check", "only", "except", "ignore", "unknown", "keys", "nulls", "strict", "lenient"]
                : ["model", "enum", "table", "transform", "choice", "test", "root", "strict", "lenient", "keys", "nulls"]
            items += keywords.map { ($0, .keyword, nil) }
        } else {
            items += ["from", "using", "default", "where", "oneOrMany", "lossy", "flatten", "omitNull", "keepNull"].map { ($0, .keyword, nil) }
        }
        return .array(
            items.filter { partial.isEmpty || $0.0.hasPrefix(partial) }.map { item in
                var members: [(String, JSONValue)] = [("label", .string(item.0)), ("kind", .integer(item.1.rawValue))]
                if let detail = item.2 { members.append(("detail", .string(detail))) }
                return .members(members)
            })
    }

    /// Whether the end of a line's text is inside a string, a comment, or
    /// a test's JSON (`input {…`, `output [...`), where rules are not written.
    private static func isInStringOrComment(_ text: String) -> Bool {
        let trimmed = text.drop(while: \.isWhitespace)
        if trimmed.hasPrefix("input") || trimmed.hasPrefix("output"), trimmed.contains(where: { $0 == "{" || $0 == "[" }) { return true }
        var inString = false
        var escaped = false
        var previous: Character?
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && previous == "/" {
                return true
            }
            previous = character
        }
        return inString
    }

    /// The last clause keyword before the end of a line's text.
    private static func clause(of text: Substring) -> String? {
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
        return words.last { ["from", "using", "default", "where"].contains($0) }
    }

    /// The fields of the model around an offset and every enum's cases, for a `check`.
    private static func fieldsAndCases(at offset: Int, in file: RulesFile) -> [(String, ItemKind, String?)] {
        var items: [(String, ItemKind, String?)] = []
        for item in file.items {
            switch item {
            case .model(let model) where model.span.start < offset && offset < model.span.end:
                for case .field(let field) in model.members { items.append((field.name.name, .field, "field of \(model.name.name)")) }
            case .enumeration(let enumeration):
                items += enumeration.cases.map { ($0.name.name, .enumMember, "case of \(enumeration.name.name)") }
            case .model, .setting, .table, .transform, .choice, .test:
                break
            }
        }
        return items
    }
}

extension Substring {
    /// The text without the characters at its end that match.
    func trimmingSuffix(while matches: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, matches(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
