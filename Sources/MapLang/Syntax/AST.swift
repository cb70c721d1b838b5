/// The syntax tree of a rules file, as the parser builds it.
///
/// Every node carries the span of source text it came from; a parent's span
/// runs from its first token to its last. Nodes are plain values: the checker
/// reads them once and builds a resolved `Plan`, so nothing downstream of the
/// checker ever sees an unresolved name.
package struct RulesFile: Sendable, Equatable {
    /// The declarations and settings in source order.
    package var items: [Decl]
    /// Every comment in the file, in source order, for the formatter.
    package var comments: [Comment]
    /// The span of the whole file.
    package var span: Span

    /// Creates a rules file node.
    package init(items: [Decl], comments: [Comment], span: Span) {
        self.items = items
        self.comments = comments
        self.span = span
    }
}

/// A `//` comment, kept so the formatter can put it back.
package struct Comment: Sendable, Equatable {
    /// The comment's text after `//`, without the line terminator.
    package var text: String
    /// Where the comment is, from `//` to the end of its line.
    package var span: Span

    /// Creates a comment node.
    package init(text: String, span: Span) {
        self.text = text
        self.span = span
    }
}

/// A name written in the rules, with its own span.
package struct Identifier: Sendable, Equatable, Hashable {
    /// The name as written.
    package var name: String
    /// Where the name is.
    package var span: Span

    /// Creates an identifier node.
    package init(_ name: String, span: Span) {
        self.name = name
        self.span = span
    }
}

/// A top-level item of a rules file.
package enum Decl: Sendable, Equatable {
    /// A file-wide setting such as `root Issue` or `strict`.
    case setting(Setting)
    /// `model Name { … }`.
    case model(ModelDecl)
    /// `enum Name { … }`.
    case enumeration(EnumDecl)
    /// `table name { … }`.
    case table(TableDecl)
    /// `transform name = a | b`.
    case transform(TransformDecl)
    /// `choice Name by key { "a" -> ModelA … }`.
    case choice(ChoiceDecl)
    /// `test "name" { input …  output … }`.
    case test(TestDecl)
}

/// A setting, at file level or at the start of a model's body.
package struct Setting: Sendable, Equatable {
    /// What the setting says.
    package var kind: SettingKind
    /// From the setting's keyword to its last token.
    package var span: Span

    /// Creates a setting node.
    package init(kind: SettingKind, span: Span) {
        self.kind = kind
        self.span = span
    }
}

/// The settings the language knows.
package enum SettingKind: Sendable, Equatable {
    /// `root Name`: the model that input documents map to (file level only).
    case root(Identifier)
    /// `strict`: turn type coercion off.
    case strict
    /// `lenient`: turn type coercion on, undoing a file-level `strict` for one model.
    case lenient
    /// `keys strategy`: how field names become JSON keys, such as `snake_case`.
    case keys(Identifier)
    /// `only a, b`: keep just these fields, of those declared and inherited (model only).
    case only([Identifier])
    /// `except a, b`: drop these fields, of those declared and inherited (model only).
    case except([Identifier])
    /// `ignore "_links", node_id`: keys the model knows of and does not map (model only).
    case ignore([Identifier])
    /// `unknown ignore | reject | keep field`: what to do with keys the model does not mention.
    case unknownKeys(UnknownKeysPolicy)
    /// `nulls omit` (`true`) or `nulls keep`: whether output leaves out keys whose value is `null`.
    case nulls(omit: Bool)
}

/// What a model does with keys in its input that it does not mention.
package enum UnknownKeysPolicy: Sendable, Equatable {
    /// `unknown ignore`: nothing; the default.
    case ignore
    /// `unknown reject`: the record fails, naming the keys.
    case reject
    /// `unknown keep field`: the keys and their values go into a `JSON` field.
    case keep(Identifier)
}

/// `model Name [extends Parent] { members }`.
package struct ModelDecl: Sendable, Equatable {
    /// The model's name.
    package var name: Identifier
    /// `extends Parent`: the model whose fields, settings and checks it inherits.
    package var parent: Identifier?
    /// Settings, fields and checks in source order.
    package var members: [ModelMember]
    /// From `model` to the closing brace.
    package var span: Span

    /// Creates a model node.
    package init(name: Identifier, parent: Identifier? = nil, members: [ModelMember], span: Span) {
        self.name = name
        self.parent = parent
        self.members = members
        self.span = span
    }
}

/// One entry in a model's body.
package enum ModelMember: Sendable, Equatable {
    /// A model-level setting: `keys`, `strict` or `lenient`.
    case setting(Setting)
    /// `name: Type clauses…`.
    case field(FieldDecl)
    /// `check condition else "message"`.
    case check(CheckDecl)
}

