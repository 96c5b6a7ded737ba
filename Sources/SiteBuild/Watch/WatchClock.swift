import Foundation
import GazetteCore

/// The watch loop's sense of time, injected so tests can run hours of schedule in an instant.
public protocol WatchClock: Sendable {
    func now() -> Date
    /// Waits until `deadline`; false when the wait was cut short because the watch is ending
    /// (the task was cancelled).
    func sleep(until deadline: Date) async -> Bool
}

/// The real clock, optionally shifted: with `--now` the watch starts at a chosen instant and
/// runs at real speed from there, which lets it replay recorded data.
public struct SystemWatchClock: WatchClock {
    private let offset: TimeInterval

    public init(startingAt start: Date? = nil) {
        offset = start.map { $0.timeIntervalSinceNow } ?? 0
    }

    public func now() -> Date {
        Date().addingTimeInterval(offset)
    }

    public func sleep(until deadline: Date) async -> Bool {
        // A day at a time at most, so the nanoseconds stay in range whatever the deadline.
        while case let delay = deadline.timeIntervalSince(now()), delay > 0 {
            do {
                try await Task.sleep(nanoseconds: UInt64(min(delay, 86_400) * 1_000_000_000))
            } catch {
                return false
            }
        }
        return !Task.isCancelled
    }
}
