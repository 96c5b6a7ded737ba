import Foundation
import JSONSupport

/// TAB's next-to-go list (`…/next-to-go`): `races[]`, each with `raceStartTime`, `raceNumber`
/// and its `meeting` (`meetingName`, `raceType` R, H or G, `location`, `venueMnemonic`).
public enum TabNextToGoReader: NextToGoReader {
    public static let name = "tab"
    public static let shape = "TAB next-to-go list (races[] with raceStartTime and meeting)"

    public static func fit(_ input: RaceInput) -> FormatFit {
        guard let races = input.object?["races"] as? [Any] else { return .none }
        guard let first = races.first else { return FormatFit(score: 0.5, lacks: ["races[0]"]) }
        let fit = FormatFit.keys(["raceStartTime", "raceNumber", "meeting"], in: first, at: "races[0]")
        return fit.score > 0 ? fit : .none
    }

    public static func decode(_ input: RaceInput) throws(RacingDecodingError) -> NextToGoFeed {
        let list = try RacingDecodingError.decode(TabNextToGoList.self, from: input.data)
        return NextToGoFeed(races: list.races.map(\.summary))
    }
}

private struct TabNextToGoList: Decodable {
    let races: [TabNextRace]
}

/// One race of the list, as a summary: its id made of the meeting's date, type, venue and the
/// race's number, as TAB's own links name a race.
private struct TabNextRace: Decodable {
    let summary: RaceSummary

    private enum Keys: String, CodingKey { case raceNumber, raceName, raceStartTime, raceDistance, meeting }
    private enum MeetingKeys: String, CodingKey { case meetingName, raceType, location, venueMnemonic, meetingDate }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let number = try container.decodeInteger(Int.self, forKey: .raceNumber)
        guard let start = try container.decodeStartIfPresent(forKey: .raceStartTime) else {
            throw DecodingError.keyNotFound(
                Keys.raceStartTime, .init(codingPath: container.codingPath, debugDescription: "missing"))
        }
        let meeting = try container.nestedContainer(keyedBy: MeetingKeys.self, forKey: .meeting)
        let name = try meeting.decode(String.self, forKey: .meetingName)
        let type = try meeting.decodeTextIfPresent(forKey: .raceType) ?? ""
        let venue = try meeting.decodeTextIfPresent(forKey: .venueMnemonic)
        let day = try meeting.decodeTextIfPresent(forKey: .meetingDate)
        let id = [day, type, venue ?? name, String(number)].compactMap { $0 }.joined(separator: "/")
        summary = RaceSummary(
            id: id, name: try container.decodeTextIfPresent(forKey: .raceName), number: number, meetingID: venue,
            meetingName: name, categoryID: Self.categoryID(type), advertisedStart: start, venueName: name,
            venueState: try meeting.decodeTextIfPresent(forKey: .location),
            distance: try container.decodeIntegerIfPresent(Int.self, forKey: .raceDistance))
    }

    /// TAB's race type as the feed's category: R horses, H harness, G greyhounds; any other
    /// letter is kept and shown as Other.
    private static func categoryID(_ type: String) -> String {
        switch type.uppercased() {
        case "R", "T": RaceCategory.horse.categoryID ?? type
        case "H": RaceCategory.harness.categoryID ?? type
        case "G": RaceCategory.greyhound.categoryID ?? type
        default: type
        }
    }
}
