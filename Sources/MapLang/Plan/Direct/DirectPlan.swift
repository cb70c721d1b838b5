/// What the direct path needs beyond the `Plan`, resolved once when rules
/// are compiled: for each model, the keys it reads as bytes, and for each
/// field how its value goes from input bytes to output bytes.
///
/// The direct path maps a record from its bytes to its JSON output without
/// building a tree for it (`DirectMapper`); anything it does not handle
/// goes through the interpreter, so both give the same output.
struct DirectPlan: Sendable {
    /// The tables the direct path reads, and the memory they live in.
    let storage: DirectStorage
    /// The type of each scalar node, by the index `DirectNode.scalar`
    /// carries, for handing the value to the interpreter.
    let types: [ValueType]

    /// Resolves the direct path for every model, enum and choice of a plan.
    init(models: [ModelPlan], enums: [EnumPlan], choices: [ChoicePlan]) {
        var builder = DirectTableBuilder(planModels: models, planEnums: enums)
        builder.addEnums()
        builder.addModels()
        builder.markFollowedKeys()
        builder.addChoices(choices)
        storage = DirectStorage(builder)
        types = builder.types
    }
}

/// The memory of a plan's `DirectTables`, freed with it.
///
/// The tables are written once, before any record is read, and never
/// changed, so the storage can be shared between threads.
final class DirectStorage: @unchecked Sendable {
    /// The tables, pointing into memory this object owns.
    let tables: DirectTables

    /// Copies a builder's tables into memory of their own.
    fileprivate init(_ builder: DirectTableBuilder) {
        tables = DirectTables(
            text: Self.copy(builder.text), keyEntries: Self.copy(builder.keyEntries), models: Self.copy(builder.models),
            fields: Self.copy(builder.fields), sources: Self.copy(builder.sources), steps: Self.copy(builder.steps),
            nodes: Self.copy(builder.nodes), enums: Self.copy(builder.enums), caseNames: Self.copy(builder.caseNames),
            automata: Self.copy(builder.automata), cells: Self.copy(builder.cells), choices: Self.copy(builder.choices),
            notedSteps: Self.copy(builder.notedSteps))
    }

    deinit {
        Self.free(tables.text)
        Self.free(tables.keyEntries)
        Self.free(tables.models)
        Self.free(tables.fields)
        Self.free(tables.sources)
        Self.free(tables.steps)
        Self.free(tables.nodes)
        Self.free(tables.enums)
        Self.free(tables.caseNames)
        Self.free(tables.automata)
        Self.free(tables.cells)
        Self.free(tables.choices)
        Self.free(tables.notedSteps)
    }

    /// A copy of an array's plain values in new memory, which has an
    /// address even when the array is empty.
    private static func copy<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, array.count))
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(rebasing: buffer[..<array.count])
    }

    /// Frees the memory of a table made by `copy`; its values need no deinitializing.
    private static func free<Element>(_ table: UnsafeBufferPointer<Element>) {
        UnsafeMutableBufferPointer(mutating: table).deallocate()
    }
}

/// Builds the direct path's tables from a plan, as growing arrays.
private struct DirectTableBuilder {
    /// The plan's models, which the tables are for.
    let planModels: [ModelPlan]
    /// The plan's enums.
    let planEnums: [EnumPlan]
    /// See `DirectTables`.
    var text: [UInt8] = []
    var keyEntries: [DirectKeyEntry] = []
    var models: [DirectModelEntry] = []
    var fields: [DirectFieldEntry] = []
    var sources: [DirectSourceEntry] = []
    var steps: [DirectStep] = []
    var nodes: [DirectNode] = []
    var enums: [DirectEnumEntry] = []
    var caseNames: [DirectText] = []
    var automata: [DirectAutomaton] = []
    var cells: [Int32] = []
    var choices: [DirectChoiceEntry] = []
    var notedSteps: [Int] = []
    /// See `DirectPlan.types`.
    var types: [ValueType] = []
    /// Each model's slots by their key's UTF-8, compared byte for byte as
    /// the direct path compares keys (as `String`s, `K` and the Kelvin
    /// sign would be one key); empty for a model the direct path does not read.
    var slotsByKey: [[[UInt8]: Int]] = []

