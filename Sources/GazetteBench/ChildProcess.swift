import Foundation

/// A program run as a child of the bench with `posix_spawn` and reaped with `wait4`, so the
/// figures are that child's own: its peak resident set and CPU time.
/// (`getrusage(RUSAGE_CHILDREN)` gives the largest peak of all children reaped so far, and
/// Foundation's `Process` reaps its children itself, so neither can say what one child used.)
///
/// The peak: Linux carries a process's peak over `execve` from the memory it ran in before, and a
/// `posix_spawn`ed child runs in the bench's own until it execs, so `ru_maxrss` is at least the
/// bench's peak so far (a `/bin/true` spawned by a 300 MB process says 308 MB). When `ru_maxrss`
/// is above the bench's peak at the spawn it is the child's own; otherwise the child's own is
/// the high-water mark of its memory (`VmHWM` in `/proc/PID/status`, counted from its exec),
/// read every 2 ms while it runs: exact but for growth in its last 2 ms.
final class ChildProcess {
    struct Exit {
        /// The exit status, or nil when a signal ended the child.
        var status: Int32?
        var signal: Int32?
        /// The child's peak resident set in bytes.
        var peakBytes: Double
        var cpuSeconds: Double
        /// From the spawn to the reaping.
        var wall: Double
    }

    let pid: pid_t
    let command: String
    /// The bench's own peak when the child was started, in KiB.
    private let parentPeak: Int
    /// The child's own high-water mark as last read, in KiB.
    private var sampledPeak = 0
    /// Where the child's standard output and error go.
    let log: URL
    private let started = ContinuousClock.now
    private(set) var exit: Exit?

    /// Starts `executable` with `arguments` (give it absolute paths), its standard output and error
    /// written to `log`.
    init(_ executable: URL, _ arguments: [String], log: URL) throws {
        command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        self.log = log
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        parentPeak = Self.highWaterMark(of: "self") ?? 0
        var child: pid_t = 0
        let error = posix_spawn(&child, executable.path, &actions, nil, argv, environment)
        guard error == 0 else { throw BenchError("could not start \(command): \(String(cString: strerror(error)))") }
        pid = child
    }

    /// `VmHWM` of `/proc/PROCESS/status` in KiB; nil once the process has no memory (it ended).
    static func highWaterMark(of process: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
    }

    /// Reads the child's high-water mark (a zombie has none: the last reading stays).
    private func sample() {
        if let peak = Self.highWaterMark(of: String(pid)) { sampledPeak = max(sampledPeak, peak) }
    }

    /// Waits for the child to end (or, with `blocking` false, returns nil if it has not yet),
    /// reading its high-water mark every 2 ms while it runs.
    @discardableResult
    func wait(blocking: Bool = true) throws -> Exit? {
        if let exit { return exit }
        var status: Int32 = 0
        var usage = rusage()
        var reaped: pid_t
        repeat {
            sample()
            reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == 0 {
                guard blocking else { return nil }
                usleep(2_000)
            }
        } while reaped == 0
        guard reaped == pid else { throw BenchError("wait4 for \(command) failed: errno \(errno)") }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        // WIFEXITED and friends are C macros Swift does not import: the low 7 bits hold the signal.
        let signal = status & 0x7f
        let ended = Exit(
            status: signal == 0 ? (status >> 8) & 0xff : nil, signal: signal == 0 ? nil : signal,
            // Linux counts both in KiB.
            peakBytes: Double(usage.ru_maxrss > parentPeak ? usage.ru_maxrss : max(sampledPeak, 1)) * 1024,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            wall: (ContinuousClock.now - started).seconds)
        exit = ended
        return ended
    }

    /// Asks the child to stop (SIGTERM), kills it after `grace` seconds if it has not, and reaps it.
    @discardableResult
    func stop(grace: Double = 5) -> Exit? {
        if let exit { return exit }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .milliseconds(Int(grace * 1000))
        while ContinuousClock.now < deadline {
            if let exit = try? wait(blocking: false) { return exit }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        return try? wait()
    }

    /// The end of what the child printed, for an error message.
    var logTail: String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return String(text.suffix(1500))
    }

    /// Runs a child to its end; throws unless it exits with one of `accepted`.
    static func run(
        _ executable: URL, _ arguments: [String], log: URL, accepted: Set<Int32> = [0]
    ) throws -> Exit {
        let child = try ChildProcess(executable, arguments, log: log)
        guard let exit = try child.wait() else { throw BenchError("\(child.command) did not end") }
        guard let status = exit.status, accepted.contains(status) else {
            throw BenchError(
                "\(child.command) ended with \(exit.status.map { "status \($0)" } ?? "signal \(exit.signal ?? 0)"):\n"
                    + child.logTail)
        }
        return exit
    }
}
