/// What the direct path remembers of the objects one thread has read, so
/// as to read the next ones faster: for each model, and for each key a key
/// path steps to after its first, the keys of the last object scanned as
/// that model or for that step, in order, with what each meant to it (see
/// `DirectRun.scanMembers(remembered:depth:skimsScalars:meaning:_:)`).
///
/// The records of one source mostly list their keys in the same order. A
/// member whose key has the very bytes remembered for its place, quote to
/// quote, has the same key: it was checked as a string and looked up when
/// it was remembered, and neither is done again. Any other key is read and
/// looked up as before, and remembered in that place.
///
/// A memory belongs to the mapper that filled it, reading with one limit
/// on strings (a key recalled is not measured again); given to another
/// mapper, or with another limit, it starts afresh. It holds that mapper,
/// so no other one can take its address while the memory lives.
package struct DirectMemory {
    /// The mapper whose models the keys' meanings are for.
    var owner: DirectMapper?
    /// The longest string the keys were read under (`JSONReaderOptions.maxStringBytes`).
    var maxStringBytes = 0
    /// For each of the owner's models, by index, then for each step of its
    /// key paths (`DirectTables.steps`), by index after the models.
    var objects: [RememberedKeys] = []
    /// Arrays given back by models whose checks or computed fields read
    /// their values, to be filled again by the next such model, one for
    /// each depth of such models nested: an array per record would cost
    /// an allocation, and finding its type's metadata, every time.
    var spareValues: [[MappedValue]] = []

    /// An array of `count` nulls, one given back before when there is one.
    mutating func values(count: Int) -> [MappedValue] {
        var values = spareValues.popLast() ?? []
        values.append(contentsOf: repeatElement(.null, count: count))
        return values
    }

    /// Gives back an array from `values(count:)`, emptied, for reuse;
    /// `values` is left empty, so that the one kept is its buffer's only owner.
    mutating func giveBack(_ values: inout [MappedValue]) {
        values.removeAll(keepingCapacity: true)
        spareValues.append(values)
        values = []
    }

    /// An empty memory, for any mapper.
    package init() {}

    /// An empty memory for `owner`'s models and steps, read with strings of at most `maxStringBytes`.
    init(owner: DirectMapper, maxStringBytes: Int) {
        self.owner = owner
        self.maxStringBytes = maxStringBytes
        let tables = owner.direct.storage.tables
        objects = Array(repeating: RememberedKeys(), count: tables.models.count + tables.steps.count)
    }
}

/// The keys of the last object a model or a key path's step scanned, in order.
///
/// At most `mostMembers` are remembered, each at most `longestKey` bytes
/// long; from the first that is not, the rest of the object is read as usual.
struct RememberedKeys {
    /// The keys' bytes, one after another.
    private var text: [UInt8] = []
    /// For each member in turn: where its key ends in `text`, and what it meant.
    private var members: [(end: Int, meaning: Int)] = []

    /// How many members of an object are remembered.
    static let mostMembers = 256
    /// The longest key remembered, in bytes.
    static let longestKey = 64

    /// When the member at place `index` of an object has the key
    /// remembered there, with its opening quote at `position`: what the
    /// key meant, and the offset just past its closing quote.
    @inline(__always)
    func recall(_ index: Int, at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (meaning: Int, end: Int)? {
        guard index < members.count else { return nil }
        let start = index == 0 ? 0 : members[index - 1].end
        let member = members[index]
        let close = position + 1 + member.end - start
        guard close < bytes.count, bytes[position] == UInt8(ascii: "\""), bytes[close] == UInt8(ascii: "\"") else { return nil }
        let same = text.withUnsafeBufferPointer { text in
            DirectTables.equal(UnsafeBufferPointer(rebasing: text[start..<member.end]), UnsafeBufferPointer(rebasing: bytes[position + 1..<close]))
        }
        return same ? (member.meaning, close + 1) : nil
    }

    /// Remembers the key of the member at place `index`, read and looked
    /// up, in place of what was remembered there and after it.
    ///
    /// - Parameter key: The key's text between its quotes, a string with no escapes that has been checked.
    mutating func remember(_ key: UnsafeBufferPointer<UInt8>, meaning: Int, at index: Int) {
        // A place past the ones remembered follows a key that was not.
        guard index <= members.count else { return }
        if index < members.count {
            text.removeSubrange((index == 0 ? 0 : members[index - 1].end)...)
            members.removeSubrange(index...)
        }
        guard index < Self.mostMembers, key.count <= Self.longestKey else { return }
        text.append(contentsOf: key)
        members.append((text.count, meaning))
    }
}
