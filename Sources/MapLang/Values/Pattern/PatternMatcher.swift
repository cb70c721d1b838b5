/// Runs a `PatternProgram` over a string by simulating its NFA.
///
/// All threads advance in lockstep, one input scalar at a time, and each
/// position keeps at most one thread per instruction (a Pike VM without
/// captures). The work is therefore at most proportional to the program size
/// times the input length, whatever the pattern: there is no backtracking and
/// no recursion. Search semantics: a thread starts at every position, and the
/// first thread to reach `match` ends the run.
///
/// That product can still be large: a pattern of hundreds of alternatives
/// keeps hundreds of threads alive at every scalar of a long string. So a run
/// stops once its thread steps pass `Pattern.stepLimit(scalars:)` for the
/// scalars read so far, saying so.
struct PatternMatcher {
    /// How a run ended.
    enum Outcome: Equatable {
        /// The program matches the string or a substring of it.
        case matched
        /// It matches nothing in the string.
        case notMatched
        /// The run passed its step limit without an answer.
        case tooCostly
    }

    /// The program to run.
    let program: PatternProgram
    /// The most thread steps a run may take, given the scalars read so far.
    var stepLimit: @Sendable (Int) -> Int = Pattern.stepLimit(scalars:)

    /// Whether the program matches `string` or any substring of it, within the step limit.
    func run(_ string: String) -> Outcome {
        let instructions = program.instructions
        var current = PatternThreadList(capacity: instructions.count)
        var next = PatternThreadList(capacity: instructions.count)
        var pending: [Int] = []
        var steps = 0
        var read = 0
        var scalars = string.unicodeScalars.makeIterator()
        var position = PatternPosition(previous: nil, current: scalars.next())
        if follow(from: 0, into: &current, at: position, pending: &pending, steps: &steps) { return .matched }

        while let scalar = position.current {
            read += 1
            guard steps <= stepLimit(read) else { return .tooCostly }
            let following = PatternPosition(previous: scalar, current: scalars.next())
            let folded = program.ignoresCase ? PatternCaseFolding.folded(scalar) : scalar
            let upper = program.ignoresCase ? PatternCaseFolding.uppercase(scalar) : scalar
            next.removeAll()
            for index in 0..<current.count {
                let pc = current[index]
                if program.consumes(instructions[pc], scalar, folded: folded, upper: upper), follow(from: pc + 1, into: &next, at: following, pending: &pending, steps: &steps) {
                    return .matched
                }
            }
            steps += current.count
            if program.isAnchoredAtStart {
                if next.isEmpty { return .notMatched }
            } else if follow(from: 0, into: &next, at: following, pending: &pending, steps: &steps) {
                return .matched
            }
            swap(&current, &next)
            position = following
        }
        return .notMatched
    }

    // MARK: - Implementation

    /// Adds a thread at `start` and every instruction reachable from it
    /// without consuming input, using `pending` as an explicit stack, and
    /// counts each instruction looked at in `steps`.
    ///
    /// - Returns: `true` if one of them is `match`.
    private func follow(
        from start: Int,
        into list: inout PatternThreadList,
        at position: PatternPosition,
        pending: inout [Int],
        steps: inout Int
    ) -> Bool {
        pending.append(start)
        while let pc = pending.popLast() {
            steps += 1
            guard list.insert(pc) else { continue }
            switch program.instructions[pc] {
            case .jump(let target):
                pending.append(target)
            case .split(let first, let second):
                pending.append(second)
                pending.append(first)
            case .assertion(let assertion):
                if position.satisfies(assertion) { pending.append(pc + 1) }
            case .save:
                pending.append(pc + 1)
            case .match:
                pending.removeAll(keepingCapacity: true)
                return true
            case .scalar, .anyExceptNewline, .set:
                break
            }
        }
        return false
    }
}
