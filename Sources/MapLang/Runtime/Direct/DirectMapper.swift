/// Maps a record from its bytes straight to JSON output, with no tree for
/// the record and no work for the members no rule reads.
///
/// An object is scanned once: the start of each member a field's key path
/// begins at is noted in a slot, every other member is checked and skipped,
/// and a string, array or object a field writes whole is skimmed, to be
/// checked when it is written (`DirectModelEntry.skimmedSlots`). Keys
/// found where the thread's last object of the same model, or for the same
/// step of a key path, had them are not read again (`DirectMemory`).
/// Then the fields are written in order from those slots. Values the
/// direct path does not read itself (see `DirectScalar` and `DirectField`)
/// are parsed on their own and handed to the interpreter, which is the one
/// place that knows what the rules mean.
///
/// The direct path only writes records that map without an error. On any
/// error, or input it does not take (an escaped key, invalid JSON), it gives
/// up, and the caller maps the record again through the interpreter, which
/// reports every error exactly, with its path. So the output, the errors
/// and the exit status are the same either way; only the speed differs.
///
/// A class, so that every record's `DirectRun` refers to it rather than
/// copying the plan, which would count a reference to each of its arrays
/// and dictionaries on every record; the run does not count even the one
/// reference (see `DirectRun`).
final class DirectMapper: Sendable {
    /// The interpreter for the values the direct path hands on, and the plan.
    let interpreter: Interpreter
    /// The keys and fields resolved for the direct path.
    let direct: DirectPlan
    /// Each model's checks, by its index in the plan: read from here, not
    /// from a copy of the model, which would count a reference to each of
    /// its arrays on every record.
    let checks: [[CheckPlan]]

    /// Creates a mapper from the interpreter of a plan and that plan's direct tables.
    init(interpreter: Interpreter, direct: DirectPlan) {
        self.interpreter = interpreter
        self.direct = direct
        checks = interpreter.plan.models.map(\.checks)
    }

    /// Maps the value at the scanner's position, whitespace before it
    /// allowed, and writes it.
    ///
    /// - Parameters:
    ///   - target: The model or choice the record maps to.
    ///   - depth: How many containers enclose the record.
    ///   - scanner: The input, at the record; past it when the record is written.
    ///   - writer: The output.
    ///   - memory: What this thread's earlier records taught the direct path.
    /// - Returns: Whether the record was written. When it was not, the
    ///   record must be mapped through the interpreter: the caller drops what
    ///   was written since it called, and the scanner's position is undefined.
    func write(
        _ target: RecordTarget, depth: Int, from scanner: inout JSONScanner, to writer: inout JSONWriter, memory: inout DirectMemory
    ) -> Bool {
        var context = MappingContext(path: .root, model: interpreter.plan.name(of: target))
        var run = DirectRun(
            mapper: self, tables: direct.storage.tables, scanner: JSONScanner(bytes: scanner.bytes, options: scanner.options),
            writer: JSONWriter(style: writer.style))
        if memory.owner !== self || memory.maxStringBytes != scanner.options.maxStringBytes {
            memory = DirectMemory(owner: self, maxStringBytes: scanner.options.maxStringBytes)
        }
        swap(&run.scanner, &scanner)
        swap(&run.writer, &writer)
        swap(&run.memory, &memory)
        defer {
            swap(&run.scanner, &scanner)
            swap(&run.writer, &writer)
            swap(&run.memory, &memory)
        }
        run.scanner.skipWhitespace()
        let start = run.writer.bytes.count
        let written: Bool
        do {
            switch target {
            case .model(let index):
                // A record with drops goes through the tree, which reports them.
                written = try run.writeModel(index, depth: depth, &context) && context.errors.isEmpty && context.drops.isEmpty
            case .choice(let index):
                written = try run.writeChoice(index, depth: depth, &context) && context.errors.isEmpty && context.drops.isEmpty
            }
        } catch {
            return false
        }
        // Output deeper than the reader reads back is the tree's to report:
        // the reader itself, at that depth, finds it.
        guard written, interpreter.plan.deepensOutput else { return written }
        let limit = JSONReaderOptions(maxDepth: Plan.deepestOutput(enclosedBy: depth), maxStringBytes: .max, maxNumberLength: .max)
        let problem = run.writer.bytes[start...].withUnsafeBufferPointer { JSONReader.firstError(in: $0, options: limit, continuingAt: nil) }
        guard case .tooDeep? = problem?.reason else { return true }
        return false
    }
}

