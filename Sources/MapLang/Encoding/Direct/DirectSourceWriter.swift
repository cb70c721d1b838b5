#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The state `DirectSourceEncoder` and its containers share while one
/// value is encoded: the tree being built, and a stack of the values being
/// encoded, each knowing the kind the rules expect of it.
///
/// Anything the path does not write exactly as reverse mapping would
/// stops it (`DirectEncodingStop`), and `Rules.encode` encodes the whole
/// value again through the interpreter, which gives the result or the
/// errors reverse mapping gives.
final class DirectSourceWriter {
    /// One value being encoded.
    struct Level {
        /// What the rules expect it to be.
        var kind: DirectReversePlan.Kind
        /// The node written for it; -1 before anything is, `nullNode` for `null`.
        var node = -1
        /// For a record: where its fields' nodes start in `slots`; -1 before its container is asked for.
        var slots = -1
        /// For a record: its fields in the plan's `fields`.
        var fields = 0..<0
        /// For a record: the index among its fields of the one after the
        /// last written, which the next property usually is.
        var next = 0
        /// Tells this level from a later one at the same place in `levels`.
        var serial: Int
    }

    /// A level, as the encoder and containers of its value hold it: a
    /// container kept past its value's end finds its level gone and stops
    /// the path, rather than writing into another value's.
    struct LevelID {
        /// Where the level is in `levels`.
        var index: Int
        /// Its `serial`.
        var serial: Int
    }

    /// The node that stands for `null`.
    static let nullNode = -2

    // The state is used by one thread, and no access to it overlaps
    // another (a nested value's encoding starts and ends between two), so
    // it is not checked for exclusive access on every value.

    let plan: DirectReversePlan
    @exclusivity(unchecked) private var tree = SourceTree()
    /// The values being encoded, outermost first.
    @exclusivity(unchecked) private var levels: [Level] = []
    /// The levels made so far, which numbers each.
    @exclusivity(unchecked) private var serials = 0
    /// Each record's fields' nodes, -1 for none yet, records' in turn.
    @exclusivity(unchecked) private var slots: [Int] = []
    /// The document written so far, when it is an array of records.
    @exclusivity(unchecked) private var output: [UInt8] = []
    /// Whether the document is an array, written to `output` record by record.
    @exclusivity(unchecked) private var documentIsArray = false
    /// Whether the scalar last written is wanted for a field's rules.
    @exclusivity(unchecked) private var keepsScalar = false
    /// The last `String` or `Int` written while `keepsScalar`.
    @exclusivity(unchecked) private var scalar = MappedValue.null
    /// Whether anything stopped the path, even if the value caught the
    /// error: the document is then not written.
    @exclusivity(unchecked) private(set) var stopped = false

    init(plan: DirectReversePlan) {
        self.plan = plan
    }

    /// Encodes a record of a model, or an array of them, into source-shaped JSON.
    func document<T: Encodable>(_ value: T, model: Int) throws -> [UInt8] {
        let node = try encode(value, as: .document(model))
        guard !stopped else { throw stop() }
        if documentIsArray {
            output.append(UInt8(ascii: "]"))
            return output
        }
        guard node >= 0 else { throw stop() }
        tree.write(node, keys: plan.keys, to: &output)
        return output
    }

    // MARK: - Values

