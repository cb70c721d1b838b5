import Foundation

/// Times a job, keeping the median of several runs, and the peak resident
/// memory while it ran.
public enum Measurement {
    /// The median wall time of `runs` runs, in seconds.
    public static func time(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        times.sort()
        return times[times.count / 2]
    }

    /// A process's peak resident set size (`VmHWM` in `/proc/PID/status`),
    /// or `nil` once it has exited.
    static func peakMemory(of process: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            return (digits.first ?? 0) * 1024
        }
        return nil
    }

    /// Runs a program to completion, its standard output going to a file,
    /// and reports its wall time, its own peak RSS and its exit status.
    ///
    /// The peak is sampled from `/proc/PID/status` while the program runs:
    /// the child's `rusage` would count the memory of this process, which
    /// the child shares until it executes the program.
    ///
    /// Without `samplingMemory` it only waits, which leaves the machine's
    /// cores to the program, and the peak is 0.
    public static func runProcess(
        _ path: String, _ arguments: [String], output: String, samplingMemory: Bool = true
    ) throws -> (seconds: Double, peakBytes: Int, status: Int32) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        var peak = 0
        if samplingMemory {
            while waitpid(pid, &status, WNOHANG) == 0 {
                if let sampled = peakMemory(of: String(pid)) { peak = max(peak, sampled) }
                usleep(500)
            }
        } else {
            waitpid(pid, &status, 0)
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (seconds, peak, (status >> 8) & 0xFF)
    }
}
