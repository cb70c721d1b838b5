/// The set of instructions that live threads sit at, for one input position.
///
/// A sparse set: inserting, testing membership and clearing all take constant
/// time, and iteration follows insertion order. Its storage is allocated once
/// per match, sized to the program.
struct PatternThreadList {
    /// The members, in insertion order, in `dense[0..<count]`.
    private var dense: [Int32]
    /// For a member `pc`, its index in `dense`; anything for others.
    private var sparse: [Int32]
    /// How many members there are.
    private(set) var count = 0

    /// Creates an empty list for program counters `0..<capacity`.
    init(capacity: Int) {
        dense = Array(repeating: 0, count: capacity)
        sparse = Array(repeating: 0, count: capacity)
    }

    /// Whether the list has no members.
    var isEmpty: Bool { count == 0 }

    /// The member at an index in insertion order.
    subscript(index: Int) -> Int { Int(dense[index]) }

    /// Whether `pc` is a member.
    func contains(_ pc: Int) -> Bool {
        let index = Int(sparse[pc])
        return index < count && dense[index] == Int32(pc)
    }

    /// Adds `pc`; returns `false` if it was already a member.
    mutating func insert(_ pc: Int) -> Bool {
        if contains(pc) { return false }
        dense[count] = Int32(pc)
        sparse[pc] = Int32(count)
        count += 1
        return true
    }

    /// Removes every member.
    mutating func removeAll() {
        count = 0
    }
}
