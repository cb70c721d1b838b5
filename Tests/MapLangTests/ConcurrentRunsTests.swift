import Synchronization
import Testing

@testable import MapLang

/// `ConcurrentRuns` gives each run's result in order, whatever order the
/// threads finish in, and frees results that are never taken.
struct ConcurrentRunsTests {
    /// Counts the results alive, to show none is leaked or freed twice.
    final class Counted: Sendable {
        static let alive = Atomic<Int>(0)
        let index: Int
        init(_ index: Int) {
            self.index = index
            Self.alive.add(1, ordering: .relaxed)
        }
        deinit { Self.alive.subtract(1, ordering: .relaxed) }
    }

    @Test func resultsComeInTheOrderOfTheRuns() {
        // Later runs finish first: the earliest do the most work.
        let runs = ConcurrentRuns(count: 16) { index in
            var sum = 0
            for value in 0..<((16 - index) * 20_000) { sum &+= value % 7 }
            return (index, sum)
        }
        let results = runs.take()
        #expect(results.map(\.0) == Array(0..<16))
        #expect(results[15].1 == (0..<20_000).reduce(0) { $0 &+ $1 % 7 })
    }

    @Test func resultsNeverTakenAreFreedOnceTheRunsEnd() {
        do {
            let runs = ConcurrentRuns(count: 8) { Counted($0) }
            _ = runs
        }
        do {
            let taken = ConcurrentRuns(count: 5) { Counted($0) }.take()
            #expect(taken.map(\.index) == Array(0..<5))
        }
        #expect(Counted.alive.load(ordering: .relaxed) == 0)
    }
}
