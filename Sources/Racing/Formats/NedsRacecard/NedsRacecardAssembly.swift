import Foundation

/// The races of a racecard response: each race with entrants, its field, their prices and the
/// result, joined across the tables by id.
struct NedsRacecardAssembly {
    let document: NedsRacecardDocument
    let readersZone: String

    func races() throws(RacingDecodingError) -> [Race] {
        let fields = document.races.map { (key: $0.key, race: $0.item, entrants: entrants(of: $0.item, key: $0.key)) }
        // The meeting's other races come without entrants: only the raced one is a card's race,
        // unless none has a field yet.
        let raced = fields.contains { !$0.entrants.isEmpty } ? fields.filter { !$0.entrants.isEmpty } : fields
        var started: [(start: Int64, race: NedsRacecardRace, entrants: [(key: String, item: NedsRacecardEntrant)])] =
            []
        for field in raced {
            guard let start = field.race.start else {
                throw RacingDecodingError(
                    keyPath: document.prefix + "races.\(field.key).advertised_start", message: "missing required key")
            }
            started.append((start, field.race, field.entrants))
        }
        return started.sorted { ($0.start, $0.race.number ?? 0) < ($1.start, $1.race.number ?? 0) }
            .map { race($0.race, start: $0.start, entrants: $0.entrants, alone: started.count == 1) }
    }

    /// The race's entrants: by their `race_id`, or through its markets, or all of them when the
    /// response holds one race.
    private func entrants(of race: NedsRacecardRace, key: String) -> [(key: String, item: NedsRacecardEntrant)] {
        if document.races.count == 1 { return document.entrants }
        let id = race.id ?? key
        let marketEntrants = Set(document.markets.filter { $0.item.raceID == id }.flatMap(\.item.entrantIDs))
        return document.entrants.filter { $0.item.raceID == id || marketEntrants.contains($0.item.id ?? $0.key) }
    }

    /// A race; `alone` when it is the response's only race with a field, so that the results'
    /// runner numbers and the dividends are its own.
    private func race(
        _ race: NedsRacecardRace, start instant: Int64, entrants: [(key: String, item: NedsRacecardEntrant)],
        alone: Bool
    ) -> Race {
        let place = self.place(of: race)
        let zone = MeetingZone.identifier(country: place.country, state: place.state)
        let start = StartInstant.written(instant, meetingZone: zone, readersZone: readersZone)
        let prices = NedsRacecardPrices(document: document, winMarketIDs: winMarketIDs(of: race))
        let rides = entrants.sorted { $0.item.cloth < $1.item.cloth }.map {
            ride($0.item, id: $0.item.id ?? $0.key, prices)
        }
        return Race(
            name: race.name, course: place.name ?? race.meetingName,
            distance: race.distance.flatMap { $0 > 0 ? "\($0)m" : nil }, date: start.date, time: start.time,
            going: race.going, number: race.number, weather: race.weather, rides: rides, status: race.status,
            startInstant: instant, result: result(entrants: entrants, rides: rides, alone: alone), zone: start.zone)
    }

    /// The meeting's name and where it is, from `meetings` and its venue in `venues`.
    private func place(of race: NedsRacecardRace) -> (name: String?, country: String?, state: String?) {
        let meeting = race.meetingID.flatMap { document.meetings[$0] }
        let venue = meeting?.venueID.flatMap { document.venues[$0] }
        return (
            meeting?.name ?? venue?.name, meeting?.country ?? venue?.country, meeting?.state ?? venue?.state
        )
    }

    private func winMarketIDs(of race: NedsRacecardRace) -> Set<String> {
        Set(
            document.markets.filter { $0.item.isWin && ($0.item.raceID == nil || $0.item.raceID == race.id) }
                .map { $0.item.id ?? $0.key })
    }

    private func ride(_ entrant: NedsRacecardEntrant, id: String, _ prices: NedsRacecardPrices) -> Ride {
        Ride(
            cloth: entrant.cloth, horse: Horse(name: entrant.name, age: entrant.age, sex: entrant.sex),
            form: Form(text: entrant.form ?? ""), odds: Odds(parsing: NedsRaceCard.decimalText(prices.win(id)) ?? ""),
            withdrawn: entrant.scratched, barrier: entrant.barrier, jockey: entrant.jockey, trainer: entrant.trainer,
            formComment: entrant.comment,
            flucs: prices.history(id).compactMap { NedsRaceCard.decimalText($0).map(Odds.init(parsing:)) },
            startingPrice: NedsRaceCard.decimalText(prices.startingPrice(id)).map(Odds.init(parsing:)),
            lateScratching: entrant.scratched && (entrant.lateScratched ?? !entrant.deductions.isEmpty),
            deductions: entrant.deductions.isEmpty ? nil : entrant.deductions)
    }

    /// The placings, each runner named by its number or its entrant (the key when it says
    /// neither), and the dividends; nil before the race is run. With several races in the
    /// response, only placings naming this race's entrants are its own, and no dividends.
    private func result(entrants: [(key: String, item: NedsRacecardEntrant)], rides: [Ride], alone: Bool)
        -> RaceResult?
    {
        let byID = Dictionary(
            entrants.map { ($0.item.id ?? $0.key, $0.item) }, uniquingKeysWith: { first, _ in first })
        let names = Dictionary(rides.map { ($0.cloth, $0.horse.name) }, uniquingKeysWith: { first, _ in first })
        let placings = document.placings.compactMap { key, placing -> Placing? in
            let entrant = byID[placing.entrantID ?? key]
            guard let cloth = entrant?.cloth ?? (alone ? placing.cloth : nil) else { return nil }
            return Placing(
                place: placing.place, cloth: cloth, name: placing.name ?? names[cloth] ?? "", margin: placing.margin)
        }
        let dividends = alone ? document.dividends : []
        guard !placings.isEmpty || !dividends.isEmpty else { return nil }
        return RaceResult(placings: placings, dividends: dividends)
    }
}
