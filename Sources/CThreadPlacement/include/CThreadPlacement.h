#ifndef C_THREAD_PLACEMENT_H
#define C_THREAD_PLACEMENT_H

#include <stddef.h>

// Linux's calls that choose the cores a thread runs on. Swift's view of the
// C library leaves them out, since they are GNU extensions. Each set of
// cores is a bit mask of `size` bytes, core n at bit n % 8 of byte n / 8.
// Every call returns 0 on success and -1 on failure, and always fails on
// systems other than Linux.

/// The core the calling thread is running on now, or -1.
int maplang_current_core(void);

/// Reads the cores the calling thread may run on into `mask`.
int maplang_allowed_cores(void *mask, size_t size);

/// Lets the calling thread run only on the cores in `mask`.
int maplang_allow_cores(const void *mask, size_t size);

/// Makes threads created with `attributes`, a `pthread_attr_t`, start on
/// the cores in `mask`.
int maplang_start_on_cores(void *attributes, const void *mask, size_t size);

#endif
