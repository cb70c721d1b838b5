/// The direct path's view of its plan: flat tables of plain values, read
/// through pointers, so that mapping a record touches no reference counts.
///
/// Models, fields, key paths and types refer to each other by their index
/// in these tables; texts are spans of `text`. `DirectPlan` builds the
/// tables once, when rules are compiled, and owns their memory.
struct DirectTables {
    /// Key texts, fields' entry keys (`,"name":`) and quoted enum case names, end to end.
    var text: UnsafeBufferPointer<UInt8>
    /// The entries of every key table (see `DirectKeyTable`).
    var keyEntries: UnsafeBufferPointer<DirectKeyEntry>
    /// Each model of the plan, by its index there.
    var models: UnsafeBufferPointer<DirectModelEntry>
    /// The fields of every model, each model's together.
    var fields: UnsafeBufferPointer<DirectFieldEntry>
    /// The key paths of every field, each field's together.
    var sources: UnsafeBufferPointer<DirectSourceEntry>
    /// The steps after the first of every key path.
    var steps: UnsafeBufferPointer<DirectStep>
    /// The types of every field, as trees of nodes.
    var nodes: UnsafeBufferPointer<DirectNode>
    /// Each enum of the plan, by its index there.
    var enums: UnsafeBufferPointer<DirectEnumEntry>
    /// The quoted names of every enum's cases, each enum's together.
    var caseNames: UnsafeBufferPointer<DirectText>
    /// The automata of the patterns fields' rules ask for.
    var automata: UnsafeBufferPointer<DirectAutomaton>
    /// The cells of every automaton (see `PatternDFA.cells`), end to end.
    var cells: UnsafeBufferPointer<Int32>
    /// Each choice of the plan, by its index there.
    var choices: UnsafeBufferPointer<DirectChoiceEntry>
    /// The step whose key the scan of a model's object notes inside a
    /// slot's member, or -1, for every slot of every model, each model's
    /// slots together (see `DirectModelEntry.notedSteps`).
    var notedSteps: UnsafeBufferPointer<Int>

    /// Whether ASCII text matches every pattern of a range of `automata`;
    /// `nil` when the text has a byte past ASCII, which the interpreter matches.
    @inline(__always)
    func matchesPatterns(_ text: UnsafeBufferPointer<UInt8>, _ patterns: Range<Int>) -> Bool? {
        for automaton in automata[patterns] {
            let cells = UnsafeBufferPointer(rebasing: cells[automaton.cells])
            switch PatternDFA.outcome(text, cells: cells, width: automaton.width, stateCount: automaton.stateCount) {
            case .matched?: continue
            case .notMatched?, .tooCostly?: return false
            case nil: return nil
            }
        }
        return true
    }

    /// The bytes of a span of `text`.
    @inline(__always)
    func bytes(of span: DirectText) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[span.start..<span.start + span.count])
    }

    /// The value a table holds for a key, given as its UTF-8 bytes.
    @inline(__always)
    func find(_ key: UnsafeBufferPointer<UInt8>, in table: DirectKeyTable) -> Int? {
        var position = DirectKeyTable.hash(key) & table.mask
        while true {
            let entry = keyEntries[table.start + position]
            guard entry.value >= 0 else { return nil }
            if entry.text.count == key.count, Self.equal(bytes(of: entry.text), key) { return entry.value }
            position = (position + 1) & table.mask
        }
    }

    /// Whether two byte strings are equal.
    @inline(__always)
    static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        left.count == right.count && equal(left, right)
    }

    /// Whether two byte strings of the same length are equal, compared
    /// eight bytes at a time; the last few as one word that overlaps the
    /// bytes compared before it. Strings of four to seven bytes are two
    /// half words that overlap each other, shorter ones byte by byte.
    @inline(__always)
    static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let leftBytes = UnsafeRawBufferPointer(left)
        let rightBytes = UnsafeRawBufferPointer(right)
        let count = left.count
        guard count >= 8 else {
            if count >= 4 {
                return leftBytes.loadUnaligned(as: UInt32.self) == rightBytes.loadUnaligned(as: UInt32.self)
                    && leftBytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                        == rightBytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            }
            for offset in 0..<count where left[offset] != right[offset] { return false }
            return true
        }
        var offset = 0
        while offset + 8 <= count {
            let leftWord = leftBytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            guard leftWord == rightBytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        return offset == count
            || leftBytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == rightBytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}