    init(planModels: [ModelPlan], planEnums: [EnumPlan]) {
        self.planModels = planModels
        self.planEnums = planEnums
    }

    /// Adds the string inputs and case names of every enum.
    mutating func addEnums() {
        for enumeration in planEnums {
            let inputs = enumeration.inputs.stringInputs
            let table = keyTable(inputs.map { (Array($0.key.utf8), $0.value) })
            let allASCII = inputs.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            enums.append(
                DirectEnumEntry(
                    inputs: table, caseNames: caseNames.count,
                    defaultCase: allASCII ? enumeration.defaultCase ?? -1 : -1))
            for name in enumeration.cases {
                caseNames.append(span(JSONWriter.serialize(MappedValue.string(name))))
            }
        }
    }

    /// Adds every model and its fields.
    mutating func addModels() {
        for (index, model) in planModels.enumerated() {
            var checked = Set<Int>()
            for check in model.checks { check.condition.addFieldsRead(to: &checked) }
            for field in model.fields { field.computed?.addFieldsRead(to: &checked) }
            let startsWithKeys = model.fields.allSatisfy { field in
                field.sources.allSatisfy { if case .key? = $0.steps.first { true } else { $0.steps.isEmpty } }
            }
            // Computed fields and checks that read the input need the whole object,
            // a computed value is put in its place as a scalar written compactly
            // (a `JSON` value may be a container, which pretty output indents),
            // and a model or choice read `from $`, or a model flattened, is written
            // from the object's or the value's bytes unless something reads its
            // value, or it has rules, a default or drops, which the interpreter handles.
            let readsWholeObject =
                model.fields.enumerated().contains { index, field in
                    ((field.readsWholeObject || field.flattens) && !Self.groupsDirectly(field, isRead: checked.contains(index)))
                        || field.computed?.readsInput == true
                        || (field.isComputed && (!field.type.isScalar || field.type.unwrapped == .json || field.omitsNull))
                }
                || model.checks.contains(where: \.condition.readsInput)
            // `unknown keep` writes the other members as the tree writes them: the interpreter maps it.
            guard model.unknownKeys == .ignore || model.unknownKeys == .reject, startsWithKeys, !readsWholeObject else {
                models.append(
                    DirectModelEntry(
                        isDirect: false, readsValues: false, fields: 0..<0, slotCount: 0, keys: keyTable([]), skimmedSlots: 0,
                        notedSteps: notedSteps.count, rejectsUnknown: false, known: keyTable([])))
                slotsByKey.append([:])
                continue
            }
            var slots: [[UInt8]: Int] = .init(minimumCapacity: model.fields.count)
            let first = fields.count
            for (fieldIndex, field) in model.fields.enumerated() {
                addField(field, at: (index, fieldIndex), isRead: checked.contains(fieldIndex), slots: &slots)
            }
            let keys = keyTable(slots.map { ($0.key, $0.value) })
            models.append(
                DirectModelEntry(
                    isDirect: true, readsValues: !model.checks.isEmpty || model.hasComputedFields, fields: first..<fields.count, slotCount: slots.count,
                    keys: keys, skimmedSlots: skimmedSlots(of: fields[first...]), notedSteps: notedSteps.count,
                    rejectsUnknown: model.unknownKeys == .reject,
                    known: keyTable(model.unknownKeys == .reject ? model.knownKeys.map { (Array($0.string.utf8), 0) } : [])))
            slotsByKey.append(slots)
            notedSteps += repeatElement(-1, count: slots.count)
        }
    }

