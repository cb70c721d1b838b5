import Dispatch

/// Runs of work mapped on `threads` threads, the caller's among them, and
/// taken one at a time in the order they were started.
///
/// This is how `--jobs` keeps the threads busy: the caller starts runs
/// ahead and takes the oldest as soon as it is done. Helper threads, one
/// fewer than `threads`, take the runs not yet begun, oldest first. A caller
/// that would wait for the oldest run maps a run itself instead (the oldest
/// if no helper has begun it), so `threads` threads share the work and no
/// more: the caller does not sleep while a helper waits for a core.
package final class OrderedRuns<Result>: @unchecked Sendable {
    /// One run: its work, then its result, with the signal that it is there.
    private final class Slot: @unchecked Sendable {
        /// The work, until a thread begins it.
        var work: (@Sendable () -> Result)?
        /// Written once by the thread that maps the run, before `isDone` is set.
        var result: Result?
        /// Set when `result` is written: the caller looks without waiting.
        let isDone = Lock(false)
        /// Signalled when `result` is written, for a caller that waits.
        let ready = DispatchSemaphore(value: 0)

        /// A run of `work`, not yet begun.
        init(_ work: @escaping @Sendable () -> Result) {
            self.work = work
        }

        /// Maps the run; called once, by the thread that claimed it.
        func run() {
            result = work.take()?()
            isDone.withLock { $0 = true }
            ready.signal()
        }
    }

    /// The runs not yet begun, which the helpers and the caller claim.
    ///
    /// A helper that finds none waits for the next rather than ending, until
    /// the runs are let go of: a caller that takes results more slowly than
    /// the helpers map them (as `Rules.decode` does) empties the backlog
    /// again and again, and a thread started anew each time would cost its
    /// start and leave the next run to the caller while it starts.
    private final class Backlog: Sendable {
        /// What the lock guards.
        struct State {
            /// Runs not yet begun, oldest first.
            var waiting = Queue<Slot>()
            /// How many helper threads were started and have not ended.
            var helpers = 0
            /// How many of them wait for a run and have not been woken.
            var idle = 0
            /// Whether the runs were let go of, so that helpers end.
            var isClosed = false
        }

        /// What adding a run asks of the helpers.
        private enum Helper {
            case wake, start, none
        }

        /// What a helper does next.
        private enum Next {
            case run(Slot), wait, end
        }

        /// The runs not yet begun and the helpers, under one lock.
        let state = Lock(State())
        /// Signalled once for each waiting helper woken.
        let wake = DispatchSemaphore(value: 0)

        /// Adds a run, waking a waiting helper for it if there is one;
        /// `true` when a new helper should start on it.
        func add(_ slot: Slot, helpers limit: Int) -> Bool {
            let helper: Helper = state.withLock { state in
                state.waiting.append(slot)
                if state.idle > 0 {
                    state.idle -= 1
                    return .wake
                }
                guard state.helpers < limit else { return .none }
                state.helpers += 1
                return .start
            }
            switch helper {
            case .wake:
                wake.signal()
                return false
            case .start: return true
            case .none: return false
            }
        }

        /// The oldest run not yet begun, now claimed; `nil` when there is none.
        func claim() -> Slot? {
            state.withLock { $0.waiting.popFirst() }
        }

        /// Gives up the runs not yet begun, which will never be, and ends
        /// the helpers once they finish what they began.
        func close() -> [Slot] {
            let (dropped, idle) = state.withLock { state in
                state.isClosed = true
                defer { state.idle = 0 }
                return (state.waiting.takeAll(), state.idle)
            }
            for _ in 0..<idle { wake.signal() }
            return dropped
        }

        /// A helper: takes runs, waiting for more when there are none,
        /// until the runs are let go of.
        func help() {
            while true {
                let next: Next = state.withLock { state in
                    if let slot = state.waiting.popFirst() { return .run(slot) }
                    guard !state.isClosed else {
                        state.helpers -= 1
                        return .end
                    }
                    state.idle += 1
                    return .wait
                }
                switch next {
                case .run(let slot): slot.run()
                case .wait: wake.wait()
                case .end: return
                }
            }
        }
    }

    /// The runs started and not yet taken, oldest first.
    private var slots = Queue<Slot>()
    /// Runs not yet begun, shared with the helpers.
    private let backlog = Backlog()
    /// How many helper threads may take runs besides the caller.
    private let helpers: Int

    /// About how many bytes of input one run of `--jobs` maps: enough that
    /// a run costs little to start and hand over, little enough that
    /// threads that come free early share the work left.
    package static var inputPerRun: Int { 1 << 17 }

    /// How many runs a caller with `threads` threads keeps started ahead of
    /// the one it waits for: enough that the threads stay busy while it
    /// takes results, four per thread, but never more than 64, which
    /// bounds the memory of results waiting to be taken however many
    /// threads are asked for. Each run ahead holds a buffer whose pages the
    /// system must hand over on first use, so more runs cost more.
    package static func runsAhead(threads: Int) -> Int {
        min(threads * 4, 64)
    }

    /// Creates an empty set of runs to be mapped on `threads` threads, the
    /// caller's included.
    package init(threads: Int) {
        helpers = max(0, threads - 1)
    }

    /// How many runs have been started and not yet taken.
    package var pending: Int { slots.count }

    /// Starts a run: a helper thread or the caller maps it.
    ///
    /// `work` may only read what the runs share; its result is its own. It
    /// must not hold these runs: their helpers wait for more until the
    /// runs are let go of.
    package func start(_ work: @escaping @Sendable () -> Result) {
        let slot = Slot(work)
        slots.append(slot)
        guard backlog.add(slot, helpers: helpers) else { return }
        let backlog = backlog
        // Without a thread, the caller maps every run itself as it waits.
        _ = HelperThread.run { backlog.help() }
    }

    /// Gives the result of the oldest run not yet taken, once it is there,
    /// mapping runs not yet begun while it waits; `nil` when every run
    /// started has been taken.
    package func next() -> Result? {
        guard let slot = slots.popFirst() else { return nil }
        // A semaphore's wait with a timeout of now can sleep a millisecond; the flag does not.
        while !slot.isDone.withLock({ $0 }) {
            guard let other = backlog.claim() else {
                slot.ready.wait()
                break
            }
            other.run()
        }
        return slot.result.take()
    }

    /// Drops the runs not yet begun and waits for those begun and not
    /// taken, since they may read memory their caller frees once it lets go
    /// of them; frees their results.
    deinit {
        let dropped = Set(backlog.close().map(ObjectIdentifier.init))
        for slot in slots.takeAll() where !dropped.contains(ObjectIdentifier(slot)) {
            slot.ready.wait()
            // The helper may hold the slot a moment longer; the result goes now.
            slot.result = nil
        }
    }
}

/// A first-in, first-out list whose taken elements are let go of in batches.
///
/// It hands out no slice of its storage: a slice of an array of a generic
/// type is a type the Swift runtime builds on first use, at a cost of
/// about 0.1 ms, which `--jobs` would pay as one thread, as mapping begins
/// and ends.
private struct Queue<Element> {
    /// Every element added and not yet let go of.
    private var storage: [Element] = []
    /// Where the elements not yet taken start in `storage`.
    private var head = 0

    /// How many elements are not yet taken.
    var count: Int { storage.count - head }

    /// Takes every element not yet taken, oldest first.
    mutating func takeAll() -> [Element] {
        var taken: [Element] = []
        taken.reserveCapacity(count)
        while head < storage.count {
            taken.append(storage[head])
            head += 1
        }
        storage = []
        head = 0
        return taken
    }

    /// Adds an element at the end.
    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Takes the oldest element; `nil` when there is none.
    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        // Let go of taken elements once they are most of the storage.
        if head >= 16 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
