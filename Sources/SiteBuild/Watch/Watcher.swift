import Deterministic
import Foundation
import GazetteCore
import Reports
import Jobs
import Loading

/// Options of a watch that are not part of the job: the build's options, passed whole to every
/// rebuild (its clock set at each), and the watch's own.
public struct WatchOptions: Sendable {
    public var build: BuildOptions
    public var fetch: FetchPolicy
    public var policy: WatchPolicy
    /// `gazette serve`: an edited input, template or job file is rebuilt on the last build's
    /// clock, so only what the edit touched is made again (a new clock changes every page's
    /// "built" line); the clock moves on when time itself asks for a rebuild (a race leaving,
    /// a fetch due). Such a watch publishes in place.
    public var editsKeepTheClock = false
    /// `gazette serve`: between the poll's whole seconds, the files are looked at this often
    /// (seconds), so an edit is seen at once rather than at the next poll.
    public var editCheckInterval: TimeInterval?

    public init(build: BuildOptions, fetch: FetchPolicy = FetchPolicy(), policy: WatchPolicy = WatchPolicy()) {
        self.build = build
        self.fetch = fetch
        self.policy = policy
    }
}

/// What one wake of the watch did.
public struct WatchStep: Sendable {
    /// The clock when it acted (Unix seconds): the rebuild's `now`.
    public var at: Int64
    /// Why it rebuilt; empty when nothing was due.
    package var reasons: [WatchReason]
    /// Loads that failed; the pages built from the last good data stay.
    public var failures: [BuildError]
    /// The rebuild, when there was one.
    public var result: BuildResult?
}

/// `gazette watch`: keeps a job's site current (SPEC §1.2, §3).
///
/// The watch loads the inputs of reports whose pages change with the clock (next to go) itself,
/// and their kind says from its own decoding when the pages change and when to fetch again; it
/// keeps the last good bytes of every fetched input: a failed fetch then changes nothing on disk,
/// and a change by the clock still rebuilds from the data already held. Every rebuild is a
/// whole `Pipeline` run, so each is atomic. The rules of when to act are `WatchScheduler`'s.
public struct Watcher: Sendable {
    public private(set) var job: Job
    public let options: WatchOptions
    private let clock: any WatchClock
    private let reporter: Reporter
    private let reload: (@Sendable () throws(BuildError) -> Job)?
    private let scheduler: WatchScheduler

    /// Per report whose pages change with the clock (by index in the job): what is known of its input.
    public private(set) var feeds: [Int: FeedState] = [:]
    /// Last good bytes of remote inputs of those reports, by report index.
    private var cache: [Int: [UInt8]] = [:]
    private var stamps: [String: FileStamp] = [:]
    /// The `now` of the last rebuild.
    public private(set) var lastBuild: Int64?
    /// What each build keeps for the next (`gazette serve`), so a rebuild starts from memory.
    public let memory = BuildMemory()
    /// Called after each rebuild that published the site (`gazette serve` reloads open pages).
    public var onPublish: (@Sendable (BuildResult) async -> Void)?

    /// `reload` reads the job file again when it changes; without it the job stays as given.
    /// The reporter gets one progress line per rebuild (an error line when a report failed),
    /// a warning per failed fetch and an error when the job file cannot be read again.
    public init(
        job: Job, options: WatchOptions, clock: any WatchClock,
        reload: (@Sendable () throws(BuildError) -> Job)? = nil, reporter: Reporter
    ) {
        self.job = job
        self.options = options
        self.clock = clock
        self.reload = reload
        self.reporter = reporter
        self.scheduler = WatchScheduler(policy: options.policy)
    }

    /// Builds, then rebuilds whenever something is due, until the task is cancelled.
    public mutating func run() async {
        _ = await act()
        while await step() != nil {}
    }

