import Racing
import GazetteCore

/// Why `gazette watch` loads or rebuilds: the words of its log line.
public enum WatchReason: Equatable, Sendable, CustomStringConvertible {
    /// The first build of the watch (or the first after the job file changed).
    case start
    /// A race left the pages (start + 60 s passed): "Palermo R11".
    case raceExpired(String)
    /// Fewer than five races of the report's filter remain visible.
    case runningLow(visible: Int)
    /// The remote data reached the report's `max-age` (seconds old).
    case stale(age: Int64)
    /// A failed fetch is tried again; `attempt` counts from 2.
    case retry(attempt: Int)
    /// An input file changed on disk (its file name).
    case inputChanged(String)
    /// The job file changed and was read again.
    case jobChanged

    public var description: String {
        switch self {
        case .start: return "first build"
        case let .raceExpired(race): return "\(race) left the list"
        case let .runningLow(visible): return "only \(visible) race\(visible == 1 ? "" : "s") left, fetched again"
        case let .stale(age): return "data \(Countdown.format(seconds: age)) old, fetched again"
        case let .retry(attempt): return "fetch retried (attempt \(attempt))"
        case let .inputChanged(name): return "\(name) changed"
        case .jobChanged: return "job file changed"
        }
    }
}

/// What the watch knows about one next-to-go report's data.
public struct FeedState: Equatable, Sendable {
    /// The races of the last good load, in the full start order.
    public var races: [RaceSummary] = []
    /// The report's filter: "running low" counts the races its own page shows.
    public var categories: Set<RaceCategory>
    public var maxAge: Int64
    /// An http(s) source: fetched again on the schedule. Files are read again when they change.
    public var remote: Bool
    /// When the last good load happened (Unix seconds); nil before the first.
    public var loadedAt: Int64?
    /// How many races of the filter were visible right after that load.
    public var visibleAtLoad = 0
    /// Failed loads since the last good one.
    public var failures = 0
    public var lastAttempt: Int64?

    public init(categories: Set<RaceCategory>, maxAge: Int64, remote: Bool) {
        self.categories = categories
        self.maxAge = maxAge
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
    /// Races a page shows.
    public var limit: Int

    public init(pollInterval: Int64 = 1, retryDelay: Int64 = 5, maxRetryDelay: Int64 = 300, limit: Int = 5) {
        self.pollInterval = max(1, pollInterval)
        self.retryDelay = max(1, retryDelay)
        self.maxRetryDelay = max(self.retryDelay, maxRetryDelay)
        self.limit = limit
    }
}

/// The rules of `gazette watch` (SPEC §1.2), as pure functions of the state and the clock.
///
/// All times are whole Unix seconds, the unit of the feed and of every next-to-go rule.
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

    /// Why a remote feed must be fetched again at `now`, or nil. After a failure only the
    /// back-off decides, so a dead server is not asked every second.
    public func refetchReason(_ feed: FeedState, now: Int64) -> WatchReason? {
        guard feed.remote else { return nil }
        if feed.failures > 0, let lastAttempt = feed.lastAttempt {
            return now >= lastAttempt + retryDelay(afterFailures: feed.failures)
                ? .retry(attempt: feed.failures + 1) : nil
        }
        guard let loadedAt = feed.loadedAt else { return nil }
        let age = now - loadedAt
        if age >= feed.maxAge { return .stale(age: age) }
        // Low on races: fetch again, but only when a race left since the last fetch, so a
        // feed that simply has fewer than five is not asked again until the next race leaves.
        let visible = visibleCount(feed, now: now)
        if visible < policy.limit, visible < feed.visibleAtLoad { return .runningLow(visible: visible) }
        return nil
    }

    /// The first race whose leaving changes pages built at `builtAt`: the earliest race still
    /// visible then. It leads the unfiltered page, and every other page shows a subset.
    public func nextExpiring(_ feed: FeedState, after builtAt: Int64) -> RaceSummary? {
        // Races are in start order, so expiries (start + 60 s) are in order too.
        feed.races.first { NextToGoSelection.expiry(of: $0) > builtAt }
    }

    /// `.raceExpired` when a race shown at the last build has left by `now`.
    public func expiryReason(_ feed: FeedState, builtAt: Int64, now: Int64) -> WatchReason? {
        guard let race = nextExpiring(feed, after: builtAt), NextToGoSelection.expiry(of: race) <= now else {
            return nil
        }
        return .raceExpired("\(race.meetingName) R\(race.number)")
    }

    /// When the loop must wake next: the next file poll, race expiry, max-age or retry —
    /// never sooner than a second from `now`, so nothing can spin.
    public func nextWake(feeds: [FeedState], builtAt: Int64?, now: Int64) -> Int64 {
        var wake = now + policy.pollInterval
        for feed in feeds {
            if let builtAt, let race = nextExpiring(feed, after: builtAt) {
                wake = min(wake, NextToGoSelection.expiry(of: race))
            }
            guard feed.remote else { continue }
            if feed.failures > 0, let lastAttempt = feed.lastAttempt {
                wake = min(wake, lastAttempt + retryDelay(afterFailures: feed.failures))
            } else if let loadedAt = feed.loadedAt {
                wake = min(wake, loadedAt + feed.maxAge)
            }
        }
        return max(wake, now + 1)
    }

    public func visibleCount(_ feed: FeedState, now: Int64) -> Int {
        NextToGoSelection.visible(feed.races, now: now, categories: feed.categories).count
    }
}