/// One record being written by the direct path: the input and the output
/// it moves through together.
///
/// A run lives only inside `DirectMapper.write`, whose mapper outlives it,
/// and the mapper's storage with it, so the run holds the mapper without
/// counting a reference. Threads share one mapper, and a count changed on
/// every record by several threads would pass its cache line from core to core.
/// (The memory's reference to the mapper is counted once, when the memory
/// is first given to it, and moved in and out of the run uncounted.)
struct DirectRun {
    /// The mapper, with the interpreter for what the direct path hands on.
    unowned(unsafe) let mapper: DirectMapper
    /// The mapper's tables, valid while the mapper lives.
    let tables: DirectTables
    /// The input.
    var scanner: JSONScanner
    /// The output.
    var writer: JSONWriter
    /// The keys of the objects read before, by model and by key path step.
    var memory = DirectMemory()
    /// The value last read for a field whose value is kept for its model's
    /// checks (see `DirectFieldEntry.keepsValue`).
    var kept = MappedValue.null
    /// Set to the number of entries the enclosing object has when a
    /// flattened field's model is to be written into it; the model then
    /// writes its fields as more entries of that object, and sets
    /// `flattenedEntries` to how many it has after them.
    var flattenInto: Int?
    /// See `flattenInto`.
    var flattenedEntries = 0