/// A field: its name, type and the clauses that say where its value comes
/// from, how it is transformed, what fills it when absent, and what it must satisfy.
package struct FieldDecl: Sendable, Equatable {
    /// The field's name, which is also its key in the output.
    package var name: Identifier
    /// The field's declared type.
    package var type: TypeRef
    /// `from a.b, c`: the key paths to read, first present wins; `nil` when
    /// the key comes from the field's name through the naming strategy.
    package var sources: [KeyPath]?
    /// `using a | b`: the transformers applied to the raw value.
    package var pipeline: Pipeline?
    /// `default value [when missing]`.
    package var defaultValue: DefaultClause?
    /// `where rule, rule`: validation rules on the field's value.
    package var rules: [RuleCall]
    /// `oneOrMany`, where it is written: an array field that also reads a
    /// single value as an array of one.
    package var oneOrMany: Span?
    /// `lossy`, where it is written: an array or dictionary field that drops
    /// the elements that fail to map, with a warning each, and keeps the rest.
    package var lossy: Span?
    /// `flatten`, where it is written: a model field whose fields the output
    /// writes into the enclosing object instead of under the field's name.
    package var flatten: Span?
    /// `omitNull` (`true`) or `keepNull`, where it is written: the field's
    /// own choice over its model's `nulls` setting.
    package var nulls: NullsClause?
    /// `= expression`: a computed field's value, worked out from the
    /// model's other fields and the record's input instead of read from a key.
    package var computed: Expr?
    /// From the field's name to its last clause.
    package var span: Span

    /// Creates a field node.
    package init(
        name: Identifier, type: TypeRef, sources: [KeyPath]?, pipeline: Pipeline?,
        defaultValue: DefaultClause?, rules: [RuleCall], oneOrMany: Span? = nil, lossy: Span? = nil,
        flatten: Span? = nil, nulls: NullsClause? = nil, computed: Expr? = nil, span: Span
    ) {
        self.name = name
        self.type = type
        self.sources = sources
        self.pipeline = pipeline
        self.defaultValue = defaultValue
        self.rules = rules
        self.oneOrMany = oneOrMany
        self.lossy = lossy
        self.flatten = flatten
        self.computed = computed
        self.nulls = nulls
        self.span = span
    }
}

/// `omitNull` or `keepNull` after a field.
package struct NullsClause: Sendable, Equatable {
    /// `true` for `omitNull`, `false` for `keepNull`.
    package var omit: Bool
    /// Where the word is written.
    package var span: Span

    /// Creates the clause.
    package init(omit: Bool, span: Span) {
        self.omit = omit
        self.span = span
    }
}

/// A type as written: `String`, `[Label]`, `[String: Int]`, `Date?`.
package struct TypeRef: Sendable, Equatable {
    /// The shape of the type.
    package var kind: TypeRefKind
    /// Where the type is written.
    package var span: Span

    /// Creates a type node.
    package init(kind: TypeRefKind, span: Span) {
        self.kind = kind
        self.span = span
    }
}

/// The shapes a written type can take.
package enum TypeRefKind: Sendable, Equatable {
    /// A built-in type, a model or an enum, by name.
    case named(Identifier)
    /// `[Element]`.
    indirect case array(TypeRef)
    /// `[Key: Value]`; the checker requires `Key` to be `String`.
    indirect case dictionary(key: TypeRef, value: TypeRef)
    /// `Wrapped?`.
    indirect case optional(TypeRef)
}

/// A path of keys and array indices into a JSON document: `user.login`,
/// `labels[0].name`, `"ext.desc"`; `$`, with no steps, is the object itself.
package struct KeyPath: Sendable, Equatable {
    /// The steps from the record inward.
    package var components: [KeyComponent]
    /// From the first step to the last.
    package var span: Span

    /// Creates a key path node.
    package init(components: [KeyComponent], span: Span) {
        self.components = components
        self.span = span
    }
}

/// One step of a key path.
package struct KeyComponent: Sendable, Equatable {
    /// What the step selects.
    package var kind: KeyComponentKind
    /// Where the step is written.
    package var span: Span

    /// Creates a key path step.
    package init(kind: KeyComponentKind, span: Span) {
        self.kind = kind
        self.span = span
    }
}

/// What one step of a key path selects.
package enum KeyComponentKind: Sendable, Equatable {
    /// An object key; `quoted` records whether it was written as a string,
    /// which it must be when it holds a dot or is not a plain word.
    case key(String, quoted: Bool)
    /// An array element, `[2]`; negative indices count from the end.
    case index(Int)
}

/// `using a | b(arg) | c`: transformers applied in order.
package struct Pipeline: Sendable, Equatable {
    /// The stages, first applied first.
    package var stages: [TransformCall]
    /// From the first stage to the last.
    package var span: Span

    /// Creates a pipeline node.
    package init(stages: [TransformCall], span: Span) {
        self.stages = stages
        self.span = span
    }
}