    /// Encodes a value of the kind the rules expect: the node written, or
    /// `nullNode`, which only an optional kind gives.
    ///
    /// Each forced cast follows the check that `T` is that very type, so it
    /// cannot fail; comparing the types first avoids a conditional cast.
    func encode<T: Encodable>(_ value: T, as kind: DirectReversePlan.Kind) throws -> Int {
        if T.self == MappedValue.self { return try mapped(value as! MappedValue, as: kind) }
        // Foundation's own types as reverse mapping's encoder stores them, whatever the kind.
        if T.self == Date.self {
            guard let timestamp = Timestamp(value as! Date) else { throw stop() }
            return try mapped(.date(timestamp), as: kind)
        }
        if T.self == Timestamp.self { return try mapped(.date(value as! Timestamp), as: kind) }
        if T.self == URL.self { return try mapped(.url((value as! URL).absoluteString), as: kind) }
        if T.self == Data.self { return try mapped(.string(Base64.encode(value as! Data)), as: kind) }
        if T.self == Decimal.self { throw stop() }
        if case .optional(let wrapped) = kind { return try encode(value, as: plan.kinds[wrapped]) }
        if case .scalar(let scalar) = kind {
            if T.self == String.self { return try string(value as! String, as: scalar, isURL: false) }
            if T.self == Int.self { return try integer(value as! Int, as: kind) }
            if T.self == Bool.self { return try bool(value as! Bool, as: kind) }
            if T.self == Double.self { return try double(value as! Double, as: kind) }
        }
        return try finish(try level(kind) { try value.encode(to: DirectSourceEncoder(writer: self, level: $0)) })
    }

    /// Encodes a value at a new innermost level, and gives the level back once done.
    func level(_ kind: DirectReversePlan.Kind, _ encode: (LevelID) throws -> Void) throws -> Level {
        serials += 1
        levels.append(Level(kind: kind, serial: serials))
        do {
            try encode(LevelID(index: levels.count - 1, serial: serials))
        } catch {
            // The value may catch the error; what it writes then is not written.
            stopped = true
            levels.removeLast()
            throw error
        }
        return levels.removeLast()
    }

    /// The node of a finished level: what was written for it, or its record put together.
    func finish(_ level: Level) throws -> Int {
        if level.node != -1, level.slots < 0 { return level.node }
        guard level.node == -1, level.slots >= 0 else { throw stop() }
        return try record(level.fields, slots: level.slots)
    }

    /// What a value reading its coding path gets: nothing, and the path
    /// stops, since the interpreter's encoder would give it another.
    func unkeptPath() -> [any CodingKey] {
        stopped = true
        return []
    }

    /// Stops the path: the error to throw, remembered even if the value catches it.
    func stop() -> DirectEncodingStop {
        stopped = true
        return DirectEncodingStop()
    }

    /// The model a kind is a record of; `nil` when it is not one.
    static func model(of kind: DirectReversePlan.Kind) -> Int? {
        switch kind {
        case .model(let model), .document(let model): model
        case .scalar, .array, .optional: nil
        }
    }

    /// Sets the node written for a level; a second value for one stops the path.
    func set(_ node: Int, at id: LevelID) throws {
        let level = try live(id)
        guard levels[level].node == -1, levels[level].slots < 0 else { throw stop() }
        levels[level].node = node
    }

    /// The kind a level expects, for its containers.
    func kind(at id: LevelID) throws -> DirectReversePlan.Kind {
        levels[try live(id)].kind
    }

    /// Where a level is in `levels`. Only the innermost value being encoded
    /// may be written to: a container or encoder used past its value's end,
    /// or while a value inside it is encoded, stops the path.
    private func live(_ id: LevelID) throws -> Int {
        guard id.index == levels.count - 1, levels[id.index].serial == id.serial else { throw stop() }
        return id.index
    }

    /// A `String`, as the kind expects it: a string, a URL or an enum case.
    func string(_ value: String, as kind: DirectReversePlan.Kind) throws -> Int {
        guard case .scalar(let scalar) = kind else { throw stop() }
        return try string(value, as: scalar, isURL: false)
    }

