import Foundation
import Racing
import Deterministic
import GazetteCore
import Localization

/// Turns the races visible at the build's now into the pages of one next-to-go report.
package struct NextToGoPresenter {
    /// Every race still visible at `now`, any category, in the full start order.
    package let visible: [RaceSummary]
    package let now: Int64
    /// The job's own filter, shown on `index.html`.
    package let selected: NextToGoView
    package let source: String
    /// The readers' conventions the build and start times are written in.
    package let conventions: TextConventions
    package let limit = NextToGoKind.racesShown

    /// The tabs in order: the job's filter first when it is a combination no standard page shows.
    package var tabs: [NextToGoView] {
        NextToGoView.standardMatching(selected.categories) == nil
            ? [selected] + NextToGoView.standard : NextToGoView.standard
    }

    package func page(_ view: NextToGoView, title: String) -> NextToGoPage {
        // The page's own races, all of them: the first `limit` on show, the rest held back
        // (`hidden`) for the script to reveal as earlier races leave.
        let races = NextToGoSelection.visible(visible, now: now, categories: view.categories)
        // On index.html the tab of the same filter is the current one, so the tabs say what is shown.
        let currentPath =
            view.path == selected.path
            ? (NextToGoView.standardMatching(view.categories)?.path ?? view.path)
            : view.path
        let date = Date(timeIntervalSince1970: TimeInterval(now))
        let words = conventions.words
        return NextToGoPage(
            title: title,
            builtAt: conventions.longTime(date),
            builtAtISO: UTCTime.iso(date),
            now: String(now),
            builtAtClock: conventions.clock(date),
            limit: String(limit),
            liveWords: CountdownText(words).live,
            filterText: words.text("nextToGo.showing", ["categories": NextToGoView.phrase(view.categories, words)]),
            tabs: tabs.map { NextToGoTab(label: $0.label(words), href: $0.path, current: $0.path == currentPath) },
            status: Self.status(shown: min(races.count, limit), limit: limit, words),
            races: races.enumerated().map { row($0.element, hidden: $0.offset >= limit) },
            source: source
        )
    }

    package func row(_ race: RaceSummary, hidden: Bool) -> NextToGoRow {
        let delta = race.advertisedStart - now
        let words = conventions.words
        let countdown = CountdownText(words)
        let label = words.text(
            "nextToGo.label",
            ["meeting": race.meetingName, "number": String(race.number), "category": race.category.spokenName(words)])
        let start = Date(timeIntervalSince1970: TimeInterval(race.advertisedStart))
        return NextToGoRow(
            id: race.id,
            category: race.category.rawValue,
            categoryName: race.category.name(words),
            icon: RaceIcon(race.category),
            meeting: race.meetingName,
            number: words.text("race.numberShort", ["number": String(race.number)]),
            name: race.name.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 },
            label: label,
            sentence: words.text("nextToGo.sentence", ["label": label, "countdown": countdown.spoken(seconds: delta)]),
            start: String(race.advertisedStart),
            startISO: UTCTime.iso(start),
            startTime: conventions.clock(start),
            countdown: countdown.format(seconds: delta),
            hidden: hidden
        )
    }

    /// What the page says about how many races it shows; nil when it shows a full page.
    /// `countdown.js` words it the same way.
    package static func status(shown: Int, limit: Int, _ words: Words = .english) -> String? {
        switch shown {
        case 0: return words["nextToGo.statusNone"]
        case ..<limit: return words.count("nextToGo.statusOnly", shown, String(shown))
        default: return nil
        }
    }
}
