#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A program started with `posix_spawn` with no signal blocked or ignored,
/// as a shell would start it: threads of the test runner block signals, and
/// a child started from one (as `Process` does) would inherit that, so a
/// signal sent to it would never arrive.
final class ChildProcess {
    /// How the child ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
    }

    /// The child's process id.
    let pid: pid_t
    /// How the child ended, once it has.
    private(set) var ending: Ending?

    /// Starts `/bin/sh`, which changes to `directory` and then becomes
    /// `command` (same process, same id); its standard streams are
    /// `streams` when given, else `/dev/null`.
    init(_ command: [String], directory: String, environment: [String: String] = [:], streams: Int32? = nil) throws {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            if let streams {
                posix_spawn_file_actions_adddup2(&actions, streams, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            }
        }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let shell = ["/bin/sh", "-c", #"cd "$1" && shift && exec "$@""#, "sh", directory] + command
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }.map { "\($0)=\($1)" }
        let argv = shell.map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard result == 0 else { throw ChildProcessError(message: "posix_spawn failed: \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    deinit {
        stop()
    }

    /// Kills the child if it is still running, and waits for it.
    func stop() {
        guard !reap() else { return }
        kill(pid, SIGKILL)
        while !reap() { usleep(1000) }
    }

    /// Waits for the child to end, killing it after `timeout` seconds, and
    /// calling `meanwhile` between looks.
    ///
    /// - Returns: How it ended, or `nil` when it had to be killed.
    func waitForExit(timeout: Double = 15, meanwhile: () -> Void = { usleep(10_000) }) -> Ending? {
        let deadline = Date().addingTimeInterval(timeout)
        while !reap() {
            guard Date() < deadline else {
                stop()
                return nil
            }
            meanwhile()
        }
        return ending
    }

    /// Collects the child's ending if it has ended.
    ///
    /// - Returns: Whether it has ended.
    func reap() -> Bool {
        if ending != nil { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 }
        let signal = status & 0x7F
        ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        return true
    }
}

/// A child process that could not be started.
struct ChildProcessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
