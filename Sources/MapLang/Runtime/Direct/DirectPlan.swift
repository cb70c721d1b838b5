/// What the direct path needs beyond the `Plan`, resolved once when rules
/// are compiled: for each model, the keys it reads as bytes, and for each
/// field how its value goes from input bytes to output bytes.
///
/// The direct path maps a record from its bytes to its JSON output without
/// building a tree for it (`DirectMapper`); anything it does not handle
/// goes through the interpreter, so both give the same output.
struct DirectPlan: Sendable {
    /// For each model of the plan, by index: how to read it directly, or
    /// `nil` when the interpreter must map it (it has checks, or a policy
    /// for unknown keys, which need every member).
    var models: [DirectModel?]
    /// For each enum of the plan, by index: the case each string input
    /// selects, keyed by the input's UTF-8 bytes.
    var enumInputs: [[[UInt8]: Int]]

    /// Resolves the direct path for every model and enum of a plan.
    init(_ plan: Plan) {
        models = plan.models.map { DirectModel($0, plan: plan) }
        enumInputs = plan.enums.map { enumeration in
            Dictionary(enumeration.inputs.stringInputs.map { (Array($0.key.utf8), $0.value) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

/// A model's keys and fields, ready for the direct path.
struct DirectModel: Sendable {
    /// The distinct first keys of the fields' key paths, as UTF-8; a key's
    /// position here is its slot.
    var keys: [[UInt8]]
    /// How each field is read, in the model's field order.
    var fields: [DirectField]

    /// Resolves a model, or gives `nil` when only the interpreter can map it.
    init?(_ model: ModelPlan, plan: Plan) {
        guard model.unknownKeys == .ignore, model.checks.isEmpty else { return nil }
        var keys: [[UInt8]] = []
        var slots: [String: Int] = [:]
        func slot(for key: String) -> Int {
            if let known = slots[key] { return known }
            keys.append(Array(key.utf8))
            slots[key] = keys.count - 1
            return keys.count - 1
        }
        var fields: [DirectField] = []
        for field in model.fields {
            var sources: [DirectSource] = []
            for source in field.sources {
                guard case .key(let first)? = source.steps.first else { return nil }
                sources.append(DirectSource(slot: slot(for: first), rest: source.steps.dropFirst().map(DirectStep.init)))
            }
            let direct =
                (field.rules.isEmpty || field.type.unwrapped.isScalar)
                && sources.allSatisfy { !$0.rest.contains(.fromEnd) }
            fields.append(
                DirectField(
                    quotedName: JSONWriter.serialize(MappedValue.string(field.name)), sources: sources, isDirect: direct,
                    scalar: DirectScalar(field)))
        }
        self.keys = keys
        self.fields = fields
    }

    /// The slot of a key, given as the UTF-8 text between its quotes.
    ///
    /// Keys are told apart by length and first byte before their bytes are
    /// compared, so most members the model does not read cost two comparisons a key.
    func slot(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let first = key.first ?? 0
        for (slot, candidate) in keys.enumerated() where candidate.count == key.count && candidate.first ?? 0 == first {
            if candidate.withUnsafeBufferPointer({ $0.elementsEqual(key) }) { return slot }
        }
        return nil
    }
}

/// How one field of a direct model is read.
struct DirectField: Sendable {
    /// The field's name as a JSON string, quotes included: its output key.
    var quotedName: [UInt8]
    /// The field's key paths in the order they are tried: the slot of each
    /// path's first key, then its other steps.
    var sources: [DirectSource]
    /// Whether the direct path reads the field's value itself; otherwise
    /// the interpreter maps the field from the members its paths start at
    /// (rules on a container, negative indices).
    var isDirect: Bool
    /// How a scalar of the field's type is read, when the field's type is a scalar.
    var scalar: DirectScalar
}

/// One key path of a direct field.
struct DirectSource: Sendable {
    /// The slot of the path's first key in its model.
    var slot: Int
    /// The steps after the first.
    var rest: [DirectStep]
}

/// A step of a key path after its first, as the direct path follows it.
enum DirectStep: Sendable, Equatable {
    /// An object key, as UTF-8.
    case key([UInt8])
    /// An array index counted from the start.
    case index(Int)
    /// An index counted from the end, which the interpreter follows.
    case fromEnd

    /// The direct form of a compiled step.
    init(_ step: KeyStep) {
        switch step {
        case .key(let key): self = .key(Array(key.utf8))
        case .index(let index): self = index >= 0 ? .index(index) : .fromEnd
        }
    }
}

/// The scalars the direct path reads straight from bytes; the rest go
/// through the interpreter's conversion.
enum DirectScalar: Sendable {
    /// A `String` with no transformers.
    case string
    /// An `Int` with no transformers.
    case int
    /// A `Bool` with no transformers.
    case bool
    /// A `Double` with no transformers.
    case double
    /// A `Date` read as ISO-8601, by default or with `using iso8601`.
    case iso8601
    /// A `URL` with no transformers or with `using url`.
    case url
    /// An enum, by index, with no transformers.
    case enumeration(Int)
    /// Anything else: the interpreter converts it.
    case converted

    /// The way a field's scalar values are read.
    init(_ field: FieldPlan) {
        let steps = field.pipeline.map(\.step)
        switch (field.type.elementType, steps.first, steps.count) {
        case (.string, nil, _): self = .string
        case (.int, nil, _): self = .int
        case (.bool, nil, _): self = .bool
        case (.double, nil, _): self = .double
        case (.date, nil, _), (.date, .iso8601?, 1): self = .iso8601
        case (.url, nil, _), (.url, .url?, 1): self = .url
        case (.enumeration(let index), nil, _): self = .enumeration(index)
        default: self = .converted
        }
    }
}

extension ValueType {
    /// Whether the type is a single value rather than an array, dictionary,
    /// model or choice.
    var isScalar: Bool {
        switch self {
        case .string, .int, .double, .decimal, .bool, .date, .url, .json, .enumeration: true
        case .model, .choice, .array, .dictionary: false
        case .optional(let wrapped): wrapped.isScalar
        }
    }
}
