import ArgumentParser
import Email
import Foundation
import SiteBuild
import GazetteCore
import Jobs
import Loading

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep a job's site current: rebuild as races leave, as data ages and as inputs change.",
        discussion: """
            Builds the job, then stays running. A next-to-go report is rebuilt when its first shown race \
            leaves (one minute after the start); its feed is fetched again when fewer than five races \
            remain or the data is older than the report's max-age (default 5m). Any input file or the \
            job file changing rebuilds too. Each rebuild replaces the output atomically and prints one \
            line. A failed fetch keeps the last good pages and is retried with back-off (5 s, doubling, \
            at most 5 min). SIGINT (Ctrl-C) or SIGTERM stops the watch between rebuilds; a second one \
            stops it at once. With --now the watch's clock starts at that instant and runs at real speed.
            """
    )

    @Argument(help: "The job file (YAML or JSON; default: ./gazette.yml, .yaml or .json, else the demo).")
    var job: String?

    @Option(help: ArgumentHelp("How often to check the input files for changes.", valueName: "seconds"))
    var poll: Int64 = 1

    @OptionGroup var common: CommonOptions

    func validate() throws {
        try common.validateConventions()
        guard (1...86_400).contains(poll) else { throw ValidationError("--poll must be from 1 to 86400 seconds") }
    }

    func run() async throws {
        let session = try WatchSession(job: job, poll: poll, common: common)
        session.banner("Watching \(session.watched) into \(session.output.path). Stop with Ctrl-C.")
        await session.run()
    }
}

/// What `watch` and `serve` share: the job loaded, the watcher made from the options, and a run
/// that ends cleanly on the first SIGINT or SIGTERM (between rebuilds) and at once on a second.
struct WatchSession {
    /// The job file, or nil for the demo.
    let file: URL?
    let output: URL
    let quiet: Bool
    var watcher: Watcher

    /// What the banner names: the job file, or the demo.
    var watched: String { file?.lastPathComponent ?? "the demo site" }

    /// `job` nil: `gazette.yml` (or `.yaml`, `.json`) in the current folder, else the demo.
    /// `serving`: `gazette serve`, which shows an edit at once (see `WatchOptions.editsKeepTheClock`).
    init(job: String?, poll: Int64, common: CommonOptions, serving: Bool = false) throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let named =
            try job.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
            ?? ConventionalJob.find(in: cwd)
        let output = common.output.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
        let load: @Sendable () throws(BuildError) -> Job
        if let file = named {
            load = { () throws(BuildError) -> Job in
                var job = try JobFileLoader().load(file)
                if let output { job.output = output }
                return job
            }
        } else {
            if !common.quiet { Console.error(ConventionalJob.demoNote) }
            let now = try common.resolvedNow() ?? Date()
            load = { () throws(BuildError) -> Job in
                DemoJob.make(output: output ?? cwd.appendingPathComponent("Output"), now: now)
            }
        }
        let file = named
        let first: Job
        do {
            first = try load()
        } catch {
            Console.error(error.description)
            throw ExitCode(ExitStatus.usage)
        }
        let start = try common.resolvedNow() ?? first.now
        var options = WatchOptions(
            build: try common.buildOptions(now: start ?? Date(), cwd: cwd), fetch: common.fetchPolicy,
            policy: WatchPolicy(pollInterval: poll))
        options.editsKeepTheClock = serving
        options.editCheckInterval = serving ? 0.05 : nil
        let clock = SystemWatchClock(startingAt: start)
        let reporter = Console.reporter(quiet: common.quiet, logger: common.makeLogger())
        self.file = file
        self.output = first.output
        self.quiet = common.quiet
        watcher = Watcher(job: first, options: options, clock: clock, reload: load, reporter: reporter)
    }

    /// A line on standard output, unbuffered as the progress lines are, so it comes first even through a pipe.
    func banner(_ line: String) {
        if !quiet { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    }

    /// Runs the watch, and `alongside` (the preview server) until the watch ends; then `stop`
    /// (the server's), given at most two seconds, so the process ends even if it does not finish.
    func run(alongside: (@Sendable () async -> Void)? = nil, stop: (@Sendable () async -> Void)? = nil) async {
        let watcher = watcher
        let task = Task {
            var watcher = watcher
            await watcher.run()
        }
        let companion = alongside.map { work in Task { await work() } }
        let signals = SignalCount()
        let trap = SignalTrap([SIGINT, SIGTERM]) { number in
            // The first signal ends the watch between rebuilds; a second one ends it now.
            if signals.increment() > 1 { Foundation.exit(128 + number) }
            task.cancel()
        }
        await task.value
        if let stop { await Self.waiting(atMost: 2, for: stop) }
        companion?.cancel()
        withExtendedLifetime(trap) {}
        banner("Stopped watching.")
    }
}

extension WatchSession {
    /// Runs `work`, returning when it ends or after `seconds`, whichever comes first.
    static func waiting(atMost seconds: Double, for work: @escaping @Sendable () async -> Void) async {
        let once = ResumeOnce()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            once.set(continuation)
            Task {
                await work()
                once.resume()
            }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                once.resume()
            }
        }
    }
}

private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    func set(_ continuation: CheckedContinuation<Void, Never>) { lock.withLock { self.continuation = continuation } }
    func resume() {
        let pending = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume()
    }
}

private final class SignalCount: @unchecked Sendable {
    private var count = 0
    func increment() -> Int {
        count += 1
        return count
    }
}