    /// Makes the first step of each key path that goes into a member a key
    /// found once or a noted key, where it can be.
    ///
    /// A key found once (`DirectStep.uniqueKey`): the path starts at a
    /// member that a field writes whole as a direct model, and the step's
    /// key is a skimmed member of that model (see
    /// `DirectModelEntry.skimmedSlots`). Writing the field scans the
    /// member's object as that model, which sends the record to the
    /// interpreter when the key is there twice (keys are compared byte for
    /// byte, here as there), or when any key has escapes, and checks every
    /// member, or skims it for the model's field that checks it. So on a
    /// record the direct path writes, the key's first member is its only one.
    ///
    /// A noted key (`DirectStep.notedKey`): the path starts at a member the
    /// scan of the object checks, and the step's key is the first one
    /// noted inside that member (see `DirectModelEntry.notedSteps`), or the same key.
    mutating func markFollowedKeys() {
        for model in models where model.isDirect {
            for field in fields[model.fields] {
                for source in sources[field.sources] where source.slot >= 0 && !source.steps.isEmpty {
                    guard case .key(let key) = steps[source.steps.lowerBound] else { continue }
                    if Self.has(source.slot, model.skimmedSlots) {
                        guard let nested = modelWritten(at: source.slot, by: fields[model.fields]),
                            let slot = slotsByKey[nested][Array(spelling(of: key))], Self.has(slot, models[nested].skimmedSlots)
                        else { continue }
                        steps[source.steps.lowerBound] = .uniqueKey(key)
                        continue
                    }
                    let noted = model.notedSteps + source.slot
                    if notedSteps[noted] < 0 { notedSteps[noted] = source.steps.lowerBound }
                    // Another key already noted in this member: this path scans as before.
                    if case .notedKey(let first) = steps[notedSteps[noted]], spelling(of: first) != spelling(of: key) { continue }
                    steps[source.steps.lowerBound] = .notedKey(key)
                }
            }
        }
    }

    /// The UTF-8 of a span of `text`.
    private func spelling(of span: DirectText) -> ArraySlice<UInt8> {
        text[span.start..<span.start + span.count]
    }

    /// Whether a slot is one of a set of the first 64, one bit each.
    private static func has(_ slot: Int, _ slots: UInt64) -> Bool {
        slot >= 0 && slot < 64 && slots & 1 << UInt64(slot) != 0
    }

    /// The direct model, optional or not, as which the field that skims a
    /// slot among a model's fields writes it; `nil` when it writes another type.
    private func modelWritten(at slot: Int, by modelFields: ArraySlice<DirectFieldEntry>) -> Int? {
        for field in modelFields where Self.skims(field) {
            guard let first = sources[field.sources].first, first.slot == slot, first.steps.isEmpty else { continue }
            var node = nodes[field.type]
            if case .optional(let wrapped) = node { node = nodes[wrapped] }
            guard case .model(let index) = node, models[index].isDirect else { return nil }
            return index
        }
        return nil
    }

    /// The slots whose member a scan of a model's object may skim (see
    /// `DirectModelEntry.skimmedSlots`), from the model's fields.
    private func skimmedSlots(of modelFields: ArraySlice<DirectFieldEntry>) -> UInt64 {
        var slots: UInt64 = 0
        for field in modelFields where Self.skims(field) {
            guard let source = sources[field.sources].first, source.slot >= 0, source.slot < 64, source.steps.isEmpty
            else { continue }
            slots |= 1 << UInt64(source.slot)
        }
        return slots
    }

    /// Whether the member of a field's first key path may be skimmed,
    /// when the path has no steps after its key: the field is direct,
    /// and neither computed nor flattened.
    private static func skims(_ field: DirectFieldEntry) -> Bool {
        field.isDirect && !field.isComputed && !field.flattens
    }

    /// Adds every choice: direct when its discriminator is one key and
    /// every model it chooses is direct; the string values it lists in a
    /// key table.
    mutating func addChoices(_ planChoices: [ChoicePlan]) {
        for choice in planChoices {
            let variants = choice.variants.stringInputs
            let chosen = choice.variants.allValues + (choice.defaultModel.map { [$0] } ?? [])
            guard choice.discriminator.steps.count == 1, case .key(let key) = choice.discriminator.steps[0],
                chosen.allSatisfy({ models[$0].isDirect })
            else {
                choices.append(
                    DirectChoiceEntry(
                        isDirect: false, discriminator: span([]), quotedOutputKey: span([]), variants: keyTable([]),
                        defaultModel: -1))
                continue
            }
            // A value that is not ASCII may equal other text as Unicode text
            // (`K` and the Kelvin sign): then only the interpreter may take the default.
            let allASCII = variants.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            choices.append(
                DirectChoiceEntry(
                    isDirect: true, discriminator: span(Array(key.utf8)),
                    quotedOutputKey: span(JSONWriter.serialize(MappedValue.string(choice.outputKey))),
                    variants: keyTable(variants.map { (Array($0.key.utf8), $0.value) }),
                    defaultModel: allASCII ? choice.defaultModel ?? -1 : -1))
        }
    }

