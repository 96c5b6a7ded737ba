import Deterministic
import Foundation
import JSONSupport

// Decoding of the race-card JSON (SPEC §1.1). Unknown keys are ignored; required keys and
// malformed dates or times fail with a DecodingError whose coding path names the value.

extension Race: Decodable {
    private enum CodingKeys: String, CodingKey {
        case raceSummary = "race_summary"
        case rides, results, dividends
    }

    private enum SummaryKeys: String, CodingKey {
        case name, distance, date, time, going, hidden, age, status
        case courseName = "course_name"
        case rideCount = "ride_count"
        case raceStage = "race_stage"
        case hasHandicap = "has_handicap"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let summary = try container.nestedContainer(keyedBy: SummaryKeys.self, forKey: .raceSummary)

        let name = try summary.decode(String.self, forKey: .name)
        let date = try summary.decode(String.self, forKey: .date)
        guard CivilDate(iso: date) != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .date, in: summary, debugDescription: "expected a date as YYYY-MM-DD, found '\(date)'")
        }
        let time = try summary.decode(String.self, forKey: .time)
        guard CivilDate.isClockTime(time) else {
            throw DecodingError.dataCorruptedError(
                forKey: .time, in: summary, debugDescription: "expected a time as HH:MM (24-hour), found '\(time)'")
        }

        // A race whose runners are not yet declared may come without `rides`.
        let rawRides = try container.decodeIfPresent([RawRide].self, forKey: .rides) ?? []
        let raceYear = CivilDate(iso: date)?.year
        let rides = rawRides.map { $0.ride(raceYear: raceYear) }
        // A result in the Neds API's shapes, so a card can be finished by hand or by a script.
        let placings = try container.decodeIfPresent(NedsList<NedsPlacing>.self, forKey: .results)?.items ?? []
        let dividends = try container.decodeIfPresent(NedsList<NedsDividend>.self, forKey: .dividends)?.items ?? []
        let names = Dictionary(rides.map { ($0.cloth, $0.horse.name) }, uniquingKeysWith: { first, _ in first })
        let result = RaceResult(
            placings: placings.map {
                var placing = $0.placing
                if placing.name.isEmpty { placing.name = names[placing.cloth] ?? "" }
                return placing
            }, dividends: dividends.compactMap(\.dividend))

        self.init(
            name: name,
            course: try summary.decodeIfPresent(String.self, forKey: .courseName),
            distance: try summary.decodeIfPresent(String.self, forKey: .distance),
            date: date,
            time: time,
            rideCount: try summary.decodeIntegerIfPresent(Int.self, forKey: .rideCount),
            stage: try summary.decodeIfPresent(String.self, forKey: .raceStage),
            going: try summary.decodeIfPresent(String.self, forKey: .going),
            hasHandicap: try summary.decodeIfPresent(Bool.self, forKey: .hasHandicap),
            hidden: try summary.decodeIfPresent(Bool.self, forKey: .hidden),
            age: try summary.decodeIfPresent(String.self, forKey: .age),
            rides: rides,
            // `status` wins over `race_stage`, which says the same thing in a feed's own words.
            status: try summary.decodeIfPresent(String.self, forKey: .status).flatMap(RaceStatus.init(word:)),
            result: result.isEmpty ? nil : result
        )
    }
}

/// A ride as written in the card. The horse's age may depend on the race year, which only
/// the enclosing race knows, so the public `Ride` is made afterwards.
private struct RawRide: Decodable {
    let cloth: Int
    let horse: RawHorse
    let form: String
    let handicap: String?
    let odds: String
    let withdrawn: Bool

    private enum CodingKeys: String, CodingKey {
        case horse, handicap, withdrawn
        case clothNumber = "cloth_number"
        case formSummary = "formsummary"
        case currentOdds = "current_odds"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cloth = try container.decodeInteger(Int.self, forKey: .clothNumber)
        horse = try container.decode(RawHorse.self, forKey: .horse)
        form = try container.decodeIfPresent(String.self, forKey: .formSummary) ?? ""
        handicap = try container.decodeIfPresent(String.self, forKey: .handicap)
        // Missing odds are simply unpriced, like `SP`.
        odds = try container.decodeIfPresent(String.self, forKey: .currentOdds) ?? ""
        withdrawn = try container.decodeIfPresent(Bool.self, forKey: .withdrawn) ?? false
    }

    func ride(raceYear: Int?) -> Ride {
        Ride(
            cloth: cloth, horse: horse.horse(raceYear: raceYear), form: Form(text: form),
            handicap: handicap, odds: Odds(parsing: odds), withdrawn: withdrawn)
    }
}

private struct RawHorse: Decodable {
    let name: String
    let age: Int?
    let foaledYear: Int?
    let daysSinceLastRun: Int?
    let sex: String?

    private enum CodingKeys: String, CodingKey {
        case name, age, foaled, sex
        case daysSinceLastRun = "days_since_last_run"
        case lastRanDays = "last_ran_days"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        age = try container.decodeIntegerIfPresent(Int.self, forKey: .age)
        if let foaled = try container.decodeIfPresent(String.self, forKey: .foaled) {
            guard CivilDate(iso: foaled) != nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .foaled, in: container, debugDescription: "expected a date as YYYY-MM-DD, found '\(foaled)'"
                )
            }
            foaledYear = CivilDate(iso: foaled)?.year
        } else {
            foaledYear = nil
        }
        daysSinceLastRun =
            try container.decodeIntegerIfPresent(Int.self, forKey: .daysSinceLastRun)
            ?? container.decodeIntegerIfPresent(Int.self, forKey: .lastRanDays)
        sex = try container.decodeIfPresent(String.self, forKey: .sex)
    }

    /// `age` wins over `foaled`; a foaling year after the race year gives no age.
    func horse(raceYear: Int?) -> Horse {
        var resolvedAge = age
        if resolvedAge == nil, let raceYear, let foaledYear, raceYear >= foaledYear {
            resolvedAge = raceYear - foaledYear
        }
        return Horse(name: name, age: resolvedAge, daysSinceLastRun: daysSinceLastRun, sex: sex)
    }
}
