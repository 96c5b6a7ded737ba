import GazetteCore
import Reports

/// Why `gazette watch` loads or rebuilds: the words of its log line.
package enum WatchReason: Equatable, Sendable, CustomStringConvertible {
    /// The first build of the watch (or the first after the job file changed).
    case start
    /// The clock changed the pages, in the kind's words: "Palermo R11 left the list".
    case changed(String)
    /// The kind wants its remote input again: too old, or running low.
    case reload(ReloadReason)
    /// A failed fetch is tried again; `attempt` counts from 2.
    case retry(attempt: Int)
    /// An input file changed on disk (its file name).
    case inputChanged(String)
    /// The job file changed and was read again.
    case jobChanged

    package var description: String {
        switch self {
        case .start: return "first build"
        case let .changed(what): return what
        case let .reload(reason): return reason.description
        case let .retry(attempt): return "fetch retried (attempt \(attempt))"
        case let .inputChanged(name): return "\(name) changed"
        case .jobChanged: return "job file changed"
        }
    }
}

/// What the watch knows about the input of one report whose pages change with the clock: when
/// it was loaded and tried, and what the report's kind read of the last good load.
public struct FeedState: Sendable {
    /// An http(s) source: fetched again on the schedule. Files are read again when they change.
    public var remote: Bool
    /// When the last good load happened (Unix seconds); nil before the first.
    public var loadedAt: Int64?
    /// Failed loads since the last good one.
    public var failures = 0
    public var lastAttempt: Int64?
    /// How the pages made from the last good load age, as the report's kind reads it.
    package var freshness: (any ReportFreshness)?

    public init(remote: Bool) {
        self.remote = remote
    }
}

/// Timing of the watch loop.
public struct WatchPolicy: Sendable {
    /// How often input files are checked for changes (seconds, at least 1).
    public var pollInterval: Int64
    /// Wait before retrying a failed fetch, doubled after each further failure, up to `maxRetryDelay`.
    public var retryDelay: Int64
    public var maxRetryDelay: Int64

    public init(pollInterval: Int64 = 1, retryDelay: Int64 = 5, maxRetryDelay: Int64 = 300) {
        self.pollInterval = max(1, pollInterval)
        self.retryDelay = max(1, retryDelay)
        self.maxRetryDelay = max(self.retryDelay, maxRetryDelay)
    }
}

/// The rules of `gazette watch` (SPEC §1.2) as pure functions of the state and the clock: the
/// back-off and the wake; when pages change or an input is worth fetching again, the report's kind says.
///
/// All times are whole Unix seconds.
public struct WatchScheduler: Sendable {
    public var policy: WatchPolicy

    public init(policy: WatchPolicy = WatchPolicy()) {
        self.policy = policy
    }

    /// The wait after `failures` failed fetches in a row: 5 s, 10 s, 20 s… capped.
    public func retryDelay(afterFailures failures: Int) -> Int64 {
        guard failures > 0 else { return 0 }
        var delay = policy.retryDelay
        for _ in 1..<failures where delay < policy.maxRetryDelay { delay *= 2 }
        return min(delay, policy.maxRetryDelay)
    }

    /// Why a remote input must be fetched again at `now`, or nil. After a failure only the
    /// back-off decides, so a dead server is not asked every second; else the report's kind.
    package func refetchReason(_ feed: FeedState, now: Int64) -> WatchReason? {
        guard feed.remote else { return nil }
        if feed.failures > 0, let lastAttempt = feed.lastAttempt {
            return now >= lastAttempt + retryDelay(afterFailures: feed.failures)
                ? .retry(attempt: feed.failures + 1) : nil
        }
        guard let loadedAt = feed.loadedAt, let freshness = feed.freshness else { return nil }
        return freshness.reloadReason(loadedAt: loadedAt, now: now).map(WatchReason.reload)
    }

    /// `.changed` when the pages built at `builtAt` have been changed by the clock by `now`.
    package func expiryReason(_ feed: FeedState, builtAt: Int64, now: Int64) -> WatchReason? {
        guard let change = feed.freshness?.nextChange(after: builtAt), change.at <= now else { return nil }
        return .changed(change.what)
    }

    /// When the loop must wake next: the next file poll, change by the clock, reload or retry —
    /// never sooner than a second from `now`, so nothing can spin.
    public func nextWake(feeds: [FeedState], builtAt: Int64?, now: Int64) -> Int64 {
        var wake = now + policy.pollInterval
        for feed in feeds {
            if let builtAt, let change = feed.freshness?.nextChange(after: builtAt) { wake = min(wake, change.at) }
            guard feed.remote else { continue }
            if feed.failures > 0, let lastAttempt = feed.lastAttempt {
                wake = min(wake, lastAttempt + retryDelay(afterFailures: feed.failures))
            } else if let loadedAt = feed.loadedAt, let freshness = feed.freshness {
                wake = min(wake, freshness.reloadDue(loadedAt: loadedAt))
            }
        }
        return max(wake, now + 1)
    }
}
