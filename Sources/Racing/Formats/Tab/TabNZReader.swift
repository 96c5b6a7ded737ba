import Foundation

/// TAB New Zealand's JSON schedule, odds and results (`json.tab.co.nz/schedule|odds|results/DATE/…`):
/// `meetings[]`, each with `races[]`, each race with `entries[]` before the off and `placings`,
/// `also_ran` and `pools` after it.
public enum TabNZReader: RaceCardReader {
    public static let name = "tab-nz"
    public static let shape = "TAB NZ schedule, odds or results (meetings[].races[] with entries or placings)"

    public static func fit(_ input: RaceInput) -> FormatFit {
        guard let meetings = input.object?["meetings"] as? [Any], let meeting = meetings.first else { return .none }
        guard let races = FormatFit.value(at: "races", in: meeting) as? [Any], let race = races.first as? [String: Any]
        else { return FormatFit(score: 0.3, lacks: ["meetings[0].races"]) }
        // The races of TAB Australia's meetings list come without their field.
        let field = ["entries", "placings", "also_ran"].contains { race[$0] is [Any] }
        return field ? .match : FormatFit(score: 0.6, lacks: ["meetings[0].races[0].entries"])
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        let day = try RacingDecodingError.decode(TabNZDay.self, from: input.data)
        return RaceCard(races: day.meetings.flatMap { $0.races(readersZone: timeZone) })
    }
}

private struct TabNZDay: Decodable {
    let meetings: [TabNZMeeting]
}

/// `meetings[i]`: the venue (`venue`, else `name`), its `country`, and its races.
struct TabNZMeeting: Decodable {
    let course: String?
    let country: String?
    let races: [TabNZRace]

    private enum Keys: String, CodingKey { case name, venue, country, races }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        course = try container.decodeTextIfPresent(forKey: .venue) ?? container.decodeTextIfPresent(forKey: .name)
        country = try container.decodeTextIfPresent(forKey: .country)
        // A race's local start time is read in its meeting's zone.
        let zone = MeetingZone.identifier(country: country).flatMap(TimeZone.init(identifier:))
        var list = try container.nestedUnkeyedContainer(forKey: .races)
        var races: [TabNZRace] = []
        while !list.isAtEnd {
            races.append(try TabNZRace(from: list.superDecoder(), zone: zone))
        }
        self.races = races
    }

    func races(readersZone: String) -> [Race] {
        let zone = MeetingZone.identifier(country: country)
        return races.map { $0.race(course: course, meetingZone: zone, readersZone: readersZone) }
    }
}
