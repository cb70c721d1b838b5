/// The canonical text of the parts of a declaration that fit on one line.
extension RulesFormatter {
    /// `root Name`, `strict`, `lenient`, `keys strategy`, `only a, b`,
    /// `except a`, `ignore "_links"`, `unknown keep extras`, `nulls omit`.
    package static func written(_ setting: SettingKind) -> String {
        switch setting {
        case .root(let name): "root " + name.name
        case .strict: "strict"
        case .lenient: "lenient"
        case .keys(let strategy): "keys " + strategy.name
        case .only(let names): "only " + names.map(\.name).joined(separator: ", ")
        case .except(let names): "except " + names.map(\.name).joined(separator: ", ")
        case .ignore(let keys):
            "ignore "
                + keys.map { RulesText.needsQuotes($0.name, first: false) ? RulesText.quoted($0.name, limit: nil) : $0.name }
                .joined(separator: ", ")
        case .unknownKeys(.ignore): "unknown ignore"
        case .unknownKeys(.reject): "unknown reject"
        case .unknownKeys(.keep(let field)): "unknown keep " + field.name
        case .nulls(let omit): omit ? "nulls omit" : "nulls keep"
        }
    }

    /// `"a", "b" -> Model`.
    static func written(_ variant: ChoiceVariant) -> String {
        variant.inputs.map(written).joined(separator: ", ") + " -> " + variant.model.name
    }

    /// `name: Type = expression oneOrMany lossy flatten omitNull from a, b using x | y default v when missing where r1, r2`.
    ///
    /// - Parameter computed: The ` = expression` of a computed field, as the layout writes it.
    static func written(_ field: FieldDecl, computed: String?) -> String {
        var text = field.name.name + ": " + written(field.type) + (computed ?? "")
        if field.oneOrMany != nil {
            text += " oneOrMany"
        }
        if field.lossy != nil {
            text += " lossy"
        }
        if field.flatten != nil {
            text += " flatten"
        }
        if let nulls = field.nulls {
            text += nulls.omit ? " omitNull" : " keepNull"
        }
        if let sources = field.sources {
            text += " from " + sources.map(written).joined(separator: ", ")
        }
        if let pipeline = field.pipeline {
            text += " using " + written(pipeline)
        }
        if let clause = field.defaultValue {
            text += " default " + written(clause.value) + (clause.onlyWhenMissing ? " when missing" : "")
        }
        if !field.rules.isEmpty {
            text += " where " + field.rules.map { call($0.name, $0.arguments) }.joined(separator: ", ")
        }
        return text
    }

    /// `String`, `[Label]`, `[String: Int]`, `Date?`.
    static func written(_ type: TypeRef) -> String {
        switch type.kind {
        case .named(let name): name.name
        case .array(let element): "[" + written(element) + "]"
        case .dictionary(let key, let value): "[" + written(key) + ": " + written(value) + "]"
        case .optional(let wrapped): written(wrapped) + "?"
        }
    }

    /// `user.login`, `labels[0].name`, `"ext.desc"`, `meta."a.b".c`.
    static func written(_ path: KeyPath) -> String {
        guard !path.components.isEmpty else { return "$" }
        var text = ""
        for (position, component) in path.components.enumerated() {
            switch component.kind {
            case .key(let key, quoted: _):
                if position > 0 { text += "." }
                text += RulesText.needsQuotes(key, first: position == 0) ? RulesText.quoted(key, limit: nil) : key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// `trim | lowercase | date("yyyy")`.
    static func written(_ pipeline: Pipeline) -> String {
        pipeline.stages.map { call($0.name, $0.arguments) }.joined(separator: " | ")
    }

    /// A transformer or rule: `nonEmpty`, `length(1...256)`; no parentheses without arguments.
    static func call(_ name: Identifier, _ arguments: [Literal]) -> String {
        arguments.isEmpty ? name.name : name.name + "(" + arguments.map(written).joined(separator: ", ") + ")"
    }

    /// A literal: `"text"`, `-42`, `1e3`, `true`, `null`, `open`, `[1, 2]`, `{"a": 1}`, `1..<5`.
    static func written(_ literal: Literal) -> String {
        switch literal.kind {
        case .string(let text): RulesText.quoted(text, limit: nil)
        case .integer(let digits), .decimal(let digits): digits
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .word(let word): word
        case .array(let elements): "[" + elements.map(written).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { RulesText.quoted($0.key, limit: nil) + ": " + written($0.value) }
                .joined(separator: ", ") + "}"
        case .range(let lower, let upper, let includesUpper):
            (lower.map(written) ?? "") + (includesUpper ? "..." : "..<") + (upper.map(written) ?? "")
        }
    }

    /// `name` or `name from "a", 2`.
    static func written(_ enumCase: EnumCaseDecl) -> String {
        let inputs = enumCase.inputs.map(written).joined(separator: ", ")
        return enumCase.name.name + (enumCase.inputs.isEmpty ? "" : " from " + inputs)
    }

    /// `"a", "b" -> 1`.
    static func written(_ row: TableRow) -> String {
        row.inputs.map(written).joined(separator: ", ") + " -> " + written(row.output)
    }
}
