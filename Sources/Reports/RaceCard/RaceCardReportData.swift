import Foundation
import Racing
import Deterministic

/// The race-card keys of `report.json` (SPEC §2).
///
/// `races` is in start order (date, time, course, name, then input position), the order of
/// the report page, and `featured` is an index into that array. Each race's `runners` are by
/// cloth number; withdrawn rides appear only in `nonRunners` (cloth numbers) and, with their
/// details, in `withdrawn`, never in an ordering.
package struct RaceCardReportData: Codable, Equatable, Sendable {
    package var races: [Race]
    /// Always `start`: the order of `races`.
    package var raceOrder: String
    package var featured: Int?

    package struct Race: Codable, Equatable, Sendable {
        package var title: String
        package var course: String?
        package var date: String
        package var time: String
        /// The IANA zone `date` and `time` are written in: the meeting's, else the readers'.
        package var zone: String?
        package var distance: String?
        package var going: String?
        /// The race's page in the report's folder.
        package var page: String
        /// Cloth numbers in each order.
        package var byOdds: [Int]
        package var byForm: [Int]
        package var byCloth: [Int]
        package var nonRunners: [Int]
        package var favourite: Int?
        package var runners: [Runner]
        package var withdrawn: [Runner]
        package var market: Market?
        /// The race's state at the build's clock: `open`, `closed`, `pending`, `interim`, `final`,
        /// `abandoned`.
        package var status: String
        /// The placings in finishing order (dead heats share a place), when the race has a result.
        package var result: [Placing]?
        /// The dividends on more than one runner (exacta, quinella, trifecta…).
        package var exotics: [Dividend]?

        package init(
            _ race: Racing.Race, page: String, market: RaceMarket? = nil, prices: [Int: PriceList] = [:],
            state: RaceState = .open
        ) {
            title = race.name
            course = race.course
            date = race.date
            time = race.time
            zone = race.zone
            distance = race.distance
            going = race.going
            self.page = page
            byOdds = race.byOdds.map(\.cloth)
            byForm = race.byForm.map(\.cloth)
            byCloth = race.byCloth.map(\.cloth)
            nonRunners = race.nonRunners.map(\.cloth)
            favourite = race.favourite?.cloth
            runners = race.byCloth.map { Runner($0, prices: prices[$0.cloth], isOff: state.isOff) }
            withdrawn = race.nonRunners.map { Runner($0) }
            self.market = market.map(Market.init)
            status = state.rawValue
            let shown = state.hasResult ? race.result : nil
            result = shown.map { result in
                result.placings.map {
                    Placing(
                        place: $0.place, cloth: $0.cloth, name: $0.name, deadHeat: result.isDeadHeat($0.place),
                        margin: $0.margin, dividends: result.dividends(for: $0.cloth).map(Dividend.init))
                }
            }
            exotics = shown.map { $0.exotics.map(Dividend.init) }
        }
    }

    /// One placing: `dividends` are its win and place dividends by pool.
    package struct Placing: Codable, Equatable, Sendable {
        package var place: Int
        package var cloth: Int
        package var name: String
        package var deadHeat: Bool
        /// Lengths behind the winner, where the input gives it.
        package var margin: Double?
        package var dividends: [Dividend]
    }

    package struct Dividend: Codable, Equatable, Sendable {
        package var product: String
        package var pool: String?
        package var amount: Double
        /// Cloth numbers in finishing order.
        package var runners: [Int]
        package var status: String?

        init(_ dividend: Racing.Dividend) {
            product = dividend.product
            pool = dividend.pool
            amount = dividend.amount
            runners = dividend.runners
            status = dividend.status
        }
    }

    /// A race's book now and at opening (per cent; null when no runner is priced) and its movers
    /// since opening (cloth numbers, biggest move first).
    package struct Market: Codable, Equatable, Sendable {
        package var percentage: Double?
        package var openingPercentage: Double?
        package var steamers: [Int]
        package var drifters: [Int]

        init(_ market: RaceMarket) {
            percentage = market.percentage
            openingPercentage = market.openingPercentage
            steamers = market.steamers.map(\.cloth)
            drifters = market.drifters.map(\.cloth)
        }
    }

    /// One price a runner was seen at: when (ISO 8601; null for a fluctuation the input gave
    /// without a time) and the odds as written.
    package struct PriceSeen: Codable, Equatable, Sendable {
        package var at: String?
        package var odds: String

        package func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at)
            try container.encode(odds, forKey: .odds)
        }
    }

    package struct Runner: Codable, Equatable, Sendable {
        package var cloth: Int
        package var horse: String
        package var age: Int?
        package var daysSinceLastRun: Int?
        /// Verbatim, spaces and all: the page may tidy it, the data does not.
        package var odds: String
        package var probability: Double?
        package var form: String
        package var formScore: Double?
        package var barrier: Int?
        package var jockey: String?
        package var trainer: String?
        package var formComment: String?
        /// Oldest first; absent for a non-runner.
        package var prices: [PriceSeen]?
        package var openingOdds: String?
        /// Points of implied chance since opening, signed (positive: shortened).
        package var move: Double?
        /// The price it started at (the input's, else its last before the off); null before the
        /// off or when unpriced.
        package var startingPrice: String?
        /// A non-runner scratched late, and its deductions (cents in the dollar) where given.
        package var lateScratching: Bool?
        package var deductions: Deductions?

        package struct Deductions: Codable, Equatable, Sendable {
            package var win: Double?
            package var place: Double?
        }

        package init(_ ride: Ride, prices list: PriceList? = nil, isOff: Bool = false) {
            cloth = ride.cloth
            horse = ride.horse.name
            age = ride.horse.age
            daysSinceLastRun = ride.horse.daysSinceLastRun
            odds = ride.odds.text
            probability = ride.odds.impliedProbability
            form = ride.form.text
            formScore = ride.form.score
            barrier = ride.barrier
            jockey = ride.jockey
            trainer = ride.trainer
            formComment = ride.formComment
            startingPrice = isOff ? RaceResultPresenter.startingPrice(ride)?.text : nil
            if ride.withdrawn { lateScratching = ride.lateScratching }
            deductions = ride.deductions.map { Deductions(win: $0.win, place: $0.place) }
            if let list {
                self.prices = list.points.map { point in
                    PriceSeen(
                        at: point.at.map { UTCTime.iso(Date(timeIntervalSince1970: TimeInterval($0))) },
                        odds: point.odds.text)
                }
                openingOdds = list.opening?.text
                move = list.moveSinceOpening
            }
        }
    }

    package init(
        races: [Racing.Race], pages: [String], featured: Int?, markets: [RaceMarket] = [],
        prices: [[Int: PriceList]] = [], states: [RaceState] = []
    ) {
        self.races = races.indices.map { index in
            Race(
                races[index], page: pages[index], market: markets.indices.contains(index) ? markets[index] : nil,
                prices: prices.indices.contains(index) ? prices[index] : [:],
                state: states.indices.contains(index) ? states[index] : .open)
        }
        raceOrder = "start"
        self.featured = featured
    }
}
