import Foundation
import JSONSupport

/// A runner in `entries`, `placings`, `also_ran` or `scratchings`: its number, name, rider and
/// barrier, its prices (`ffwin` fixed, `win` tote) and, once run, its place (`rank` or
/// `finish_position`; 0 is unplaced) and margin.
struct TabNZEntry: Decodable {
    let cloth: Int
    let name: String
    let jockey: String?
    let barrier: Int?
    var scratched: Bool
    let win: Double?
    let place: Int?
    let margin: Double?

    private enum Keys: String, CodingKey {
        case number, name, jockey, barrier, scratched, win, ffwin, rank, margin, distance
        case finishPosition = "finish_position"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        cloth = try container.decodeWholeNumber(forKey: .number)
        name = try container.decodeTextIfPresent(forKey: .name) ?? ""
        jockey = try container.decodeTextIfPresent(forKey: .jockey)
        barrier = try container.decodeNumberIfPresent(forKey: .barrier).map { Int($0) }
        scratched = try container.decodeFlagIfPresent(forKey: .scratched) ?? false
        // The fixed price where there is one, else the tote's.
        let fixed = try container.decodeNumberIfPresent(forKey: .ffwin)
        win = try fixed.flatMap { $0 > 1 ? $0 : nil } ?? container.decodeNumberIfPresent(forKey: .win)
        let rank =
            try container.decodeNumberIfPresent(forKey: .rank)
            ?? container.decodeNumberIfPresent(forKey: .finishPosition)
        place = rank.flatMap { $0 >= 1 ? Int($0) : nil }
        // Margins are lengths or words (`NSE`, `HD`): a word is no number of lengths.
        margin = (try? container.decodeNumberIfPresent(forKey: .margin)) ?? nil
    }

    var asScratched: TabNZEntry {
        var copy = self
        copy.scratched = true
        return copy
    }

    var placing: Placing? {
        place.map { Placing(place: $0, cloth: cloth, name: name, margin: margin) }
    }

    var ride: Ride {
        Ride(
            cloth: cloth, horse: Horse(name: name), odds: Odds(parsing: NedsRaceCard.decimalText(win) ?? ""),
            withdrawn: scratched, barrier: barrier, jockey: jockey)
    }
}
