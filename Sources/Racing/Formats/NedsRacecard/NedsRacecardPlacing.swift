import Foundation
import JSONSupport

/// `results.<id>`: one runner's place, named by its number or by its entrant id (or the key).
struct NedsRacecardPlacing: Decodable {
    let place: Int
    let cloth: Int?
    let entrantID: String?
    let name: String?
    let margin: Double?

    private enum Keys: String, CodingKey {
        case position, number, name, margin
        case runnerNumber = "runner_number"
        case entrantID = "entrant_id"
        case marginLength = "margin_length"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        place = try container.decodeWholeNumber(forKey: .position)
        guard place >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .position, in: container, debugDescription: "expected a place of 1 or more, found \(place)")
        }
        cloth =
            try container.contains(.runnerNumber)
            ? container.decodeWholeNumber(forKey: .runnerNumber)
            : container.contains(.number) ? container.decodeWholeNumber(forKey: .number) : nil
        entrantID = try container.decodeTextIfPresent(forKey: .entrantID)
        name = try container.decodeTextIfPresent(forKey: .name)
        margin =
            try container.decodeNumberIfPresent(forKey: .marginLength)
            ?? container.decodeNumberIfPresent(forKey: .margin)
    }
}
