#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "CCleanup.h"

/// How many files may be noted at once: a run writes two at most.
#define SLOTS 8
/// The longest path noted, with its terminating zero.
#define PATH_BYTES 4096

/// A path and whether the slot holds one. The handler reads `used` before
/// the path, and a slot is filled before it is marked used.
static char paths[SLOTS][PATH_BYTES];
static volatile sig_atomic_t used[SLOTS];
static volatile sig_atomic_t installed;

static const int signals[] = {SIGHUP, SIGINT, SIGPIPE, SIGTERM, SIGXFSZ};

void maplang_cleanup_on_signal(int signal_number) {
    for (int slot = 0; slot < SLOTS; slot++) {
        if (__atomic_load_n(&used[slot], __ATOMIC_ACQUIRE)) unlink(paths[slot]);
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, NULL);
    raise(signal_number);
}

/// Installs the handler for each signal whose disposition is the default,
/// leaving alone one the process was started to ignore (as `nohup` does).
static void install(void) {
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        struct sigaction current;
        if (sigaction(signals[index], NULL, &current) != 0 || current.sa_handler != SIG_DFL) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = maplang_cleanup_on_signal;
        sigemptyset(&action.sa_mask);
        sigaction(signals[index], &action, NULL);
    }
    installed = 1;
}

int maplang_cleanup_add(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_BYTES) return -1;
    if (!installed) install();
    for (int slot = 0; slot < SLOTS; slot++) {
        if (used[slot]) continue;
        memcpy(paths[slot], path, length + 1);
        // The path is whole before the slot shows as used, to a handler on any thread.
        __atomic_store_n(&used[slot], 1, __ATOMIC_RELEASE);
        return slot;
    }
    return -1;
}

void maplang_cleanup_remove(int slot) {
    if (slot >= 0 && slot < SLOTS) __atomic_store_n(&used[slot], 0, __ATOMIC_RELEASE);
}
