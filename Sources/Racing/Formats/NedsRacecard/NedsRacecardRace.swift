import Foundation
import JSONSupport

/// `races.<id>`: the race itself. The response may hold the meeting's other races too (for the
/// race numbers at the top of the page) without their fields.
struct NedsRacecardRace: Decodable {
    /// Its `id`, else its key in `races`.
    var id: String?
    let meetingID: String?
    let meetingName: String?
    let name: String
    let number: Int?
    /// Nil for a race the response lists without its start: an error only if it is read.
    let start: Int64?
    let status: RaceStatus?
    let distance: Int?
    let going: String?
    let weather: String?

    private enum Keys: String, CodingKey {
        case id, name, description, number, status, distance, weather
        case meetingID = "meeting_id"
        case meetingName = "meeting_name"
        case raceNumber = "race_number"
        case advertisedStart = "advertised_start"
        case startTime = "start_time"
        case trackCondition = "track_condition"
        case additionalInfo = "additional_info"
    }

    private enum InfoKeys: String, CodingKey {
        case distance, weather
        case trackCondition = "track_condition"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decodeTextIfPresent(forKey: .id)
        meetingID = try container.decodeTextIfPresent(forKey: .meetingID)
        meetingName = try container.decodeTextIfPresent(forKey: .meetingName)
        name =
            try container.decodeTextIfPresent(forKey: .name) ?? container.decodeTextIfPresent(forKey: .description)
            ?? ""
        number =
            try container.decodeIntegerIfPresent(Int.self, forKey: .number)
            ?? container.decodeIntegerIfPresent(Int.self, forKey: .raceNumber)
        start =
            try container.decodeStartIfPresent(forKey: .advertisedStart)
            ?? container.decodeStartIfPresent(forKey: .startTime)
        status = try container.decodeTextIfPresent(forKey: .status).flatMap(RaceStatus.init(word:))
        // The details are on the race or, in some responses, in its `additional_info`.
        let info =
            container.contains(.additionalInfo) && (try? container.decodeNil(forKey: .additionalInfo)) == false
            ? try container.nestedContainer(keyedBy: InfoKeys.self, forKey: .additionalInfo) : nil
        distance =
            try container.decodeIntegerIfPresent(Int.self, forKey: .distance)
            ?? info?.decodeIntegerIfPresent(Int.self, forKey: .distance)
        going =
            try container.decodeNamedTextIfPresent(forKey: .trackCondition)
            ?? info?.decodeNamedTextIfPresent(forKey: .trackCondition)
        weather =
            try container.decodeNamedTextIfPresent(forKey: .weather) ?? info?.decodeNamedTextIfPresent(forKey: .weather)
    }
}
