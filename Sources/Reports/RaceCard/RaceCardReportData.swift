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

        package init(_ race: Racing.Race, page: String, market: RaceMarket? = nil, prices: [Int: PriceList] = [:]) {
            title = race.name
            course = race.course
            date = race.date
            time = race.time
            distance = race.distance
            going = race.going
            self.page = page
            byOdds = race.byOdds.map(\.cloth)
            byForm = race.byForm.map(\.cloth)
            byCloth = race.byCloth.map(\.cloth)
            nonRunners = race.nonRunners.map(\.cloth)
            favourite = race.favourite?.cloth
            runners = race.byCloth.map { Runner($0, prices: prices[$0.cloth]) }
            withdrawn = race.nonRunners.map { Runner($0) }
            self.market = market.map(Market.init)
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

        package init(_ ride: Ride, prices list: PriceList? = nil) {
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
        prices: [[Int: PriceList]] = []
    ) {
        self.races = races.indices.map { index in
            Race(
                races[index], page: pages[index], market: markets.indices.contains(index) ? markets[index] : nil,
                prices: prices.indices.contains(index) ? prices[index] : [:])
        }
        raceOrder = "start"
        self.featured = featured
    }
}