/// One transformer in a pipeline: a name and its arguments, `timestamp(ms)`.
package struct TransformCall: Sendable, Equatable {
    /// The transformer's name: a built-in, a `table` or a `transform`.
    package var name: Identifier
    /// The arguments in parentheses; empty when none were written.
    package var arguments: [Literal]
    /// From the name to the closing parenthesis.
    package var span: Span

    /// Creates a transformer call node.
    package init(name: Identifier, arguments: [Literal], span: Span) {
        self.name = name
        self.arguments = arguments
        self.span = span
    }
}

/// `default value` or `default value when missing`.
package struct DefaultClause: Sendable, Equatable {
    /// The value that fills the field.
    package var value: Literal
    /// `true` for `when missing`: only an absent key takes the default, and an
    /// explicit `null` stays `null`. Otherwise both absent and `null` take it.
    package var onlyWhenMissing: Bool
    /// From `default` to the clause's last token.
    package var span: Span

    /// Creates a default clause node.
    package init(value: Literal, onlyWhenMissing: Bool, span: Span) {
        self.value = value
        self.onlyWhenMissing = onlyWhenMissing
        self.span = span
    }
}

/// A validation rule on a field: `nonEmpty`, `length(1...256)`, `pattern("^a")`.
package struct RuleCall: Sendable, Equatable {
    /// The rule's name.
    package var name: Identifier
    /// The rule's arguments; empty when none were written.
    package var arguments: [Literal]
    /// From the name to the closing parenthesis.
    package var span: Span

    /// Creates a rule node.
    package init(name: Identifier, arguments: [Literal], span: Span) {
        self.name = name
        self.arguments = arguments
        self.span = span
    }
}

/// A literal value: in defaults, arguments, tables, enum inputs and checks.
package struct Literal: Sendable, Equatable {
    /// The value.
    package var kind: LiteralKind
    /// Where it is written.
    package var span: Span

    /// Creates a literal node.
    package init(kind: LiteralKind, span: Span) {
        self.kind = kind
        self.span = span
    }
}

