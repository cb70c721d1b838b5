#ifndef C_CLEANUP_H
#define C_CLEANUP_H

// Files to remove if a signal ends the process before they are done with:
// the temporary files `-o` and `--rejects` write before renaming them over
// their destination. The handler only unlinks the paths noted, which is
// safe in a signal handler, then lets the signal end the process as it
// would have.

#pragma clang assume_nonnull begin

/// Removes the files noted and ends the process by `signal`, as it would
/// have without the handler. Installed for SIGHUP, SIGINT, SIGPIPE, SIGTERM
/// and SIGXFSZ by the first `maplang_cleanup_add`.
void maplang_cleanup_on_signal(int signal);

/// Notes a file to remove on a signal; returns its slot, or -1 when every
/// slot is taken or the path is too long (the file is then not removed on
/// a signal, which is no worse than before).
int maplang_cleanup_add(const char *path);

/// Forgets the file in `slot`, once it has been renamed or removed.
void maplang_cleanup_remove(int slot);

#pragma clang assume_nonnull end

#endif
