/// Sportsbet's racecard (`…/Sportsbook/Racing/Events/{id}/RacecardWithContext`, whose race is
/// `racecardEvent`, or `…/Racecard`, the race alone), one or an array of them:
/// docs/reference/inputs.md, "Sportsbet's racecard".
public enum SportsbetRaceReader: RaceCardReader {
    public static let name = "sportsbet"
    public static let shape = "Sportsbet racecard (racecardEvent with startTime and markets)"

    private static let eventKeys = ["startTime", "markets", "competitionName"]

    public static func fit(_ input: RaceInput) -> FormatFit {
        let document = input.array?.first ?? input.json
        guard let object = document as? [String: Any] else { return .none }
        if let event = object["racecardEvent"] {
            // The wrapper alone is most of the shape: a near miss names what its event lacks.
            let fit = FormatFit.keys(["startTime", "markets"], in: event, at: "racecardEvent")
            return fit.isMatch ? fit : FormatFit(score: 0.5 + fit.score * 0.4, lacks: fit.lacks)
        }
        // The Racecard endpoint serves the event alone.
        let fit = FormatFit.keys(eventKeys, in: object)
        return fit.isMatch ? fit : FormatFit(score: fit.score * 0.5, lacks: ["racecardEvent"])
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        RaceCard(
            races: try BookRace.decode(input.data) { root in
                try BookRace.races(root) { try SportsbetRace.race($0, timeZone: timeZone) }
            })
    }
}

/// One Sportsbet race read into a `Race`.
enum SportsbetRace {
    static func race(_ node: BookNode, timeZone: String) throws -> Race {
        let event = node["racecardEvent"].isObject ? node["racecardEvent"] : node
        let seconds = try BookRace.instant(event["startTime"])
        let country = try event.first("country", "regionName", "region").name()
        let start = BookRace.start(seconds, country: country, state: try event["state"].text(), timeZone: timeZone)
        let selections = try field(event).map(SportsbetSelection.init)
        let rides = selections.map(\.ride)
        let placings = selections.compactMap { selection in
            selection.place.map { Placing(place: $0, cloth: selection.ride.cloth, name: selection.ride.horse.name) }
        }
        return Race(
            name: withoutRaceNumber(try event.first("name", "displayName").text() ?? ""),
            course: try event.first("competitionName", "venue", "meetingName").name(),
            distance: try BookRace.distance(event["distance"]), date: start.date, time: start.time,
            going: try event.first("trackStatus", "track", "trackCondition").name(),
            number: try event["raceNumber"].int(), rides: rides, status: try status(event),
            startInstant: seconds, result: BookRace.result(placings, [], rides: rides), zone: start.zone)
    }

    /// The runners: the `Win or Place` market's selections (else the first market with any), or
    /// `competitors`/`selections` on the event itself.
    static func field(_ event: BookNode) throws -> [BookNode] {
        let markets = try event["markets"].array()
        let winOrPlace = try markets.first { try $0["name"].text()?.lowercased() == "win or place" }
        let withSelections = try markets.first { try !$0["selections"].array().isEmpty }
        if let market = winOrPlace ?? withSelections { return try market["selections"].array() }
        return try event.first("competitors", "selections").array()
    }

    /// A confirmed result is final; `statusCode` `R` (resulted) final, `B` (resulted, not yet
    /// settled) interim; `bettingStatus` `OFF` closed, `PRICED` open; other words as words.
    static func status(_ event: BookNode) throws -> RaceStatus? {
        if try event["livePriceResultConfirmed"].bool() == true || event["eventResulted"].bool() == true {
            return .final
        }
        switch try event["statusCode"].text()?.uppercased() {
        case "R"?: return .final
        case "B"?: return .interim
        case let word? where word.count > 1: if let status = RaceStatus(word: word) { return status }
        default: break
        }
        switch try event["bettingStatus"].text()?.uppercased() {
        case "OFF"?: return .closed
        case "PRICED"?: return .open
        case let word?: return RaceStatus(word: word)
        case nil: return nil
        }
    }

    /// `R1 Asset Painting Mdn Plate` is the race `Asset Painting Mdn Plate`: the number is shown apart.
    static func withoutRaceNumber(_ name: String) -> String {
        guard name.first == "R" else { return name }
        let digits = name.dropFirst().prefix { $0.isNumber }
        let rest = name.dropFirst(1 + digits.count)
        guard !digits.isEmpty, rest.first == " " else { return name }
        return String(rest.drop { $0 == " " })
    }
}
