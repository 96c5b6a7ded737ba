/// A race as the BetMakers platform's racing GraphQL (`racing.{brand}.bmapollo.com/query`, behind
/// many Australian brands) answers it: `data.meetingRaces` or `data.meetingsBetween` (meetings
/// with their `track` and `races`), or one race (`data.race`, `data.event`) with its `start_at`.
/// docs/reference/inputs.md, "A BetMakers race".
public enum BetMakersRaceReader: RaceCardReader {
    public static let name = "betmakers"
    public static let shape = "BetMakers GraphQL race (data.meetingRaces, or data.race with start_at)"

    /// `start_at` tells a BetMakers race from the Neds response's `data.race`.
    public static func fit(_ input: RaceInput) -> FormatFit {
        let document = input.array?.first ?? input.json
        guard let data = FormatFit.value(at: "data", in: document) as? [String: Any] else { return .none }
        if data["meetingRaces"] is [Any] || data["meetingsBetween"] is [Any] { return .match }
        for key in ["race", "event"] {
            if let race = data[key] as? [String: Any] {
                return race["start_at"] != nil ? .match : FormatFit(score: 0.5, lacks: ["data.\(key).start_at"])
            }
        }
        return .none
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        RaceCard(
            races: try BookRace.decode(input.data) { root in
                guard case .array? = root.value else { return try BetMakersRace.races(root, timeZone: timeZone) }
                return try root.array().flatMap { try BetMakersRace.races($0, timeZone: timeZone) }
            })
    }
}

/// The races of one BetMakers GraphQL answer.
enum BetMakersRace {
    static func races(_ root: BookNode, timeZone: String) throws -> [Race] {
        let data = root["data"]
        for key in ["race", "event"] where data[key].isObject {
            return [try race(data[key], meeting: data[key]["meeting"], timeZone: timeZone)]
        }
        return try data.first("meetingRaces", "meetingsBetween").array().flatMap { meeting in
            try meeting["races"].array().map { try race($0, meeting: meeting, timeZone: timeZone) }
        }
    }

    static func race(_ node: BookNode, meeting: BookNode, timeZone: String) throws -> Race {
        let meeting = node["meeting"].isObject ? node["meeting"] : meeting
        let track = meeting["track"].isObject ? meeting["track"] : node["track"]
        let seconds = try BookRace.instant(node.first("start_at", "startTime"))
        let start = BookRace.start(
            seconds, country: try track["country"].text(), state: try track["state"].text(), timeZone: timeZone)
        let rides = try node.first("runners", "competitors").array().map(BetMakersRunner.ride)
        return Race(
            name: try node["name"].text() ?? "", course: try track["name"].text() ?? meeting["name"].text(),
            distance: try BookRace.distance(node["distance"]), date: start.date, time: start.time,
            going: try node.first("track_condition", "trackCondition").name(), number: try node["number"].int(),
            rides: rides, status: try node["status"].text().flatMap(RaceStatus.init(word:)), startInstant: seconds,
            zone: start.zone)
    }
}

/// One BetMakers runner: `tab_no`, `name`, `barrier`, `jockey`, `trainer`, `status` (`STARTER`
/// runs; `SCRATCHED`, `LATE_SCRATCHED` do not) and `prices` by `bet_type` and `product`.
enum BetMakersRunner {
    static func ride(_ node: BookNode) throws -> Ride {
        let status = try node["status"].text()?.uppercased() ?? ""
        return Ride(
            cloth: try node.first("tab_no", "number").requiredInt(),
            horse: Horse(name: try node["name"].requiredText()),
            odds: BookRace.odds(try winPrice(node["prices"])) ?? .unpriced(text: ""),
            withdrawn: status.contains("SCRATCH"), barrier: try node["barrier"].int(),
            jockey: try node["jockey"].name(), trainer: try node["trainer"].name(),
            lateScratching: status.contains("SCRATCH") && status.contains("LATE"))
    }

    /// The fixed-odds win price (`bet_type` `win`, `product.is_fixed`), else any win price.
    private static func winPrice(_ prices: BookNode) throws -> Double? {
        var anyWin: Double?
        for price in try prices.array() {
            guard try price["bet_type"].text()?.lowercased() == "win", let amount = try price["price"].number()
            else { continue }
            if try price["product"]["is_fixed"].bool() == true { return amount }
            anyWin = anyWin ?? amount
        }
        return anyWin
    }
}
