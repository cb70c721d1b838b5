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
            times.append(seconds(since: start))
        }
        return median(times)
    }

    /// The median wall times of two jobs run `runs` times each, taking
    /// turns, so that a change in the machine's load falls on both alike,
    /// and the median of each round's ratio of the first's time to the
    /// second's: the two runs of a round see much the same load, so this
    /// ratio moves less with the machine's other work than the ratio of
    /// the medians.
    public static func alternating(
        runs: Int, _ first: () throws -> Void, _ second: () throws -> Void
    ) rethrows -> (first: Double, second: Double, ratio: Double) {
        func timed(_ body: () throws -> Void) rethrows -> Double {
            let start = ContinuousClock.now
            try body()
            return seconds(since: start)
        }
        return try alternating(runs: runs, timing: { try timed(first) }, { try timed(second) })
    }

    /// As `alternating(runs:_:_:)`, for jobs that time themselves: each
    /// returns its time in seconds, as `runProcesses` does for a process.
    public static func alternating(
        runs: Int, timing first: () throws -> Double, _ second: () throws -> Double
    ) rethrows -> (first: Double, second: Double, ratio: Double) {
        var times: ([Double], [Double]) = ([], [])
        for round in 0..<max(1, runs) {
            for which in round % 2 == 0 ? [0, 1] : [1, 0] {
                if which == 0 { times.0.append(try first()) } else { times.1.append(try second()) }
            }
        }
        return (median(times.0), median(times.1), median(zip(times.0, times.1).map { $0 / $1 }))
    }

    /// The median of `values`, which are not empty (the upper one of an even count).
    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// A process's peak resident set size (`VmHWM` in `/proc/PID/status`),
    /// or `nil` once it has exited, or while it is not yet running the
    /// program `named`.
    ///
    /// Until a child has executed its program it shares this process's
    /// memory, whose peak `/proc` would report as the child's; the name
    /// tells the two apart. Only Linux has `/proc`: elsewhere the benchmark
    /// reports no peak memory.
    static func peakMemory(of process: String, named program: String) -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        let lines = status.split(separator: "\n")
        // The kernel keeps the first 15 bytes of a program's name.
        let name = "Name:\t" + String(decoding: program.utf8.prefix(15), as: UTF8.self)
        guard lines.contains(where: { $0 == name }) else { return nil }
        for line in lines where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            return (digits.first ?? 0) * 1024
        }
        return nil
        #else
        return nil
        #endif
    }

    /// Runs a program to completion, its standard output going to a file,
    /// and reports its wall time, its own peak RSS and its exit status.
    ///
    /// The peak is sampled from `/proc/PID/status` while the program runs:
    /// the child's `rusage` would count the memory of this process, which
    /// the child shares until it executes the program.
    ///
    /// - Parameters:
    ///   - streaming: A file `cat` copies into a pipe that is the program's
    ///     standard input, so the program reads it as a stream; standard
    ///     input is `/dev/null` when `nil`.
    ///   - errors: Where standard error goes.
    public static func runProcess(
        _ path: String, _ arguments: [String], output: String, streaming: String? = nil, errors: String = "/dev/null"
    ) throws -> (seconds: Double, peakBytes: Int, status: Int32) {
        var input = Redirect.path("/dev/null")
        var writer: pid_t?
        // The pipe's ends, closed here once both children have theirs.
        var ends: [Int32] = []
        defer { if let writer { waitpid(writer, nil, 0) } }
        defer { ends.forEach { close($0) } }
        if let streaming {
            var made: [Int32] = [0, 0]
            guard pipe(&made) == 0 else { throw POSIXError(.EMFILE) }
            ends = made
            // Each child gets only the end it is given, as its standard input or output.
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            writer = try spawn("/bin/cat", [streaming], output: .descriptor(ends[1]))
            input = .descriptor(ends[0])
        }
        let start = ContinuousClock.now
        let pid = try spawn(path, arguments, output: .path(output), input: input, errors: errors)
        ends.forEach { close($0) }
        ends = []
        var status: Int32 = 0
        var peak = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if let sampled = peakMemory(of: String(pid), named: URL(fileURLWithPath: path).lastPathComponent) {
                peak = max(peak, sampled)
            }
            usleep(500)
        }
        return (seconds(since: start), peak, (status >> 8) & 0xFF)
    }

    /// Runs `copies` instances of a program at the same time, their
    /// standard output going to a file, and reports the wall time until the
    /// last has ended and the first non-zero exit status (0 when none).
    /// It only waits, which leaves the machine's cores to the programs.
    ///
    /// Separate processes share nothing but the machine, so how much longer
    /// two of them take than one shows how much of its second core the
    /// machine gives at the moment.
    public static func runProcesses(
        _ path: String, _ arguments: [String], copies: Int, output: String
    ) throws -> (seconds: Double, status: Int32) {
        let start = ContinuousClock.now
        var pids: [pid_t] = []
        // Children already started are waited for, even when a later one fails to start.
        defer { for pid in pids { waitpid(pid, nil, 0) } }
        for _ in 0..<copies { pids.append(try spawn(path, arguments, output: .path(output))) }
        var worst: Int32 = 0
        while let pid = pids.popLast() {
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            if worst == 0 { worst = (status >> 8) & 0xFF }
        }
        return (seconds(since: start), worst)
    }

    /// Where a child's standard stream goes: a file by path, or a descriptor of this process.
    private enum Redirect {
        case path(String)
        case descriptor(Int32)
    }

    /// Starts a program with its standard output going to `output`,
    /// standard input from `input` and standard error to `errors`.
    private static func spawn(
        _ path: String, _ arguments: [String], output: Redirect, input: Redirect = .path("/dev/null"),
        errors: String = "/dev/null"
    ) throws -> pid_t {
        // Apple's C library declares the actions as a pointer, Linux's as a structure.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch input {
        case .path(let file): posix_spawn_file_actions_addopen(&actions, 0, file, O_RDONLY, 0)
        case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, 0)
        }
        switch output {
        case .path(let file): posix_spawn_file_actions_addopen(&actions, 1, file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
        }
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // Apple's C library has no `environ` to pass on.
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        return pid
    }

    /// The seconds since `start`.
    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
