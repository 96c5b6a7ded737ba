/// Where a race stands at the build's clock, from its status, its result and its start.
public enum RaceState: String, Equatable, Sendable, CaseIterable {
    /// Before the start, betting open (or no status given).
    case open
    /// Before the start, betting closed or suspended.
    case closed
    /// The start has passed and no result is in yet.
    case pending
    /// Placings in, not yet official.
    case interim
    /// The official result.
    case final
    /// Not run.
    case abandoned

    /// The state of `race` at `now` (Unix seconds); `start` is the race's start as an instant
    /// (see `Race.startSeconds(timeZone:)`), nil when it cannot be told.
    ///
    /// The input's word wins where it says more than the clock can (a result, an abandonment);
    /// a race past its start that the input still calls open has started all the same, because
    /// a saved file does not change when the race is run.
    public static func of(_ race: Race, start: Int64?, now: Int64) -> RaceState {
        let placed = !(race.result?.placings.isEmpty ?? true)
        switch race.status {
        case .abandoned?: return .abandoned
        case .final?: return placed ? .final : .pending
        case .interim?: return placed ? .interim : .pending
        case .open?, .closed?, nil:
            // Placings without a word of status are a result all the same.
            if placed { return .final }
            if let start, start <= now { return .pending }
            return race.status == .closed ? .closed : .open
        }
    }

    /// Whether the race is off (or will not run): its market is history, not an offer.
    public var isOff: Bool { self != .open && self != .closed }

    /// Whether placings are shown.
    public var hasResult: Bool { self == .interim || self == .final }
}