    /// A `String` or a `URL`'s text for a scalar.
    func string(_ value: String, as scalar: DirectScalar, isURL: Bool) throws -> Int {
        let start = tree.text.bytes.count
        switch scalar {
        case .string where !isURL:
            if keepsScalar { self.scalar = .string(value) }
            tree.text.writeString(value)
        case .url:
            guard URLValidator.problem(with: value) == nil else { throw stop() }
            tree.text.writeString(value)
        case .enumeration(let index, _) where !isURL:
            guard let input = plan.enumCases[index][value] else { throw stop() }
            input.withUnsafeBufferPointer { tree.text.bytes.appendBytes($0) }
        case .iso8601 where !isURL:
            // Reverse mapping reads the text as a date and writes the date.
            guard let timestamp = try? ISO8601DateParser.parse(value) else { throw stop() }
            return try date(timestamp)
        case .string, .enumeration, .int, .bool, .double, .iso8601, .converted:
            throw stop()
        }
        return tree.textNode(since: start)
    }

    /// An integer of any width, for an `Int` or a `Double`.
    func integer(_ value: some BinaryInteger, as kind: DirectReversePlan.Kind) throws -> Int {
        guard case .scalar(let scalar) = kind, let integer = Int64(exactly: value) else { throw stop() }
        switch scalar {
        case .int:
            if keepsScalar { self.scalar = .int(integer) }
        case .double:
            break
        case .string, .bool, .iso8601, .url, .enumeration, .converted:
            throw stop()
        }
        let start = tree.text.bytes.count
        tree.text.writeInteger(integer)
        return tree.textNode(since: start)
    }

    /// A finite `Double` for a `Double`.
    func double(_ value: Double, as kind: DirectReversePlan.Kind) throws -> Int {
        guard case .scalar(.double) = kind, value.isFinite else { throw stop() }
        let start = tree.text.bytes.count
        NumberText.appendJSON(value, to: &tree.text.bytes)
        return tree.textNode(since: start)
    }

    /// A `Bool`.
    func bool(_ value: Bool, as kind: DirectReversePlan.Kind) throws -> Int {
        guard case .scalar(.bool) = kind else { throw stop() }
        let start = tree.text.bytes.count
        tree.text.write(MappedValue.bool(value))
        return tree.textNode(since: start)
    }

    /// A date in the years ISO-8601 writes and reads back, as its ISO-8601 text.
    func date(_ timestamp: Timestamp) throws -> Int {
        guard DateTimeFields.writableSeconds.contains(timestamp.seconds) else { throw stop() }
        let start = tree.text.bytes.count
        tree.text.write(MappedValue.date(timestamp))
        return tree.textNode(since: start)
    }

    // MARK: - Records

    /// Starts the record at a level when its container is first asked for.
    func beginRecord(at id: LevelID) throws {
        let level = try live(id)
        guard let model = Self.model(of: levels[level].kind), let fields = plan.models[model]?.fields else {
            throw stop()
        }
        guard levels[level].node == -1 else { throw stop() }
        guard levels[level].slots < 0 else { return }
        levels[level].slots = slots.count
        levels[level].fields = fields
        slots.append(contentsOf: repeatElement(-1, count: fields.count))
    }

    /// Encodes a property of the record at a level as the field of its key.
    func encodeField<T: Encodable>(_ value: T, key: String, at id: LevelID) throws {
        let (field, slot) = try fieldSlot(key, at: try live(id))
        let kind = plan.kinds[plan.fields[field].kind]
        if plan.fields[field].rules.isEmpty {
            slots[slot] = try encode(value, as: kind)
            return
        }
        keepsScalar = true
        scalar = .null
        defer { keepsScalar = false }
        let node = try encode(value, as: kind)
        // The rules run on the `String` or `Int` written, as forward mapping reads it back.
        if node >= 0, plan.fields[field].rules.contains(where: { $0.kind.violation(by: scalar) != nil }) {
            throw stop()
        }
        slots[slot] = node
    }

    /// Records a `null` for the field of a key.
    func encodeNilField(key: String, at id: LevelID) throws {
        slots[try fieldSlot(key, at: try live(id)).slot] = Self.nullNode
    }

