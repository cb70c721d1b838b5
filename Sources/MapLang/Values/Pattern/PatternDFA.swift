/// A deterministic automaton for a `PatternProgram` over ASCII text, built
/// once when the pattern compiles, so that matching an ASCII string reads
/// each byte once with one table lookup and allocates nothing.
///
/// A state is the set of instructions threads wait at before a byte, not
/// yet followed through jumps, splits and assertions, together with what
/// kind of scalar came before (none, a word scalar, another): assertions
/// (`^`, `$`, `\b`, `\B`) depend on the scalars on both sides of a
/// position, so a state's threads are followed only once the next byte, or
/// the end, is known. Bytes that every instruction and `\b` treat alike
/// share a column of the table.
///
/// The automaton answers what `PatternMatcher` answers when that finishes
/// within its step limit; it needs no limit itself, taking one step per
/// byte, so ASCII text never stops as too costly. Text with a scalar past
/// ASCII goes to `PatternMatcher`. A program whose automaton would pass
/// `mostStates` states, or take more than `mostSteps` steps to build, or
/// that has more than `mostInstructions` instructions, gets none, which
/// keeps compiling a pattern cheap.
struct PatternDFA: Sendable, Equatable {
    /// The most states an automaton may have.
    static let mostStates = 256
    /// The most instructions a program may have for an automaton.
    static let mostInstructions = 512
    /// The most instructions building an automaton may follow, over all
    /// its states and columns: a few milliseconds of work.
    static let mostSteps = 100_000

    /// The automaton as one table: the column of each of the 128 ASCII
    /// bytes, then for each state whether its threads reach `match` at the
    /// end of the text (1) or not (0), then for each state and column the
    /// next state, `matched` or `failed`.
    let cells: [Int32]
    /// The number of columns.
    let width: Int
    /// The number of states.
    let stateCount: Int

    /// A transition into a match: the text matches, whatever follows.
    static let matched: Int32 = -1
    /// A transition to no threads at all: nothing that follows can match.
    static let failed: Int32 = -2

    /// Whether the program matches ASCII text or a part of it; `nil` when
    /// the text has a byte past ASCII.
    func outcome(_ utf8: some Sequence<UInt8>) -> PatternMatcher.Outcome? {
        cells.withUnsafeBufferPointer { Self.outcome(utf8, cells: $0, width: width, stateCount: stateCount) }
    }

    /// What an automaton's `cells` (see there) say of ASCII text; `nil`
    /// when the text has a byte past ASCII.
    @inline(__always)
    static func outcome(
        _ utf8: some Sequence<UInt8>, cells: UnsafeBufferPointer<Int32>, width: Int, stateCount: Int
    ) -> PatternMatcher.Outcome? {
        let transitions = 128 + stateCount
        var state = 0
        for byte in utf8 {
            guard byte < 0x80 else { return nil }
            let next = cells[transitions + state * width + Int(cells[Int(byte)])]
            if next < 0 { return next == matched ? .matched : .notMatched }
            state = Int(next)
        }
        return cells[128 + state] != 0 ? .matched : .notMatched
    }

    /// Builds the automaton of a program; `nil` when it would be too large.
    init?(_ program: PatternProgram) {
        guard program.instructions.count <= Self.mostInstructions else { return nil }
        var builder = PatternDFABuilder(program: program)
        guard builder.build() else { return nil }
        cells = builder.columns.map(Int32.init) + builder.acceptsAtEnd.map { $0 ? 1 : 0 } + builder.transitions
        width = builder.width
        stateCount = builder.states.count
    }
}

/// Builds a `PatternDFA` by following the program's threads from each state
/// on each column's byte, states taken in the order they are found.
private struct PatternDFABuilder {
    /// What came before a position, as far as assertions can tell.
    enum Before: Int, Hashable {
        case nothing, word, other

        /// A scalar of this kind, for `PatternPosition`.
        var scalar: Unicode.Scalar? {
            switch self {
            case .nothing: nil
            case .word: "a"
            case .other: " "
            }
        }
    }

    /// A state: the instructions threads wait at, and what came before.
    struct State: Hashable {
        var waiting: [Int]
        var before: Before
    }

    let program: PatternProgram
    /// Whether the program has `\b` or `\B`, for which a word scalar before
    /// a position differs from another.
    let seesWords: Bool
    var columns: [UInt8] = []
    var width = 0
    /// A byte of each column.
    var representatives: [UInt8] = []
    var states: [State] = []
    var numbers: [State: Int] = [:]
    var transitions: [Int32] = []
    var acceptsAtEnd: [Bool] = []
    /// The instructions followed so far, against `PatternDFA.mostSteps`.
    var steps = 0