    /// Whether a field read `from $` or `flatten`ed is written by the direct
    /// path: a model (or, read `from $` and not flattened, a choice) with no
    /// rules, default, drops or single values, whose value nothing reads.
    private static func groupsDirectly(_ field: FieldPlan, isRead: Bool) -> Bool {
        let isGroup: Bool
        switch field.type.unwrapped {
        case .model: isGroup = true
        case .choice: isGroup = !field.flattens
        default: isGroup = false
        }
        // An index counted from the end makes the field the interpreter's, which would write the model whole.
        let countsFromEnd = field.sources.contains { source in
            source.steps.contains { if case .index(let index) = $0 { index < 0 } else { false } }
        }
        return isGroup && !isRead && !countsFromEnd && field.rules.isEmpty && field.defaultValue == nil
            && field.dropSite == nil && !field.acceptsSingle && field.wholeValuePipeline.isEmpty
    }

    /// Adds one field of a model, giving each new first key of its paths a slot.
    private mutating func addField(
        _ field: FieldPlan, at place: (model: Int, field: Int), isRead: Bool, slots: inout [[UInt8]: Int]
    ) {
        let firstSource = sources.count
        let firstStep = steps.count
        for source in field.sources {
            guard case .key(let key)? = source.steps.first else {
                // `from $`: the object itself (see `addModels`).
                sources.append(DirectSourceEntry(slot: -1, steps: steps.count..<steps.count))
                continue
            }
            let slot = slots[Array(key.utf8)] ?? slots.count
            slots[Array(key.utf8)] = slot
            let pathStart = steps.count
            for step in source.steps.dropFirst() {
                switch step {
                case .key(let key): steps.append(.key(span(Array(key.utf8))))
                case .index(let index): steps.append(index >= 0 ? .index(index) : .fromEnd)
                }
            }
            sources.append(DirectSourceEntry(slot: slot, steps: pathStart..<steps.count))
        }
        let followsFromEnd = steps[firstStep...].contains { if case .fromEnd = $0 { true } else { false } }
        let whenMissing: DirectAbsence = field.defaultValue != nil ? .defaultValue : field.type.isOptional ? .null : .error
        let firstAutomaton = automata.count
        if case .string = field.type.unwrapped {
            for rule in field.rules {
                guard case .pattern(let pattern, _) = rule.kind, let automaton = pattern.automaton else { continue }
                automata.append(
                    DirectAutomaton(
                        cells: cells.count..<cells.count + automaton.cells.count, width: automaton.width,
                        stateCount: automaton.stateCount))
                cells += automaton.cells
            }
        }
        // A `lossy` field's array, and a `oneOrMany` field's, are written as
        // any array: an element that fails, or a single value, sends the
        // record to the interpreter, which drops the element or wraps the value.
        let isDirect =
            (field.rules.isEmpty || field.type.unwrapped.isScalar) && !followsFromEnd && field.wholeValuePipeline.isEmpty
        fields.append(
            DirectFieldEntry(
                entryKey: span([UInt8(ascii: ",")] + JSONWriter.serialize(MappedValue.string(field.name)) + [UInt8(ascii: ":")]),
                sources: firstSource..<sources.count,
                type: node(for: field.type, DirectScalar(field, enums: planEnums)),
                isDirect: isDirect,
                check: DirectCheck(field),
                patterns: firstAutomaton..<automata.count,
                whenMissing: whenMissing,
                whenNull: field.defaultOnlyWhenMissing ? (field.type.isOptional ? .null : .error) : whenMissing,
                model: place.model, index: place.field, omitsNull: field.omitsNull, isRead: isRead,
                keepsValue: isRead && isDirect && !field.isComputed && field.type.isScalar, isComputed: field.isComputed,
                flattens: field.flattens))
    }

    /// Adds the nodes of a type whose scalars are read as `scalar`; gives the root's index.
    private mutating func node(for type: ValueType, _ scalar: DirectScalar) -> Int {
        let node: DirectNode
        switch type {
        case .optional(let wrapped): node = .optional(self.node(for: wrapped, scalar))
        case .array(let element): node = .array(self.node(for: element, scalar))
        case .model(let index): node = .model(index)
        case .choice(let index): node = .choice(index)
        case .dictionary, .json, .decimal, .data: node = .scalar(.converted, type: types.count)
        case .string, .int, .double, .bool, .date, .url, .enumeration: node = .scalar(scalar, type: types.count)
        }
        if case .scalar = node { types.append(type) }
        nodes.append(node)
        return nodes.count - 1
    }

