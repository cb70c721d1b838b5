import Foundation
import Testing

@testable import MapLang

/// `OrderedRuns` gives each run's result in the order the runs were
/// started, whatever order the threads finish in, and frees results that
/// are never taken.
struct OrderedRunsTests {
    /// Counts the results alive, to show none is leaked or freed twice.
    final class Counted: Sendable {
        static let alive = Lock(0)
        let index: Int
        init(_ index: Int) {
            self.index = index
            Self.alive.withLock { $0 += 1 }
        }
        deinit { Self.alive.withLock { $0 -= 1 } }
    }

    /// A run whose cost falls as `index` grows.
    static func work(_ index: Int, of count: Int) -> (Int, Int) {
        var sum = 0
        for value in 0..<((count - index) * 20_000) { sum &+= value % 7 }
        return (index, sum)
    }

    @Test func resultsComeInTheOrderTheRunsStarted() {
        // Later runs finish first: the earliest do the most work.
        let runs = OrderedRuns<(Int, Int)>(threads: 3)
        for index in 0..<16 { runs.start { Self.work(index, of: 16) } }
        #expect(runs.pending == 16)
        var results: [(Int, Int)] = []
        while let result = runs.next() { results.append(result) }
        #expect(results.map(\.0) == Array(0..<16))
        #expect(results[15].1 == (0..<20_000).reduce(0) { $0 &+ $1 % 7 })
        #expect(runs.pending == 0 && runs.next() == nil)
    }

    @Test func runsStartedWhileOthersAreTakenKeepTheirOrder() {
        // As `--jobs` uses them: a few runs ahead, one more each time one is taken.
        let runs = OrderedRuns<(Int, Int)>(threads: 3)
        var started = 0
        var taken: [Int] = []
        while taken.count < 100 {
            while runs.pending < 4, started < 100 {
                let index = started
                runs.start { (index, Self.work(index % 5, of: 5).1) }
                started += 1
            }
            guard let (index, _) = runs.next() else { break }
            taken.append(index)
        }
        #expect(taken == Array(0..<100))
    }

    @Test func resultsNeverTakenAreFreedOnceTheRunsEnd() {
        do {
            let runs = OrderedRuns<Counted>(threads: 2)
            for index in 0..<8 { runs.start { Counted(index) } }
        }
        do {
            let runs = OrderedRuns<Counted>(threads: 2)
            for index in 0..<5 { runs.start { Counted(index) } }
            #expect(runs.next()?.index == 0)
            #expect(runs.next()?.index == 1)
        }
        #expect(Counted.alive.withLock { $0 } == 0)
    }

    /// Counts the runs mapping at once, and the most there ever were.
    final class Overlap: Sendable {
        /// The runs mapping now, the most there ever were, and how many began.
        let counts = Lock((now: 0, most: 0, begun: 0))

        var most: Int { counts.withLock { $0.most } }
        var begun: Int { counts.withLock { $0.begun } }

        /// A run that holds its thread a moment, so that runs on other threads overlap it.
        func run(_ index: Int) -> Int {
            counts.withLock { counts in
                counts.begun += 1
                counts.now += 1
                counts.most = max(counts.most, counts.now)
            }
            usleep(2_000)
            counts.withLock { $0.now -= 1 }
            return index
        }
    }

    /// `--jobs N` means N threads: the caller and N - 1 helpers, never more.
    @Test(arguments: [1, 2])
    func noMoreRunsMapAtOnceThanThreads(threads: Int) {
        let overlap = Overlap()
        let runs = OrderedRuns<Int>(threads: threads)
        for index in 0..<24 { runs.start { overlap.run(index) } }
        var taken: [Int] = []
        while let index = runs.next() { taken.append(index) }
        #expect(taken == Array(0..<24))
        #expect(overlap.most <= threads)
        #expect(overlap.most >= 1)
    }

    /// Runs that no thread has begun when the runs are let go of are
    /// dropped, not mapped: with one thread, the caller, none begins
    /// before it asks for a result.
    @Test func runsNotBegunAreDropped() {
        let overlap = Overlap()
        do {
            let runs = OrderedRuns<Int>(threads: 1)
            for index in 0..<8 { runs.start { overlap.run(index) } }
            #expect(runs.next() == 0)
        }
        #expect(overlap.begun == 1)
    }

    #if canImport(Darwin) || os(Linux)
    /// The system's id of the calling thread, never given to another
    /// thread while the process runs (on Linux, read from
    /// `/proc/thread-self`, a link to `<process>/task/<thread>`).
    static func threadID() -> UInt64 {
        #if canImport(Darwin)
        var id: UInt64 = 0
        pthread_threadid_np(nil, &id)
        return id
        #else
        let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
        return link.flatMap { $0.split(separator: "/").last.flatMap { UInt64($0) } } ?? 0
        #endif
    }

    /// Starts a run that gives its thread's id, waits until a helper has
    /// begun it (so the caller cannot take it over), and takes its result.
    static func helperThread(of runs: OrderedRuns<UInt64>, _ overlap: Overlap) throws -> UInt64? {
        let begun = overlap.begun
        runs.start { _ = overlap.run(0); return threadID() }
        var waited = 0
        while overlap.begun == begun {
            // A helper thread starts within milliseconds; ten seconds means it never will.
            try #require(waited < 10_000, "no helper began the run")
            usleep(1_000)
            waited += 1
        }
        return runs.next()
    }

    /// A caller slower than its helper (as `Rules.decode`, which decodes
    /// each record the helper maps) leaves the helper without runs again
    /// and again: the same helper waits for the next each time, rather
    /// than one thread ending and another starting.
    @Test func aHelperOutOfRunsWaitsForTheNext() throws {
        let overlap = Overlap()
        let runs = OrderedRuns<UInt64>(threads: 2)
        var helpers: Set<UInt64> = []
        for _ in 0..<4 {
            let helper = try #require(try Self.helperThread(of: runs, overlap))
            helpers.insert(helper)
            // The helper has found no run and waits.
            usleep(5_000)
        }
        #expect(helpers.count == 1)
        #expect(!helpers.contains(0) && !helpers.contains(Self.threadID()))
    }

    #if os(Linux)
    /// Once the runs are let go of, a helper waiting for more ends.
    @Test func waitingHelpersEndWithTheRuns() throws {
        let overlap = Overlap()
        var helper: UInt64?
        do {
            let runs = OrderedRuns<UInt64>(threads: 2)
            helper = try Self.helperThread(of: runs, overlap)
            // The helper has found no run and waits.
            usleep(5_000)
        }
        let id = try #require(helper)
        try #require(id != 0, "the helper's thread id could not be read")
        let task = "/proc/self/task/\(id)"
        var waited = 0
        while FileManager.default.fileExists(atPath: task), waited < 10_000 {
            usleep(1_000)
            waited += 1
        }
        #expect(!FileManager.default.fileExists(atPath: task), "the helper still runs")
    }
    #endif
    #endif

    @Test func runsAheadGrowWithThreadsUpToABound() {
        #expect(OrderedRuns<Int>.runsAhead(threads: 1) == 4)
        #expect(OrderedRuns<Int>.runsAhead(threads: 2) == 8)
        #expect(OrderedRuns<Int>.runsAhead(threads: 16) == 64)
        #expect(OrderedRuns<Int>.runsAhead(threads: 256) == 64)
    }
}
