import Charts
import Racing
import GazetteCore
import Localization

/// Turns one race into its page context and its market chart.
package struct RacePagePresenter {
    /// The three orders of a race page, in the order their tables appear.
    package enum Order: CaseIterable {
        case odds, form, cloth

        var id: String {
            switch self {
            case .odds: return "by-odds"
            case .form: return "by-form"
            case .cloth: return "by-cloth"
            }
        }

        /// The order's name in the tabs: `race.order.odds`.
        func label(_ words: Words) -> String {
            switch self {
            case .odds: return words["race.order.odds"]
            case .form: return words["race.order.form"]
            case .cloth: return words["race.order.cloth"]
            }
        }

        /// The table's title: "Runners by odds".
        func title(_ words: Words) -> String {
            switch self {
            case .odds: return words["race.byOdds"]
            case .form: return words["race.byForm"]
            case .cloth: return words["race.byCloth"]
            }
        }

        func rule(_ words: Words) -> String {
            switch self {
            case .odds: return words["race.ruleOdds"]
            case .form: return words["race.ruleForm"]
            case .cloth: return words["race.ruleCloth"]
            }
        }

        func rides(of race: Race) -> [Ride] {
            switch self {
            case .odds: return race.byOdds
            case .form: return race.byForm
            case .cloth: return race.byCloth
            }
        }
    }

    package let source: String
    package let conventions: TextConventions

    /// The market chart's drawing width: it sits in half of the desktop page and is scaled down
    /// less on a phone than the default 720, so runner names stay legible there.
    package static let chartWidth = 460.0

    /// - Parameters:
    ///   - chartName: the file stem of the race's market chart under `charts/`.
    ///   - previous, next: the neighbouring races in start order, for the links between pages.
    /// `newlyScratched`: the cloth numbers of the race's non-runners scratched since the build
    /// the report compares with, marked in the tables.
    /// `market` and `prices` (by cloth number) are the race's market over builds; without them the
    /// race is taken at its prices now. `state` is the race's at the build's clock: once it is off,
    /// the result comes first and the market is the last before the off. `shownOnce`: the market
    /// chart is shown on this page alone (every race's but the featured one, which the card's
    /// page and its thumbnail show too), so it is written into the page.
    package func present(
        _ race: Race, chartName: String, shownOnce: Bool = false, newlyScratched: Set<Int> = [], previous: RaceLink?,
        next: RaceLink?, market: RaceMarket? = nil, prices: [Int: PriceList] = [:], state: RaceState = .open
    ) -> (page: RacePage, chart: ChartSpec) {
        let heading = RaceCardFormat.heading(race)
        let words = conventions.words
        let byOdds = race.byOdds
        let market = market ?? RaceMarket(race: race, prices: prices)
        let chart = ChartSpec(
            name: chartName,
            chart: MarketChart(
                title: words.text("race.marketTitle", ["race": heading]),
                entries: byOdds.map {
                    MarketEntry(
                        label: RaceCardFormat.runnerLabel($0), probability: $0.odds.impliedProbability,
                        odds: RaceCardFormat.odds($0.odds, conventions),
                        opening: prices[$0.cloth]?.opening?.impliedProbability,
                        openingOdds: prices[$0.cloth]?.opening.map { RaceCardFormat.odds($0, conventions) })
                },
                size: Self.chartWidth, conventions: conventions), inline: shownOnce)
        let marketTable = DataTable(
            caption: words["race.marketCaption"],
            headers: [words["race.runner"], words["race.column.odds"], words["race.impliedChanceColumn"]],
            rows: byOdds.map {
                TableRow(
                    header: RaceCardFormat.runnerLabel($0),
                    cells: [
                        RaceCardFormat.odds($0.odds, conventions),
                        RaceCardFormat.percent($0.odds.impliedProbability, conventions)
                    ])
            })

        let favouriteCloth = race.favourite?.cloth
        let nonRunnerRows = race.nonRunners.map { ride in
            var row = row(ride, favourite: false, nonRunner: true)
            row.newlyScratched = newlyScratched.contains(ride.cloth)
            return row
        }
        let tables = Order.allCases.map { order in
            RunnerTable(
                id: order.id,
                title: order.title(words),
                tableLabel: words.text("race.tableLabel", ["title": order.title(words)]),
                rule: order.rule(words),
                tabs: Order.allCases.map { OrderTab(href: "#\($0.id)", label: $0.label(words), current: $0 == order) },
                rows: order.rides(of: race).map { row($0, favourite: $0.cloth == favouriteCloth, nonRunner: false) }
                    + nonRunnerRows
            )
        }

        let comments = race.byCloth.compactMap { ride in
            ride.formComment.map { RaceFact(label: RaceCardFormat.runnerLabel(ride), value: $0) }
        }
        let page = RacePage(
            heading: heading,
            raceName: Self.nameIfDistinct(race),
            lede: Self.lede(race, conventions),
            facts: Self.facts(race, conventions, state: state),
            favourite: Self.favourite(race, conventions, isOff: state.isOff),
            result: RaceResultPresenter(conventions: conventions).present(race, state: state, prices: prices),
            offAt: RaceCardFormat.offAt(race, state: state),
            pendingNote: RaceCardFormat.offAt(race, state: state).map { _ in
                words.text("race.result.pendingNote", ["time": RaceCardFormat.time(race)])
            },
            marketHeading: words[state.isOff ? "race.lastMarket" : "race.market"],
            market: ChartImage(chart, table: marketTable),
            orderings: tables,
            hasRunners: !race.runners.isEmpty,
            moves: RaceMovesPresenter(conventions: conventions).present(
                race, market: market, prices: prices, isOff: state.isOff),
            comments: comments,
            hasComments: !comments.isEmpty,
            previous: previous,
            next: next,
            source: source
        )
        return (page, chart)
    }

    private func row(_ ride: Ride, favourite: Bool, nonRunner: Bool) -> RunnerRow {
        RunnerRow(
            cloth: String(ride.cloth),
            horse: ride.horse.name,
            age: RaceCardFormat.number(ride.horse.age),
            daysSinceLastRun: RaceCardFormat.number(ride.horse.daysSinceLastRun),
            form: RaceCardFormat.form(ride.form),
            formScore: RaceCardFormat.formScore(ride.form.scoreHundredths, conventions),
            odds: RaceCardFormat.odds(ride.odds, conventions),
            // A non-runner's price is void: shown struck through, with no chance.
            chance: nonRunner
                ? RaceCardFormat.missing : RaceCardFormat.percent(ride.odds.impliedProbability, conventions),
            favourite: favourite,
            nonRunner: nonRunner,
            details: Self.details(ride, conventions.words)
        )
    }

    /// `Barrier 4 · Jockey Will Price · Trainer R Griffiths`, from what the card gives; nil
    /// when it gives none of them.
    static func details(_ ride: Ride, _ words: Words) -> String? {
        let parts = [
            ride.barrier.map { words.text("race.barrier", ["barrier": String($0)]) },
            ride.jockey.flatMap { $0.isEmpty ? nil : words.text("race.jockey", ["name": $0]) },
            ride.trainer.flatMap { $0.isEmpty ? nil : words.text("race.trainer", ["name": $0]) }
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The race name, when the heading does not already show it (cards often name a race
    /// after its course).
    package static func nameIfDistinct(_ race: Race) -> String? {
        race.name == (RaceCardFormat.course(race) ?? race.name) ? nil : race.name
    }

    /// `Woodbine · 15 December 2017 · 6f 110y · Good to Soft`
    package static func lede(_ race: Race, _ conventions: TextConventions) -> String {
        ([race.course, RaceCardFormat.day(race.date, conventions), race.distance, race.going] as [String?])
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    package static func facts(_ race: Race, _ conventions: TextConventions, state: RaceState = .open) -> [RaceFact] {
        let words = conventions.words
        var facts = [
            RaceFact(label: words["race.status"], value: words["race.state.\(state.rawValue)"]),
            RaceFact(label: words["race.date"], value: RaceCardFormat.day(race.date, conventions)),
            RaceFact(label: words["race.time"], value: RaceCardFormat.time(race)),
            RaceFact(label: words["race.course"], value: RaceCardFormat.text(race.course)),
            RaceFact(label: words["race.distance"], value: RaceCardFormat.text(race.distance)),
            RaceFact(label: words["race.going"], value: RaceCardFormat.text(race.going)),
            RaceFact(label: words["race.field"], value: RaceCardFormat.fieldSize(race, words))
        ]
        if let age = race.age { facts.append(RaceFact(label: words["race.age"], value: age)) }
        if let handicap = race.hasHandicap {
            facts.append(RaceFact(label: words["race.handicap"], value: words[handicap ? "race.yes" : "race.no"]))
        }
        return facts
    }

    package static func favourite(_ race: Race, _ conventions: TextConventions, isOff: Bool = false)
        -> FavouriteLine?
    {
        race.favourite.map {
            let chance = RaceCardFormat.percent($0.odds.impliedProbability, conventions)
            return FavouriteLine(
                label: conventions.words[isOff ? "race.favouriteAtOff" : "race.favourite"],
                cloth: String($0.cloth), horse: $0.horse.name, odds: RaceCardFormat.odds($0.odds, conventions),
                chance: chance,
                clothText: conventions.words.text("race.cloth", ["cloth": String($0.cloth)]),
                chanceText: conventions.words.text("race.impliedChance", ["chance": chance]))
        }
    }
}