    init(program: PatternProgram) {
        self.program = program
        seesWords = program.instructions.contains { instruction in
            switch instruction {
            case .assertion(.wordBoundary), .assertion(.nonWordBoundary): true
            case .assertion, .scalar, .anyExceptNewline, .set, .jump, .split, .save, .match: false
            }
        }
    }

    /// Builds every state reachable from the start; `false` past `PatternDFA.mostStates`.
    mutating func build() -> Bool {
        makeColumns()
        _ = number(of: State(waiting: [0], before: .nothing))
        var next = 0
        while next < states.count {
            guard states.count <= PatternDFA.mostStates, steps <= PatternDFA.mostSteps else { return false }
            let state = states[next]
            acceptsAtEnd.append(reachesMatch(state, current: nil) == nil)
            for byte in representatives {
                transitions.append(transition(from: state, on: byte))
            }
            next += 1
        }
        guard steps <= PatternDFA.mostSteps else { return false }
        return states.count <= PatternDFA.mostStates
    }

    /// Gives bytes the same column when every consuming instruction takes
    /// both or neither and both are word bytes or neither.
    private mutating func makeColumns() {
        var signatures: [[Bool]: UInt8] = [:]
        for byte in 0..<UInt8(0x80) {
            let scalar = Unicode.Scalar(byte)
            let folded = program.ignoresCase ? PatternCaseFolding.folded(scalar) : scalar
            let upper = program.ignoresCase ? PatternCaseFolding.uppercase(scalar) : scalar
            var signature = [seesWords && PatternScalarSet.isWord(scalar)]
            for instruction in program.instructions {
                switch instruction {
                case .scalar, .anyExceptNewline, .set:
                    signature.append(program.consumes(instruction, scalar, folded: folded, upper: upper))
                case .assertion, .jump, .split, .save, .match:
                    break
                }
            }
            if let column = signatures[signature] {
                columns.append(column)
            } else {
                let column = UInt8(signatures.count)
                signatures[signature] = column
                columns.append(column)
                representatives.append(byte)
            }
        }
        width = representatives.count
    }

    /// The number of a state, adding it when new.
    private mutating func number(of state: State) -> Int {
        if let known = numbers[state] { return known }
        states.append(state)
        numbers[state] = states.count - 1
        return states.count - 1
    }

    /// The state after a byte, or `matched` or `failed`.
    private mutating func transition(from state: State, on byte: UInt8) -> Int32 {
        guard let followed = reachesMatch(state, current: Unicode.Scalar(byte)) else { return PatternDFA.matched }
        let scalar = Unicode.Scalar(byte)
        let folded = program.ignoresCase ? PatternCaseFolding.folded(scalar) : scalar
        let upper = program.ignoresCase ? PatternCaseFolding.uppercase(scalar) : scalar
        var waiting: [Int] = []
        for pc in followed where program.consumes(program.instructions[pc], scalar, folded: folded, upper: upper) {
            waiting.append(pc + 1)
        }
        // A search starts a thread at every position, unless the pattern is anchored at the start.
        if !program.isAnchoredAtStart { waiting.append(0) }
        guard !waiting.isEmpty else { return PatternDFA.failed }
        waiting = Array(Set(waiting)).sorted()
        let before: PatternDFABuilder.Before = seesWords && PatternScalarSet.isWord(scalar) ? .word : .other
        return Int32(number(of: State(waiting: waiting, before: before)))
    }

    /// Follows a state's threads through jumps, splits and assertions at a
    /// position whose next scalar is `current` (`nil` at the end); `nil`
    /// when they reach `match`, else the consuming instructions reached.
    private mutating func reachesMatch(_ state: State, current: Unicode.Scalar?) -> [Int]? {
        let position = PatternPosition(previous: state.before.scalar, current: current)
        var seen = Set<Int>()
        var pending = state.waiting
        var consuming: [Int] = []
        while let pc = pending.popLast() {
            steps += 1
            guard seen.insert(pc).inserted else { continue }
            switch program.instructions[pc] {
            case .jump(let target): pending.append(target)
            case .split(let first, let second): pending += [first, second]
            case .assertion(let assertion): if position.satisfies(assertion) { pending.append(pc + 1) }
            case .save: pending.append(pc + 1)
            case .match: return nil
            case .scalar, .anyExceptNewline, .set: consuming.append(pc)
            }
        }
        return consuming
    }
}
