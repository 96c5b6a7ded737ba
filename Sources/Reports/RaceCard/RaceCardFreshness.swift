import Racing

/// When a race card's pages change with the clock: each race still to run goes off at its start
/// (its page says "result pending" and its market becomes the last before the off), and the
/// featured race, the next to start, moves on then. A fetched card is also read again when it
/// reaches the report's `max-age`, so a morning's watch records each move of the prices.
package struct RaceCardFreshness: ReportFreshness, Equatable {
    package var maxAge: Int64
    /// The starts (Unix seconds) of the races the input does not already call run or abandoned,
    /// in time order, each with the race it starts.
    package var starts: [ReportChange] = []

    /// The races whose state the clock will change, by start.
    static func starts(_ card: RaceCard, timeZone: String) -> [ReportChange] {
        card.racesInStartOrder.compactMap { race -> ReportChange? in
            guard let start = race.startSeconds(timeZone: timeZone),
                !RaceState.of(race, start: nil, now: 0).isOff
            else { return nil }
            return ReportChange(at: start, what: "\(RaceCardFormat.heading(race)) is off")
        }.sorted { ($0.at, $0.what) < ($1.at, $1.what) }
    }

    package func nextChange(after builtAt: Int64) -> ReportChange? {
        starts.first { $0.at > builtAt }
    }

    package func reloadReason(loadedAt: Int64, now: Int64) -> ReloadReason? {
        let age = now - loadedAt
        return age >= maxAge ? .stale(age: age) : nil
    }

    package func reloadDue(loadedAt: Int64) -> Int64 { loadedAt + maxAge }
}
