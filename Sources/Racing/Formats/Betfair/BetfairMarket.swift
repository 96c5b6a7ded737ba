import Foundation

/// A Betfair win market as the stream and the market book leave it, made into a race: what the
/// two formats share once their own shapes are read (docs/reference/inputs.md, "The Betfair
/// exchange stream" and "The Betfair market book").
struct BetfairMarket {
    var id: String
    var name: String?
    var venue: String?
    var country: String?
    var timezone: String?
    var eventID: String?
    /// Unix seconds; nil when the input gives no start.
    var start: Int64?
    var status: String?
    var inPlay = false
    var runners: [BetfairRunner] = []

    /// The race, its date and time written in the meeting's zone when the market says where it
    /// is, else in the readers' zone; empty when no start is given.
    func race(readersZone: String, place: BetfairMarket? = nil) -> Race {
        let zone = BetfairValues.zone(timezone: timezone, country: country)
        let start = start.map { MeetingZone.startText($0, in: zone ?? readersZone) }
        let parsed = BetfairValues.numberAndDistance(name ?? "")
        let rides = runners.enumerated().map {
            $0.element.ride(order: $0.offset + 1, place: place?.runner($0.element.id))
        }
        let winners = runners.filter { $0.status == "WINNER" }
        return Race(
            name: name ?? id, course: venue, distance: parsed.distance, date: start?.date ?? "",
            time: start?.time ?? "", number: parsed.number, rides: rides,
            status: BetfairValues.status(status, inPlay: inPlay, hasWinner: !winners.isEmpty),
            startInstant: self.start, result: result(rides, place: place), zone: zone)
    }

    func runner(_ id: Int64) -> BetfairRunner? { runners.first { $0.id == id } }

    /// Winners (a dead heat when several) placed first; the exchange's BSP on them, and on the
    /// place market's winners, as BSP dividends.
    private func result(_ rides: [Ride], place: BetfairMarket?) -> RaceResult? {
        var placings: [Placing] = []
        var dividends: [Dividend] = []
        for (runner, ride) in zip(runners, rides) where runner.status == "WINNER" {
            placings.append(Placing(place: 1, cloth: ride.cloth, name: ride.horse.name))
            if let bsp = runner.bsp, bsp > 1 {
                dividends.append(Dividend(product: "Win", pool: "BSP", amount: bsp, runners: [ride.cloth]))
            }
        }
        for (runner, ride) in zip(runners, rides) {
            guard let placed = place?.runner(runner.id), placed.status == "WINNER", let bsp = placed.bsp, bsp > 1
            else { continue }
            dividends.append(Dividend(product: "Place", pool: "BSP", amount: bsp, runners: [ride.cloth]))
        }
        guard !placings.isEmpty || !dividends.isEmpty else { return nil }
        return RaceResult(placings: placings, dividends: dividends)
    }
}

/// One selection of a market.
struct BetfairRunner {
    var id: Int64
    /// `3. Copper Lane` or `Copper Lane`; nil when the input names none (the market book alone).
    var name: String?
    var sortPriority: Int?
    /// A cloth number the input gives apart from the name (the catalogue's `CLOTH_NUMBER`).
    var cloth: Int?
    var status: String?
    var bsp: Double?
    var adjustmentFactor: Double?
    /// The last price traded before the off, and the ones traded before it, oldest first.
    var price: Double?
    var history: [Double] = []
    var jockey: String?
    var trainer: String?

    /// The ride: cloth from the name's number, else the input's cloth, else `sortPriority`,
    /// else the runner's place in the input (`order`).
    func ride(order: Int, place: BetfairRunner?) -> Ride {
        let parsed = BetfairValues.clothAndName(name ?? "")
        let cloth = parsed.cloth ?? self.cloth ?? sortPriority ?? order
        let removed = status?.uppercased().hasPrefix("REMOVED") ?? false
        let deductions = Deductions(
            win: removed ? adjustmentFactor.flatMap { $0 > 0 ? $0 : nil } : nil,
            place: removed ? place?.adjustmentFactor.flatMap { $0 > 0 ? $0 : nil } : nil)
        return Ride(
            cloth: cloth, horse: Horse(name: name == nil ? String(id) : parsed.name),
            odds: Odds(parsing: NedsRaceCard.decimalText(price) ?? ""), withdrawn: removed, jockey: jockey,
            trainer: trainer,
            flucs: history.compactMap { NedsRaceCard.decimalText($0).map(Odds.init(parsing:)) },
            startingPrice: NedsRaceCard.decimalText(bsp).map(Odds.init(parsing:)),
            lateScratching: removed && !deductions.isEmpty,
            deductions: deductions.isEmpty ? nil : deductions)
    }
}