    /// Adds bytes to `text`.
    private mutating func span(_ bytes: [UInt8]) -> DirectText {
        text.append(contentsOf: bytes)
        return DirectText(start: text.count - bytes.count, count: bytes.count)
    }

    /// Adds a key table of distinct keys, at most half full.
    private mutating func keyTable(_ pairs: [(key: [UInt8], value: Int)]) -> DirectKeyTable {
        var size = 2
        while size < pairs.count * 2 { size *= 2 }
        let table = DirectKeyTable(start: keyEntries.count, mask: size - 1)
        keyEntries.append(contentsOf: repeatElement(.empty, count: size))
        for (key, value) in pairs {
            var position = key.withUnsafeBufferPointer(DirectKeyTable.hash) & table.mask
            while keyEntries[table.start + position].value >= 0 { position = (position + 1) & table.mask }
            keyEntries[table.start + position] = DirectKeyEntry(text: span(key), value: value)
        }
        return table
    }
}

extension DirectScalar {
    /// The way a field's scalar values are read.
    init(_ field: FieldPlan, enums: [EnumPlan]) {
        switch (field.type.elementType, field.pipeline.first?.step, field.pipeline.count) {
        case (.string, nil, _): self = .string
        case (.int, nil, _): self = .int
        case (.bool, nil, _): self = .bool
        case (.double, nil, _): self = .double
        case (.date, nil, _): self = .iso8601
        case (.date, .builtin(let builtin, _)?, 1) where builtin.isDefaultReading && builtin.output == .date: self = .iso8601
        case (.url, nil, _): self = .url
        case (.url, .builtin(let builtin, _)?, 1) where builtin.isDefaultReading && builtin.output == .url: self = .url
        case (.enumeration(let index), nil, _):
            self = .enumeration(index, usesDefault: !field.lenient || !enums[index].inputs.hasNumberInputs)
        default: self = .converted
        }
    }
}

extension DirectCheck {
    /// What a field's rules ask of its scalars: bounds when every rule
    /// limits a `String`'s length or an `Int`'s value by integers, or is a
    /// pattern with an automaton (which `DirectFieldEntry.patterns` holds),
    /// else the rules themselves.
    init(_ field: FieldPlan) {
        guard !field.rules.isEmpty else {
            self = .none
            return
        }
        let measuresLength: Bool
        switch field.type.unwrapped {
        case .string: measuresLength = true
        case .int: measuresLength = false
        default:
            self = .rules
            return
        }
        var bounds = Int64.min...Int64.max
        for rule in field.rules {
            let allowed: ClosedRange<Int64>?
            switch rule.kind {
            case .length(let range) where measuresLength, .range(let range) where !measuresLength: allowed = range.integerBounds
            case .nonEmpty where measuresLength: allowed = 1...Int64.max
            case .pattern(let pattern, _) where measuresLength && pattern.automaton != nil: allowed = bounds
            case .length, .range, .nonEmpty, .pattern, .oneOf: allowed = nil
            }
            guard let allowed, allowed.overlaps(bounds) else {
                self = .rules
                return
            }
            bounds = bounds.clamped(to: allowed)
        }
        self = .bounds(bounds)
    }
}

extension NumericRange {
    /// The integers the range allows, when its bounds are integers and it allows any.
    var integerBounds: ClosedRange<Int64>? {
        guard lower == nil || lower?.integer != nil, upper == nil || upper?.integer != nil else { return nil }
        let low = lower?.integer ?? .min
        var high = upper?.integer ?? .max
        if upper != nil, !includesUpper {
            guard high > .min else { return nil }
            high -= 1
        }
        return low <= high ? low...high : nil
    }
}

extension ValueType {
    /// Whether the type is a single value rather than an array, dictionary,
    /// model or choice.
    var isScalar: Bool {
        switch self {
        case .string, .int, .double, .decimal, .bool, .date, .url, .data, .json, .enumeration: true
        case .model, .choice, .array, .dictionary: false
        case .optional(let wrapped): wrapped.isScalar
        }
    }
}
