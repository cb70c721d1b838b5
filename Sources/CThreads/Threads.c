#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#include <string.h>
#endif

#include <pthread.h>
#include <signal.h>
#include <stdalign.h>
#include <stdlib.h>
#include <unistd.h>

#include "CThreads.h"

#if defined(__linux__)

/// Copies a mask of `size` bytes into a `cpu_set_t`; -1 when there is none or it does not fit.
static int to_set(const void *mask, size_t size, cpu_set_t *set) {
    if (mask == NULL || size > sizeof(cpu_set_t)) return -1;
    CPU_ZERO(set);
    memcpy(set, mask, size);
    return 0;
}

int maplang_available_cores(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    return CPU_COUNT(&set);
}

int maplang_current_core(void) {
    return sched_getcpu();
}

int maplang_allowed_cores(void *mask, size_t size) {
    cpu_set_t set;
    if (mask == NULL || size < sizeof(cpu_set_t) || sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    memset(mask, 0, size);
    memcpy(mask, &set, sizeof set);
    return 0;
}

int maplang_allow_cores(const void *mask, size_t size) {
    cpu_set_t set;
    if (to_set(mask, size, &set) != 0) return -1;
    return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : -1;
}

/// Makes threads created with `attributes` start on the cores in `mask`.
static int start_on_cores(pthread_attr_t *attributes, const void *mask, size_t size) {
    cpu_set_t set;
    if (to_set(mask, size, &set) != 0) return -1;
    return pthread_attr_setaffinity_np(attributes, sizeof set, &set) == 0 ? 0 : -1;
}

#else

int maplang_available_cores(void) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 && online <= 1 << 20 ? (int)online : -1;
}

int maplang_current_core(void) { return -1; }
int maplang_allowed_cores(void *mask, size_t size) { (void)mask; (void)size; return -1; }
int maplang_allow_cores(const void *mask, size_t size) { (void)mask; (void)size; return -1; }

static int start_on_cores(pthread_attr_t *attributes, const void *mask, size_t size) {
    (void)attributes; (void)mask; (void)size;
    return -1;
}

#endif

/// The stack of each thread `maplang_start_thread` starts: 64 MiB of address
/// space, of which only what a record's depth touches is ever used.
#define MAPLANG_HELPER_STACK ((size_t)64 << 20)

/// What a new thread runs: the body and its context, freed by the thread.
struct start {
    void (*body)(void *);
    void *context;
};

static void *run_start(void *argument) {
    struct start start = *(struct start *)argument;
    free(argument);
    start.body(start.context);
    return NULL;
}

/// Starts a thread that calls `body(context)`, with a stack of `stack`
/// bytes, detached or to be joined into `*thread`, on the cores in `mask`
/// when it is not null. A detached helper starts even where the system
/// refuses the stack size; a thread to wait for does not. Returns 0 or -1.
static int create_thread(void (*body)(void *), void *context, size_t stack, int detached, const void *mask, size_t size,
                         pthread_t *thread) {
    struct start *start = malloc(sizeof *start);
    if (start == NULL) return -1;
    start->body = body;
    start->context = context;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) {
        free(start);
        return -1;
    }
    if (detached) pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    int sized = pthread_attr_setstacksize(&attributes, stack);
    // Where the cores cannot be chosen, the thread starts where the system puts it.
    if (mask != NULL) (void)start_on_cores(&attributes, mask, size);
    int created = sized == 0 || detached ? pthread_create(thread, &attributes, run_start, start) : -1;
    pthread_attr_destroy(&attributes);
    if (created != 0) {
        free(start);
        return -1;
    }
    return 0;
}

int maplang_start_thread(void (*body)(void *), void *context, const void *mask, size_t size) {
    // The same stack on every system (macOS gives other threads 512 KiB, Linux
    // what `ulimit -s` says): deep records map on helpers as on the first thread.
    pthread_t thread;
    return create_thread(body, context, MAPLANG_HELPER_STACK, 1, mask, size, &thread);
}

int maplang_run_on_stack(void (*body)(void *), void *context, size_t stack) {
    pthread_t thread;
    if (create_thread(body, context, stack, 0, NULL, 0, &thread) != 0) return -1;
    // The waiting thread takes no signal, so each goes to the thread doing
    // the work, which blocks them itself where it must not be interrupted.
    sigset_t all, before;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &before);
    (void)pthread_join(thread, NULL);
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    return 0;
}

size_t maplang_lock_size(void) { return sizeof(pthread_mutex_t); }

size_t maplang_lock_alignment(void) { return alignof(pthread_mutex_t); }

// With no attributes, initialising a mutex only fills in its memory: it
// fails on no system MapLang runs on.
void maplang_lock_init(void *lock) { (void)pthread_mutex_init((pthread_mutex_t *)lock, NULL); }

void maplang_lock_acquire(void *lock) { pthread_mutex_lock((pthread_mutex_t *)lock); }

void maplang_lock_release(void *lock) { pthread_mutex_unlock((pthread_mutex_t *)lock); }

void maplang_lock_destroy(void *lock) { pthread_mutex_destroy((pthread_mutex_t *)lock); }
