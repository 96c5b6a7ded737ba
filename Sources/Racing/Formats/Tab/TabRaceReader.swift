import Foundation

/// TAB Australia's race response (`…/meetings/R/{venue}/races/{n}`): `raceStartTime`,
/// `runners[]` with `fixedOdds` and `parimutuel`, `results`, `dividends`, the `meeting`; one race
/// object, or an array of them (a meeting's races).
public enum TabRaceReader: RaceCardReader {
    public static let name = "tab"
    public static let shape = "TAB race response (raceStartTime, raceNumber, runners)"

    public static func fit(_ input: RaceInput) -> FormatFit {
        let race = input.array?.first ?? input.json
        let fit = FormatFit.keys(["raceStartTime", "raceNumber", "runners"], in: race)
        // Nothing of TAB's own keys is no near miss: `runners` alone is the Neds race's too.
        return fit.lacks.contains("raceStartTime") && fit.lacks.contains("raceNumber") ? .none : fit
    }

    public static func decode(_ input: RaceInput, timeZone: String) throws(RacingDecodingError) -> RaceCard {
        let races = try RacingDecodingError.decode(OneOrMany<TabRace>.self, from: input.data).items
        return RaceCard(races: races.map { $0.race(readersZone: timeZone) })
    }
}

/// One object, or an array of them.
struct OneOrMany<Item: Decodable>: Decodable {
    let items: [Item]

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items: [Item] = []
            while !list.isAtEnd { items.append(try list.decode(Item.self)) }
            self.items = items
        } else {
            items = [try Item(from: decoder)]
        }
    }
}