/// The values a literal can write.
package enum LiteralKind: Sendable, Equatable {
    /// `"text"`, escapes already decoded.
    case string(String)
    /// A number with neither fraction nor exponent, as written: `-42`.
    case integer(String)
    /// A number with a fraction or exponent, as written: `19.99`, `1e3`.
    case decimal(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// A bare word, such as an enum case name or the `ms` in `timestamp(ms)`.
    case word(String)
    /// `[a, b]`.
    case array([Literal])
    /// `{"key": value}`.
    case object([LiteralMember])
    /// `low...high`, `low..<high`, `low...`, `...high`.
    indirect case range(lower: Literal?, upper: Literal?, includesUpper: Bool)
}

/// One `"key": value` pair of an object literal.
package struct LiteralMember: Sendable, Equatable {
    /// The key.
    package var key: String
    /// The value.
    package var value: Literal

    /// Creates an object literal member.
    package init(key: String, value: Literal) {
        self.key = key
        self.value = value
    }
}

/// `check condition else "message"`: a rule over several fields of a model.
package struct CheckDecl: Sendable, Equatable {
    /// The condition every record must satisfy.
    package var condition: Expr
    /// The message reported when the condition is false; `nil` to report the condition itself.
    package var message: String?
    /// From `check` to the message.
    package var span: Span

    /// Creates a check node.
    package init(condition: Expr, message: String?, span: Span) {
        self.condition = condition
        self.message = message
        self.span = span
    }
}

/// An expression in a `check`.
package struct Expr: Sendable, Equatable {
    /// The expression's form.
    package var kind: ExprKind
    /// From its first token to its last.
    package var span: Span

    /// Creates an expression node.
    package init(kind: ExprKind, span: Span) {
        self.kind = kind
        self.span = span
    }
}

/// The forms of a check expression.
package enum ExprKind: Sendable, Equatable {
    /// A string, number, boolean or `null` literal.
    case literal(Literal)
    /// A bare name: a field, a field of a nested model (`assignee.login`), or,
    /// compared with an enum field, one of its cases.
    case reference([Identifier])
    /// A function over values: `count(labels)`.
    case call(Identifier, [Expr])
    /// `not operand`.
    indirect case not(Expr)
    /// `left op right`.
    indirect case binary(BinaryOperator, Expr, Expr)
    /// `if condition then value else value`.
    indirect case conditional(Expr, Expr, Expr)
    /// `$.key.path`: a value of the record's input, read as a `from` path reads it.
    case input(KeyPath)
}

/// The binary operators of expressions, loosest first.
package enum BinaryOperator: String, Sendable, Equatable {
    /// `or`: true when either side is.
    case or
    /// `and`: true when both sides are.
    case and
    /// `==`.
    case equal = "=="
    /// `!=`.
    case notEqual = "!="
    /// `<`.
    case less = "<"
    /// `<=`.
    case lessOrEqual = "<="
    /// `>`.
    case greater = ">"
    /// `>=`.
    case greaterOrEqual = ">="
    /// `??`: the left side, or the right when the left is `null`.
    case coalesce = "??"
    /// `+`: a sum, or two strings joined.
    case add = "+"
    /// `-`.
    case subtract = "-"
    /// `*`.
    case multiply = "*"
    /// `/`.
    case divide = "/"
}

/// `enum Name { cases… default case }`.
package struct EnumDecl: Sendable, Equatable {
    /// The enum's name.
    package var name: Identifier
    /// The cases in source order.
    package var cases: [EnumCaseDecl]
    /// `default name`: the case unknown input maps to; without it unknown input is an error.
    package var defaultCase: Identifier?
    /// From `enum` to the closing brace.
    package var span: Span

    /// Creates an enum node.
    package init(name: Identifier, cases: [EnumCaseDecl], defaultCase: Identifier?, span: Span) {
        self.name = name
        self.cases = cases
        self.defaultCase = defaultCase
        self.span = span
    }
}

/// `name` or `name from "a", "b", 3`: an enum case and the JSON values that select it.
package struct EnumCaseDecl: Sendable, Equatable {
    /// The case's name, which is also what the output holds.
    package var name: Identifier
    /// The inputs that select the case; empty means the case's own name.
    /// The first is the one reverse mapping writes.
    package var inputs: [Literal]
    /// From the name to the last input.
    package var span: Span

    /// Creates an enum case node.
    package init(name: Identifier, inputs: [Literal], span: Span) {
        self.name = name
        self.inputs = inputs
        self.span = span
    }
}

/// `table name { "a", "b" -> 1  default -> 0 }`: a named lookup transformer.
package struct TableDecl: Sendable, Equatable {
    /// The table's name, used in `using`.
    package var name: Identifier
    /// The rows in source order.
    package var rows: [TableRow]
    /// `default -> value`: the output for input no row lists; without it such input is an error.
    package var defaultValue: Literal?
    /// From `table` to the closing brace.
    package var span: Span

    /// Creates a table node.
    package init(name: Identifier, rows: [TableRow], defaultValue: Literal?, span: Span) {
        self.name = name
        self.rows = rows
        self.defaultValue = defaultValue
        self.span = span
    }
}

/// `"a", "b" -> output`: one row of a table.
package struct TableRow: Sendable, Equatable {
    /// The inputs that give `output`; the first is the one reverse mapping writes.
    package var inputs: [Literal]
    /// The value the inputs become.
    package var output: Literal
    /// From the first input to the output.
    package var span: Span

    /// Creates a table row node.
    package init(inputs: [Literal], output: Literal, span: Span) {
        self.inputs = inputs
        self.output = output
        self.span = span
    }
}

/// `choice Name by key.path { "a" -> ModelA  default -> ModelB }`: a value
/// that is one of several models, chosen by the value at a discriminator key.
package struct ChoiceDecl: Sendable, Equatable {
    /// The choice's name, used as a type or a root.
    package var name: Identifier
    /// The key path whose value chooses the model.
    package var discriminator: KeyPath
    /// The values and the model each chooses, in source order.
    package var variants: [ChoiceVariant]
    /// `default -> Model`: the model for values no variant lists.
    package var defaultModel: Identifier?
    /// From `choice` to the closing brace.
    package var span: Span

    /// Creates a choice node.
    package init(name: Identifier, discriminator: KeyPath, variants: [ChoiceVariant], defaultModel: Identifier?, span: Span) {
        self.name = name
        self.discriminator = discriminator
        self.variants = variants
        self.defaultModel = defaultModel
        self.span = span
    }
}

/// `"a", "b" -> Model`: the discriminator values that choose one model.
package struct ChoiceVariant: Sendable, Equatable {
    /// The values; the first is the one reverse mapping writes.
    package var inputs: [Literal]
    /// The model they choose.
    package var model: Identifier
    /// From the first value to the model's name.
    package var span: Span

    /// Creates a variant node.
    package init(inputs: [Literal], model: Identifier, span: Span) {
        self.inputs = inputs
        self.model = model
        self.span = span
    }
}

/// `transform name = a | b`: a named, reusable pipeline.
package struct TransformDecl: Sendable, Equatable {
    /// The transformer's name, used in `using`.
    package var name: Identifier
    /// The stages it stands for.
    package var pipeline: Pipeline
    /// From `transform` to the last stage.
    package var span: Span

    /// Creates a transformer declaration node.
    package init(name: Identifier, pipeline: Pipeline, span: Span) {
        self.name = name
        self.pipeline = pipeline
        self.span = span
    }
}