/// How the direct path reads one choice: the discriminator is found in a
/// scan of the object, then the object is written as the model it chooses,
/// with the discriminator's value first under the choice's output key.
struct DirectChoiceEntry {
    /// Whether the direct path reads the choice itself; when not (the
    /// discriminator is a key path of several steps, or a model it chooses
    /// is not direct), the interpreter maps it.
    var isDirect: Bool
    /// The discriminator's key.
    var discriminator: DirectText
    /// The output key, as a JSON string.
    var quotedOutputKey: DirectText
    /// From each string value the choice lists to its model.
    var variants: DirectKeyTable
    /// The model for other values, or -1 (also when a listed value is not
    /// ASCII, which Unicode equivalence could match: the interpreter decides).
    var defaultModel: Int
}

/// A pattern's automaton in `DirectTables.cells`.
struct DirectAutomaton {
    /// Its cells.
    var cells: Range<Int>
    /// See `PatternDFA.width`.
    var width: Int
    /// See `PatternDFA.stateCount`.
    var stateCount: Int
}

/// A span of `DirectTables.text`.
struct DirectText: Equatable {
    /// The offset of the span's first byte.
    var start: Int
    /// The number of bytes.
    var count: Int
}

/// A hash table from byte strings to numbers, stored as a run of
/// `DirectTables.keyEntries` with open addressing.
///
/// A key's place is found from its length and three of its bytes, which
/// tells apart the keys of real models with few probes and costs the same
/// for a long key as a short one; a table is at most half full.
struct DirectKeyTable {
    /// The table's first entry in `keyEntries`.
    var start: Int
    /// The table's size less one; the size is a power of two.
    var mask: Int

    /// Where the search for a key starts, before `mask` is applied.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var word = UInt64(truncatingIfNeeded: key.count)
        if let first = key.first, let last = key.last {
            word |= UInt64(first) << 16 | UInt64(last) << 24 | UInt64(key[key.count / 2]) << 32
        }
        return Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }
}

/// One entry of a key table.
struct DirectKeyEntry {
    /// The key.
    var text: DirectText
    /// What the key stands for; negative in an empty entry.
    var value: Int

    /// An entry that holds no key.
    static let empty = DirectKeyEntry(text: DirectText(start: 0, count: 0), value: -1)
}

/// How the direct path reads one model.
struct DirectModelEntry {
    /// Whether the direct path reads the model itself; when not (`unknown
    /// keep`, a field read `from $` or `flatten`ed, a computed field or a
    /// check that reads the input, a computed field that is not a scalar or
    /// leaves out its `null`), the interpreter maps it.
    var isDirect: Bool
    /// Whether the model has checks or computed fields, which are worked
    /// out from the values of the fields they read (see
    /// `DirectFieldEntry.isRead`) once every other field is written.
    var readsValues: Bool
    /// The model's fields in `DirectTables.fields`, in the model's order.
    var fields: Range<Int>
    /// The number of distinct first keys of the fields' key paths: the
    /// members a scan of the model's object notes.
    var slotCount: Int
    /// From each of those keys to its slot.
    var keys: DirectKeyTable
    /// The slots, of the first 64, whose member a scan of the model's
    /// object passes by its quotes and brackets alone
    /// (`JSONScanner.skimValue`) when it is a string, an array or an
    /// object, one bit each.
    ///
    /// Such a member is the first key path, with no steps after its key, of
    /// a direct field that is neither computed nor flattened. Writing that
    /// field, which is tried first when the member is there (it is never
    /// `null`, being skimmed), reads the member whole and checks
    /// every byte of it (`DirectRun.writeValue`), or sends the record to
    /// the interpreter; and a model is written only when every one of its
    /// fields is. So a record the direct path writes has had every byte
    /// checked, once, and a member is no longer checked a second time by
    /// the scan of the object around it. A number or a literal is checked
    /// by the scan: a skim could not find where it ends as a check does,
    /// and a field that reads `12` from `12x` would take it.
    var skimmedSlots: UInt64
    /// Where the model's slots start in `DirectTables.notedSteps`.
    ///
    /// A slot's member that the scan of the model's object checks, rather
    /// than skims, and that a key path's first step (`DirectStep.notedKey`)
    /// goes into, is checked as an object whose members' keys are read: the
    /// offset of the last value with the step's key is noted then, and
    /// following the path reads it from there, with no second scan.
    var notedSteps: Int
    /// Whether a key the model does not mention fails the record (`unknown reject`).
    var rejectsUnknown: Bool
    /// Every key the model mentions (see `ModelPlan.knownKeys`), when it rejects the others.
    var known: DirectKeyTable
}