    /// Sleeps until the next thing is due, then acts; nil when the watch is ending.
    public mutating func step() async -> WatchStep? {
        let wake = scheduler.nextWake(
            feeds: job.reports.indices.compactMap { feeds[$0] }, builtAt: lastBuild, now: seconds())
        let deadline = Date(timeIntervalSince1970: TimeInterval(wake))
        if let interval = options.editCheckInterval {
            // Short naps, each followed by a look at the files: an edit ends the wait early.
            while clock.now() < deadline {
                guard await clock.sleep(until: min(deadline, clock.now().addingTimeInterval(interval))),
                    !Task.isCancelled
                else { return nil }
                if filesChanged() { break }
            }
        } else {
            guard await clock.sleep(until: deadline), !Task.isCancelled else { return nil }
        }
        return await act()
    }

    /// Does whatever is due now: notices changed files, loads what needs loading, rebuilds.
    public mutating func act() async -> WatchStep {
        let now = seconds()
        var reasons: [WatchReason] = []
        let changed = checkFiles()
        if let file = job.file, changed.contains(file.path) {
            reloadJob(at: now, reasons: &reasons)
        }
        reasons += changed.filter { $0 != job.file?.path }.sorted().map {
            .inputChanged(URL(fileURLWithPath: $0).lastPathComponent)
        }
        if lastBuild == nil { reasons.insert(.start, at: 0) }

        var failures: [BuildError] = []
        for (index, spec) in job.reports.enumerated() {
            guard spec.options.changesWithTime, let source = spec.sources.first else { continue }
            var feed =
                feeds[index] ?? FeedState(remote: { if case .url = source { return true } else { return false } }())
            // A change by the clock is judged on the data the pages were built from, before any new load.
            if let lastBuild, let expired = scheduler.expiryReason(feed, builtAt: lastBuild, now: now) {
                reasons.append(expired)
            }
            var due: WatchReason? = scheduler.refetchReason(feed, now: now)
            if feed.lastAttempt == nil { due = .start }
            if case let .file(path) = source, changed.contains(path) { due = .inputChanged(source.displayName) }
            if let due {
                if let error = await load(spec, source, into: &feed, index: index, now: now) {
                    failures.append(error)
                    if feed.remote {
                        reporter.warning(
                            "\(UTCTime.iso(Self.date(now))) \(spec.resolvedTitle): \(error.headline); keeping the last good pages, "
                                + "trying again in \(scheduler.retryDelay(afterFailures: feed.failures)) s")
                    }
                } else if due != .start, !reasons.contains(due) {
                    reasons.append(due)
                }
            }
            feeds[index] = feed
        }

        var step = WatchStep(at: now, reasons: reasons, failures: failures, result: nil)
        guard !reasons.isEmpty, !Task.isCancelled else { return step }
        let onlyEdits = reasons.allSatisfy { reason in
            switch reason {
            case .inputChanged, .jobChanged: return true
            default: return false
            }
        }
        let clockOfPages = options.editsKeepTheClock && onlyEdits ? lastBuild ?? now : now
        let result = await rebuild(now: clockOfPages)
        lastBuild = clockOfPages
        step.result = result
        let line = Self.logLine(at: now, reasons: reasons, result: result)
        if result.exitCode == 0 { reporter.progress(line) } else { reporter.error(line) }
        if result.fatal == nil, let onPublish { await onPublish(result) }
        return step
    }

    /// Loads the input of a report whose pages change with the clock; on success the feed holds
    /// what its kind read of it, on failure the last good reading stays and the failure is
    /// counted for the back-off.
    private mutating func load(
        _ spec: ReportSpec, _ source: Source, into feed: inout FeedState, index: Int, now: Int64
    ) async -> BuildError? {
        feed.lastAttempt = now
        do throws(BuildError) {
            let bytes = try await SourceLoader(policy: options.fetch).load(source)
            // The readers' zone, as the build resolves it: a card's times of day are read in it.
            let readers = ReaderSettings.resolved(
                report: spec.readers, options: options.build.readers, job: job.readers)
            feed.freshness = try spec.options.freshness(
                bytes, from: source, loadedAt: now, timeZone: (readers.timeZone ?? .utc).identifier)
            feed.loadedAt = now
            feed.failures = 0
            if feed.remote { cache[index] = bytes }
            return nil
        } catch {
            feed.failures += 1
            return error
        }
    }

