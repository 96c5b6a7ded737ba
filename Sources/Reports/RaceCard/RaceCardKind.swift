import Foundation
import Racing
import GazetteCore
import ReportFacts
import Localization

/// Race card: the meeting's races in start order with the featured race on top, and one page
/// per race with its market chart and runners by odds, form and cloth number (SPEC §1.1).
package enum RaceCardKind: ReportKindUnit {
    package typealias Figures = RaceCardFigures

    package static let takesSeveralInputs = false
    package static let kind = ReportKind.raceCard
    package static let defaultTitle = "Race card"
    package static let nameKey = "kinds.raceCard"
    package static func reportOptions(_ options: RaceCardOptions) -> ReportOptions { .raceCard(options) }
    package static func reportData(_ data: RaceCardReportData) -> ReportData { .raceCard(data) }
    package static let defaultOptions = RaceCardOptions()

    package static func build(_ input: ReportInput, options: RaceCardOptions) throws(BuildError) -> ReportContent {
        let (source, bytes) = try input.single()
        let card = try decode(bytes, from: source, options: options, timeZone: input.conventions.timeZone)
        // Everything below works on start order, so `featured` and page order agree.
        let races = card.racesInStartOrder
        let pages = RacePageSlugs.make(for: races).map { $0 + ".html" }
        let stems = pages.map { String($0.dropLast(".html".count)) }
        let (states, sentStates) = Self.states(races, input)
        // One featured race for the page, the summary and the message: it moves when a race goes
        // off, never with the hour, so a message is not made new by the clock alone.
        let featured = FeaturedRacePicker.featured(in: races, stillToRun: states.map { !$0.isOff }, seed: input.seed)
        let figures = RaceCardHistory.figures(races, pages: stems)
        let memory = RaceCardMarketMemory.markets(
            races, pages: stems, history: input.history, figures: figures, now: input.historyClock,
            threshold: options.moverThreshold)
        let scratches = RaceCardHistory.change(
            HeadlineFigures(figures), races: races, pages: stems,
            steamer: memory.biggestSteamer(among: states.map { !$0.isOff }),
            input: input)
        let news = RaceCardResultNews.news(races, pages: stems, figures: figures, input: input)
        let change = (note: RaceCardResultNews.merged(scratches.note, news), newlyScratched: scratches.newlyScratched)

        var overview = RaceCardOverviewPresenter(
            title: input.title, source: source.displayName, conventions: input.conventions
        ).present(
            races: races, pages: pages, featured: featured,
            pickNote: RaceCardOverviewPresenter.pickNote(
                seed: input.seed, stillToRun: featured.map { !states[$0].isOff } ?? false, input.conventions),
            markets: memory.markets, states: states)
        overview.change = change.note?.line
        var pageSpecs: [PageSpec] = []
        var charts: [ChartSpec] = []
        let presenter = RacePagePresenter(source: source.displayName, conventions: input.conventions)
        for (index, race) in races.enumerated() {
            let stem = stems[index]
            let (page, chart) = presenter.present(
                race, chartName: "market-\(stem)", shownOnce: index != featured,
                newlyScratched: Set(
                    race.nonRunners.filter { change.newlyScratched.contains(RaceCardHistory.key(page: stem, $0)) }
                        .map(\.cloth)),
                previous: index > 0
                    ? Self.link(races[index - 1], pages[index - 1], "race.previous", input.conventions.words) : nil,
                next: index + 1 < races.count
                    ? Self.link(races[index + 1], pages[index + 1], "race.next", input.conventions.words) : nil,
                market: memory.markets[index], prices: memory.prices[index], state: states[index])
            pageSpecs.append(
                PageSpec(path: pages[index], title: page.heading, context: .race(page), script: RaceCardKind.script))
            if index == featured { overview.featured?.market = page.market }
            charts.append(chart)
        }

        // The report's own page comes first: the pipeline takes it as the report's index.
        let finished = overview
        pageSpecs.insert(
            PageSpec(path: "index.html", title: input.title, context: .raceCard(finished), script: RaceCardKind.script),
            at: 0)
        let drawn = charts
        return ReportContent(
            pages: pageSpecs,
            charts: charts,
            data: .raceCard(
                RaceCardReportData(
                    races: races, pages: pages, featured: featured, markets: memory.markets, prices: memory.prices,
                    states: states)),
            warnings: Self.warnings(card, races, input, source),
            card: Self.card(races: races, featured: featured, charts: charts, input.conventions, states: states)
                .with(change: change.note?.line),
            summary: RaceCardSummary.lines(races, featured: featured, input.conventions, states: sentStates),
            digest: RaceCardDigest.make(
                races, featured: featured, charts: charts, input.conventions, markets: memory.markets,
                states: sentStates),
            makeDocument: { [conventions = input.conventions, markets = memory.markets] in
                RaceCardDocument.make(
                    races, featured: featured, charts: drawn, conventions, markets: markets, states: states)
            },
            figures: HeadlineFigures(figures),
            change: change.note,
            freshness: Self.freshness(races, timeZone: input.conventions.timeZone)
        )
    }

    /// A card's data is as of the latest start of a race it gives as run (a result, an
    /// abandonment); the next data is due when the last race still to run has had its result
    /// (`resultDelay` after its start): stale then (an error only when the job's `fresh:` sets
    /// error-after); a card whose every race has run is complete and never stale.
    static func freshness(_ races: [Race], timeZone: String) -> FreshnessBasis {
        var run: [Int64] = []
        var toRun: [Int64] = []
        for race in races {
            guard let start = race.startSeconds(timeZone: timeZone) else { continue }
            if RaceState.of(race, start: nil, now: 0).isOff { run.append(start) } else { toRun.append(start) }
        }
        guard let last = toRun.max() else { return FreshnessBasis(dataAsOf: run.max(), isFinal: !run.isEmpty) }
        return FreshnessBasis(
            dataAsOf: run.max(), due: last + resultDelay, cadence: Cadence(warnAfter: 0, errorAfter: nil))
    }

    /// How long after a race's start its result is due.
    static let resultDelay: Int64 = 30 * 60

    /// Each race's state by the build's clock (the pages and report.json), and as the input alone
    /// says it (the message and the summary, so the clock never changes what is sent; a result does).
    static func states(_ races: [Race], _ input: ReportInput) -> (clock: [RaceState], input: [RaceState]) {
        let zone = input.conventions.timeZone
        return (
            races.map { RaceState.of($0, start: $0.startSeconds(timeZone: zone), now: input.historyClock) },
            races.map { RaceState.of($0, start: nil, now: 0) }
        )
    }

    private static func link(_ race: Race, _ href: String, _ relation: String, _ words: Words) -> RaceLink {
        RaceLink(href: href, label: words.text(relation, ["race": RaceCardFormat.heading(race)]))
    }

    /// The card's warnings in each language the input's readers read, placed in its file.
    private static func warnings(_ card: RaceCard, _ races: [Race], _ input: ReportInput, _ source: Source)
        -> [ReportWarning]
    {
        let zone = card.zoneUnsaid ? input.conventions.timeZone : nil
        return input.warnings { warnings(races, $0.words, zoneUnsaid: zone) }.map { $0.placed(in: source) }
    }

    /// Races with nothing to show are worth a word, and so are times read in a zone the input
    /// did not name (`zoneUnsaid`: the readers' zone they were read in); a card that is merely
    /// odd (unpriced runners, no form) is not: those are normal racing data.
    package static func warnings(_ races: [Race], _ words: Words = .english, zoneUnsaid: String? = nil)
        -> [ReportWarning]
    {
        if races.isEmpty { return [ReportWarning(.nothingToShow, words["raceCard.warningNoRaces"])] }
        var warnings: [ReportWarning] = []
        if let zone = zoneUnsaid {
            warnings.append(ReportWarning(.shownDifferently, words.text("raceCard.warningZoneUnsaid", ["zone": zone])))
        }
        return warnings
            + races.filter { $0.runners.isEmpty }.map { race in
                ReportWarning(
                    .nothingToShow,
                    words.text("raceCard.warningNoRunners", ["race": RaceCardFormat.heading(race), "date": race.date]))
            }
    }

    /// The front page's card: the latest result when a race has one, else the featured race.
    private static func card(
        races: [Race], featured: Int?, charts: [ChartSpec], _ conventions: TextConventions, states: [RaceState]
    ) -> ReportCard {
        let words = conventions.words
        guard let featured else {
            return ReportCard(
                headline: words["raceCard.cardNoRaces"], detail: words["raceCard.listsNoRaces"], thumbnail: nil)
        }
        if let latest = races.indices.last(where: {
            states.indices.contains($0) && states[$0].hasResult && races[$0].result != nil
        }),
            let line = RaceResultFormat.statusLine(races[latest], state: states[latest], conventions)
        {
            return ReportCard(
                headline: words.count("raceCard.races", races.count, String(races.count)),
                detail: words.text(
                    "raceCard.cardResult", ["race": RaceCardFormat.heading(races[latest]), "result": line]),
                thumbnail: charts[featured].ref)
        }
        let race = races[featured]
        let heading = RaceCardFormat.heading(race)
        let day = RaceCardFormat.day(race.date, conventions)
        let detail =
            race.favourite.map {
                words.text(
                    "raceCard.cardFeaturedFavourite",
                    [
                        "race": heading, "day": day, "horse": $0.horse.name,
                        "odds": RaceCardFormat.odds($0.odds, conventions)
                    ])
            } ?? words.text("raceCard.cardFeatured", ["race": heading, "day": day])
        return ReportCard(
            headline: words.count("raceCard.races", races.count, String(races.count)), detail: detail,
            thumbnail: charts[featured].ref)
    }
}
