/// The models `Rules.encode` writes straight from Swift values to
/// source-shaped JSON, with no tree in between (`DirectSourceEncoder`),
/// resolved from the plan once, when `encode` first asks (`LazyReversePlan`).
///
/// A model is on this path when reverse mapping would do no more than put
/// each field's value, written as forward mapping reads it, at the field's
/// key path, and check the field's rules on it. What reverse mapping does
/// beyond that stays with the interpreter, which `Rules.encode` falls back
/// to for the whole value:
/// - checks, computed fields, `flatten`, `from $` and `unknown keep` read or
///   write other fields' values or the whole object;
/// - transformers other than a date's or URL's default reading, tables and
///   defaults make what is written differ from the value, so the
///   interpreter writes it and reads it back;
/// - `lossy` and `oneOrMany` arrays, dictionaries, choices, `JSON`,
///   `Decimal` and `Data` fields take the interpreter's conversions;
/// - rules on anything but a `String` or an `Int` are checked on the value
///   read back, which for dates and numbers the writing can change;
/// - a key spelled with other bytes than another key that Swift's `String`
///   holds equal (`é` composed and decomposed) is one key to reverse
///   mapping's object builder, which keeps the spelling written first;
/// - a model with more than `mostShared` fields whose key paths share keys,
///   or that merges into them a model of more than `mostShared` fields or
///   holding one at any depth, since `SourceTree` finds shared keys by
///   comparing them in turn.
struct DirectReversePlan: Sendable {
    /// What a field's Swift value is written as.
    enum Kind: Sendable, Hashable {
        /// A scalar, read back as the direct path reads it.
        case scalar(DirectScalar)
        /// A record of a model, by index into `models`.
        case model(Int)
        /// An array whose elements are of the kind at this index into `kinds`.
        case array(Int)
        /// An optional value of the kind at this index into `kinds`.
        case optional(Int)
        /// What `Rules.encode` is given: a record of the model at this
        /// index, or an array of them.
        case document(Int)
    }

    /// One field of a model on this path.
    struct Field: Sendable {
        /// The field's name, which a Swift property's key matches.
        var name: String
        /// What its value is written as, by index into `kinds`.
        var kind: Int
        /// Whether an absent value or `null` is left out rather than an error.
        var isOptional: Bool
        /// The keys of its key path, outermost first, by index into `keys`.
        var keys: [Int]
        /// Whether another field writes under the same first key, or the
        /// path is longer than one key, so the key must be looked for among
        /// those already written.
        var sharesKeys: Bool
        /// The field's rules, checked on the `String` or `Int` written.
        var rules: [RulePlan]
    }

    /// One model on this path.
    struct Model: Sendable {
        /// Its fields in `fields`, in declaration order, the order they are written in.
        var fields: Range<Int>
        /// Each field's index among the model's by name.
        var fieldIndex: [String: Int]
    }

    /// Each model, by index into `Plan.models`; `nil` for one off this path.
    let models: [Model?]
    /// The fields of every model on the path, model after model.
    let fields: [Field]
    /// The kinds fields refer to.
    let kinds: [Kind]
    /// Each key as JSON, quoted and escaped, with its colon: `"html_url":`.
    let keys: [[UInt8]]
    /// Each enum's cases by name, as the JSON of the input each is written as.
    let enumCases: [[String: [UInt8]]]

