import Dispatch

/// Runs of work mapped on other threads, taken one at a time in the order
/// they were started.
///
/// This is how `--jobs` keeps the threads busy: the caller starts runs
/// ahead, takes the oldest as soon as it is done, and starts another, so
/// the threads never wait for a whole batch to finish. A thread that comes
/// free takes the next run, so runs of uneven cost still share the cores.
package final class OrderedRuns<Result>: @unchecked Sendable {
    /// One run's result, with the signal that it is there.
    private final class Slot: @unchecked Sendable {
        /// Written once by the thread that maps the run, before `ready` is signalled.
        var result: Result?
        /// Signalled when `result` is written.
        let ready = DispatchSemaphore(value: 0)
    }

    /// The runs started and not yet taken, oldest first, from `head`.
    private var slots: [Slot] = []
    /// The oldest run not yet taken.
    private var head = 0

    /// About how many bytes of input one run of `--jobs` maps: enough that
    /// a run costs little to start and hand over, little enough that
    /// threads that come free early share the work left.
    package static var inputPerRun: Int { 1 << 19 }

    /// How many runs a caller with `threads` threads keeps started ahead of
    /// the one it waits for: enough that the threads stay busy while it
    /// takes results, eight per thread, but never more than 64, which
    /// bounds the memory of results waiting to be taken however many
    /// threads are asked for.
    package static func runsAhead(threads: Int) -> Int {
        min(threads * 8, 64)
    }

    /// Creates an empty set of runs.
    package init() {}

    /// How many runs have been started and not yet taken.
    package var pending: Int { slots.count - head }

    /// Starts a run on another thread.
    ///
    /// `work` may only read what the runs share; its result is its own.
    package func start(_ work: @escaping @Sendable () -> Result) {
        let slot = Slot()
        slots.append(slot)
        DispatchQueue.global().async {
            slot.result = work()
            slot.ready.signal()
        }
    }

    /// Waits for the oldest run not yet taken and gives its result; `nil`
    /// when every run started has been taken.
    package func next() -> Result? {
        guard head < slots.count else { return nil }
        let slot = slots[head]
        head += 1
        // Drop taken slots once they are most of the array.
        if head >= 16 && head * 2 >= slots.count {
            slots.removeFirst(head)
            head = 0
        }
        slot.ready.wait()
        return slot.result.take()
    }

    /// Waits for the runs not taken, since they may read memory their
    /// caller frees once it lets go of them, and frees their results.
    deinit {
        for slot in slots[head...] {
            slot.ready.wait()
            // The thread may hold the slot a moment longer; the result goes now.
            slot.result = nil
        }
    }
}
