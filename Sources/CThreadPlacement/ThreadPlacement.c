#if defined(__linux__)
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <string.h>
#endif

#include "CThreadPlacement.h"

#if defined(__linux__)

/// Copies a mask of `size` bytes into a `cpu_set_t`; -1 when it does not fit.
static int to_set(const void *mask, size_t size, cpu_set_t *set) {
    if (size > sizeof(cpu_set_t)) return -1;
    CPU_ZERO(set);
    memcpy(set, mask, size);
    return 0;
}

int maplang_current_core(void) {
    return sched_getcpu();
}

int maplang_allowed_cores(void *mask, size_t size) {
    cpu_set_t set;
    if (size < sizeof(cpu_set_t) || sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    memset(mask, 0, size);
    memcpy(mask, &set, sizeof set);
    return 0;
}

int maplang_allow_cores(const void *mask, size_t size) {
    cpu_set_t set;
    if (to_set(mask, size, &set) != 0) return -1;
    return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : -1;
}

int maplang_start_on_cores(void *attributes, const void *mask, size_t size) {
    cpu_set_t set;
    if (to_set(mask, size, &set) != 0) return -1;
    return pthread_attr_setaffinity_np((pthread_attr_t *)attributes, sizeof set, &set) == 0 ? 0 : -1;
}

#else

int maplang_current_core(void) { return -1; }
int maplang_allowed_cores(void *mask, size_t size) { (void)mask; (void)size; return -1; }
int maplang_allow_cores(const void *mask, size_t size) { (void)mask; (void)size; return -1; }
int maplang_start_on_cores(void *attributes, const void *mask, size_t size) {
    (void)attributes; (void)mask; (void)size;
    return -1;
}

#endif
