import CThreads

/// Starts a thread of its own for work that should begin at once on another
/// core.
///
/// Linux puts a new or woken thread on the core of the thread that starts
/// it when it cannot tell that another core is free, as on virtual machines
/// whose idle cores look taken; the new thread then waits there, behind
/// its busy starter, until the next scheduler tick moves it (up to 4 ms).
/// So on Linux the thread is started on the other cores the process may
/// use, then let go anywhere once it runs.
package enum HelperThread {
    /// How many cores the calling thread may run on (off Linux, how many
    /// are online); `nil` when the system does not tell.
    package static var availableCores: Int? {
        let count = Int(maplang_available_cores())
        return count > 0 ? count : nil
    }

    /// The work a thread runs, passed through the thread's one pointer.
    private final class Work {
        /// The work.
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }

    /// Runs `body` on a new thread; `false` when no thread could be made.
    package static func run(_ body: @escaping @Sendable () -> Void) -> Bool {
        let cores = Cores.ofCallingThread()
        var work = body
        if let cores {
            work = {
                cores.all.allowCallingThread()
                body()
            }
        }
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        let started = cores?.others.words.withUnsafeBytes { mask in
            maplang_start_thread(Self.runWork, context, mask.baseAddress, mask.count)
        } ?? maplang_start_thread(Self.runWork, context, nil, 0)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// Runs `body` on a new thread with a stack of `stackSize` bytes, or of
    /// the 64 MiB helpers have when the system will not give that much, and
    /// waits for it; runs it on the calling thread when no thread can be
    /// made: for work whose recursion follows its input's depth.
    package static func runWaiting<Result>(stackSize: Int, _ body: () -> Result) -> Result {
        withoutActuallyEscaping(body) { body in
            var result: Result?
            withUnsafeMutablePointer(to: &result) { slot in
                let box = UnsafeSendable(slot: slot, body: body)
                for size in [stackSize, min(stackSize, 64 << 20)] {
                    let context = Unmanaged.passRetained(Work { box.slot.pointee = box.body() }).toOpaque()
                    if maplang_run_on_stack(Self.runWork, context, size) == 0 { return }
                    Unmanaged<Work>.fromOpaque(context).release()
                }
            }
            return result ?? body()
        }
    }

    /// What a new thread runs: the `Work` its context holds a reference to.
    private static let runWork: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
        guard let context else { return }
        Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
    }
}

/// A result's place and the work that fills it, handed to a thread the
/// caller waits for, so neither outlives the call.
private struct UnsafeSendable<Result>: @unchecked Sendable {
    let slot: UnsafeMutablePointer<Result?>
    let body: () -> Result
}

extension HelperThread {
    /// The cores the calling thread may run on, and those of them other than
    /// the one it runs on now.
    struct Cores: Sendable {
        /// A set of cores, one bit each, as `CThreads` takes them.
        struct Mask: Sendable {
            /// The bits: enough for 1,024 cores, as the system's own sets.
            var words = [UInt64](repeating: 0, count: 16)

            /// The cores the calling thread may run on; `nil` when the
            /// system does not tell (as off Linux).
            static func ofCallingThread() -> Mask? {
                var mask = Mask()
                let read = mask.words.withUnsafeMutableBytes { maplang_allowed_cores($0.baseAddress, $0.count) }
                return read == 0 ? mask : nil
            }

            /// Lets the calling thread run on these cores.
            func allowCallingThread() {
                _ = words.withUnsafeBytes { maplang_allow_cores($0.baseAddress, $0.count) }
            }
        }

        /// Every core the thread may use.
        let all: Mask
        /// Those but the one it runs on.
        let others: Mask

        /// The cores of the calling thread; `nil` when it may use no other
        /// than its own, or the system does not tell (as off Linux).
        static func ofCallingThread() -> Cores? {
            let current = Int(maplang_current_core())
            guard let all = Mask.ofCallingThread(), current >= 0, current < all.words.count * 64 else { return nil }
            var others = all
            others.words[current / 64] &= ~(UInt64(1) << UInt64(current % 64))
            guard others.words != all.words, others.words.contains(where: { $0 != 0 }) else { return nil }
            return Cores(all: all, others: others)
        }
    }
}
