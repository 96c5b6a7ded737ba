import Racing

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

        package init(_ race: Racing.Race, page: String) {
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
            runners = race.byCloth.map(Runner.init)
            withdrawn = race.nonRunners.map(Runner.init)
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

        package init(_ ride: Ride) {
            cloth = ride.cloth
            horse = ride.horse.name
            age = ride.horse.age
            daysSinceLastRun = ride.horse.daysSinceLastRun
            odds = ride.odds.text
            probability = ride.odds.impliedProbability
            form = ride.form.text
            formScore = ride.form.score
        }
    }

    package init(races: [Racing.Race], pages: [String], featured: Int?) {
        self.races = zip(races, pages).map { Race($0, page: $1) }
        raceOrder = "start"
        self.featured = featured
    }
}
