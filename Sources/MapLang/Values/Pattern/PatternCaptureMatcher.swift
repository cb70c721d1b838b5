/// Finds the text of a pattern's first capturing group in the leftmost
/// match, as `extract` does: a Pike VM whose threads carry where the group
/// started and ended.
///
/// Threads are kept in priority order, each instruction at most once per
/// position, so the work is bounded as `PatternMatcher`'s is, by the
/// program size times the input length, and stopped at the same step limit.
/// Among matches that start at the same place, the one a backtracking
/// engine would report first wins: alternatives left to right, greedy
/// repetitions as long as they go on.
struct PatternCaptureMatcher {
    /// How a run ended.
    enum Outcome: Equatable {
        /// A match, with the scalar offsets of the group's text; `nil` when
        /// the group took no part in the match.
        case matched(Range<Int>?)
        /// No match.
        case notMatched
        /// The run passed its step limit without an answer.
        case tooCostly
    }

    /// The program, compiled with its first group's `save` instructions.
    let program: PatternProgram

    /// Where a thread's group started and ended, as scalar offsets; -1 before it has.
    private struct Slots: Equatable {
        var start = -1
        var end = -1
    }

    /// Runs the program over `scalars`.
    func run(_ scalars: [Unicode.Scalar]) -> Outcome {
        let instructions = program.instructions
        var current = PatternThreadList(capacity: instructions.count)
        var next = PatternThreadList(capacity: instructions.count)
        var currentSlots = [Slots](repeating: Slots(), count: instructions.count)
        var nextSlots = currentSlots
        var pending: [(pc: Int, slots: Slots)] = []
        var steps = 0
        var found: Slots?
        var offset = 0
        while true {
            let position = PatternPosition(
                previous: offset > 0 ? scalars[offset - 1] : nil, current: offset < scalars.count ? scalars[offset] : nil)
            // A new thread starts here, after every earlier one, until a match is found.
            if found == nil, offset == 0 || !program.isAnchoredAtStart {
                follow(0, Slots(), at: position, offset: offset, into: &current, &currentSlots, &pending, &steps)
            }
            guard steps <= Pattern.stepLimit(scalars: offset + 1) else { return .tooCostly }
            next.removeAll()
            let scalar = position.current
            let folded = scalar.map { program.ignoresCase ? PatternCaseFolding.folded($0) : $0 }
            let upper = scalar.map { program.ignoresCase ? PatternCaseFolding.uppercase($0) : $0 }
            for index in 0..<current.count {
                let pc = current[index]
                if case .match = instructions[pc] {
                    // Threads after this one have lower priority: they are dropped.
                    found = currentSlots[pc]
                    break
                }
                if let scalar, let folded, let upper, program.consumes(instructions[pc], scalar, folded: folded, upper: upper) {
                    let following = PatternPosition(
                        previous: scalar, current: offset + 1 < scalars.count ? scalars[offset + 1] : nil)
                    follow(pc + 1, currentSlots[pc], at: following, offset: offset + 1, into: &next, &nextSlots, &pending, &steps)
                }
            }
            steps += current.count
            if offset >= scalars.count || (next.isEmpty && (found != nil || program.isAnchoredAtStart)) { break }
            swap(&current, &next)
            swap(&currentSlots, &nextSlots)
            offset += 1
        }
        guard let found else { return .notMatched }
        return .matched(found.start >= 0 && found.end >= found.start ? found.start..<found.end : nil)
    }

    /// Adds a thread at `start` and every instruction reachable from it
    /// without consuming input, in priority order, each with its slots.
    private func follow(
        _ start: Int, _ slots: Slots, at position: PatternPosition, offset: Int, into list: inout PatternThreadList,
        _ listSlots: inout [Slots], _ pending: inout [(pc: Int, slots: Slots)], _ steps: inout Int
    ) {
        pending.append((start, slots))
        while let (pc, slots) = pending.popLast() {
            steps += 1
            guard list.insert(pc) else { continue }
            listSlots[pc] = slots
            switch program.instructions[pc] {
            case .jump(let target):
                pending.append((target, slots))
            case .split(let first, let second):
                pending.append((second, slots))
                pending.append((first, slots))
            case .assertion(let assertion):
                if position.satisfies(assertion) { pending.append((pc + 1, slots)) }
            case .save(let slot):
                var saved = slots
                if slot == 0 { saved.start = offset } else { saved.end = offset }
                pending.append((pc + 1, saved))
            case .scalar, .anyExceptNewline, .set, .match:
                break
            }
        }
    }
}

extension Pattern {
    /// Whether the pattern has a capturing group, `(…)` or `(?<name>…)`, for `extract`.
    package var hasCapture: Bool { program.instructions.contains(.save(0)) }

    /// The text of the first capturing group in the leftmost match in `string`.
    func firstCapture(in string: String) -> PatternCaptureMatcher.Outcome {
        PatternCaptureMatcher(program: program).run(Array(string.unicodeScalars))
    }
}