    init(models plans: [ModelPlan], enums: [EnumPlan]) {
        var holders = Array(repeating: [Int](), count: plans.count)
        for (index, plan) in plans.enumerated() {
            for field in plan.fields {
                for held in field.type.heldModels { holders[held].append(index) }
            }
        }
        // A record merged into one being built may hold records merged in turn, at any depth.
        let large = Self.holdingAny(plans.map { $0.fields.count > Self.mostShared }, holders: holders)
        var builder = Builder(plans: plans, enums: enums, large: large)
        // A model on the path may only hold models on it.
        let eligible = Self.holdingAny(plans.map { !builder.locallyEligible($0) }, holders: holders).map { !$0 }
        self.models = plans.indices.map { eligible[$0] ? builder.model(plans[$0]) : nil }
        self.fields = builder.fields
        self.kinds = builder.kinds
        self.keys = builder.keys
        self.enumCases = enums.map { plan in
            Dictionary(
                zip(plan.cases, plan.preferredInputs).map { ($0, JSONWriter.serialize($1.value)) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// The most fields of a model whose key paths share keys, and the most
    /// fields of a model merged into them, or held at any depth by one merged.
    static let mostShared = 32

    /// The models that are marked or hold a marked model at any depth,
    /// through rings too: each marked model marks those that hold it, each
    /// model and holder looked at once.
    private static func holdingAny(_ marked: [Bool], holders: [[Int]]) -> [Bool] {
        var marked = marked
        var spreading = marked.indices.filter { marked[$0] }
        while let model = spreading.popLast() {
            for holder in holders[model] where !marked[holder] {
                marked[holder] = true
                spreading.append(holder)
            }
        }
        return marked
    }

    /// Collects the kinds and keys as models are resolved.
    private struct Builder {
        let plans: [ModelPlan]
        let enums: [EnumPlan]
        var kinds: [Kind] = []
        var kindIndex: [Kind: Int] = [:]
        var fields: [Field] = []
        var keys: [[UInt8]] = []
        /// Each key's index by its UTF-8, since keys are told apart by their bytes (grammar.md 3.3).
        var keyIndex: [[UInt8]: Int] = [:]

        /// The keys written with more than one spelling of the same text.
        let keysSpelledTwoWays: Set<String>

        /// Whether each model has, or holds at any depth, more than `mostShared` fields.
        let large: [Bool]

        init(plans: [ModelPlan], enums: [EnumPlan], large: [Bool]) {
            self.plans = plans
            self.enums = enums
            self.large = large
            var spellings: [String: [UInt8]] = [:]
            var twoWays: Set<String> = []
            for key in plans.lazy.flatMap(\.fields).flatMap(\.reversal.target) {
                let bytes = Array(key.utf8)
                if let spelling = spellings[key] {
                    if spelling != bytes { twoWays.insert(key) }
                } else {
                    spellings[key] = bytes
                }
            }
            self.keysSpelledTwoWays = twoWays
        }

        /// Whether a model's own fields allow the path; the models it holds are checked apart.
        func locallyEligible(_ model: ModelPlan) -> Bool {
            guard model.checks.isEmpty, !model.hasComputedFields, !model.flattens else { return false }
            if case .keep = model.unknownKeys { return false }
            let sharing = Self.sharing(model)
            guard sharing.count <= DirectReversePlan.mostShared else { return false }
            for field in sharing {
                if case .model(let held) = field.type.unwrapped, large[held] { return false }
            }
            return model.fields.allSatisfy { field in
                !field.isComputed && !field.flattens && !field.readsWholeObject && !field.reversal.target.isEmpty
                    && field.reversal.wholeInverse.isEmpty && field.wholeValuePipeline.isEmpty
                    && field.defaultValue == nil && field.reversal.defaultJSON == nil
                    && !field.acceptsSingle && field.dropSite == nil && typeIsEligible(field)
                    && !field.reversal.target.contains(where: keysSpelledTwoWays.contains)
            }
        }

        /// Whether a field's type, its scalars' reading and its rules allow the path.
        private func typeIsEligible(_ field: FieldPlan) -> Bool {
            if !field.rules.isEmpty {
                switch field.type.unwrapped {
                case .string, .int: break
                default: return false
                }
            }
            return field.type.isDirectlyWritable && (!field.type.holdsScalars || DirectScalar(field, enums: enums).isWritten)
        }

        /// The fields of a model whose key path is longer than one key, or
        /// whose first key another field's path starts with.
        static func sharing(_ model: ModelPlan) -> [FieldPlan] {
            var firstKeys: [String: Int] = [:]
            for field in model.fields { firstKeys[field.reversal.target.first ?? "", default: 0] += 1 }
            return model.fields.filter { $0.reversal.target.count > 1 || firstKeys[$0.reversal.target.first ?? "", default: 0] > 1 }
        }

        /// A model's fields resolved.
        mutating func model(_ plan: ModelPlan) -> Model {
            let sharing = Set(Self.sharing(plan).map(\.name))
            let start = fields.count
            fields += plan.fields.map { field in
                Field(
                    name: field.name, kind: kind(of: field.type, field: field), isOptional: field.type.isOptional,
                    keys: field.reversal.target.map { key($0) },
                    sharesKeys: sharing.contains(field.name),
                    rules: field.rules)
            }
            return Model(fields: start..<fields.count, fieldIndex: plan.fieldIndex)
        }

        /// The index of a type's kind, added when new.
        private mutating func kind(of type: ValueType, field: FieldPlan) -> Int {
            let kind: Kind
            switch type {
            case .optional(let wrapped): kind = .optional(self.kind(of: wrapped, field: field))
            case .array(let element): kind = .array(self.kind(of: element, field: field))
            case .model(let index): kind = .model(index)
            case .string, .int, .double, .bool, .date, .url, .enumeration, .decimal, .data, .json, .choice, .dictionary:
                kind = .scalar(DirectScalar(field, enums: enums))
            }
            if let index = kindIndex[kind] { return index }
            kinds.append(kind)
            kindIndex[kind] = kinds.count - 1
            return kinds.count - 1
        }

        /// The index of a key, added when new.
        private mutating func key(_ name: String) -> Int {
            if let index = keyIndex[Array(name.utf8)] { return index }
            var writer = JSONWriter()
            writer.writeString(name)
            writer.bytes.append(UInt8(ascii: ":"))
            keys.append(writer.bytes)
            keyIndex[Array(name.utf8)] = keys.count - 1
            return keys.count - 1
        }
    }
}

extension DirectScalar {
    /// Whether `Rules.encode` writes the scalar itself, as the direct path reads it.
    var isWritten: Bool { self != .converted }
}

extension ValueType {
    /// Whether values of the type are written on the direct path of
    /// `Rules.encode`: scalars, models, and arrays and optionals of them.
    fileprivate var isDirectlyWritable: Bool {
        switch self {
        case .optional(let wrapped), .array(let wrapped): wrapped.isDirectlyWritable
        case .string, .int, .double, .bool, .date, .url, .enumeration, .model: true
        case .decimal, .data, .json, .choice, .dictionary: false
        }
    }

    /// Whether the type holds scalars, rather than models.
    fileprivate var holdsScalars: Bool {
        switch elementType {
        case .model: false
        default: true
        }
    }

    /// The models a value of the type may hold directly.
    fileprivate var heldModels: [Int] {
        switch self {
        case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): wrapped.heldModels
        case .model(let index): [index]
        case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .enumeration, .choice: []
        }
    }
}