    /// Whether the record at a level has a field of a key.
    func hasField(_ key: String, at id: LevelID) throws -> Bool {
        try fieldIndex(key, at: try live(id)) != nil
    }

    /// The index among the record's fields of the field of a key; `nil` when it has none.
    private func fieldIndex(_ key: String, at level: Int) throws -> Int? {
        guard levels[level].slots >= 0 else { throw stop() }
        let fields = levels[level].fields
        let next = levels[level].next
        if next < fields.count, plan.fields[fields.lowerBound + next].name == key { return next }
        return Self.model(of: levels[level].kind).flatMap { plan.models[$0]?.fieldIndex[key] }
    }

    /// The field of a key, by index into the plan's `fields`, and where its
    /// node goes; a key no field has, or a field written twice, stops the path.
    private func fieldSlot(_ key: String, at level: Int) throws -> (field: Int, slot: Int) {
        guard let index = try fieldIndex(key, at: level) else { throw stop() }
        let slot = levels[level].slots + index
        guard slots[slot] == -1 else { throw stop() }
        levels[level].next = index + 1
        return (levels[level].fields.lowerBound + index, slot)
    }

    /// Puts a finished record's fields together at their key paths, as
    /// reverse mapping does, and forgets its slots.
    private func record(_ fields: Range<Int>, slots start: Int) throws -> Int {
        let building = tree.mark.nodes
        let object = tree.objectNode()
        for field in fields {
            let node = slots[start + field - fields.lowerBound]
            guard node >= 0 else {
                // Reverse mapping leaves out an optional field's `null`; a required one's is an error.
                guard plan.fields[field].isOptional else { throw stop() }
                continue
            }
            tree.insert(
                node, at: plan.fields[field].keys, from: 0, into: object, lookUp: plan.fields[field].sharesKeys, building: building)
        }
        slots.removeSubrange(start...)
        return object
    }

    // MARK: - Arrays

    /// Starts the array at a level when its container is first asked for.
    func beginArray(at id: LevelID) throws {
        let level = try live(id)
        // A value asks for one container: a second one, which reverse mapping's
        // encoder would start afresh or continue, and whose count would
        // start from the first's, stops the path, as one after a single value does.
        switch levels[level].kind {
        case .array:
            guard levels[level].slots < 0, levels[level].node == -1 else { throw stop() }
            levels[level].node = tree.arrayNode()
        case .document:
            // Only the value `Rules.encode` is given may be the array of records.
            guard level == 0, levels[level].slots < 0, levels[level].node == -1, !documentIsArray else { throw stop() }
            documentIsArray = true
            levels[level].node = Self.nullNode
            output.append(UInt8(ascii: "["))
        case .scalar, .model, .optional:
            throw stop()
        }
    }

    /// Encodes an element of the array at a level. An element of the
    /// document is written out and its nodes forgotten, so only one
    /// record's nodes are held at a time.
    func encodeElement<T: Encodable>(_ value: T, at id: LevelID) throws {
        let level = try live(id)
        switch levels[level].kind {
        case .array(let element):
            var node = try encode(value, as: plan.kinds[element])
            if node == Self.nullNode {
                // Only an array of optionals holds `null`s.
                guard case .optional = plan.kinds[element] else { throw stop() }
                let start = tree.text.bytes.count
                tree.text.write(MappedValue.null)
                node = tree.textNode(since: start)
            }
            tree.append(node, to: levels[level].node)
        case .document(let model):
            let mark = tree.mark
            let node = try encode(value, as: .model(model))
            guard node >= 0 else { throw stop() }
            if output.count > 1 { output.append(UInt8(ascii: ",")) }
            tree.write(node, keys: plan.keys, to: &output)
            tree.truncate(to: mark)
        case .scalar, .model, .optional:
            throw stop()
        }
    }
}

/// Stops `Rules.encode`'s direct path: the interpreter encodes the value instead.
struct DirectEncodingStop: Error {}
