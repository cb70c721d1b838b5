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
    private final class Backlog: Sendable {
        /// What the lock guards.
        struct State {
            /// Runs not yet begun, oldest first.
            var waiting = Queue<Slot>()
            /// How many helper threads are taking runs.
            var helpers = 0
        }

        /// The runs not yet begun and the helpers, under one lock.
        let state = Lock(State())

        /// Adds a run; `true` when a new helper should start on it.
        func add(_ slot: Slot, helpers limit: Int) -> Bool {
            state.withLock { state in
                state.waiting.append(slot)
                guard state.helpers < limit else { return false }
                state.helpers += 1
                return true
            }
        }

        /// The oldest run not yet begun, now claimed; `nil` when there is
        /// none, and then a helper that asks stops.
        func claim(asHelper: Bool) -> Slot? {
            state.withLock { state in
                let slot = state.waiting.popFirst()
                if slot == nil && asHelper { state.helpers -= 1 }
                return slot
            }
        }

        /// Gives up the runs not yet begun; they will never be.
        func drop() -> [Slot] {
            state.withLock { $0.waiting.takeAll() }
        }

        /// A helper: takes runs until none is left.
        func help() {
            while let slot = claim(asHelper: true) { slot.run() }
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
    /// `work` may only read what the runs share; its result is its own.
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
            guard let other = backlog.claim(asHelper: false) else {
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
        let dropped = Set(backlog.drop().map(ObjectIdentifier.init))
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