    /// The input's bytes.
    var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }

    /// The byte at the scanner's position, or `nil` at the end.
    var current: UInt8? { scanner.position < bytes.count ? bytes[scanner.position] : nil }

    /// The plan of a field, for the interpreter.
    func plan(of field: DirectFieldEntry) -> FieldPlan {
        mapper.interpreter.plan.models[field.model].fields[field.index]
    }

    // MARK: - Models

    /// How deep in the document, counting every enclosing object and array,
    /// the direct path writes a model.
    ///
    /// A model's object is scanned to its end, its nested values skipped,
    /// before its fields are written, so each model nested in another is
    /// read once more for every model around it: a chain of models nested
    /// n deep would cost n² reads. Past this depth the record goes to the
    /// interpreter, which reads it once, so a record costs at most this
    /// many reads of its bytes.
    static let deepestModel = 16

    /// Writes the object at the scanner's position as a choice: as the
    /// model its discriminator chooses, with the discriminator's value first.
    ///
    /// - Returns: `false` when the record must go through the interpreter.
    mutating func writeChoice(_ index: Int, depth: Int, _ context: inout MappingContext) throws(JSONSyntaxError) -> Bool {
        let choice = tables.choices[index]
        guard choice.isDirect else {
            // See `DirectChoiceEntry.isDirect`.
            let value = try scanner.readValue(depth: depth, expected: .value)
            guard let mapped = mapper.interpreter.mapChoice(value, choice: index, &context) else { return false }
            writer.write(mapped)
            return true
        }
        guard current == UInt8(ascii: "{") else { return false }
        let start = scanner.position
        let key = tables.bytes(of: choice.discriminator)
        var found = -1
        // The values are skimmed: the object is checked when it is written as the model chosen.
        guard try scanMembers(depth: depth, skimsScalars: true, meaning: { DirectTables.same($0, key) ? 0 : -1 }, { meaning, valueStart in
            if meaning == 0 { found = valueStart }
            return .skim
        }) else { return false }
        var model = choice.defaultModel
        // The discriminator's string literal, written as it is; `null` when absent or `null`.
        var literal: Range<Int>?
        if found >= 0 {
            scanner.position = found
            switch current {
            case UInt8(ascii: "\"")?:
                let string = try scanner.skipString()
                guard !string.hasEscapes else { return false }
                let text = UnsafeBufferPointer(rebasing: bytes[found + 1..<scanner.position - 1])
                if let variant = tables.find(text, in: choice.variants) {
                    model = variant
                } else if !string.isASCII {
                    // It may equal a listed value as Unicode text; the interpreter decides.
                    return false
                }
                literal = found..<scanner.position
            case UInt8(ascii: "n")?:
                break
            default:
                // A number or a boolean may name a variant; the interpreter looks.
                return false
            }
        }
        guard model >= 0 else { return false }
        scanner.position = start
        return try writeModel(model, depth: depth, leading: (choice.quotedOutputKey, literal), &context)
    }

    /// Writes the object at the scanner's position as a model.
    ///
    /// - Parameter leading: A member written before the fields, a
    ///   choice's discriminator: its quoted key, and the input's bytes of its
    ///   value, or `null` when `nil`.
    /// - Returns: `false` when the record must go through the interpreter.
    mutating func writeModel(
        _ index: Int, depth: Int, leading: (key: DirectText, value: Range<Int>?)? = nil, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        let inline = flattenInto
        flattenInto = nil
        guard current == UInt8(ascii: "{"), depth <= Self.deepestModel else { return false }
        let model = tables.models[index]
        guard model.isDirect else {
            // See `DirectModelEntry.isDirect`. A flattened model's mapped
            // object would have to be taken apart: the interpreter writes the record.
            guard inline == nil else { return false }
            let value = try scanner.readValue(depth: depth, expected: .value)
            guard let mapped = mapper.interpreter.mapModel(value, model: index, &context) else { return false }
            writer.write(mapped)
            return true
        }
        let tables = tables
        let start = scanner.position
        // Each slot's member, then the value a key path's first step goes to in it (see `DirectModelEntry.notedSteps`).
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, model.slotCount * 2)) {
            starts throws(JSONSyntaxError) in
            starts.initialize(repeating: -1)
            // A key `unknown reject` refuses, which the interpreter reports, or
            // a second member with a key whose first member was skimmed and
            // would go unchecked.
            var refused = false
            guard try scanMembers(remembered: index, depth: depth, meaning: { key in
                if let slot = tables.find(key, in: model.keys) { return slot }
                return model.rejectsUnknown && tables.find(key, in: model.known) == nil ? DirectRun.refusedKey : DirectRun.ignoredKey
            }, { slot, valueStart in
                guard slot >= 0 else {
                    if slot == DirectRun.refusedKey { refused = true }
                    return .check
                }
                let skims = slot < 64 && model.skimmedSlots & 1 << UInt64(slot) != 0
                if skims, starts[slot] >= 0 { refused = true }
                starts[slot] = valueStart
                if skims { return .skim }
                let step = tables.notedSteps[model.notedSteps + slot]
                return step < 0 ? .check : .note(step: step, in: starts, at: model.slotCount + slot)
            }), !refused else { return false }
            let end = scanner.position
            var written = inline ?? 0
            if inline == nil { writer.beginContainer(UInt8(ascii: "{")) }
            if let leading {
                writer.beginEntry(0)
                writer.writeKey(quoted: tables.bytes(of: leading.key))
                if let value = leading.value {
                    writer.bytes.appendBytes(UnsafeBufferPointer(rebasing: bytes[value]))
                } else {
                    writer.write(MappedValue.null)
                }
                written = 1
            }
            // The values the model's checks and computed fields read, by field.
            var values = model.readsValues ? memory.values(count: model.fields.count) : []
            defer { if model.readsValues { memory.giveBack(&values) } }
            // Where each computed field's value goes, and the field.
            var computed: [(offset: Int, field: Int)] = []
            for field in model.fields {
                // Read in place, not copied a hundred bytes at a time; the
                // table is not empty, since it holds this model's fields.
                let entry = tables.fields.baseAddress.unsafelyUnwrapped + field
                if entry.pointee.flattens {
                    guard let entries = try writeFlattened(entry.pointee, starts: starts, object: start, after: written, depth: depth + 1, &context)
                    else { return false }
                    written = entries
                    continue
                }
                let before = writer.mark
                writer.beginEntry(written, key: tables.bytes(of: entry.pointee.entryKey))
                if entry.pointee.isComputed {
                    computed.append((writer.bytes.count, entry.pointee.index))
                    written += 1
                    continue
                }
                let valueStart = writer.mark
                guard try writeField(entry.pointee, starts: starts, object: start, depth: depth + 1, &context) else { return false }
                if entry.pointee.keepsValue {
                    values[entry.pointee.index] = kept
                    kept = .null
                }
                if entry.pointee.omitsNull, writer.wroteNull(since: valueStart) {
                    writer.rewind(to: before)
                } else {
                    written += 1
                }
            }
            if inline == nil {
                writer.endContainer(UInt8(ascii: "}"), isEmpty: written == 0)
            } else {
                flattenedEntries = written
            }
            if model.readsValues {
                guard
                    try valuesHold(
                        of: index, values: &values, computed: computed, fields: model.fields, starts: starts, depth: depth + 1,
                        &context)
                else { return false }
            }
            scanner.position = end
            return true
        }
    }

    /// What a scan of an object does with a member's value.
    enum MemberReading {
        /// Checks it in full.
        case check
        /// Passes it unchecked when it is a string, an array or an object,
        /// or whatever it is when the scan skims scalars; checks it otherwise.
        case skim
        /// Ends the scan at it, unchecked, with the scanner at the value.
        case stop
        /// Checks it, and when it is an object, puts in `buffer[index]` the
        /// offset of the value of its last member with the key of a step
        /// (`DirectStep.notedKey`), or -1.
        case note(step: Int, in: UnsafeMutableBufferPointer<Int>, at: Int)
    }

    /// What a key the model ignores means to a model's scan: no slot.
    static let ignoredKey = -1
    /// What a key `unknown reject` refuses means to a model's scan.
    static let refusedKey = -2

    /// `scanMembers` with the keys the memory holds at `place` (see
    /// `DirectMemory.objects`), keeping this object's keys there.
    ///
    /// - Parameter meaning: For a model, a key's slot in it, or `ignoredKey`
    ///   or `refusedKey`; for a step, 0 for its key and -1 for any other.
    private mutating func scanMembers(
        remembered place: Int, depth: Int, skimsScalars: Bool = false, meaning: (UnsafeBufferPointer<UInt8>) -> Int,
        _ body: (Int, Int) -> MemberReading
    ) throws(JSONSyntaxError) -> Bool {
        // Out of the memory while the object is scanned; back before its fields are written.
        var keys = RememberedKeys()
        swap(&keys, &memory.objects[place])
        defer { swap(&keys, &memory.objects[place]) }
        return try withUnsafeMutablePointer(to: &keys) { keys throws(JSONSyntaxError) in
            try scanMembers(depth: depth, remembering: keys, skimsScalars: skimsScalars, meaning: meaning, body)
        }
    }

    /// Checks the object at the scanner's position and moves past it,
    /// passing what each member's key means and the offset of its value;
    /// the values `body` asks to skim are passed, not checked, and at a
    /// value `body` asks to stop at, the scan ends there.
    ///
    /// - Parameters:
    ///   - keys: The keys of the last object scanned the same way, which
    ///     are not read again where they come again in the same place; this
    ///     object's keys are remembered in their place.
    ///   - meaning: What a key's text, between its quotes, means to `body`.
    ///   - skimsScalars: Whether a value `body` skims may be any value, not
    ///     only a string, an array or an object: for a scan inside a value
    ///     that is checked in full elsewhere (see `follow`).
    ///   - body: Given a member's key's meaning and the offset of its
    ///     value, what to do with the value (see `DirectModelEntry.skimmedSlots`
    ///     and `DirectStep.uniqueKey`).
    /// - Returns: `true` when the object ends well formed, or at the value
    ///   `body` stops at; `false` when a key has escapes, which only the
    ///   interpreter compares, when a key recalled from `keys` has no colon
    ///   after it, or when the input (or the line) ends inside a skimmed value.
    mutating func scanMembers(
        depth: Int, remembering keys: UnsafeMutablePointer<RememberedKeys>? = nil, skimsScalars: Bool = false,
        meaning: (UnsafeBufferPointer<UInt8>) -> Int, _ body: (Int, Int) -> MemberReading
    ) throws(JSONSyntaxError) -> Bool {
        try scanner.checkDepth(depth + 1)
        scanner.position += 1
        scanner.skipWhitespace()
        if current == UInt8(ascii: "}") {
            scanner.position += 1
            return true
        }
        var index = 0
        while true {
            let keyMeaning: Int
            scanner.skipWhitespace()
            if let recalled = keys?.pointee.recall(index, at: scanner.position, in: bytes) {
                scanner.position = recalled.end
                scanner.skipWhitespace()
                guard current == UInt8(ascii: ":") else { return false }
                scanner.position += 1
                keyMeaning = recalled.meaning
            } else {
                let key = try scanner.skipKey(isFirst: index == 0)
                guard !key.hasEscapes else { return false }
                let text = UnsafeBufferPointer(rebasing: bytes[key.text])
                keyMeaning = meaning(text)
                keys?.pointee.remember(text, meaning: keyMeaning, at: index)
            }
            scanner.skipWhitespace()
            switch body(keyMeaning, scanner.position) {
            case .stop:
                return true
            case .skim
            where skimsScalars || current == UInt8(ascii: "\"") || current == UInt8(ascii: "{") || current == UInt8(ascii: "["):
                guard scanner.skimValue() else { return false }
            case .note(let step, let buffer, let index) where current == UInt8(ascii: "{"):
                guard case .notedKey(let text) = tables.steps[step] else { return false }
                let key = tables.bytes(of: text)
                buffer[index] = -1
                guard
                    try scanMembers(
                        remembered: tables.models.count + step, depth: depth + 1, meaning: { DirectTables.same($0, key) ? 0 : -1 },
                        { meaning, valueStart in
                            if meaning == 0 { buffer[index] = valueStart }
                            return .check
                        })
                else { return false }
            case .note(_, let buffer, let index):
                buffer[index] = -1
                try scanner.skipValue(depth: depth + 1)
            case .skim, .check:
                try scanner.skipValue(depth: depth + 1)
            }
            scanner.skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?:
                scanner.position += 1
                index += 1
            case UInt8(ascii: "}")?:
                scanner.position += 1
                return true
            default:
                return false
            }
        }
    }

    // MARK: - Fields

    /// Writes one field from the members noted in `starts`.
    ///
    /// - Parameters:
    ///   - object: The offset of the model's object, which `from $` reads.
    ///   - depth: The depth of the object's members.
    mutating func writeField(
        _ field: DirectFieldEntry, starts: UnsafeMutableBufferPointer<Int>, object: Int, depth: Int,
        _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        guard field.isDirect else { return try writeThroughInterpreter(field, starts: starts, depth: depth, &context) }
        var sawNull = false
        for source in tables.sources[field.sources] where source.slot < 0 || starts[source.slot] >= 0 {
            scanner.position = source.slot < 0 ? object : starts[source.slot]
            var valueDepth = source.slot < 0 ? depth - 1 : depth
            let noted = source.slot < 0 ? -1 : starts[tables.models[field.model].slotCount + source.slot]
            switch try follow(source.steps, noted: noted, depth: &valueDepth) {
            case .value: return try writeValue(field.type, field: field, depth: valueDepth, &context)
            case .null: sawNull = true
            case .missing: continue
            case .wrongShape: return false
            }
        }
        switch sawNull ? field.whenNull : field.whenMissing {
        case .null:
            writer.write(MappedValue.null)
            return true
        case .error:
            return false
        case .defaultValue:
            guard let value = mapper.interpreter.absentValue(of: plan(of: field), sawNull: sawNull) else { return false }
            writer.write(value)
            if field.keepsValue { kept = value }
            return true
        }
    }

    /// Writes a flattened field's model as more entries of the object being
    /// written, after `written` entries; nothing when the field is `null`.
    ///
    /// - Returns: The object's entries after them, or `nil` when the record
    ///   must go through the interpreter.
    private mutating func writeFlattened(
        _ field: DirectFieldEntry, starts: UnsafeMutableBufferPointer<Int>, object: Int, after written: Int, depth: Int,
        _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Int? {
        guard field.isDirect else { return nil }
        let mark = writer.mark
        flattenInto = written
        guard try writeField(field, starts: starts, object: object, depth: depth, &context) else {
            flattenInto = nil
            return nil
        }
        guard flattenInto == nil else {
            // No model was written, only the `null` of a field that may be absent.
            flattenInto = nil
            writer.rewind(to: mark)
            return written
        }
        return flattenedEntries
    }

    /// Maps a field the direct path does not read itself.
    private mutating func writeThroughInterpreter(
        _ field: DirectFieldEntry, starts: UnsafeMutableBufferPointer<Int>, depth: Int, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> Bool {
        guard let mapped = try mapThroughInterpreter(field, starts: starts, depth: depth, &context) else { return false }
        writer.write(mapped)
        return true
    }

    /// The value of a field as the interpreter maps it from the members its
    /// key paths start at, each parsed; `nil` when it does not map.
    mutating func mapThroughInterpreter(
        _ field: DirectFieldEntry, starts: UnsafeMutableBufferPointer<Int>, depth: Int, _ context: inout MappingContext
    ) throws(JSONSyntaxError) -> MappedValue? {
        let plan = plan(of: field)
        var members: [JSONMember] = []
        for (source, path) in zip(tables.sources[field.sources], plan.sources) where source.slot >= 0 && starts[source.slot] >= 0 {
            guard case .key(let key)? = path.steps.first, !members.contains(where: { $0.key == key }) else { continue }
            scanner.position = starts[source.slot]
            members.append(JSONMember(key: key, value: try scanner.readValue(depth: depth, expected: .value)))
        }
        // Its errors are dropped, the record mapped again through the interpreter, so it needs no keys for help.
        return mapper.interpreter.mapField(plan, in: JSONObject(members), known: [], coverage: nil, &context)
    }

    /// What following a key path found.
    enum Found {
        /// A value, at the scanner's position.
        case value
        /// An explicit `null`, on the way or at the end.
        case null
        /// A key or index that is absent.
        case missing
        /// A value of the wrong shape on the way, a key with escapes, or an
        /// object or array that does not end well formed where it was
        /// skimmed: the interpreter reports or compares it.
        case wrongShape
    }

    /// Follows the steps of a key path after its first from the value at
    /// the scanner's position.
    ///
    /// The objects on the way are scanned for their keys, and the values
    /// passed are skimmed, not checked: the path starts at a member that
    /// the scan of the model's object has checked already, or at one it
    /// skimmed, which the field that writes it checks (see
    /// `DirectModelEntry.skimmedSlots`); or at that object itself. A record
    /// is written only when all of this holds, and the value found is
    /// checked as it is written. The scan for a key found once
    /// (`DirectStep.uniqueKey`) ends at its member, and a noted key
    /// (`DirectStep.notedKey`) needs none.
    ///
    /// - Parameters:
    ///   - noted: The offset the scan of the model's object noted for the
    ///     first step when it is a noted key, or -1.
    ///   - depth: The depth of the value; updated to that of the value found.
    private mutating func follow(_ steps: Range<Int>, noted: Int, depth: inout Int) throws(JSONSyntaxError) -> Found {
        for step in steps {
            if current == UInt8(ascii: "n") { return .null }
            var found: Int?
            switch tables.steps[step] {
            case .key(let key), .uniqueKey(let key):
                guard current == UInt8(ascii: "{") else { return .wrongShape }
                let key = tables.bytes(of: key)
                let reading: MemberReading = if case .uniqueKey = tables.steps[step] { .stop } else { .skim }
                let complete = try scanMembers(
                    remembered: tables.models.count + step, depth: depth, skimsScalars: true,
                    meaning: { DirectTables.same($0, key) ? 0 : -1 }
                ) { meaning, valueStart in
                    guard meaning == 0 else { return .skim }
                    found = valueStart
                    return reading
                }
                guard complete else { return .wrongShape }
            case .notedKey:
                guard current == UInt8(ascii: "{") else { return .wrongShape }
                found = noted < 0 ? nil : noted
            case .index(let index):
                guard current == UInt8(ascii: "[") else { return .wrongShape }
                guard let start = try elementStart(index, depth: depth) else { return .wrongShape }
                found = start < 0 ? nil : start
            case .fromEnd:
                return .wrongShape
            }
            guard let found else { return .missing }
            scanner.position = found
            depth += 1
        }
        return current == UInt8(ascii: "n") ? .null : .value
    }

    /// The offset of an array's element, or -1 when the array is shorter,
    /// skimming the whole array as `follow` does; `nil` when the array
    /// does not end before the input (or the line) does, or when what
    /// follows an element is not a comma or its end.
    private mutating func elementStart(_ index: Int, depth: Int) throws(JSONSyntaxError) -> Int? {
        try scanner.checkDepth(depth + 1)
        scanner.position += 1
        scanner.skipWhitespace()
        if current == UInt8(ascii: "]") {
            scanner.position += 1
            return -1
        }
        var found = -1
        var position = 0
        while true {
            scanner.skipWhitespace()
            if position == index { found = scanner.position }
            guard scanner.skimValue() else { return nil }
            position += 1
            scanner.skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: scanner.position += 1
            case UInt8(ascii: "]")?:
                scanner.position += 1
                return found
            default: return nil
            }
        }
    }
}
