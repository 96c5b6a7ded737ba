/// Which next-to-go races a page shows at a given moment (SPEC §1.2).
public enum NextToGoSelection {
    /// How long a race stays listed after its advertised start.
    public static let graceSeconds: Int64 = 60

    /// Races still visible at `now` (now < start + 60 s) that pass the category filter,
    /// in the full start order. An empty filter means all races; races of an unknown
    /// category (`.other`) appear only then.
    public static func visible(_ races: [RaceSummary], now: Int64, categories: Set<RaceCategory>) -> [RaceSummary] {
        races
            .filter { isVisible($0, now: now) && matches($0, categories) }
            .sorted(by: RaceSummary.startsBefore)
    }

    /// The first `limit` visible races: what the page shows.
    public static func next(
        _ races: [RaceSummary], now: Int64, categories: Set<RaceCategory>,
        limit: Int = 5
    ) -> [RaceSummary] {
        Array(visible(races, now: now, categories: categories).prefix(max(limit, 0)))
    }

    public static func isVisible(_ race: RaceSummary, now: Int64) -> Bool {
        now < expiry(of: race)
    }

    /// The first instant the race is no longer listed: start + 60 s (saturating).
    public static func expiry(of race: RaceSummary) -> Int64 {
        let (sum, overflow) = race.advertisedStart.addingReportingOverflow(graceSeconds)
        return overflow ? .max : sum
    }

    private static func matches(_ race: RaceSummary, _ categories: Set<RaceCategory>) -> Bool {
        categories.isEmpty || (race.category != .other && categories.contains(race.category))
    }
}
