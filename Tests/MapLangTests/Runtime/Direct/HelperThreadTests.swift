import CThreads
import Dispatch
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@testable import MapLang

/// `HelperThread` runs work on a thread of its own, started on a core other
/// than its starter's and then let go anywhere the starter may run.
struct HelperThreadTests {
    /// The cores the calling thread may run on, as a mask; `nil` off Linux.
    static func allowedCores() -> [UInt64]? {
        var words = [UInt64](repeating: 0, count: 16)
        let read = words.withUnsafeMutableBytes { maplang_allowed_cores($0.baseAddress, $0.count) }
        return read == 0 ? words : nil
    }

    @Test func runsTheWorkOnAThreadOfItsOwnWithTheStartersCores() {
        let done = DispatchSemaphore(value: 0)
        // The thread is noted, not captured: Apple's `pthread_t` is a pointer, which is not `Sendable`.
        let seen = Lock<(thread: pthread_t, cores: [UInt64]?)?>(nil)
        let started = HelperThread.run {
            seen.withLock { $0 = (pthread_self(), Self.allowedCores()) }
            done.signal()
        }
        #expect(started)
        done.wait()
        let result = seen.withLock { $0 }
        #expect(result.map { pthread_equal($0.thread, pthread_self()) == 0 } == true)
        // Started elsewhere, the thread may then run wherever its starter may.
        #expect(result?.cores == Self.allowedCores())
    }

    @Test func availableCoresCountsTheAllowedOnes() {
        #if os(Linux)
        let expected = Self.allowedCores().map { $0.reduce(0) { $0 + $1.nonzeroBitCount } }
        #expect(HelperThread.availableCores == expected)
        #expect((expected ?? 0) >= 1, "Linux tells which cores a thread may use")
        #else
        // Elsewhere a thread may use every core online.
        #expect((HelperThread.availableCores ?? 0) >= 1)
        #endif
    }

    @Test(
        .enabled(
            if: (allowedCores()?.reduce(0) { $0 + $1.nonzeroBitCount } ?? 0) >= 2,
            "the thread may use fewer than two cores, or the system does not tell which"))
    func theOtherCoresLeaveOutTheCurrentOne() throws {
        let all = try #require(Self.allowedCores())
        let cores = try #require(HelperThread.Cores.ofCallingThread())
        #expect(cores.all.words == all)
        let left = zip(cores.all.words, cores.others.words).map { $0 & ~$1 }
        #expect(left.reduce(0, { $0 + $1.nonzeroBitCount }) == 1, "exactly one core left out")
        #expect(zip(cores.all.words, cores.others.words).allSatisfy { $1 & ~$0 == 0 }, "no core added")
    }

    /// A thread held to one core has no other to start a helper on.
    @Test(.enabled(if: allowedCores() != nil, "the system does not tell which cores a thread may use"))
    func noOtherCoresForAThreadHeldToOne() throws {
        let all = try #require(Self.allowedCores())
        let done = DispatchSemaphore(value: 0)
        let found = Lock<Bool?>(nil)
        // On a thread of its own, so the test's thread keeps its cores.
        #expect(
            HelperThread.run {
                var one = [UInt64](repeating: 0, count: 16)
                let core = Int(maplang_current_core())
                one[core / 64] = UInt64(1) << UInt64(core % 64)
                _ = one.withUnsafeBytes { maplang_allow_cores($0.baseAddress, $0.count) }
                found.withLock { $0 = HelperThread.Cores.ofCallingThread() != nil }
                done.signal()
            })
        done.wait()
        #expect(found.withLock { $0 } == false)
        #expect(Self.allowedCores() == all)
    }
}
