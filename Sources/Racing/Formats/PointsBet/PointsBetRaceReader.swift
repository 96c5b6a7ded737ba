/// PointsBet's racing event response (`api.au.pointsbet.com/api/racing/v3/races/{id}`), one race
/// or an array of them: docs/reference/inputs.md, "PointsBet's race response".
public enum PointsBetRaceReader: RaceCardReader {
    public static let name = "pointsbet"
    public static let shape = "PointsBet race (advertisedStartDateTime, runners or outcomes)"

    /// `advertisedStartDateTime` (or `…Utc`) is PointsBet's alone; the field is `runners` in the
    /// responses served now and `outcomes` in older ones.
    public static func fit(_ input: RaceInput) -> FormatFit {
        let race = input.array?.first ?? input.json
        guard let object = race as? [String: Any] else { return .none }
        let start = object["advertisedStartDateTime"] != nil || object["advertisedStartDateTimeUtc"] != nil
        let field = object["runners"] != nil || object["outcomes"] != nil
        if start { return .match }
        return FormatFit(score: field ? 0.5 : 0, lacks: ["advertisedStartDateTime"])
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        RaceCard(
            races: try BookRace.decode(input.data) { root in
                try BookRace.races(root) { try PointsBetRace.race($0, timeZone: timeZone) }
            })
    }
}

/// One PointsBet race read into a `Race`.
enum PointsBetRace {
    static func race(_ node: BookNode, timeZone: String) throws -> Race {
        let seconds = try BookRace.instant(node.first("advertisedStartDateTimeUtc", "advertisedStartDateTime"))
        let venue = node.first("venue", "meeting")
        let country =
            try node["countryCode"].text() ?? venue["countryCode"].text() ?? venue["country"].name()
            ?? node["country"].name()
        let state = try node["state"].text() ?? venue["state"].text()
        let start = BookRace.start(seconds, country: country, state: state, timeZone: timeZone)
        let runners = try node.first("runners", "outcomes").array().map(PointsBetRunner.init)
        let rides = runners.map(\.ride)
        let result = try PointsBetResult(node, runners: runners)
        return Race(
            name: try node.first("name", "raceName").text() ?? "",
            course: try venue["venue"].text() ?? venue.name() ?? node["venueName"].text(),
            distance: try BookRace.distance(node.first("raceDistance", "distance")),
            date: start.date, time: start.time, going: try node["trackCondition"].name(),
            number: try node.first("raceNumber", "number").int(), rides: rides, status: try status(node),
            startInstant: seconds, result: BookRace.result(result.placings, result.dividends, rides: rides),
            zone: start.zone)
    }

    /// A result outranks trading: `resultStatus` 1 interim, 2 final; else `tradingStatus` 1 open,
    /// 2 suspended, 3 closed; else `resultStatus` 4 abandoned. Words (`"Open"`) are read too.
    static func status(_ node: BookNode) throws -> RaceStatus? {
        let result = node["resultStatus"]
        let trading = node["tradingStatus"]
        for field in [result, trading, node["status"]] {
            if case .string(let word)? = field.value, let status = RaceStatus(word: word) { return status }
        }
        if case .integer(let code)? = result.value, let status = [1: RaceStatus.interim, 2: .final][code] {
            return status
        }
        if case .integer(let code)? = trading.value, let status = [1: RaceStatus.open, 2: .closed, 3: .closed][code] {
            return status
        }
        if case .integer(4)? = result.value { return .abandoned }
        return nil
    }
}
