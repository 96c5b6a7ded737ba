import Foundation
import JSONSupport

/// `meeting`: its name, where it is (`location`: a state, or a country's code), the going and
/// the weather.
struct TabMeeting: Decodable {
    let name: String?
    let location: String?
    let going: String?
    let weather: String?

    private enum Keys: String, CodingKey { case meetingName, location, trackCondition, weatherCondition }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        name = try container.decodeTextIfPresent(forKey: .meetingName)
        location = try container.decodeTextIfPresent(forKey: .location)
        going = try container.decodeTextIfPresent(forKey: .trackCondition)
        weather = try container.decodeTextIfPresent(forKey: .weatherCondition)
    }

    /// An Australian state's zone, else a country's.
    var zone: String? {
        MeetingZone.identifier(country: nil, state: location)
            ?? location.flatMap { MeetingZone.identifier(country: $0) }
    }
}
