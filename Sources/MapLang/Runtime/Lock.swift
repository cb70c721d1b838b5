import CThreads

/// A lock that guards a value, for the threads of `--jobs`.
///
/// The system's mutex, through `CThreads`, rather than `Synchronization`'s
/// `Mutex`, which Apple's systems have only since macOS 15 and iOS 18.
package final class Lock<Value>: @unchecked Sendable {
    /// The mutex's memory.
    private let mutex: UnsafeMutableRawPointer
    /// The value, read and written only while the mutex is held.
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutableRawPointer.allocate(byteCount: maplang_lock_size(), alignment: maplang_lock_alignment())
        maplang_lock_init(mutex)
    }

    deinit {
        maplang_lock_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value while holding the lock.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        maplang_lock_acquire(mutex)
        defer { maplang_lock_release(mutex) }
        return try body(&value)
    }
}
