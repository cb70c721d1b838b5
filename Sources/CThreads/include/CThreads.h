#ifndef C_THREADS_H
#define C_THREADS_H

#include <stddef.h>

// Threads, the cores they run on, and a lock, through one C interface on
// every platform, so the Swift code that uses them is the same everywhere:
// the system's own declarations differ between platforms in the types and
// nullability Swift sees, and Linux's calls that choose a thread's cores are
// GNU extensions that Swift's view of the C library leaves out.
//
// A set of cores is a bit mask of `size` bytes, core n at bit n % 8 of byte
// n / 8; a null mask is no mask at all. The calls that read or set a thread's cores return 0 on success
// and -1 on failure, and always fail on systems other than Linux, which do
// not let a program place its threads.

#pragma clang assume_nonnull begin

/// How many cores the calling thread may run on (on Linux, those its mask
/// allows; elsewhere, those online), or -1 when the system does not tell.
int maplang_available_cores(void);

/// The core the calling thread is running on now, or -1.
int maplang_current_core(void);

/// Reads the cores the calling thread may run on into `mask`.
int maplang_allowed_cores(void *_Nullable mask, size_t size);

/// Lets the calling thread run only on the cores in `mask`.
int maplang_allow_cores(const void *_Nullable mask, size_t size);

/// Starts a detached thread that calls `body(context)`; on Linux, on the
/// cores in `mask` when it is not null (elsewhere, or when the system
/// refuses the mask, where the system puts it). Returns 0 when the thread
/// started and -1 when none could be made.
int maplang_start_thread(void (*body)(void *_Nullable context), void *_Nullable context,
                         const void *_Nullable mask, size_t size);

/// Runs `body(context)` on a new thread with a stack of `stack` bytes and
/// waits for it to end. Returns 0 when it ran and -1 when no such thread
/// could be made (then `body` has not run). Threads started by
/// `maplang_start_thread` have 64 MiB stacks on every system.
int maplang_run_on_stack(void (*body)(void *_Nullable context), void *_Nullable context, size_t stack);

/// How many bytes, aligned to `maplang_lock_alignment()`, a lock takes.
size_t maplang_lock_size(void);

/// The alignment a lock's memory needs.
size_t maplang_lock_alignment(void);

/// Makes the memory at `lock` an unlocked lock.
void maplang_lock_init(void *lock);

/// Waits until the lock is free and takes it.
void maplang_lock_acquire(void *lock);

/// Lets go of a lock the calling thread holds.
void maplang_lock_release(void *lock);

/// Ends a lock no thread holds; its memory may then be freed.
void maplang_lock_destroy(void *lock);

#pragma clang assume_nonnull end

#endif
