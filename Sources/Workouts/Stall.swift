import Deterministic

/// An exercise trained on without a new best: `weeks` whole weeks and `sessions` training days
/// after the day of its best, up to its latest day.
public struct Stall: Equatable, Sendable {
    /// The day the best was set: the last progress.
    public let since: CivilDate
    public let weeks: Int
    public let sessions: Int

    /// The defaults coaches go by: no new best in 8 weeks, over at least 6 sessions.
    public static let defaultWeeks = 8
    public static let defaultSessions = 6

    public init(since: CivilDate, weeks: Int, sessions: Int) {
        self.since = since
        self.weeks = weeks
        self.sessions = sessions
    }
}

extension ExerciseRecord {
    /// The stall the exercise is in: at least `weeks` whole weeks from its best's day to its
    /// latest day, with at least `sessions` days trained after the best; nil otherwise. Measured
    /// to the latest session, not to today: a lifter who stopped training has not stalled.
    public func stall(weeks: Int = Stall.defaultWeeks, sessions: Int = Stall.defaultSessions) -> Stall? {
        guard let best, let latest else { return nil }
        let after = days.count - 1 - (days.lastIndex { $0.date == best.date } ?? days.count - 1)
        let span = (latest.date.dayNumber - best.date.dayNumber) / 7
        guard span >= weeks, after >= sessions else { return nil }
        return Stall(since: best.date, weeks: span, sessions: after)
    }
}
