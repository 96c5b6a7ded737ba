import Foundation
import Racing
import GazetteCore
import Localization

/// Builds the race-card report's own page: the featured race on top, then every race in start
/// order with its distance, going, field and favourite.
package struct RaceCardOverviewPresenter {
    package let title: String
    package let source: String
    package let conventions: TextConventions

    /// - Parameters:
    ///   - races: in start order; `pages[i]` is the page of `races[i]`.
    ///   - featured: the index of the featured race in `races`.
    ///   - pickNote: how the featured race was chosen, in words.
    ///   - markets: each race's market over builds, when the report remembers one.
    ///   - states: each race's state at the build's clock (open when not given).
    package func present(
        races: [Race], pages: [String], featured: Int?, pickNote: String, markets: [RaceMarket] = [],
        states: [RaceState] = []
    ) -> RaceCardPage {
        let state = { (index: Int) in states.indices.contains(index) ? states[index] : RaceState.open }
        let words = conventions.words
        let moves = RaceMovesPresenter(conventions: conventions)
        let rows = races.indices.map { index in
            let race = races[index]
            return RaceListRow(
                date: RaceCardFormat.day(race.date, conventions),
                time: RaceCardFormat.time(race),
                course: RaceCardFormat.text(race.course),
                name: race.name,
                href: pages[index],
                distance: RaceCardFormat.text(race.distance),
                going: RaceCardFormat.text(race.going),
                runners: String(race.runners.count),
                details: ([race.course, race.distance, race.going] as [String?]).compactMap { $0 }.filter {
                    !$0.isEmpty
                }
                .joined(separator: " · ") + " · " + RaceCardFormat.fieldSize(race, words),
                favourite: RaceCardFormat.favourite(race, conventions) ?? RaceCardFormat.missing,
                favouriteLine: words.text(
                    state(index).isOff ? "raceCard.favouriteAtOffLine" : "raceCard.favouriteLine",
                    ["favourite": RaceCardFormat.favourite(race, conventions) ?? RaceCardFormat.missing]),
                featured: index == featured,
                movers: markets.indices.contains(index) ? movers(markets[index], moves) : nil,
                status: RaceResultFormat.statusLine(race, state: state(index), conventions),
                offAt: RaceCardFormat.offAt(race, state: state(index))
            )
        }
        let panel = featured.map { index in
            let race = races[index]
            return FeaturedRacePanel(
                heading: RaceCardFormat.heading(race),
                href: pages[index],
                raceName: RacePagePresenter.nameIfDistinct(race),
                facts: RacePagePresenter.facts(race, conventions, state: state(index)),
                favourite: RacePagePresenter.favourite(race, conventions, isOff: state(index).isOff),
                status: RaceResultFormat.statusLine(race, state: state(index), conventions),
                pickNote: pickNote,
                more: words.text("raceCard.more", ["race": RaceCardFormat.heading(race)]),
                offAt: RaceCardFormat.offAt(race, state: state(index))
            )
        }
        return RaceCardPage(
            title: title,
            lede: Self.lede(races, conventions),
            featured: panel,
            races: rows,
            hasRaces: !races.isEmpty,
            showDate: Set(races.map(\.date)).count > 1,
            source: source
        )
    }

    /// `Steamers: Gable End 9/2 → 5/2 (+10.4 pts) · Drifters: Tern 3/1 → 5/1 (−8.3 pts)`: the
    /// movers since opening, each list only when it has one; nil when nothing moved that far.
    private func movers(_ market: RaceMarket, _ moves: RaceMovesPresenter) -> String? {
        let words = conventions.words
        let parts = [
            market.steamers.isEmpty
                ? nil : words.text("raceCard.steamers", ["list": moves.list(market.steamers)]),
            market.drifters.isEmpty
                ? nil : words.text("raceCard.drifters", ["list": moves.list(market.drifters)])
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// `10 races at 8 courses on 15 December 2017.`
    package static func lede(_ races: [Race], _ conventions: TextConventions) -> String {
        let words = conventions.words
        guard let first = races.first, let last = races.last else { return words["raceCard.noRacesLede"] }
        var courses: [String] = []
        for race in races {
            if let course = RaceCardFormat.course(race), !courses.contains(course) { courses.append(course) }
        }
        var text = words.count("raceCard.races", races.count, String(races.count))
        if courses.count == 1 {
            text = words.text("raceCard.atCourse", ["races": text, "course": courses[0]])
        } else if courses.count > 1 {
            text = words.count("raceCard.atCourses", courses.count, String(courses.count), ["races": text])
        }
        let firstDay = RaceCardFormat.day(first.date, conventions)
        return first.date == last.date
            ? words.text("raceCard.onDay", ["races": text, "day": firstDay])
            : words.text(
                "raceCard.fromTo",
                ["races": text, "first": firstDay, "last": RaceCardFormat.day(last.date, conventions)])
    }

    /// How the featured race was chosen: by the given seed among the races still to run, as the
    /// next to start, or as the last when every race is off.
    package static func pickNote(seed: UInt64?, stillToRun: Bool, _ conventions: TextConventions) -> String {
        let words = conventions.words
        guard stillToRun else { return words["raceCard.pickedLast"] }
        if let seed { return words.text("raceCard.pickedWithSeed", ["seed": String(seed)]) }
        return words["raceCard.pickedNext"]
    }
}
