import Racing

/// When next-to-go pages change by the clock (SPEC §1.2): each race leaves every page a minute
/// after its start, so pages built at some moment change when the earliest race still shown then
/// leaves (it leads the unfiltered page; every other page shows a subset). A fetched feed is
/// fetched again when it reaches the report's `max-age`, or when fewer races of the report's
/// filter are left than a page shows and one has left since the fetch.
package struct NextToGoFreshness: ReportFreshness, Equatable {
    /// The races of the load, in start order.
    package var races: [RaceSummary]
    package var categories: Set<RaceCategory>
    package var maxAge: Int64
    /// How many races of the filter were visible right after the load.
    package var visibleAtLoad: Int

    package init(races: [RaceSummary], categories: Set<RaceCategory>, maxAge: Int64, loadedAt: Int64) {
        self.races = races
        self.categories = categories
        self.maxAge = maxAge
        visibleAtLoad = 0
        visibleAtLoad = visibleCount(now: loadedAt)
    }

    package func nextChange(after builtAt: Int64) -> ReportChange? {
        // Races are in start order, so expiries (start + 60 s) are in order too.
        guard let race = races.first(where: { NextToGoSelection.expiry(of: $0) > builtAt }) else { return nil }
        return ReportChange(
            at: NextToGoSelection.expiry(of: race), what: "\(race.meetingName) R\(race.number) left the list")
    }

    package func reloadReason(loadedAt: Int64, now: Int64) -> ReloadReason? {
        let age = now - loadedAt
        if age >= maxAge { return .stale(age: age) }
        // Low on races: fetch again, but only when a race left since the last fetch, so a
        // feed that simply has fewer than a page shows is not asked again until the next leaves.
        let visible = visibleCount(now: now)
        if visible < NextToGoKind.racesShown, visible < visibleAtLoad { return .runningLow(visible: visible) }
        return nil
    }

    package func reloadDue(loadedAt: Int64) -> Int64 { loadedAt + maxAge }

    /// Races of the report's filter still visible at `now`.
    package func visibleCount(now: Int64) -> Int {
        NextToGoSelection.visible(races, now: now, categories: categories).count
    }
}
