/// A race's status as its input states it (the Neds API's `status`, a card's `race_stage`), before
/// the clock is consulted; `RaceState` combines it with the start, the result and the clock.
public enum RaceStatus: String, Equatable, Sendable, CaseIterable {
    /// Betting is open.
    case open
    /// Betting is closed or suspended: the race is about to start, running, or held up.
    case closed
    /// Placings are in but not official: dividends may still change.
    case interim
    /// The result is official (`Final`, `Paid`, `WeighedIn`, `Resulted`).
    case final
    /// The race will not be run (or was declared void).
    case abandoned

    /// Reads a status word in any case, ignoring spaces, `_` and `-` (`Weighed In`, `WEIGHEDIN`,
    /// `race_closed`); nil for a word with no rule (`Dormant`, `Declared`), which leaves the state
    /// to the clock.
    public init?(word: String) {
        let key = String(word.lowercased().filter { $0.isLetter })
        guard let status = Self.words[key] else { return nil }
        self = status
    }

    private static let words: [String: RaceStatus] = [
        "open": .open, "betting": .open, "bettingopen": .open,
        "closed": .closed, "suspended": .closed, "live": .closed, "off": .closed, "jumped": .closed,
        "running": .closed, "racing": .closed, "raceclosed": .closed, "bettingclosed": .closed,
        "interim": .interim, "runnerup": .interim, "provisional": .interim, "photo": .interim,
        "final": .final, "paid": .final, "paying": .final, "weighedin": .final, "resulted": .final,
        "result": .final, "official": .final, "settled": .final, "closedresulted": .final,
        "abandoned": .abandoned, "void": .abandoned, "cancelled": .abandoned, "canceled": .abandoned,
        "postponed": .abandoned
    ]
}
