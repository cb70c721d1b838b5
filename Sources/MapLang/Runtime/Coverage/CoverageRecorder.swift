/// The counts of a whole run for `maplang run --coverage`, which every
/// record's events are counted into under a lock, whatever thread mapped it.
package final class CoverageRecorder: Sendable {
    /// The run's counts.
    private let totals: Lock<CoverageCounts>

    /// A recorder with zero counts for a plan.
    init(plan: Plan) {
        totals = Lock(CoverageCounts(plan: plan))
    }

    /// Counts what one record saw.
    func add(_ events: [CoverageEvent]) {
        guard !events.isEmpty else { return }
        totals.withLock { $0.count(events) }
    }

    /// The counts so far.
    package var counts: CoverageCounts { totals.withLock { $0 } }
}
