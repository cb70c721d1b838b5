/// Prints a syntax tree as an indented outline, for golden tests and the REPL's `:ast`.
///
/// Each line is one node: its kind, its key data, and `@line:column` where
/// its span starts. Children are indented two spaces under their parent.
/// Types, literals and key paths are printed on one line in source form,
/// such as `[String: Int]?`, `{"a": [1, 2]}` or `labels[0].name`.
package enum ASTDumper {
    /// Dumps a rules file.
    ///
    /// - Parameters:
    ///   - file: The syntax tree.
    ///   - source: The file it came from, to turn offsets into lines and columns.
    /// - Returns: The outline, one node per line, ending with a newline.
    package static func dump(_ file: RulesFile, source: SourceFile) -> String {
        var printer = Printer(source: source)
        printer.line("file", file.span, depth: 0)
        for item in file.items {
            printer.decl(item, depth: 1)
        }
        for comment in file.comments {
            printer.line("comment \(RulesText.quoted(comment.text, limit: nil))", comment.span, depth: 1)
        }
        return printer.output
    }

    // MARK: - Implementation

    /// Collects the outline's lines.
    private struct Printer {
        /// The file, for line and column numbers.
        let source: SourceFile
        /// The text so far.
        var output = ""

        /// Adds one node's line.
        mutating func line(_ text: String, _ span: Span, depth: Int) {
            let location = source.location(of: span.start)
            output += String(repeating: "  ", count: depth) + text + " @\(location)\n"
        }

        /// A top-level item.
        mutating func decl(_ decl: Decl, depth: Int) {
            switch decl {
            case .setting(let setting):
                line(ASTDumper.setting(setting.kind), setting.span, depth: depth)
            case .model(let model):
                line("model \(model.name.name)" + (model.parent.map { " extends \($0.name)" } ?? ""), model.span, depth: depth)
                for member in model.members {
                    self.member(member, depth: depth + 1)
                }
            case .enumeration(let enumeration):
                line("enum \(enumeration.name.name)", enumeration.span, depth: depth)
                for enumCase in enumeration.cases {
                    let inputs = enumCase.inputs.isEmpty ? "" : " from " + ASTDumper.literals(enumCase.inputs)
                    line("case \(enumCase.name.name)\(inputs)", enumCase.span, depth: depth + 1)
                }
                if let chosen = enumeration.defaultCase {
                    line("default \(chosen.name)", chosen.span, depth: depth + 1)
                }
            case .table(let table):
                line("table \(table.name.name)", table.span, depth: depth)
                for row in table.rows {
                    let text = "row \(ASTDumper.literals(row.inputs)) -> \(ASTDumper.literal(row.output))"
                    line(text, row.span, depth: depth + 1)
                }
                if let value = table.defaultValue {
                    line("default -> \(ASTDumper.literal(value))", value.span, depth: depth + 1)
                }
            case .transform(let transform):
                line("transform \(transform.name.name)", transform.span, depth: depth)
                pipeline(transform.pipeline, depth: depth + 1)
            case .choice(let choice):
                line("choice \(choice.name.name) by \(ASTDumper.keyPath(choice.discriminator))", choice.span, depth: depth)
                for variant in choice.variants {
                    line("variant \(ASTDumper.literals(variant.inputs)) -> \(variant.model.name)", variant.span, depth: depth + 1)
                }
                if let model = choice.defaultModel {
                    line("default -> \(model.name)", model.span, depth: depth + 1)
                }
            case .test(let test):
                self.test(test, depth: depth)
            }
        }

        /// A test and its clauses.
        mutating func test(_ test: TestDecl, depth: Int) {
            line("test \(RulesText.quoted(test.name.value, limit: nil))", test.span, depth: depth)
            if let model = test.model {
                line("model \(model.name.name)", model.span, depth: depth + 1)
            }
            for (keyword, data) in [("input", test.input), ("output", test.output)] {
                guard let data else { continue }
                line("\(keyword) \(RulesFormatter.written(data.source))", data.span, depth: depth + 1)
            }
            if let errors = test.errors {
                line("errors", errors.span, depth: depth + 1)
                for error in errors.errors {
                    line("error \(RulesFormatter.written(error))", error.span, depth: depth + 2)
                }
            }
        }

        /// A member of a model.
        mutating func member(_ member: ModelMember, depth: Int) {
            switch member {
            case .setting(let setting):
                line(ASTDumper.setting(setting.kind), setting.span, depth: depth)
            case .field(let field):
                line("field \(field.name.name)", field.span, depth: depth)
                line("type \(ASTDumper.type(field.type))", field.type.span, depth: depth + 1)
                if let computed = field.computed {
                    line("computed", computed.span, depth: depth + 1)
                    expr(computed, depth: depth + 2)
                }
                for path in field.sources ?? [] {
                    line("from \(ASTDumper.keyPath(path))", path.span, depth: depth + 1)
                }
                if let stages = field.pipeline {
                    pipeline(stages, depth: depth + 1)
                }
                if let clause = field.defaultValue {
                    let condition = clause.onlyWhenMissing ? " when missing" : ""
                    line("default \(ASTDumper.literal(clause.value))\(condition)", clause.span, depth: depth + 1)
                }
                for rule in field.rules {
                    line("rule \(ASTDumper.call(rule.name, rule.arguments))", rule.span, depth: depth + 1)
                }
                if let span = field.oneOrMany {
                    line("oneOrMany", span, depth: depth + 1)
                }
                if let span = field.lossy {
                    line("lossy", span, depth: depth + 1)
                }
                if let span = field.flatten {
                    line("flatten", span, depth: depth + 1)
                }
                if let nulls = field.nulls {
                    line(nulls.omit ? "omitNull" : "keepNull", nulls.span, depth: depth + 1)
                }
            case .check(let check):
                let message = check.message.map { " else \(RulesText.quoted($0, limit: nil))" } ?? ""
                line("check\(message)", check.span, depth: depth)
                expr(check.condition, depth: depth + 1)
            }
        }

        /// A pipeline and its stages.
        mutating func pipeline(_ pipeline: Pipeline, depth: Int) {
            line("pipeline", pipeline.span, depth: depth)
            for stage in pipeline.stages {
                line("call \(ASTDumper.call(stage.name, stage.arguments))", stage.span, depth: depth + 1)
            }
        }

        /// A check expression and its operands.
        mutating func expr(_ expr: Expr, depth: Int) {
            switch expr.kind {
            case .literal(let literal):
                line("literal \(ASTDumper.literal(literal))", expr.span, depth: depth)
            case .reference(let path):
                line("ref \(path.map(\.name).joined(separator: "."))", expr.span, depth: depth)
            case .call(let name, let arguments):
                line("call \(name.name)", expr.span, depth: depth)
                for argument in arguments {
                    self.expr(argument, depth: depth + 1)
                }
            case .not(let operand):
                line("not", expr.span, depth: depth)
                self.expr(operand, depth: depth + 1)
            case .binary(let op, let left, let right):
                line(op.rawValue, expr.span, depth: depth)
                self.expr(left, depth: depth + 1)
                self.expr(right, depth: depth + 1)
            case .conditional(let condition, let whenTrue, let whenFalse):
                line("if", expr.span, depth: depth)
                for part in [condition, whenTrue, whenFalse] {
                    self.expr(part, depth: depth + 1)
                }
            case .input(let path):
                line("input $.\(ASTDumper.keyPath(path))", expr.span, depth: depth)
            }
        }
    }

    /// A setting in source form: `root Issue`, `strict`.
    static func setting(_ kind: SettingKind) -> String {
        RulesFormatter.written(kind)
    }

    /// A type in source form: `[String: [Int]]?`.
    static func type(_ type: TypeRef) -> String {
        switch type.kind {
        case .named(let name): return name.name
        case .array(let element): return "[\(self.type(element))]"
        case .dictionary(let key, let value): return "[\(self.type(key)): \(self.type(value))]"
        case .optional(let wrapped): return "\(self.type(wrapped))?"
        }
    }

    /// A key path in source form: `labels[0].name`, `meta."a.b".c`.
    static func keyPath(_ path: KeyPath) -> String {
        guard !path.components.isEmpty else { return "$" }
        var text = ""
        for (position, component) in path.components.enumerated() {
            switch component.kind {
            case .key(let key, let quoted):
                text += (position == 0 ? "" : ".") + (quoted ? RulesText.quoted(key, limit: nil) : key)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// A transformer or rule call in source form: `timestamp(ms)`, `nonEmpty`.
    static func call(_ name: Identifier, _ arguments: [Literal]) -> String {
        arguments.isEmpty ? name.name : "\(name.name)(\(literals(arguments)))"
    }

    /// Literals separated by `, `.
    static func literals(_ values: [Literal]) -> String {
        values.map(literal).joined(separator: ", ")
    }

    /// A literal in source form: `"a"`, `1...`, `[1, 2]`, `{"k": v}`.
    static func literal(_ literal: Literal) -> String {
        switch literal.kind {
        case .string(let value): return RulesText.quoted(value, limit: nil)
        case .integer(let digits), .decimal(let digits): return digits
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .word(let word): return word
        case .array(let elements): return "[\(literals(elements))]"
        case .object(let members):
            return "{" + members.map { "\(RulesText.quoted($0.key, limit: nil)): \(self.literal($0.value))" }
                .joined(separator: ", ") + "}"
        case .range(let lower, let upper, let includesUpper):
            return (lower.map(self.literal) ?? "") + (includesUpper ? "..." : "..<") + (upper.map(self.literal) ?? "")
        }
    }
}
