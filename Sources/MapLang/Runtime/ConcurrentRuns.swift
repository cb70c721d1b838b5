import Dispatch

/// Runs of work mapped on other threads, whose results are taken in order
/// once every run is done.
///
/// This is how `--jobs` keeps the threads busy: while the caller writes one
/// window's results, the runs of the next are already being mapped. A
/// thread that comes free takes the next run, so runs of uneven cost still
/// share the cores.
package final class ConcurrentRuns<Result>: @unchecked Sendable {
    /// Each run's result, written by the thread that maps it.
    private let results: UnsafeMutableBufferPointer<Result>
    /// Every run.
    private let group = DispatchGroup()
    /// Whether `take` has moved the results out.
    private var taken = false

    /// Starts `count` runs on other threads, the run at `index` giving `work(index)`.
    ///
    /// `work` may only read what the runs share; each run's result is its own.
    package init(count: Int, _ work: @escaping @Sendable (Int) -> Result) {
        results = .allocate(capacity: count)
        nonisolated(unsafe) let results = results
        for index in 0..<count {
            DispatchQueue.global().async(group: group) {
                (results.baseAddress! + index).initialize(to: work(index))
            }
        }
    }

    /// Waits for every run and gives their results in order.
    ///
    /// - Precondition: Called once.
    package func take() -> [Result] {
        precondition(!taken, "the results of concurrent runs are taken once")
        group.wait()
        taken = true
        return results.indices.map { (results.baseAddress! + $0).move() }
    }

    deinit {
        group.wait()
        if !taken { results.deinitialize() }
        results.deallocate()
    }
}