    /// Runs the whole pipeline; fetched feeds are handed over as the bytes already held.
    private func rebuild(now: Int64) async -> BuildResult {
        var buildJob = job
        for (index, bytes) in cache where buildJob.reports.indices.contains(index) {
            if case let .url(url)? = buildJob.reports[index].sources.first {
                buildJob.reports[index].sources = [.embedded(name: url.absoluteString, bytes: bytes)]
            }
        }
        var buildOptions = options.build
        buildOptions.now = Self.date(now)
        buildOptions.publishesInPlace = options.editsKeepTheClock
        var pipeline = Pipeline(job: buildJob, options: buildOptions, loader: SourceLoader(policy: options.fetch))
        pipeline.memory = memory
        return await pipeline.run()
    }

    /// Whether a watched file's stamp changed since the last look, leaving the stamps as they are.
    private func filesChanged() -> Bool {
        watchedPaths().contains { path in stamps[path].map { $0 != FileStamp(path: path) } ?? false }
    }

    /// Every file the watch looks at: inputs, the job file, and the templates and static folders
    /// with everything in them.
    private func watchedPaths() -> [String] {
        var paths = job.reports.flatMap(\.sources).compactMap { source -> String? in
            if case let .file(path) = source { return path } else { return nil }
        }
        if let file = job.file { paths.append(file.path) }
        // Template authors see each edit: the templates folder is watched like an input.
        for folder in [job.staticFolder, options.build.templatesFolder].compactMap({ $0 }) {
            // The folders too: a file added or removed changes its folder's stamp.
            paths.append(folder.path)
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL { paths.append(url.path) }
        }
        return paths
    }

    /// Paths of watched files whose stamp changed since the last look (none on the first look).
    private mutating func checkFiles() -> Set<String> {
        let paths = watchedPaths()
        var changed = Set<String>()
        var fresh: [String: FileStamp] = [:]
        for path in paths {
            let stamp = FileStamp(path: path)
            if let old = stamps[path], old != stamp { changed.insert(path) }
            fresh[path] = stamp
        }
        stamps = fresh
        return changed
    }

    /// Reads the job file again; a broken file is reported and the old job kept.
    private mutating func reloadJob(at now: Int64, reasons: inout [WatchReason]) {
        guard let reload else { return }
        do {
            job = try reload()
            feeds = [:]
            cache = [:]
            _ = checkFiles()
            reasons.append(.jobChanged)
        } catch {
            reporter.error("\(UTCTime.iso(Self.date(now))) job file not reloaded: \(error.headline)")
        }
    }

    private func seconds() -> Int64 {
        Int64(clock.now().timeIntervalSince1970.rounded(.down))
    }

    private static func date(_ seconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// "2023-06-19T21:06:00Z rebuilt (Palermo R11 left the list): Built 1 of 1 report into …"; the
    /// watch's first build is no rebuild: "2023-06-19T21:05:00Z Built 1 of 1 report into …".
    static func logLine(at now: Int64, reasons: [WatchReason], result: BuildResult) -> String {
        let stamp = UTCTime.iso(date(now))
        var line =
            reasons.contains(.start)
            ? "\(stamp) \(result.summaryLine)"
            : "\(stamp) rebuilt (\(reasons.map(\.description).joined(separator: "; "))): \(result.summaryLine)"
        if let failed = result.reports.first(where: { $0.error != nil }), let error = failed.error {
            line += " First error: \(failed.title): \(error.headline)"
        }
        return line
    }
}
