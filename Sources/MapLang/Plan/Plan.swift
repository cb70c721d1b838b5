/// The checked, resolved and compiled form of a rules file.
///
/// The checker builds a plan once; the interpreter runs it over any number of
/// records. Every name is resolved to an index, every key path split into
/// steps, every transformer and pattern compiled, every rule's location in the
/// rules file computed, so mapping a record never looks at the syntax tree.
struct Plan: Sendable {
    /// Every model, in declaration order.
    let models: [ModelPlan]
    /// Every enum, in declaration order.
    let enums: [EnumPlan]
    /// Every table, in declaration order.
    let tables: [TablePlan]
    /// Every choice, in declaration order.
    let choices: [ChoicePlan]
    /// What input documents map to when the caller names nothing.
    let root: RecordTarget?
    /// The index of each model by name.
    let modelIndex: [String: Int]
    /// The index of each choice by name.
    let choiceIndex: [String: Int]
    /// Whether the file as a whole is `strict`.
    let isStrict: Bool
    /// What mapping does with each value lenient coercion converts; the
    /// tree path reports them, so only `.allow` takes the direct path.
    var coercionAudit = CoercionAudit.allow
    /// Why some fields cannot be mapped back, in source order; empty when
    /// every field can.
    let reversalProblems: [Diagnostic]
    /// The models' keys and fields resolved for mapping records straight
    /// from bytes to JSON, built with the rest of the plan.
    let direct: DirectPlan
    /// The files' test blocks, checked, which mapping never reads.
    let tests: [RulesTest]
    /// Whether a record's output may nest deeper than its input: through a
    /// model read `from $`, `oneOrMany`, `unknown keep`, a `split` or `json`
    /// stage, or a default that is an array or object. Such a record's
    /// output is measured before it is written, so nothing `run` writes is
    /// deeper than `run --reverse` reads.
    let deepensOutput: Bool