/// How the direct path reads one field.
struct DirectFieldEntry {
    /// The field's output key as an object's entry after the first writes
    /// it in compact style: a comma, the name as a JSON string, a colon.
    var entryKey: DirectText
    /// The field's key paths in `DirectTables.sources`, in the order they are tried.
    var sources: Range<Int>
    /// The root of the field's type in `DirectTables.nodes`.
    var type: Int
    /// Whether the direct path reads the field's value itself; otherwise
    /// the interpreter maps the field from the members its paths start at
    /// (rules on a container, which count or compare the whole value;
    /// indices counted from the end, which need the array's length before
    /// its element; `split`, `join` and `json`, which reshape the whole value).
    var isDirect: Bool
    /// What the field's rules ask of a scalar read from bytes.
    var check: DirectCheck
    /// The patterns a `String` field's rules ask for, in `DirectTables.automata`,
    /// which its text must match besides `check`.
    var patterns: Range<Int>
    /// What the field takes when no key path holds a value.
    var whenMissing: DirectAbsence
    /// What the field takes when a key path holds `null`, or reaches one,
    /// and no later path holds a value.
    var whenNull: DirectAbsence
    /// The model the field belongs to, by index in the plan.
    var model: Int
    /// The field's index in its model's plan.
    var index: Int
    /// Whether the field's key is left out when its value is `null`.
    var omitsNull: Bool
    /// Whether a check or a computed field of the model reads the field.
    var isRead: Bool
    /// Whether the value the direct path reads for the field is kept for
    /// the model's checks and computed fields: a scalar read that the
    /// direct path reads itself. The value of any other field read is
    /// mapped again by the interpreter.
    var keepsValue: Bool
    /// Whether the field is computed: its value is worked out once the
    /// fields are written, and put in its place.
    var isComputed: Bool
    /// Whether the field's model writes its fields in the enclosing object.
    var flattens: Bool
}

/// One key path of a direct field.
struct DirectSourceEntry {
    /// The slot of the path's first key in its model, or -1 for the
    /// object itself (`from $`).
    var slot: Int
    /// The steps after the first, in `DirectTables.steps`.
    var steps: Range<Int>
}

/// A step of a key path after its first, as the direct path follows it.
enum DirectStep {
    /// An object key.
    case key(DirectText)
    /// An object key that a record the direct path writes has at most once
    /// in the object, whose members after the key's are checked by the
    /// model that writes the object (see `DirectTableBuilder.markFollowedKeys`):
    /// following the path stops at the key's first member.
    case uniqueKey(DirectText)
    /// The first step of a key path whose value's offset the scan of the
    /// model's object notes (see `DirectModelEntry.notedSteps`).
    case notedKey(DirectText)
    /// An array index counted from the start.
    case index(Int)
    /// An index counted from the end, which the interpreter follows.
    case fromEnd
}

/// A node of a field's type.
enum DirectNode {
    /// An optional value; the wrapped type's node.
    case optional(Int)
    /// An array; its element type's node.
    case array(Int)
    /// A model, by index in the plan.
    case model(Int)
    /// A choice, by index in the plan.
    case choice(Int)
    /// Anything else, read as `DirectScalar` says; `type` is its type's
    /// index in `DirectPlan.types`, for the interpreter.
    case scalar(DirectScalar, type: Int)
}

/// The scalars the direct path reads straight from bytes; the rest go
/// through the interpreter's conversion.
enum DirectScalar: Hashable {
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
    /// An enum, by index, with no transformers. `usesDefault` when a string
    /// no input lists takes the enum's default; not when the field is
    /// lenient and the enum lists numbers, which such a string could name.
    case enumeration(Int, usesDefault: Bool)
    /// Anything else: the value alone is parsed and the interpreter
    /// converts it, while the record stays on the direct path. That is
    /// transform chains and tables (their steps are the interpreter's
    /// closures and lookups, on a parsed scalar), lenient coercion (its
    /// rules of which text is which number or boolean live in one place,
    /// `Coercion`), dictionaries and `JSON` fields (whose keys and values
    /// are copied as the tree writes them), `Decimal` and `Data`.
    case converted
}

/// What a field's rules ask of a scalar the direct path reads.
enum DirectCheck: Equatable {
    /// No rules.
    case none
    /// Every rule bounds a `String`'s length or an `Int`'s value, and
    /// together they allow this closed range.
    case bounds(ClosedRange<Int64>)
    /// Other rules (a pattern, `oneOf`, bounds that are not integers):
    /// they run as the interpreter runs them, on the value the direct
    /// path read.
    case rules
}

/// What a field takes when its value is absent.
enum DirectAbsence {
    /// `null`.
    case null
    /// Nothing: the record has an error, which the interpreter reports.
    case error
    /// The field's default, which the interpreter writes.
    case defaultValue
}

/// How an enum's string inputs are read directly.
struct DirectEnumEntry {
    /// From each string input, by its bytes, to its case.
    var inputs: DirectKeyTable
    /// The enum's quoted case names in `DirectTables.caseNames` start here.
    var caseNames: Int
    /// The case any other ASCII string takes, or -1 when there is no
    /// default or the interpreter must compare the string (an input is not
    /// ASCII, so Unicode equivalence could match it).
    var defaultCase: Int
}