    /// Assembles a plan from what the checker compiled, and resolves its
    /// direct path.
    init(
        models: [ModelPlan], enums: [EnumPlan], tables: [TablePlan], choices: [ChoicePlan], root: RecordTarget?,
        isStrict: Bool, reversalProblems: [Diagnostic], tests: [RulesTest]
    ) {
        self.models = models.map { model in
            var model = model
            model.omitsNulls = model.fields.contains(where: \.omitsNull)
            model.hasComputedFields = model.fields.contains(where: \.isComputed)
            model.flattens = model.fields.contains(where: \.flattens)
            return model
        }
        self.enums = enums
        self.tables = tables
        self.choices = choices
        self.root = root
        self.modelIndex = Dictionary(models.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.choiceIndex = Dictionary(choices.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.isStrict = isStrict
        self.reversalProblems = reversalProblems
        self.direct = DirectPlan(models: self.models, enums: enums, choices: choices)
        self.tests = tests
        self.deepensOutput = models.contains { model in
            if case .keep = model.unknownKeys { return true }
            return model.fields.contains { field in
                let nestedDefault: Bool
                switch field.defaultValue {
                case .array?, .object?: nestedDefault = true
                case .null?, .bool?, .int?, .double?, .decimal?, .string?, .date?, .url?, nil: nestedDefault = false
                }
                return field.readsWholeObject || field.acceptsSingle || !field.wholeValuePipeline.isEmpty || nestedDefault
            }
        }
    }

    /// The most containers a record's output may nest, the record itself
    /// counted, when `enclosing` containers of its document enclose it: as
    /// deep as the JSON reader reads the document back.
    static func deepestOutput(enclosedBy enclosing: Int) -> Int {
        JSONReaderOptions().maxDepth - enclosing
    }

    /// Where a model or choice is declared.
    func site(of target: RecordTarget) -> RuleSite {
        switch target {
        case .model(let index): models[index].site
        case .choice(let index): choices[index].site
        }
    }
}

extension Plan {
    /// The model or choice of a name.
    func target(named name: String) -> RecordTarget? {
        if let index = modelIndex[name] { return .model(index) }
        return choiceIndex[name].map { .choice($0) }
    }

    /// Whether a target's index is one of this plan's.
    func holds(_ target: RecordTarget) -> Bool {
        switch target {
        case .model(let index): models.indices.contains(index)
        case .choice(let index): choices.indices.contains(index)
        }
    }

    /// The name of a model or choice.
    func name(of target: RecordTarget) -> String {
        switch target {
        case .model(let index): models[index].name
        case .choice(let index): choices[index].name
        }
    }
}

/// What a record maps to: a model, or a choice among models.
enum RecordTarget: Sendable, Hashable {
    /// A model, by index into `Plan.models`.
    case model(Int)
    /// A choice, by index into `Plan.choices`.
    case choice(Int)
}

/// A choice ready to pick a model for each record.
struct ChoicePlan: Sendable {
    /// The choice's name.
    var name: String
    /// The key path whose value chooses the model.
    var discriminator: KeyPathPlan
    /// The member the discriminator's value is written under in the output:
    /// the last key of `discriminator`.
    var outputKey: String
    /// The model, by index, each discriminator value chooses.
    var variants: ValueLookup<Int>
    /// The model for values no variant lists.
    var defaultModel: Int?
    /// The values listed, for messages.
    var known: [String]
    /// Where the choice is declared.
    var site: RuleSite
}

/// What a model does with keys it does not mention.
enum UnknownKeysPlan: Sendable, Equatable {
    /// Nothing.
    case ignore
    /// The record fails.
    case reject
    /// They fill the field at this index, as an object.
    case keep(Int)
}

/// Where a rule is written, resolved once for error messages.
struct RuleSite: Sendable, Equatable {
    /// The rules file's name.
    var file: String
    /// The 1-based line and column of the rule.
    var location: SourceLocation
    /// What the rule is, as messages show it: ``rule `nonEmpty` ``, ``transformer `iso8601` ``;
    /// empty for a field's or model's own declaration.
    var description: String
}

/// A model ready to map objects.
struct ModelPlan: Sendable {
    /// The model's name.
    var name: String
    /// The fields in declaration order, which is also output order.
    var fields: [FieldPlan]
    /// The model-level checks, run once every field has mapped.
    var checks: [CheckPlan]
    /// The index of each field by name.
    var fieldIndex: [String: Int]
    /// Where the model is declared.
    var site: RuleSite
    /// What to do with keys the model does not mention.
    var unknownKeys: UnknownKeysPlan = .ignore
    /// The keys the model mentions: the first key of every field's key
    /// paths, `ignore`d keys, and the discriminator of a choice it is in.
    /// Compared by their bytes, as keys are looked up: `é` composed and
    /// decomposed are two keys (String's own `==` would take them as one).
    var knownKeys: Set<ExactKey> = []
    /// Whether any field leaves out its key when its value is `null`; set
    /// by `Plan`'s initializer, so mapping a record need not look.
    var omitsNulls = false
    /// Whether any field is computed; set by `Plan`'s initializer.
    var hasComputedFields = false
    /// Whether any field is `flatten`ed; set by `Plan`'s initializer.
    var flattens = false
    /// Whether a field reads the whole object as `JSON` (`from $`), so that
    /// every key is one the model mentions.
    var knowsEveryKey = false
}

/// A field ready to read, convert and validate.
struct FieldPlan: Sendable {
    /// The field's name and output key.
    var name: String
    /// The field's type, with `?` when it is optional.
    var type: ValueType
    /// The key paths to try in order; the first that holds a non-null value wins.
    var sources: [KeyPathPlan]
    /// Transformers applied to each scalar before it is converted to the field's type.
    var pipeline: [PipelineStage]
    /// Transformers applied once to the key's whole value before that,
    /// through one that changes its shape (`split`, `join`, `json`).
    var wholeValuePipeline: [PipelineStage] = []
    /// The value used when the key is missing (or `null`, unless `defaultOnlyWhenMissing`).
    var defaultValue: MappedValue?
    /// Whether an explicit `null` keeps its meaning instead of taking the default.
    var defaultOnlyWhenMissing: Bool
    /// The validation rules, in the order written.
    var rules: [RulePlan]
    /// Whether values may be coerced between JSON types (`"42"` for an `Int`).
    var lenient: Bool
    /// How the field maps back to source-shaped JSON.
    var reversal: FieldReversal
    /// Where the field is declared.
    var site: RuleSite
    /// `oneOrMany`: the field, an array, also reads a single value as an array of one.
    var acceptsSingle = false
    /// `lossy`, where it is written: the field, an array or dictionary,
    /// drops the elements that fail to map, each a warning naming this site;
    /// `nil` when it is not lossy or drops fail the record (`--drops-fail`).
    var dropSite: RuleSite?
    /// Whether output leaves out the field's key when its value is `null`
    /// (`nulls omit`, `omitNull`).
    var omitsNull = false
    /// `= expression`: the value of a computed field, worked out once the
    /// model's other fields have mapped; `nil` for a field read from a key,
    /// and until the checker has compiled the expression.
    var computed: CheckExpr?
    /// Whether the field is computed (`= expression`).
    var isComputed = false
    /// `flatten`: the field, a model, writes its fields into the enclosing
    /// object's output instead of under its own name.
    var flattens = false
    /// The keys a `flatten` field writes into the enclosing output, which
    /// reverse mapping gathers back; set once every model is compiled.
    var flattenedNames: [String] = []

    /// Whether the field reads the whole object it is in (`from $`).
    var readsWholeObject: Bool { sources.first?.steps.isEmpty == true }
}

/// A key path split into steps.
struct KeyPathPlan: Sendable, Equatable {
    /// The steps from the record inward.
    var steps: [KeyStep]
    /// The path as written in the rules, for messages: `user.login`.
    var text: String
}

/// One step of a compiled key path.
enum KeyStep: Sendable, Equatable {
    /// An object key.
    case key(String)
    /// An array index; negative counts from the end.
    case index(Int)
}

/// An enum ready to look values up.
struct EnumPlan: Sendable {
    /// The enum's name.
    var name: String
    /// The case names in declaration order.
    var cases: [String]
    /// The case, by index, each input selects.
    var inputs: ValueLookup<Int>
    /// The case unknown input maps to, if any.
    var defaultCase: Int?
    /// The inputs as written, for messages listing what is accepted.
    var inputDescriptions: [String]
    /// Each case's preferred input, the first it lists (or its name), which
    /// reverse mapping writes back.
    var preferredInputs: [LookupKey]
}

/// A user-declared table ready to look values up.
struct TablePlan: Sendable {
    /// The table's name.
    var name: String
    /// The output each input selects.
    var inputs: ValueLookup<MappedValue>
    /// The output for input no row lists, if any.
    var defaultValue: MappedValue?
    /// The kind of value every row gives.
    var outputKind: ValueKind
    /// For reverse mapping: the input to write back for each output, the
    /// first input of the row that gives it.
    var preferredInputs: [LookupKey: LookupKey]
    /// Why the table cannot be reversed, when it cannot.
    var irreversibility: String?
}

/// A compiled validation rule on one field.
struct RulePlan: Sendable {
    /// What the rule checks.
    var kind: RuleKind
    /// Where it is written.
    var site: RuleSite
}

/// The validation rules the language knows, compiled.
enum RuleKind: Sendable {
    /// `range(a...b)`: a number within bounds.
    case range(NumericRange)
    /// `length(a...b)`: a string's character count, or an array's or dictionary's element count, within bounds.
    case length(NumericRange)
    /// `pattern("…")`: a string in which the regular expression finds a match.
    case pattern(Pattern, source: String)
    /// `oneOf(a, b, …)`: a value equal to one of these.
    case oneOf([MappedValue])
    /// `nonEmpty`: a string, array or dictionary with at least one element.
    case nonEmpty
}

/// Bounds for `range` and `length`, either of which may be open.
struct NumericRange: Sendable, Equatable, CustomStringConvertible {
    /// The smallest allowed value, as a number literal, or `nil` for no lower bound.
    var lower: NumberBound?
    /// The largest allowed value, or `nil` for no upper bound.
    var upper: NumberBound?
    /// Whether `upper` itself is allowed (`...` rather than `..<`).
    var includesUpper: Bool

    /// The range as it is written in rules: `1...10`, `..<5`.
    var description: String {
        (lower?.literal ?? "") + (includesUpper ? "..." : "..<") + (upper?.literal ?? "")
    }
}

/// One bound of a `NumericRange`: the literal as written and its value.
struct NumberBound: Sendable, Equatable {
    /// The bound as written: `1`, `0.5`.
    var literal: String
    /// The bound's value.
    var value: Double
    /// The bound's exact value when it is an integer.
    var integer: Int64?
}

/// A model-level check, compiled.
struct CheckPlan: Sendable {
    /// The condition.
    var condition: CheckExpr
    /// The message reported when the condition is false.
    var message: String
    /// Where the check is written.
    var site: RuleSite
}

/// A transformer in a field's pipeline with where it is written.
struct PipelineStage: Sendable {
    /// What the stage does.
    var step: TransformStep
    /// The name written in the rules, for messages.
    var name: String
    /// The `using` call that put the stage here.
    var site: RuleSite
}
